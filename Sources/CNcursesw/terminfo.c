// Terminal descriptions read without making a terminal current, and the
// lock that serialises what ncurses' terminfo library keeps once per
// process. The descriptions are read with the library's own reader
// (`_nc_read_entry2`, exported by libtinfo for tic and infocmp), whose
// entry type is declared only for ncurses' own programs: hence
// NCURSES_INTERNALS, in this file alone.
#define NCURSES_INTERNALS 1
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

#include "terminfo.h"

/// Frees an entry read by `_nc_read_entry2` (libtinfo's; declared in term_entry.h, which needs ncurses' private headers).
extern NCURSES_EXPORT(void) _nc_free_termtype2(TERMTYPE2 *);

/// Serialises what ncurses' terminfo library keeps once per process: the
/// list of terminfo folders it walks while reading a description (newterm
/// reads one too) and the buffer `tiparm` formats into. Held only for the
/// length of one such call.
static pthread_mutex_t cn_terminfo_mutex = PTHREAD_MUTEX_INITIALIZER;

void cn_terminfo_lock(void) { pthread_mutex_lock(&cn_terminfo_mutex); }
void cn_terminfo_unlock(void) { pthread_mutex_unlock(&cn_terminfo_mutex); }

cn_description *cn_description_read(const char *term) {
  if (term == NULL || term[0] == '\0' || strchr(term, '/') != NULL) return NULL;
  TERMTYPE2 *entry = calloc(1, sizeof *entry);
  if (entry == NULL) return NULL;
  char filename[PATH_MAX];
  pthread_mutex_lock(&cn_terminfo_mutex);
  int status = _nc_read_entry2(term, filename, entry);
  pthread_mutex_unlock(&cn_terminfo_mutex);
  if (status != 1) {
    _nc_free_termtype2(entry);
    free(entry);
    return NULL;
  }
  return (cn_description *)entry;
}

void cn_description_free(cn_description *description) {
  if (description == NULL) return;
  TERMTYPE2 *entry = (TERMTYPE2 *)description;
  pthread_mutex_lock(&cn_terminfo_mutex);
  _nc_free_termtype2(entry);
  pthread_mutex_unlock(&cn_terminfo_mutex);
  free(entry);
}

/// The index of capability `name` among an entry's `count` values of one
/// kind: the standard ones by their names in `standard` (`standardCount`
/// of them), the entry's extended ones (the last `extended` of `count`)
/// by their names in `ext_Names` from `namesStart`. -1: none.
static int cn_capability_index(
  const TERMTYPE2 *entry, const char *name, NCURSES_CONST char *const *standard, int standardCount, int count,
  int extended, int namesStart) {
  for (int i = 0; i < standardCount && i < count; i++) {
    if (strcmp(standard[i], name) == 0) return i;
  }
  for (int j = 0; j < extended; j++) {
    const char *ext = entry->ext_Names[namesStart + j];
    if (ext != NULL && strcmp(ext, name) == 0) return count - extended + j;
  }
  return -1;
}

const char *cn_description_string(const cn_description *description, const char *name) {
  const TERMTYPE2 *entry = (const TERMTYPE2 *)description;
  int i = cn_capability_index(
    entry, name, strnames, STRCOUNT, entry->num_Strings, entry->ext_Strings, entry->ext_Booleans + entry->ext_Numbers);
  if (i < 0) return NULL;
  const char *s = entry->Strings[i];
  return (s == NULL || s == (const char *)-1) ? NULL : s;
}

int cn_description_flag(const cn_description *description, const char *name) {
  const TERMTYPE2 *entry = (const TERMTYPE2 *)description;
  int i = cn_capability_index(entry, name, boolnames, BOOLCOUNT, entry->num_Booleans, entry->ext_Booleans, 0);
  return i >= 0 && entry->Booleans[i] > 0;
}

int cn_description_number(const cn_description *description, const char *name) {
  const TERMTYPE2 *entry = (const TERMTYPE2 *)description;
  int i = cn_capability_index(entry, name, numnames, NUMCOUNT, entry->num_Numbers, entry->ext_Numbers, entry->ext_Booleans);
  return i >= 0 && entry->Numbers[i] >= 0 ? entry->Numbers[i] : -1;
}

long cn_tiparm_copy(const char *cap, long a, long b, unsigned char *out, long capacity) {
  pthread_mutex_lock(&cn_terminfo_mutex);
  const char *s = tiparm(cap, a, b);
  long length = -1;
  if (s != NULL) {
    size_t n = strlen(s);
    length = (long)n;
    if ((long)n <= capacity) memcpy(out, s, n);
  }
  pthread_mutex_unlock(&cn_terminfo_mutex);
  return length;
}
