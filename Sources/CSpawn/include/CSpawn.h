#ifndef CSPAWN_H
#define CSPAWN_H

#include <spawn.h>

/// Adds "change to `path`" to a child's file actions (glibc and Darwin name it `_np`; Swift's Glibc module
/// does not see glibc's declaration, which needs _GNU_SOURCE). Returns 0 or an errno value.
int cspawn_addchdir(posix_spawn_file_actions_t *actions, const char *path);

/// Opens a pipe whose two ends close on exec, atomically where the system can (pipe2 on Linux): a pipe
/// opened on one thread must never leak into a child another thread starts meanwhile, or its reader waits
/// for that child to end. Returns 0, or -1 with errno set.
int cspawn_pipe_cloexec(int descriptors[2]);

#endif
