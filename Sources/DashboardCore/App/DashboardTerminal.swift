/// What the app loop needs from a terminal: the ncurses backend implements it, tests use a fake.
package protocol DashboardTerminal: AnyObject {
    /// The current size in cells.
    func size() -> ScreenSize
    /// Waits up to `timeout` seconds (nil = forever) for a key; returns nil on timeout.
    /// A resize is reported by the next ``size()`` differing; the backend may return early for it.
    func readKey(timeout: Double?) -> Key?
    /// Shows `buffer` with `theme` (the backend draws only changed cells).
    func draw(_ buffer: ScreenBuffer, theme: Theme)
}
