extension Platform {
  /// A `posix_spawn_file_actions_t` to pass to `posix_spawn_file_actions_init`
  /// (a struct on Linux, a pointer the init fills in on macOS).
  public static func emptySpawnFileActions() -> posix_spawn_file_actions_t {
    #if canImport(Darwin)
      nil
    #else
      posix_spawn_file_actions_t()
    #endif
  }

  /// A `posix_spawnattr_t` to pass to `posix_spawnattr_init`
  /// (a struct on Linux, a pointer the init fills in on macOS).
  public static func emptySpawnAttributes() -> posix_spawnattr_t {
    #if canImport(Darwin)
      nil
    #else
      posix_spawnattr_t()
    #endif
  }

  /// Makes the spawned program inherit no descriptor above `lowest` - 1 but
  /// those the file actions set up: `posix_spawn_file_actions_addclosefrom_np`
  /// where the C library has it (glibc 2.34 and later), macOS's
  /// `POSIX_SPAWN_CLOEXEC_DEFAULT` there. Call it after the attributes'
  /// flags are set. Returns false where neither exists.
  @discardableResult
  public static func closeInheritedDescriptors(
    from lowest: Int32, actions: inout posix_spawn_file_actions_t, attributes: inout posix_spawnattr_t
  ) -> Bool {
    #if canImport(Darwin)
      var flags: Int16 = 0
      posix_spawnattr_getflags(&attributes, &flags)
      return posix_spawnattr_setflags(&attributes, flags | Int16(POSIX_SPAWN_CLOEXEC_DEFAULT)) == 0
    #else
      guard let symbol = dlsym(defaultSymbolScope, "posix_spawn_file_actions_addclosefrom_np") else { return false }
      typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
      return unsafeBitCast(symbol, to: CloseFrom.self)(&actions, lowest) == 0
    #endif
  }

  /// Makes the spawned program start in `directory`
  /// (`posix_spawn_file_actions_addchdir_np`, in glibc 2.29 and later and
  /// macOS 10.15 and later). Returns false where the C library lacks it.
  @discardableResult
  public static func changeDirectory(to directory: String, actions: inout posix_spawn_file_actions_t) -> Bool {
    guard let symbol = dlsym(defaultSymbolScope, "posix_spawn_file_actions_addchdir_np") else { return false }
    typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    return directory.withCString { unsafeBitCast(symbol, to: AddChdir.self)(&actions, $0) } == 0
  }

  /// `RTLD_DEFAULT`, which Swift does not import: every loaded library, in
  /// load order (0 on Linux, -2 on macOS).
  static var defaultSymbolScope: UnsafeMutableRawPointer? {
    #if canImport(Darwin)
      UnsafeMutableRawPointer(bitPattern: -2)
    #else
      nil
    #endif
  }
}
