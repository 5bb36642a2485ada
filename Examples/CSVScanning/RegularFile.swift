import Foundation

#if canImport(Glibc)
  import Glibc
#endif

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
    var info = stat()
    guard stat(path, &info) == 0 else {
      if errno == ENOENT || errno == ENOTDIR { throw .noSuchFile }
      throw .unreadable(String(cString: strerror(errno)))
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw .notAFile("a directory")
    case S_IFIFO: throw .notAFile("a named pipe (FIFO)")
    case S_IFCHR, S_IFBLK: throw .notAFile("a device")
    case S_IFSOCK: throw .notAFile("a socket")
    default: throw .notAFile("something other than a file")
    }
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw .unreadable(String(cString: strerror(errno))) }
    defer { close(fd) }
    // Read straight into the array (no second copy of a large file), growing
    // it if the file grew since stat.
    var bytes = [UInt8](repeating: 0, count: max(Int(info.st_size), 0) + 1)
    var count = 0
    while true {
      if count == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(65_536, bytes.count / 2))) }
      let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
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
}
