// A thin C shim over ncursesw for Swift 6: the wide-character API made
// visible, and the C globals and macros that Swift cannot import (or may not
// read under strict concurrency) wrapped in functions.
#ifndef CNCURSESW_SHIM_H
#define CNCURSESW_SHIM_H

#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

#include <langinfo.h>

static inline WINDOW *cn_stdscr(void) { return stdscr; }
/// The descriptor ncurses writes to (set by the newterm wrappers).
static int cn_output_fd = 1;
static inline int cn_output_descriptor(void) { return cn_output_fd; }
/// newterm on the process's standard output and input.
static inline SCREEN *cn_newterm_stdio(void) {
  cn_output_fd = fileno(stdout);
  return newterm(NULL, stdout, stdin);
}
/// newterm on a pair of file descriptors (a pty in tests), or NULL.
static inline SCREEN *cn_newterm_fds(const char *term, int in_fd, int out_fd) {
  FILE *out = fdopen(out_fd, "w");
  cn_output_fd = out_fd;
  FILE *in = fdopen(in_fd, "r");
  if (!out || !in) return NULL;
  return newterm(term, out, in);
}
#include <pty.h>
#include <poll.h>
#include <termios.h>
#include <sys/ioctl.h>
/// True when the input descriptor has reached its end: a hang-up or an
/// error, or readable with nothing to read (end of file on a pipe, a file
/// or /dev/null). False while it is merely idle.
static inline int cn_input_at_end(int fd) {
  struct pollfd p = {fd, POLLIN, 0};
  int r = poll(&p, 1, 0);
  if (r < 0) return 0;
  if (r == 0) return 0;
  if (p.revents & (POLLHUP | POLLERR | POLLNVAL)) return 1;
  if (p.revents & POLLIN) {
    int pending = 0;
    if (ioctl(fd, FIONREAD, &pending) != 0) return 1;
    return pending == 0;
  }
  return 0;
}
/// Ctrl-C as a key: the terminal's interrupt character is turned off on
/// `fd` (Ctrl-Z and Ctrl-\ keep their signals), and ncurses is told this
/// is the program's mode, so it comes back after a suspend and goes when
/// the terminal is restored.
static inline void cn_interrupt_as_key(int fd) {
  struct termios t;
  if (!isatty(fd) || tcgetattr(fd, &t) != 0) return;
  t.c_cc[VINTR] = _POSIX_VDISABLE;
  tcsetattr(fd, TCSANOW, &t);
  def_prog_mode();
}
/// Opens a pseudo-terminal pair of `cols` x `rows` (for tests); 0 on success.
static inline int cn_openpty(int *master, int *slave, int cols, int rows) {
  struct winsize ws = {0};
  ws.ws_col = (unsigned short)cols; ws.ws_row = (unsigned short)rows;
  return openpty(master, slave, NULL, NULL, &ws);
}
/// Sets the window size of a terminal file descriptor.
static inline int cn_set_winsize(int fd, int cols, int rows) {
  struct winsize ws = {0};
  ws.ws_col = (unsigned short)cols; ws.ws_row = (unsigned short)rows;
  return ioctl(fd, TIOCSWINSZ, &ws);
}
/// True when the locale's character set is UTF-8.
static inline int cn_locale_is_utf8(void) {
  const char *cs = nl_langinfo(CODESET);
  return cs && (strcmp(cs, "UTF-8") == 0 || strcmp(cs, "utf8") == 0);
}
static inline int cn_lines(void) { return LINES; }
static inline int cn_cols(void) { return COLS; }
static inline int cn_colors(void) { return COLORS; }
static inline int cn_color_pairs(void) { return COLOR_PAIRS; }
static inline void cn_set_escdelay(int ms) { set_escdelay(ms); }
static inline int cn_err(void) { return ERR; }
static inline int cn_ok(void) { return OK; }
static inline int cn_key_code_yes(void) { return KEY_CODE_YES; }

static inline attr_t cn_a_normal(void) { return A_NORMAL; }
static inline attr_t cn_a_bold(void) { return A_BOLD; }
static inline attr_t cn_a_dim(void) { return A_DIM; }
static inline attr_t cn_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cn_a_reverse(void) { return A_REVERSE; }
static inline attr_t cn_a_italic(void) { return A_ITALIC; }

/// Sets one cell: the wide string `wch` (a grapheme: base + combining marks,
/// NUL-terminated, at most CCHARW_MAX code points), attributes and pair.
static inline int cn_put_cell(int y, int x, const wchar_t *wch, attr_t attrs, int pair) {
  cchar_t c;
  if (setcchar(&c, wch, attrs, 0, &pair) != OK) return ERR;
  return mvwadd_wch(stdscr, y, x, &c);
}

static inline int cn_ccharw_max(void) { return CCHARW_MAX; }



/// Where mouse reporting was turned on (-1: off), so that every way out turns it off.
static int cn_mouse_fd = -1;
static const char cn_mouse_on[] = "\033[?1002h\033[?1006h";
static const char cn_mouse_off[] = "\033[?1006l\033[?1002l";
/// Mouse reports in xterm's SGR form, decoded by the caller: button presses,
/// releases and motion while a button is held (1002), and the wheel.
/// ncurses' own mouse handling is left off (it merges and drops events), and
/// its `kmous` key is forgotten so the reports arrive as characters.
static inline void cn_mouse_reporting(int fd, int on) {
  if (on) {
    mousemask(0, NULL);
    define_key("\033[<", 0);
    cn_mouse_fd = fd;
    (void)!write(fd, cn_mouse_on, sizeof cn_mouse_on - 1);
  } else if (cn_mouse_fd >= 0) {
    (void)!write(cn_mouse_fd, cn_mouse_off, sizeof cn_mouse_off - 1);
    cn_mouse_fd = -1;
  }
}

/// Restoring the terminal from a signal: endwin, then the default action.
static void cn_restore_and_reraise(int sig) {
  endwin();
  if (cn_mouse_fd >= 0) (void)!write(cn_mouse_fd, cn_mouse_off, sizeof cn_mouse_off - 1);
  signal(sig, SIG_DFL);
  raise(sig);
}
static const int cn_restore_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGSEGV, SIGFPE};
/// Restores the terminal on an interrupt, a termination and a crash (a Swift
/// runtime trap arrives as SIGILL or SIGTRAP), then lets the signal go on.
static inline void cn_install_signal_restore(void) {
  for (unsigned i = 0; i < sizeof cn_restore_signals / sizeof cn_restore_signals[0]; i++)
    signal(cn_restore_signals[i], cn_restore_and_reraise);
}
static inline void cn_default_signals(void) {
  for (unsigned i = 0; i < sizeof cn_restore_signals / sizeof cn_restore_signals[0]; i++)
    signal(cn_restore_signals[i], SIG_DFL);
}

/// Teaches ncurses the Home/End/Delete sequences that terminals send but
/// terminfo entries do not always list (tmux and the Linux console send
/// ESC [1~ and ESC [4~ under TERM=xterm, for instance).
static inline void cn_define_common_keys(void) {
  define_key("\033[1~", KEY_HOME); define_key("\033[4~", KEY_END);
  define_key("\033[7~", KEY_HOME); define_key("\033[8~", KEY_END);
  define_key("\033[H", KEY_HOME);  define_key("\033[F", KEY_END);
  define_key("\033OH", KEY_HOME);  define_key("\033OF", KEY_END);
  define_key("\033[3~", KEY_DC);   define_key("\033[2~", KEY_IC);
  define_key("\033[Z", KEY_BTAB);
  define_key("\033[5~", KEY_PPAGE); define_key("\033[6~", KEY_NPAGE);
}

/// Key codes that Swift does not see as constants (macros).
static inline int cn_key_up(void) { return KEY_UP; }
static inline int cn_key_down(void) { return KEY_DOWN; }
static inline int cn_key_left(void) { return KEY_LEFT; }
static inline int cn_key_right(void) { return KEY_RIGHT; }
static inline int cn_key_home(void) { return KEY_HOME; }
static inline int cn_key_end(void) { return KEY_END; }
static inline int cn_key_npage(void) { return KEY_NPAGE; }
static inline int cn_key_ppage(void) { return KEY_PPAGE; }
static inline int cn_key_btab(void) { return KEY_BTAB; }
static inline int cn_key_enter(void) { return KEY_ENTER; }
static inline int cn_key_backspace(void) { return KEY_BACKSPACE; }
static inline int cn_key_dc(void) { return KEY_DC; }
static inline int cn_key_ic(void) { return KEY_IC; }
static inline int cn_key_resize(void) { return KEY_RESIZE; }
static inline int cn_key_sr(void) { return KEY_SR; }
static inline int cn_key_sf(void) { return KEY_SF; }
static inline int cn_key_sleft(void) { return KEY_SLEFT; }
static inline int cn_key_sright(void) { return KEY_SRIGHT; }
static inline int cn_key_f(int n) { return KEY_F(n); }

#endif
