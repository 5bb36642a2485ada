import GridPlatform
import SystemPackage

/// Opening a picture file for reading, safely whatever is at its path.
enum RegularFile {
  /// Opens `path` for reading and returns the descriptor and its status.
  /// Never blocks on what is not a file: it is opened with O_NONBLOCK (a
  /// named pipe with no writer, a terminal device) and its type checked on
  /// the open descriptor, so nothing swapped in after a check is read. A
  /// path with a NUL in it (which the system would cut short there) is
  /// refused. The caller closes the descriptor.
  static func open(_ path: String) throws(ImageDecodingError) -> (descriptor: Int32, status: stat) {
    guard !path.utf8.contains(0) else { throw .unreadable(path: path, reason: "a path with a NUL in it") }
    return try open(FilePath(path))
  }

  /// Opens `file` for reading (see ``open(_:)-(String)``), by its bytes.
  static func open(_ file: FilePath) throws(ImageDecodingError) -> (descriptor: Int32, status: stat) {
    let path = String(decoding: file)
    let fd = file.withPlatformString { GridPlatform.open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
    guard fd >= 0 else { throw .unreadable(path: path, reason: reason(errno)) }
    var status = stat()
    guard fstat(fd, &status) == 0 else {
      let why = reason(errno)
      close(fd)
      throw .unreadable(path: path, reason: why)
    }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      close(fd)
      throw .unreadable(path: path, reason: "not a regular file")
    }
    return (fd, status)
  }

  static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
