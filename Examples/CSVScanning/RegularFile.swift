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
    guard let handle = FileHandle(forReadingAtPath: path) else { throw .unreadable(String(cString: strerror(errno))) }
    defer { try? handle.close() }
    do {
      return [UInt8](try handle.readToEnd() ?? Data())
    } catch {
      throw .unreadable(error.localizedDescription)
    }
  }
}
