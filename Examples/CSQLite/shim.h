#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro Swift cannot import: bind text that SQLite copies.
static inline int tg_sqlite3_bind_text(sqlite3_stmt *statement, int index, const char *text) {
  return sqlite3_bind_text(statement, index, text, -1, SQLITE_TRANSIENT);
}
