// The system's C library, named in this one file for the whole package: the
// other modules `import GridPlatform` and get it re-exported, so none of them
// says Glibc or Darwin. What differs between the C libraries beyond their
// names (file times, the environment, posix_spawn's types, /proc) is in the
// other files of this module, each behind the same checks.
#if canImport(Glibc)
  @_exported import Glibc
#elseif canImport(Musl)
  @_exported import Musl
#elseif canImport(Darwin)
  @_exported import Darwin
#else
  #error("GridPlatform: no C library to import (Glibc, Musl or Darwin)")
#endif
