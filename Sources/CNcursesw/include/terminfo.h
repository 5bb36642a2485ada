#ifndef CN_TERMINFO_H
#define CN_TERMINFO_H

/// A terminal's terminfo description, read on its own (no terminal of
/// ncurses is made current): what a terminal that is not the process's own
/// writes with. Opaque; freed by `cn_description_free`.
typedef struct cn_description cn_description;

/// Reads the description of terminal type `term` from the terminfo
/// database (the folders ncurses searches: $TERMINFO, ~/.terminfo,
/// $TERMINFO_DIRS, the system's), or NULL when there is none (or the name
/// is empty or has a slash).
cn_description *cn_description_read(const char *term);

/// Frees a description (NULL: nothing).
void cn_description_free(cn_description *description);

/// A string capability ("cup", "kcuu1" ...; standard or extended), or NULL
/// when the description has none or cancels it. Valid while the
/// description lives.
const char *cn_description_string(const cn_description *description, const char *name);

/// A boolean capability ("am", "xenl" ...): 1, or 0.
int cn_description_flag(const cn_description *description, const char *name);

/// A numeric capability ("colors", "U8" ...), or -1 when absent.
int cn_description_number(const cn_description *description, const char *name);

/// `cap` with parameters `a` and `b` filled in by terminfo's interpreter,
/// copied to `out` (at most `capacity` bytes): the length of the result
/// (which did not fit when larger than `capacity`), or -1 when the
/// capability cannot be formatted. Serialised with every other terminal's
/// formatting (tiparm formats into a buffer of the process's).
long cn_tiparm_copy(const char *cap, long a, long b, unsigned char *out, long capacity);

/// Holds and releases the lock `cn_tiparm_copy` and `cn_description_read`
/// hold: around newterm, which reads a description too.
void cn_terminfo_lock(void);
void cn_terminfo_unlock(void);

/// Claims the process's own terminal (ncurses' globals, the signal
/// handlers, the statics of shim.c): 1 when claimed now, 0 when it already
/// was (and is not released).
int cn_claim_process_terminal(void);

/// Releases the claim made by `cn_claim_process_terminal`.
void cn_release_process_terminal(void);

#endif
