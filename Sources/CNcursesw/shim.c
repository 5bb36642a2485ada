// The C shim's state and functions: one translation unit, so its state
// (the output descriptor, the wake pipe, the resize count, the signal
// handlers' terminal modes) exists once however many Swift files call it.
// (In a header, every Swift file compiled on its own would get its own copy
// of each `static` variable.)
#define _GNU_SOURCE 1
#include <stdatomic.h>
#include "shim.h"

#if defined(__APPLE__)
#include <util.h>
#else
#include <pty.h>
#endif
#include <poll.h>
#include <termios.h>
#include <sys/ioctl.h>

WINDOW *cn_stdscr(void) { return stdscr; }
WINDOW *cn_curscr(void) { return curscr; }
/// The descriptor ncurses writes to (set by the newterm wrappers).
static int cn_output_fd = 1;
int cn_output_descriptor(void) { return cn_output_fd; }
/// newterm on the process's standard output and input.
SCREEN *cn_newterm_stdio(void) {
  cn_output_fd = fileno(stdout);
  cn_terminfo_lock();
  SCREEN *screen = newterm(NULL, stdout, stdin);
  cn_terminfo_unlock();
  return screen;
}
/// newterm on a pair of file descriptors (a pty in tests), or NULL.
SCREEN *cn_newterm_fds(const char *term, int in_fd, int out_fd) {
  FILE *out = fdopen(out_fd, "w");
  cn_output_fd = out_fd;
  FILE *in = fdopen(in_fd, "r");
  if (!out || !in) return NULL;
  cn_terminfo_lock();
  SCREEN *screen = newterm(term, out, in);
  cn_terminfo_unlock();
  return screen;
}
/// A pipe a signal handler writes a byte to, so that a wait for input
/// wakes at once whichever thread the signal was delivered to (a worker's
/// signal does not interrupt the main thread's poll).
static int cn_wake_pipe[2] = {-1, -1};
static void cn_wake(void) {
  if (cn_wake_pipe[1] < 0) return;
  int saved_errno = errno;
  ssize_t ignored = write(cn_wake_pipe[1], "w", 1);
  (void)ignored;
  errno = saved_errno;
}
/// Set by `cn_wake_up` (another thread asking the run loop to look at its
/// work), taken by `cn_take_woken`.
static atomic_int cn_woken = 0;
/// Wakes a wait for input from any thread, as a signal does, and says it
/// was asked for (`cn_take_woken`).
void cn_wake_up(void) {
  atomic_store_explicit(&cn_woken, 1, memory_order_seq_cst);
  cn_wake();
}
/// Whether `cn_wake_up` was called since the last call (and forgets it).
int cn_take_woken(void) { return atomic_exchange_explicit(&cn_woken, 0, memory_order_seq_cst); }
/// Wakes a wait for input (cn_wait_input) from any thread, as a signal
/// does, without ending the wait for the caller (unlike `cn_wake_up`): a
/// picture made on a worker is then written without waiting for a key.
void cn_wake_input(void) { cn_wake(); }
/// Resizes seen (SIGWINCH), counted before ncurses' own handler runs. An
/// atomic (lock-free, so safe in a handler): the signal may arrive on any
/// thread, and the run loop reads it on another.
static atomic_int cn_winches = 0;
/// The handler before ours (ncurses'), kept in a function so that it is
/// emitted with the functions that use it.
static struct sigaction *cn_previous_winch(void) {
  static struct sigaction previous;
  return &previous;
}
static void cn_winch_signal(int sig) {
  atomic_fetch_add_explicit(&cn_winches, 1, memory_order_relaxed);
  cn_wake();
  struct sigaction *previous = cn_previous_winch();
  if (previous->sa_handler != SIG_DFL && previous->sa_handler != SIG_IGN) {
    if (previous->sa_flags & SA_SIGINFO) {
      previous->sa_sigaction(sig, NULL, NULL);
    } else if (previous->sa_handler != cn_winch_signal) {
      previous->sa_handler(sig);
    }
  }
}
/// Counts resizes from now on, then lets ncurses' handler (installed by
/// newterm) see them; makes the wake pipe. (Once per process: a second
/// terminal finds the handler in place.)
void cn_count_resizes(void) {
  if (cn_wake_pipe[0] < 0) {
    if (pipe(cn_wake_pipe) == 0) {
      for (int i = 0; i < 2; i++) {
        fcntl(cn_wake_pipe[i], F_SETFL, fcntl(cn_wake_pipe[i], F_GETFL) | O_NONBLOCK);
        fcntl(cn_wake_pipe[i], F_SETFD, FD_CLOEXEC);
      }
    } else {
      cn_wake_pipe[0] = cn_wake_pipe[1] = -1;
    }
  }
  struct sigaction current;
  if (sigaction(SIGWINCH, NULL, &current) == 0 && current.sa_handler == cn_winch_signal) return;
  struct sigaction action = {{0}};
  action.sa_handler = cn_winch_signal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGWINCH, &action, cn_previous_winch());
}
int cn_resizes(void) { return atomic_load_explicit(&cn_winches, memory_order_relaxed); }
/// Waits until `fd` is readable, hung up, or a signal arrives (on any
/// thread: the wake pipe), at most `ms` milliseconds (forever when
/// negative): 1 when there are bytes to read and no hang-up or error (a
/// read will not block), 2 when woken otherwise (a hang-up, an error), 0
/// for a timeout or a signal.
int cn_wait_input(int fd, int ms) {
  struct pollfd p[2] = {{fd, POLLIN, 0}, {cn_wake_pipe[0], POLLIN, 0}};
  int r = poll(p, cn_wake_pipe[0] < 0 ? 1 : 2, ms);
  if (r <= 0) return 0;
  if (cn_wake_pipe[0] >= 0 && (p[1].revents & POLLIN)) {
    char drain[64];
    while (read(cn_wake_pipe[0], drain, sizeof drain) > 0) {}
    return 0;
  }
  return ((p[0].revents & POLLIN) && !(p[0].revents & (POLLHUP | POLLERR | POLLNVAL))) ? 1 : 2;
}
/// Ctrl-C as a key: the terminal's interrupt character is turned off on
/// `fd` (Ctrl-Z and Ctrl-\ keep their signals), and ncurses is told this
/// is the program's mode, so it comes back after a suspend and goes when
/// the terminal is restored.
void cn_interrupt_as_key(int fd) {
  struct termios t;
  if (!isatty(fd) || tcgetattr(fd, &t) != 0) return;
  t.c_cc[VINTR] = _POSIX_VDISABLE;
  tcsetattr(fd, TCSANOW, &t);
  def_prog_mode();
}
/// True when the locale's character set is UTF-8.
int cn_locale_is_utf8(void) {
  const char *cs = nl_langinfo(CODESET);
  return cs && (strcmp(cs, "UTF-8") == 0 || strcmp(cs, "utf8") == 0);
}
int cn_lines(void) { return LINES; }
int cn_cols(void) { return COLS; }
int cn_colors(void) { return COLORS; }
int cn_color_pairs(void) { return COLOR_PAIRS; }

attr_t cn_a_normal(void) { return A_NORMAL; }
attr_t cn_a_bold(void) { return A_BOLD; }
attr_t cn_a_dim(void) { return A_DIM; }
attr_t cn_a_underline(void) { return A_UNDERLINE; }
attr_t cn_a_reverse(void) { return A_REVERSE; }
attr_t cn_a_italic(void) { return A_ITALIC; }
attr_t cn_a_altcharset(void) { return A_ALTCHARSET; }
/// Whether the terminal's alternate character set has the line-drawing
/// character `c` ('q' for ─ ...), as terminfo's acsc says (after initscr).
int cn_acs_has(char c) { return (acs_map[(unsigned char)c] & A_ALTCHARSET) != 0; }

/// Sets one cell: the wide string `wch` (a grapheme: base + combining marks,
/// NUL-terminated, at most CCHARW_MAX code points), attributes and pair.
int cn_put_cell(int y, int x, const wchar_t *wch, attr_t attrs, int pair) {
  cchar_t c;
  if (setcchar(&c, wch, attrs, 0, &pair) != OK) return ERR;
  return mvwadd_wch(stdscr, y, x, &c);
}

int cn_ccharw_max(void) { return CCHARW_MAX; }



/// Where mouse reporting was turned on (-1: off), so that every way out turns it off.
static int cn_mouse_fd = -1;
static const char cn_mouse_on[] = "\033[?1002h\033[?1006h";
static const char cn_mouse_off[] = "\033[?1006l\033[?1002l";
/// Mouse reports in xterm's SGR form, decoded by the caller: button presses,
/// releases and motion while a button is held (1002), and the wheel.
/// ncurses' own mouse handling is left off (it merges and drops events), and
/// its `kmous` key is forgotten so the reports arrive as characters.
void cn_mouse_reporting(int fd, int on) {
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

/// Where bracketed paste was turned on (-1: off), so that every way out turns it off.
static int cn_paste_fd = -1;
static const char cn_paste_on[] = "\033[?2004h";
static const char cn_paste_off[] = "\033[?2004l";
/// Bracketed paste: the terminal sends a paste between `ESC [ 200 ~` and
/// `ESC [ 201 ~`, so that the program takes it as text, not as keys.
void cn_bracketed_paste(int fd, int on) {
  if (on) {
    cn_paste_fd = fd;
    (void)!write(fd, cn_paste_on, sizeof cn_paste_on - 1);
  } else if (cn_paste_fd >= 0) {
    (void)!write(cn_paste_fd, cn_paste_off, sizeof cn_paste_off - 1);
    cn_paste_fd = -1;
  }
}

/// Set when a fatal signal has restored the terminal: the process is
/// ending, and ``cn_write_all`` writes nothing more to it.
static int cn_output_closed = 0;

/// Signals, done with async-signal-safe calls only (write, tcsetattr,
/// sigaction, raise): the bytes that leave and re-enter program mode are
/// prepared from terminfo when the terminal opens, and the terminal modes
/// are kept as termios structures.
static int cn_sig_in_fd = -1;
static int cn_sig_out_fd = -1;
static int cn_sig_active = 0;
static struct termios cn_shell_termios = {0};
static struct termios cn_program_termios = {0};
static int cn_has_termios = 0;
static char cn_leave_bytes[512] = {0};
static int cn_leave_length = 0;
static char cn_enter_bytes[512] = {0};
static int cn_enter_length = 0;
/// Set by SIGCONT (after a suspend): the screen must be repainted whole.
static volatile sig_atomic_t cn_resumed = 0;
/// How many SIGCONTs arrived: a suspend whose continue came before it could
/// stop (a `kill -TSTP` then `kill -CONT` in quick succession) does not stop.
static volatile sig_atomic_t cn_continues = 0;
/// Whether Ctrl-Z and SIGCONT leave and re-enter program mode, and how many
/// of their handlers are running (on any thread: a process's signal goes to
/// whichever thread does not block it). Atomics, so restoring the terminal
/// can turn them off and wait for one in flight.
static int cn_suspend_enabled = 0;
static int cn_suspend_handlers = 0;
static const int cn_fatal_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGSEGV, SIGFPE};
#define CN_FATAL_COUNT (sizeof cn_fatal_signals / sizeof cn_fatal_signals[0])
static struct sigaction cn_previous_actions[CN_FATAL_COUNT] = {{{0}}};
/// The signals that end a program when asked to (kill, Ctrl-C in a shell,
/// a closed terminal): after the terminal is restored they go to what
/// handled them before newterm, never to ncurses' handler, which calls
/// exit(1) (not the signal's status) and endwin (not async-signal-safe).
static const int cn_termination_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
#define CN_TERMINATION_COUNT (sizeof cn_termination_signals / sizeof cn_termination_signals[0])
static struct sigaction cn_original_actions[CN_TERMINATION_COUNT] = {{{0}}};
static int cn_originals_saved = 0;
/// The handlers of the termination signals as the program had them, taken
/// before newterm installs ncurses' own.
void cn_save_signal_actions(void) {
  for (unsigned i = 0; i < CN_TERMINATION_COUNT; i++) sigaction(cn_termination_signals[i], NULL, &cn_original_actions[i]);
  cn_originals_saved = 1;
}
static struct sigaction cn_previous_tstp = {{0}};
static struct sigaction cn_previous_cont = {{0}};

static void cn_append_cap(char *buffer, int *length, const char *cap) {
  if (cap == NULL || cap == (char *)-1) return;
  size_t n = strlen(cap);
  if (*length + (int)n >= 511) return;
  memcpy(buffer + *length, cap, n);
  *length += (int)n;
}

/// What leaves program mode (mouse reports and bracketed paste off, keypad local, attributes
/// reset, the cursor shown, the main screen back) and what enters it again.
static void cn_prepare_signal_bytes(int mouse) {
  cn_leave_length = 0;
  cn_enter_length = 0;
  if (mouse) cn_append_cap(cn_leave_bytes, &cn_leave_length, cn_mouse_off);
  if (cn_paste_fd >= 0) cn_append_cap(cn_leave_bytes, &cn_leave_length, cn_paste_off);
  cn_append_cap(cn_leave_bytes, &cn_leave_length, tigetstr("rmkx"));
  cn_append_cap(cn_leave_bytes, &cn_leave_length, tigetstr("sgr0"));
  cn_append_cap(cn_leave_bytes, &cn_leave_length, tigetstr("cnorm"));
  cn_append_cap(cn_leave_bytes, &cn_leave_length, tigetstr("rmcup"));
  cn_append_cap(cn_enter_bytes, &cn_enter_length, tigetstr("smcup"));
  cn_append_cap(cn_enter_bytes, &cn_enter_length, tigetstr("smkx"));
  cn_append_cap(cn_enter_bytes, &cn_enter_length, tigetstr("civis"));
  if (mouse) cn_append_cap(cn_enter_bytes, &cn_enter_length, cn_mouse_on);
  if (cn_paste_fd >= 0) cn_append_cap(cn_enter_bytes, &cn_enter_length, cn_paste_on);
}

/// Leaves program mode from a signal handler: prepared bytes and the saved modes.
static void cn_leave_program_mode(void) {
  if (!cn_sig_active) return;
  if (cn_sig_out_fd >= 0 && cn_leave_length > 0) (void)!write(cn_sig_out_fd, cn_leave_bytes, (size_t)cn_leave_length);
  if (cn_has_termios) tcsetattr(cn_sig_in_fd, TCSADRAIN, &cn_shell_termios);
}

/// A fatal signal: the terminal restored, then whatever handled the signal
/// before (Swift's backtracer prints its report; for the termination
/// signals, the program's handler from before newterm) or the default
/// action, re-raised so the process ends by the signal (status 128 + its
/// number in a shell).
void cn_write_exit_bytes(void);
static void cn_fatal_signal(int sig, siginfo_t *info, void *context) {
  if (cn_sig_active) cn_write_exit_bytes();
  cn_leave_program_mode();
  cn_sig_active = 0;
  // Nothing more reaches the terminal through the shim (another thread may
  // still be drawing until the process ends).
  __atomic_store_n(&cn_output_closed, 1, __ATOMIC_SEQ_CST);
  if (sig != SIGINT && sig != SIGTERM && sig != SIGHUP && sig != SIGQUIT) {
    // A crash: Swift's backtracer prints its report next. On a terminal it
    // then asks for a key ("Press space to interact"), in raw mode, for
    // 30 s, and a process killed meanwhile leaves the terminal raw: with no
    // terminal to read from, it reports and ends at once.
    int null = open("/dev/null", O_RDONLY);
    if (null >= 0 && null != 0) {
      dup2(null, 0);
      close(null);
    }
  }
  for (unsigned i = 0; i < CN_FATAL_COUNT; i++) {
    if (cn_fatal_signals[i] != sig) continue;
    struct sigaction previous = cn_previous_actions[i];
    sigaction(sig, &previous, NULL);
    if ((previous.sa_flags & SA_SIGINFO) && previous.sa_sigaction != NULL) {
      previous.sa_sigaction(sig, info, context);
      return;
    }
    if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN && previous.sa_handler != NULL) {
      previous.sa_handler(sig);
      return;
    }
    break;
  }
  signal(sig, SIG_DFL);
  raise(sig);
}

/// Ctrl-Z: program mode left (no mouse reports reach the shell), stopped;
/// on continuing, program mode entered again and a repaint asked for.
static void cn_suspend_signal(int sig) {
  (void)sig;
  int saved_errno = errno;
  __atomic_add_fetch(&cn_suspend_handlers, 1, __ATOMIC_SEQ_CST);
  if (!__atomic_load_n(&cn_suspend_enabled, __ATOMIC_SEQ_CST)) {
    __atomic_sub_fetch(&cn_suspend_handlers, 1, __ATOMIC_SEQ_CST);
    errno = saved_errno;
    return;
  }
  sig_atomic_t continues = cn_continues;
  cn_leave_program_mode();
  struct sigaction stop = {0};
  stop.sa_handler = SIG_DFL;
  sigemptyset(&stop.sa_mask);
  sigaction(SIGTSTP, &stop, NULL);
  sigset_t unblock;
  sigemptyset(&unblock);
  sigaddset(&unblock, SIGTSTP);
  sigprocmask(SIG_UNBLOCK, &unblock, NULL);
  // Stops here (an orphaned process group is not stopped: it goes on at
  // once), unless the continue has already come: then stopping would be for good.
  if (cn_continues == continues) raise(SIGTSTP);
  struct sigaction again = {0};
  again.sa_handler = cn_suspend_signal;
  sigemptyset(&again.sa_mask);
  sigaddset(&again.sa_mask, SIGTSTP);
  sigaction(SIGTSTP, &again, NULL);
  if (cn_sig_active) {
    if (cn_has_termios) tcsetattr(cn_sig_in_fd, TCSADRAIN, &cn_program_termios);
    if (cn_sig_out_fd >= 0 && cn_enter_length > 0) (void)!write(cn_sig_out_fd, cn_enter_bytes, (size_t)cn_enter_length);
  }
  cn_resumed = 1;
  cn_wake();
  __atomic_sub_fetch(&cn_suspend_handlers, 1, __ATOMIC_SEQ_CST);
  errno = saved_errno;
}

/// SIGCONT without our SIGTSTP (a `kill -STOP` then `-CONT`): modes back, a repaint.
static void cn_continue_signal(int sig) {
  (void)sig;
  int saved_errno = errno;
  cn_continues = cn_continues + 1;
  __atomic_add_fetch(&cn_suspend_handlers, 1, __ATOMIC_SEQ_CST);
  if (__atomic_load_n(&cn_suspend_enabled, __ATOMIC_SEQ_CST)) {
    if (cn_sig_active && cn_has_termios) tcsetattr(cn_sig_in_fd, TCSADRAIN, &cn_program_termios);
    cn_resumed = 1;
    cn_wake();
  }
  __atomic_sub_fetch(&cn_suspend_handlers, 1, __ATOMIC_SEQ_CST);
  errno = saved_errno;
}

/// Installs the handlers: fatal signals restore the terminal and chain to
/// the handler before (Swift's backtracer); Ctrl-Z and SIGCONT suspend and
/// resume cleanly. No SA_RESTART, so a blocked read returns and the loop
/// notices a resume.
void cn_install_signal_restore(int in_fd, int out_fd, int mouse) {
  cn_sig_in_fd = in_fd;
  cn_sig_out_fd = out_fd;
  cn_prepare_signal_bytes(mouse);
  cn_has_termios = isatty(in_fd) && tcgetattr(in_fd, &cn_program_termios) == 0;
  cn_sig_active = 1;
  __atomic_store_n(&cn_suspend_enabled, 1, __ATOMIC_SEQ_CST);
  for (unsigned i = 0; i < CN_FATAL_COUNT; i++) {
    struct sigaction action = {0};
    action.sa_sigaction = cn_fatal_signal;
    action.sa_flags = SA_SIGINFO | SA_RESETHAND;
    sigemptyset(&action.sa_mask);
    sigaction(cn_fatal_signals[i], &action, &cn_previous_actions[i]);
    for (unsigned j = 0; cn_originals_saved && j < CN_TERMINATION_COUNT; j++) {
      if (cn_termination_signals[j] != cn_fatal_signals[i]) continue;
      cn_previous_actions[i] = cn_original_actions[j];
      // Ours already (a terminal opened while another was): the default, never a loop.
      if ((cn_previous_actions[i].sa_flags & SA_SIGINFO) && cn_previous_actions[i].sa_sigaction == cn_fatal_signal) {
        memset(&cn_previous_actions[i], 0, sizeof cn_previous_actions[i]);
        cn_previous_actions[i].sa_handler = SIG_DFL;
      }
    }
  }
  struct sigaction tstp = {0};
  tstp.sa_handler = cn_suspend_signal;
  sigemptyset(&tstp.sa_mask);
  sigaddset(&tstp.sa_mask, SIGTSTP);
  sigaction(SIGTSTP, &tstp, &cn_previous_tstp);
  struct sigaction cont = {0};
  cont.sa_handler = cn_continue_signal;
  sigemptyset(&cont.sa_mask);
  sigaction(SIGCONT, &cont, &cn_previous_cont);
}

/// The terminal's modes before ncurses changed them (taken before newterm).
void cn_save_shell_modes(int in_fd) {
  if (isatty(in_fd)) tcgetattr(in_fd, &cn_shell_termios);
}

/// The program's modes as they are now (after cbreak, noecho and the rest).
void cn_save_program_modes(void) {
  if (cn_sig_in_fd >= 0 && isatty(cn_sig_in_fd)) cn_has_termios = tcgetattr(cn_sig_in_fd, &cn_program_termios) == 0;
}

/// Holds (`hold` 1) or releases (0) Ctrl-Z and SIGCONT while the terminal
/// is restored, so neither handler re-enters program mode halfway through
/// leaving it: on this thread they wait, and on another a handler finds
/// suspending turned off (one already running is waited for, at most a
/// second). What arrived meanwhile is acted on at the release, by the
/// handlers then in place.
void cn_hold_suspend(int hold) {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGTSTP);
  sigaddset(&set, SIGCONT);
  if (hold) {
    sigprocmask(SIG_BLOCK, &set, NULL);
    __atomic_store_n(&cn_suspend_enabled, 0, __ATOMIC_SEQ_CST);
    for (int i = 0; i < 1000 && __atomic_load_n(&cn_suspend_handlers, __ATOMIC_SEQ_CST) > 0; i++) {
      struct timespec ms = {0, 1000000};
      nanosleep(&ms, NULL);
    }
  } else {
    sigprocmask(SIG_UNBLOCK, &set, NULL);
  }
}

/// Whether a resume happened since the last call (and forgets it).
int cn_take_resumed(void) {
  int r = cn_resumed;
  cn_resumed = 0;
  return r;
}

int cn_signals_pending(int resizes_seen) {
  return cn_resumed != 0 || atomic_load_explicit(&cn_winches, memory_order_relaxed) != resizes_seen;
}

void cn_default_signals(void) {
  if (!cn_sig_active) return;
  cn_sig_active = 0;
  for (unsigned i = 0; i < CN_FATAL_COUNT; i++) sigaction(cn_fatal_signals[i], &cn_previous_actions[i], NULL);
  sigaction(SIGTSTP, &cn_previous_tstp, NULL);
  sigaction(SIGCONT, &cn_previous_cont, NULL);
}

/// Ctrl-S and Ctrl-Q as keys, not flow control (IXON off) on `fd`.
void cn_flow_control_off(int fd) {
  struct termios t;
  if (!isatty(fd) || tcgetattr(fd, &t) != 0) return;
  t.c_iflag &= ~(tcflag_t)(IXON | IXOFF);
  tcsetattr(fd, TCSANOW, &t);
  def_prog_mode();
}

/// After a SIGWINCH or a resume: ncurses takes the terminal's size now
/// (from `fd`), so LINES and COLS say it.
void cn_update_size(int fd) {
  struct winsize ws;
  if (ioctl(fd, TIOCGWINSZ, &ws) != 0 || ws.ws_row == 0 || ws.ws_col == 0) return;
  if (is_term_resized(ws.ws_row, ws.ws_col)) resize_term(ws.ws_row, ws.ws_col);
}

/// The size of a character cell in pixels, from the terminal's window size
/// on `fd` where the terminal fills in its pixels; 0 when it does not.
int cn_cell_pixel_size(int fd, int *width, int *height) {
  struct winsize ws;
  *width = 0;
  *height = 0;
  if (ioctl(fd, TIOCGWINSZ, &ws) != 0 || ws.ws_row == 0 || ws.ws_col == 0) return 0;
  if (ws.ws_xpixel == 0 || ws.ws_ypixel == 0) return 0;
  *width = ws.ws_xpixel / ws.ws_col;
  *height = ws.ws_ypixel / ws.ws_row;
  return *width > 0 && *height > 0;
}

/// A terminfo string capability ("cup", "sgr0" ...), or NULL when the
/// terminal has none (tigetstr's -1, "not a string capability", too).
const char *cn_tigetstr(const char *name) {
  char *s = tigetstr(name);
  return (s == NULL || s == (char *)-1) ? NULL : s;
}
/// Whether line drawing through the alternate character set is known not
/// to work in a UTF-8 locale on this terminal, by ncurses' own rule: the
/// NCURSES_NO_UTF8_ACS variable, else terminfo's U8 number, else a
/// terminal named like the Linux console.
int cn_acs_breaks_in_utf8(void) {
  const char *env = getenv("NCURSES_NO_UTF8_ACS");
  if (env != NULL) return atoi(env) != 0;
  int u8 = tigetnum("U8");
  if (u8 >= 0) return u8 != 0;
  const char *name = termname();
  return name != NULL && strstr(name, "linux") != NULL;
}
/// A terminfo boolean capability ("am", "xenl" ...): 1, or 0.
int cn_tigetflag(const char *name) { return tigetflag(name) > 0; }
/// A capability with its parameters filled in (tiparm is variadic).
const char *cn_tiparm1(const char *cap, long a) { return tiparm(cap, a); }
const char *cn_tiparm2(const char *cap, long a, long b) { return tiparm(cap, a, b); }
const char *cn_tiparm9(const char *cap, long a, long b, long c, long d, long e, long f, long g, long h, long i) {
  return tiparm(cap, a, b, c, d, e, f, g, h, i);
}
/// Writes all of `bytes` to `fd` (again after a signal or a short write);
/// 0, or -1 with errno.
int cn_write_all(int fd, const unsigned char *bytes, size_t count) {
  if (__atomic_load_n(&cn_output_closed, __ATOMIC_SEQ_CST)) return 0;
  while (count > 0) {
    ssize_t n = write(fd, bytes, count);
    if (n < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      return -1;
    }
    bytes += n;
    count -= (size_t)n;
  }
  return 0;
}

/// Bytes a fatal signal's handler writes before it restores the terminal
/// (the deletions of the pictures a kitty terminal holds, which it would
/// otherwise keep in memory after the program ends by SIGTERM or SIGHUP),
/// in two buffers: the one filled is never the one published, which a
/// handler on another thread may be reading. Once a handler has begun,
/// they are not changed again (the process is ending).
static unsigned char *cn_exit_buffers[2] = {NULL, NULL};
static size_t cn_exit_capacities[2] = {0, 0};
static size_t cn_exit_lengths[2] = {0, 0};
/// The buffer published (-1: none).
static atomic_int cn_exit_published = -1;
static atomic_int cn_exit_handler_began = 0;

/// Sets the bytes a fatal signal writes first (a copy of `count` bytes;
/// none when 0); -1 when they could not be set (no memory, or a handler
/// has begun), else 0.
int cn_set_exit_bytes(const unsigned char *bytes, size_t count) {
  if (atomic_load(&cn_exit_handler_began)) return -1;
  if (count == 0) {
    atomic_store(&cn_exit_published, -1);
    return 0;
  }
  int next = atomic_load(&cn_exit_published) == 0 ? 1 : 0;
  if (count > cn_exit_capacities[next]) {
    unsigned char *grown = realloc(cn_exit_buffers[next], count);
    if (grown == NULL) return -1;
    cn_exit_buffers[next] = grown;
    cn_exit_capacities[next] = count;
  }
  memcpy(cn_exit_buffers[next], bytes, count);
  cn_exit_lengths[next] = count;
  atomic_store(&cn_exit_published, next);
  return 0;
}

/// Writes the bytes set by cn_set_exit_bytes to the terminal (from a
/// signal handler: write only).
void cn_write_exit_bytes(void) {
  atomic_store(&cn_exit_handler_began, 1);
  int published = atomic_load(&cn_exit_published);
  if (published < 0 || cn_sig_out_fd < 0) return;
  int saved_errno = errno;
  (void)!write(cn_sig_out_fd, cn_exit_buffers[published], cn_exit_lengths[published]);
  errno = saved_errno;
}


/// Whether the process's own terminal (ncurses, its signal handlers, this
/// file's statics) is claimed: by one `ProcessTerminal` at a time.
static atomic_int cn_process_terminal_claimed = 0;

int cn_claim_process_terminal(void) {
  int expected = 0;
  return atomic_compare_exchange_strong(&cn_process_terminal_claimed, &expected, 1) ? 1 : 0;
}

void cn_release_process_terminal(void) { atomic_store(&cn_process_terminal_claimed, 0); }
