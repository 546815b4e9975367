#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifdef __APPLE__
#include <ncurses.h>
#else
#include <ncursesw/ncurses.h>
#endif
#include <locale.h>
#include <signal.h>
#include <stdlib.h>
#include <wchar.h>

// Helpers for what Swift cannot import from ncurses (function-like macros, C globals that
// Swift 6 rejects as not concurrency-safe) and for async-signal-safe stop handling.

static inline attr_t cn_a_normal(void) { return A_NORMAL; }
static inline attr_t cn_a_bold(void) { return A_BOLD; }
static inline attr_t cn_a_reverse(void) { return A_REVERSE; }
static inline attr_t cn_a_underline(void) { return A_UNDERLINE; }
/// `stdscr` of the current screen (the C global is rejected by Swift 6).
static inline WINDOW *cn_stdscr(void) { return stdscr; }
/// `newterm(NULL, stdout, stdin)` (Swift 6 rejects the stdio globals).
static inline SCREEN *cn_newterm_stdio(void) { return newterm(NULL, stdout, stdin); }
/// `fflush(stderr)`.
static inline void cn_fflush_stderr(void) { fflush(stderr); }
static inline int cn_colors(void) { return COLORS; }
static inline int cn_color_pairs(void) { return COLOR_PAIRS; }
static inline int cn_key_btab(void) { return KEY_BTAB; }
static inline int cn_key_resize(void) { return KEY_RESIZE; }
static inline int cn_key_code_yes(void) { return KEY_CODE_YES; }

/// Defines colour pair `pair` (1…) with colour numbers that may exceed 255 (direct colour) where possible.
static inline int cn_init_pair(int pair, int fg, int bg) {
#if defined(NCURSES_EXT_COLORS) || (NCURSES_VERSION_MAJOR >= 6 && NCURSES_VERSION_MINOR >= 1)
    return init_extended_pair(pair, fg, bg);
#else
    return init_pair((short)pair, (short)fg, (short)bg);
#endif
}

/// Sets the window's attributes and colour pair for the next writes.
static inline int cn_set_attr(WINDOW *win, attr_t attrs, int pair) {
    return wattr_set(win, attrs, (short)pair, NULL);
}

/// Writes `n` wide characters at (y, x).
static inline int cn_put_wide(WINDOW *win, int y, int x, const wchar_t *text, int n) {
    return mvwaddnwstr(win, y, x, text, n);
}

/// Reads one wide character or key code with the window's timeout; returns OK, KEY_CODE_YES or ERR.
static inline int cn_get_wch(WINDOW *win, unsigned int *out) {
    wint_t value = 0;
    int result = wget_wch(win, &value);
    *out = (unsigned int)value;
    return result;
}

static inline int cn_key_mouse(void) { return KEY_MOUSE; }

/// Turns mouse reporting on (every button event, the wheel as buttons 4 and 5) with no click-detection
/// delay: a press is reported at once. Returns whether the terminal can report the mouse.
static inline int cn_enable_mouse(void) {
    mouseinterval(0);
    return mousemask(ALL_MOUSE_EVENTS, NULL) != 0;
}

/// Reads the pending mouse event after KEY_MOUSE: its screen cell and what it was:
/// 1 button 1 pressed (or clicked), 2 button 1 released, 4 wheel up, 5 wheel down, 0 anything else.
/// Returns OK or ERR.
static inline int cn_get_mouse(int *x, int *y, int *kind) {
    MEVENT event;
    if (getmouse(&event) != OK) return ERR;
    *x = event.x;
    *y = event.y;
    *kind = 0;
    if (event.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED | BUTTON1_DOUBLE_CLICKED)) *kind = 1;
    else if (event.bstate & BUTTON1_RELEASED) *kind = 2;
    else if (event.bstate & BUTTON4_PRESSED) *kind = 4;
#ifdef BUTTON5_PRESSED
    else if (event.bstate & BUTTON5_PRESSED) *kind = 5;
#endif
    return OK;
}

static volatile sig_atomic_t cn_stop_signal = 0;
static void cn_on_stop_signal(int sig) { cn_stop_signal = sig; }

/// Installs SIGINT/SIGTERM/SIGHUP handlers that only record the signal (the UI loop restores the terminal).
static inline void cn_install_stop_handlers(void) {
    struct sigaction action;
    action.sa_handler = cn_on_stop_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;   // no SA_RESTART: a blocked read returns so the loop notices
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
    // A parent may have started us with these blocked (seen with Foundation's Process): unblock them.
    sigset_t stops;
    sigemptyset(&stops);
    sigaddset(&stops, SIGINT);
    sigaddset(&stops, SIGTERM);
    sigaddset(&stops, SIGHUP);
    sigprocmask(SIG_UNBLOCK, &stops, NULL);
}

/// The signal that asked to stop, or 0.
static inline int cn_stop_requested(void) { return (int)cn_stop_signal; }

static void cn_endwin_at_exit(void) { if (!isendwin()) endwin(); }

/// Makes every `exit()` restore the terminal too.
static inline void cn_restore_at_exit(void) { atexit(cn_endwin_at_exit); }

#endif
