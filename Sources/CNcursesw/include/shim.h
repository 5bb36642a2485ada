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
#include <time.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>
#include "terminfo.h"

#include <langinfo.h>
#include <errno.h>
#include <fcntl.h>

#include <stddef.h>

// Declarations only: the definitions, and the state they share, are in shim.c.

WINDOW *cn_stdscr(void);

WINDOW *cn_curscr(void);

int cn_output_descriptor(void);

/// newterm on the process's standard output and input.
SCREEN *cn_newterm_stdio(void);

/// newterm on a pair of file descriptors (a pty in tests), or NULL.
SCREEN *cn_newterm_fds(const char *term, int in_fd, int out_fd);

/// Counts resizes from now on, then lets ncurses' handler (installed by
/// newterm) see them; makes the wake pipe. (Once per process: a second
/// terminal finds the handler in place.)
void cn_count_resizes(void);

int cn_resizes(void);

/// Waits until `fd` is readable, hung up, or a signal arrives (on any
/// thread: the wake pipe), at most `ms` milliseconds (forever when
/// negative): 1 when there are bytes to read and no hang-up or error (a
/// read will not block), 2 when woken otherwise (a hang-up, an error), 0
/// for a timeout or a signal.
int cn_wait_input(int fd, int ms);

/// Ctrl-C as a key: the terminal's interrupt character is turned off on
/// `fd` (Ctrl-Z and Ctrl-\ keep their signals), and ncurses is told this
/// is the program's mode, so it comes back after a suspend and goes when
/// the terminal is restored.
void cn_interrupt_as_key(int fd);

/// True when the locale's character set is UTF-8.
int cn_locale_is_utf8(void);

int cn_lines(void);

int cn_cols(void);

int cn_colors(void);

int cn_color_pairs(void);

attr_t cn_a_normal(void);

attr_t cn_a_bold(void);

attr_t cn_a_dim(void);

attr_t cn_a_underline(void);

attr_t cn_a_reverse(void);

attr_t cn_a_italic(void);

attr_t cn_a_altcharset(void);

/// Whether the terminal's alternate character set has the line-drawing
/// character `c` ('q' for ─ ...), as terminfo's acsc says (after initscr).
int cn_acs_has(char c);

/// Sets one cell: the wide string `wch` (a grapheme: base + combining marks,
/// NUL-terminated, at most CCHARW_MAX code points), attributes and pair.
int cn_put_cell(int y, int x, const wchar_t *wch, attr_t attrs, int pair);

int cn_ccharw_max(void);

/// Mouse reports in xterm's SGR form, decoded by the caller: button presses,
/// releases and motion while a button is held (1002), and the wheel.
/// ncurses' own mouse handling is left off (it merges and drops events), and
/// its `kmous` key is forgotten so the reports arrive as characters.
void cn_mouse_reporting(int fd, int on);
/// Bracketed paste on (`on` 1, written to `fd`) or off again (0, where it was turned on).
void cn_bracketed_paste(int fd, int on);
/// Wakes a wait for input from any thread (the wait then ends with no input).
void cn_wake_up(void);
/// Whether `cn_wake_up` was called since the last call (and forgets it).
int cn_take_woken(void);
/// Wakes a wait for input (cn_wait_input) from any thread, as a signal
/// does, without ending the wait for the caller (unlike `cn_wake_up`): a
/// picture made on a worker is then written without waiting for a key.
void cn_wake_input(void);

/// The handlers of the termination signals as the program had them, taken
/// before newterm installs ncurses' own.
void cn_save_signal_actions(void);

/// Installs the handlers: fatal signals restore the terminal and chain to
/// the handler before (Swift's backtracer); Ctrl-Z and SIGCONT suspend and
/// resume cleanly. No SA_RESTART, so a blocked read returns and the loop
/// notices a resume.
void cn_install_signal_restore(int in_fd, int out_fd, int mouse);

/// The terminal's modes before ncurses changed them (taken before newterm).
void cn_save_shell_modes(int in_fd);

/// The program's modes as they are now (after cbreak, noecho and the rest).
void cn_save_program_modes(void);

/// Holds (`hold` 1) or releases (0) Ctrl-Z and SIGCONT while the terminal
/// is restored, so neither handler re-enters program mode halfway through
/// leaving it: on this thread they wait, and on another a handler finds
/// suspending turned off (one already running is waited for, at most a
/// second). What arrived meanwhile is acted on at the release, by the
/// handlers then in place.
void cn_hold_suspend(int hold);

/// Whether a resume happened since the last call (and forgets it).
int cn_take_resumed(void);
/// Whether a resume (`cn_take_resumed`) or a resize (`cn_resizes` other
/// than `resizes_seen`) is waiting, forgetting nothing: the one look a wait
/// for input takes at the signals before it acts on them.
int cn_signals_pending(int resizes_seen);

void cn_default_signals(void);

/// Ctrl-S and Ctrl-Q as keys, not flow control (IXON off) on `fd`.
void cn_flow_control_off(int fd);

/// After a SIGWINCH or a resume: ncurses takes the terminal's size now
/// (from `fd`), so LINES and COLS say it.
void cn_update_size(int fd);
/// The size of a character cell in pixels from the window size on `fd`
/// (1), or 0 when the terminal does not fill in its pixels.
int cn_cell_pixel_size(int fd, int *width, int *height);

/// A terminfo string capability ("cup", "sgr0" ...), or NULL when the
/// terminal has none (tigetstr's -1, "not a string capability", too).
const char *cn_tigetstr(const char *name);

/// Whether line drawing through the alternate character set is known not
/// to work in a UTF-8 locale on this terminal, by ncurses' own rule: the
/// NCURSES_NO_UTF8_ACS variable, else terminfo's U8 number, else a
/// terminal named like the Linux console.
int cn_acs_breaks_in_utf8(void);

/// A terminfo boolean capability ("am", "xenl" ...): 1, or 0.
int cn_tigetflag(const char *name);

/// A capability with its parameters filled in (tiparm is variadic).
const char *cn_tiparm1(const char *cap, long a);

const char *cn_tiparm2(const char *cap, long a, long b);

const char *cn_tiparm9(const char *cap, long a, long b, long c, long d, long e, long f, long g, long h, long i);

/// Writes all of `bytes` to `fd` (again after a signal or a short write);
/// 0, or -1 with errno.
int cn_write_all(int fd, const unsigned char *bytes, size_t count);

/// Sets the bytes a fatal signal's handler writes before it restores the
/// terminal (the deletions of the pictures a kitty terminal holds): a copy
/// of `count` bytes, none when 0. -1 when they could not be set (no
/// memory, or a handler has begun), else 0.
int cn_set_exit_bytes(const unsigned char *bytes, size_t count);

/// Writes the bytes cn_set_exit_bytes set (from a signal handler: write only).
void cn_write_exit_bytes(void);

#endif
