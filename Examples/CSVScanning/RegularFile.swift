import Foundation
import GridPlatform

/// Reads a data file whole, saying what a path is when it is not a file: a
/// directory, a named pipe (which would block), a device (/dev/null reads
/// as nothing), a socket. Shared by the catalogue and the calendar demo.
public enum RegularFile {
  /// Why a file could not be read.
  public enum Failure: Error, Equatable, CustomStringConvertible {
    /// Nothing at the path.
    case noSuchFile
    /// Something that is not a regular file ("a directory", "a named pipe (FIFO)", ...).
    case notAFile(String)
    /// The system refused (permissions, an I/O error).
    case unreadable(String)

    public var description: String {
      switch self {
      case .noSuchFile: return "no such file"
      case .notAFile(let kind): return "it is \(kind), not a file"
      case .unreadable(let reason): return reason
      }
    }
  }

  /// The bytes of the regular file at `path`.
  public static func read(path: String) throws(Failure) -> [UInt8] {
    try read(path, upTo: .max)
  }

  /// The first `limit` bytes (or all) of the regular file at `path`. The
  /// file is opened without blocking and its type checked on the open
  /// descriptor, so a named pipe put in its place meanwhile is refused, never
  /// waited on.
  public static func read(_ path: String, upTo limit: Int) throws(Failure) -> [UInt8] {
    let (fd, info) = try openRegular(path)
    defer { close(fd) }
    // Read straight into the array (no second copy of a large file), growing
    // it if the file grew since it was opened.
    var bytes = [UInt8](repeating: 0, count: min(max(Int(info.st_size), 0), limit - 1) + 1)
    var count = 0
    while count < limit {
      if count == bytes.count { bytes.append(contentsOf: repeatElement(0, count: min(max(65_536, bytes.count / 2), limit - count))) }
      let n = bytes.withUnsafeMutableBytes { GridPlatform.read(fd, $0.baseAddress! + count, $0.count - count) }
      if n > 0 {
        count += n
      } else if n == 0 {
        break
      } else if errno != EINTR {
        throw .unreadable(String(cString: strerror(errno)))
      }
    }
    bytes.removeLast(bytes.count - count)
    return bytes
  }

  /// The size of the regular file at `path`; nil when there is none (or
  /// what is there is not a regular file).
  public static func size(of path: String) -> Int? {
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    return Int(info.st_size)
  }

  /// Opens `path` for reading without blocking (O_NONBLOCK: a named pipe
  /// with no writer would wait forever) and checks on the descriptor that
  /// it is a regular file.
  private static func openRegular(_ path: String) throws(Failure) -> (Int32, stat) {
    guard !path.utf8.contains(0) else { throw .unreadable("a path with a NUL in it") }
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
    guard fd >= 0 else {
      if errno == ENOENT || errno == ENOTDIR { throw .noSuchFile }
      throw .unreadable(String(cString: strerror(errno)))
    }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      let reason = String(cString: strerror(errno))
      close(fd)
      throw .unreadable(reason)
    }
    let kind: String
    switch info.st_mode & S_IFMT {
    case S_IFREG: return (fd, info)
    case S_IFDIR: kind = "a directory"
    case S_IFIFO: kind = "a named pipe (FIFO)"
    case S_IFCHR, S_IFBLK: kind = "a device"
    case S_IFSOCK: kind = "a socket"
    default: kind = "something other than a file"
    }
    close(fd)
    throw .notAFile(kind)
  }
}
