import GridPlatform

/// Where a ``StreamTerminal`` writes: all of a frame's bytes (again after a
/// short write, a signal, or a full buffer), and a peer that has gone as a
/// typed error, never as a SIGPIPE that ends the process.
///
/// A socket is written with `send(..., MSG_NOSIGNAL)`. A pipe or a
/// terminal cannot be told not to signal (`MSG_NOSIGNAL` is for sockets,
/// and Linux has no `SO_NOSIGPIPE`), and ignoring SIGPIPE would change the
/// whole process's disposition, which is the program's: instead SIGPIPE is
/// blocked on the writing thread for the `write`, and the one that write
/// raised (it is the thread's own) is taken back before the mask is
/// restored, unless one was already pending. Nothing process-wide changes.
struct StreamOutput {
  /// The descriptor written to (the caller's: never closed here).
  let descriptor: Int32
  /// Whether it is a socket (written with `send`, raising no SIGPIPE: `MSG_NOSIGNAL` on Linux, `SO_NOSIGPIPE` on macOS).
  let isSocket: Bool

  /// The output on `descriptor`.
  init(descriptor: Int32) {
    self.descriptor = descriptor
    var status = stat()
    isSocket = fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFSOCK
    if isSocket { Platform.preventSIGPIPE(onSocket: descriptor) }
  }

  /// Writes all of `bytes`.
  ///
  /// - Throws: ``StreamTerminalError/outputClosed`` when the other side has
  ///   gone (`EPIPE`, `ECONNRESET`, a pseudo-terminal's `EIO`), or
  ///   ``StreamTerminalError/writeFailed(errno:)``.
  func write(_ bytes: [UInt8]) throws(StreamTerminalError) {
    var start = 0
    while start < bytes.count {
      let (n, error) = bytes.withUnsafeBytes { writeOnce($0.baseAddress! + start, count: $0.count - start) }
      if n >= 0 {
        start += n
        continue
      }
      switch error {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK:
        var p = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        _ = poll(&p, 1, 1_000)
      case EPIPE, ECONNRESET, EIO: throw .outputClosed
      default: throw .writeFailed(errno: error)
      }
    }
  }

  /// One `write` (or `send`) that raises no SIGPIPE; what it returned and its errno.
  private func writeOnce(_ pointer: UnsafeRawPointer, count: Int) -> (Int, Int32) {
    if isSocket {
      let n = send(descriptor, pointer, count, Platform.sendFlagsWithoutSIGPIPE)
      return (n, n < 0 ? errno : 0)
    }
    var pipeSignal = sigset_t()
    sigemptyset(&pipeSignal)
    sigaddset(&pipeSignal, SIGPIPE)
    var pending = sigset_t()
    sigpending(&pending)
    let wasPending = sigismember(&pending, SIGPIPE) == 1
    var saved = sigset_t()
    pthread_sigmask(SIG_BLOCK, &pipeSignal, &saved)
    let n = GridPlatform.write(descriptor, pointer, count)
    let error = n < 0 ? errno : 0
    if n < 0, error == EPIPE, !wasPending {
      // The SIGPIPE this write raised, pending on this thread: taken back.
      var now = timespec(tv_sec: 0, tv_nsec: 0)
      while sigtimedwait(&pipeSignal, nil, &now) < 0, errno == EINTR {}
    }
    pthread_sigmask(SIG_SETMASK, &saved, nil)
    return (n, error)
  }
}
