extension Platform {
  /// The process's environment as the C library holds it: `NAME=value`
  /// strings, ending at a nil entry.
  public static var environmentEntries: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> {
    #if canImport(Darwin)
      // Darwin's libraries do not name `environ`; _NSGetEnviron is its way.
      _NSGetEnviron().pointee!
    #else
      environ
    #endif
  }
}
