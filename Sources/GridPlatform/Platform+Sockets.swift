extension Platform {
  /// The socket type of a stream socket (TCP, or a stream Unix socket) as
  /// `socket` and `socketpair` take it: an enum case on Linux, a number on macOS.
  public static var streamSocketType: Int32 {
    #if canImport(Glibc)
      Int32(SOCK_STREAM.rawValue)
    #else
      SOCK_STREAM
    #endif
  }

  /// The flags for `send` that keep a closed connection from raising
  /// SIGPIPE: `MSG_NOSIGNAL` on Linux; none on macOS, where
  /// ``preventSIGPIPE(onSocket:)`` does it once for the socket instead.
  public static var sendFlagsWithoutSIGPIPE: Int32 {
    #if canImport(Darwin)
      0
    #else
      Int32(MSG_NOSIGNAL)
    #endif
  }

  /// Makes writes to a socket that the other side closed fail with `EPIPE`
  /// instead of raising SIGPIPE, where the system does that per socket
  /// (`SO_NOSIGPIPE` on macOS). Nothing on Linux, where
  /// ``sendFlagsWithoutSIGPIPE`` does it per call.
  public static func preventSIGPIPE(onSocket descriptor: Int32) {
    #if canImport(Darwin)
      var on: Int32 = 1
      _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    #endif
  }
}
