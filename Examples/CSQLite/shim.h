#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro Swift cannot import: bind text that SQLite copies.
static inline int tg_sqlite3_bind_text(sqlite3_stmt *statement, int index, const char *text) {
  return sqlite3_bind_text(statement, index, text, -1, SQLITE_TRANSIENT);
}

// Extended result codes are macros made of other macros, which Swift
// cannot import: the ones the catalogue tells apart.
static const int TG_SQLITE_READONLY_ROLLBACK = SQLITE_READONLY_ROLLBACK;
static const int TG_SQLITE_READONLY_RECOVERY = SQLITE_READONLY_RECOVERY;
static const int TG_SQLITE_IOERR_DELETE = SQLITE_IOERR_DELETE;
