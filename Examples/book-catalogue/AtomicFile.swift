import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Why a file could not be saved. Whatever the step, the file that was
/// there is untouched and no temporary file is left behind.
struct SaveError: Error, CustomStringConvertible, Equatable {
  /// The step that failed: "create a temporary file in /dir", "write", "flush to disk", "replace".
  var step: String
  /// The system's reason (strerror), such as "No space left on device".
  var reason: String
  var path: String

  var description: String { "cannot save \(path): \(reason) (\(step))" }
}

/// Replaces a file's contents so that a crash, a kill or a power cut at any
/// moment leaves either the old file or the new one, never a mix: the data
/// goes to a temporary file in the same directory, is flushed to disk, and
/// the temporary file is renamed over the original (an atomic step on
/// POSIX file systems); then the directory is flushed so the rename lasts.
/// The new file keeps the old one's permissions.
enum AtomicFile {
  static func write(_ data: Data, to path: String) throws(SaveError) {
    let url = URL(fileURLWithPath: path)
    let directory = url.deletingLastPathComponent().path
    var template = Array("\(directory)/.\(url.lastPathComponent).saving-XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else { throw failure("create a temporary file in \(directory)", path) }
    let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var ok = false
    defer {
      if !ok { unlink(temporary) }
    }
    do {
      defer { close(fd) }
      var mode: mode_t = 0o666 & ~currentUmask()
      var existing = stat()
      if stat(path, &existing) == 0 { mode = existing.st_mode & 0o7777 }
      guard fchmod(fd, mode) == 0 else { throw failure("set permissions", path) }
      let written = data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Bool in
        var offset = 0
        while offset < bytes.count {
          let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
          if n < 0 {
            if errno == EINTR { continue }
            return false
          }
          offset += n
        }
        return true
      }
      guard written else { throw failure("write", path) }
      guard fsync(fd) == 0 else { throw failure("flush to disk", path) }
    }
    guard rename(temporary, path) == 0 else { throw failure("replace", path) }
    ok = true
    let dirfd = open(directory, O_RDONLY | O_DIRECTORY)
    if dirfd >= 0 {
      _ = fsync(dirfd)
      close(dirfd)
    }
  }

  private static func failure(_ step: String, _ path: String) -> SaveError {
    SaveError(step: step, reason: String(cString: strerror(errno)), path: path)
  }

  private static func currentUmask() -> mode_t {
    let mask = umask(0o022)
    umask(mask)
    return mask
  }
}
