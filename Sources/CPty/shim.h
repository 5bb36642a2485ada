// Pseudo-terminals for TermGridTesting and the tests: opening a pair,
// setting a window size, and posix_spawn's flag for a new session (macros
// and flags Swift cannot import). What differs between the systems is
// here, in C: openpty's header, and struct winsize and TIOCSWINSZ, whose
// layout and request number each system's <sys/ioctl.h> gives.
#pragma once
#if defined(__APPLE__)
#include <util.h>  // openpty: macOS's libutil, in libSystem
#else
#include <pty.h>  // openpty: glibc (libutil before 2.34), musl
#endif
#include <spawn.h>
#include <sys/ioctl.h>
#include <termios.h>

/// Opens a pseudo-terminal pair of `cols` x `rows`; 0 on success.
static inline int cpty_open(int *master, int *slave, int cols, int rows) {
  struct winsize ws = {0};
  ws.ws_col = (unsigned short)cols;
  ws.ws_row = (unsigned short)rows;
  return openpty(master, slave, NULL, NULL, &ws);
}

/// posix_spawn's flag for a new session (glibc's value where the header
/// hides it; macOS has it from 10.15, where 0x80 would mean something else).
static inline short cpty_spawn_setsid(void) {
#if defined(POSIX_SPAWN_SETSID)
  return POSIX_SPAWN_SETSID;
#elif defined(__linux__)
  return 0x80;
#else
  return 0;
#endif
}

/// Sets the window size of a terminal file descriptor; 0 on success.
static inline int cpty_set_winsize(int fd, int cols, int rows) {
  struct winsize ws = {0};
  ws.ws_col = (unsigned short)cols;
  ws.ws_row = (unsigned short)rows;
  return ioctl(fd, TIOCSWINSZ, &ws);
}

/// Sets the window size of a terminal file descriptor with its size in
/// pixels (what a graphical terminal fills in); 0 on success.
static inline int cpty_set_winsize_pixels(int fd, int cols, int rows, int xpixel, int ypixel) {
  struct winsize ws = {0};
  ws.ws_col = (unsigned short)cols;
  ws.ws_row = (unsigned short)rows;
  ws.ws_xpixel = (unsigned short)xpixel;
  ws.ws_ypixel = (unsigned short)ypixel;
  return ioctl(fd, TIOCSWINSZ, &ws);
}
