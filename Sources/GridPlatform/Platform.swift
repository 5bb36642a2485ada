/// What differs between the systems TermGrid runs on (Linux with glibc or
/// musl, macOS), said once.
///
/// Each member hides one difference behind `#if canImport(...)` or `#if os(...)`:
/// a field's name (`st_mtim` or `st_mtimespec`), a type's shape
/// (`posix_spawn_file_actions_t` is a struct on Linux and a pointer on macOS),
/// a flag only one system has (`MSG_NOSIGNAL`), or a file only Linux has
/// (`/proc`). Code elsewhere calls these and stays the same on every system.
public enum Platform {}
