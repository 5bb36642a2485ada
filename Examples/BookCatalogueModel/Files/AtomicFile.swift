import Foundation
import GridPlatform

/// Replaces a file's contents so that a crash, a kill or a power cut at any
/// moment leaves either the old file or the new one, never a mix: the data
/// goes to a temporary file in the same directory, is flushed to disk, and
/// the temporary file is renamed over the original (an atomic step on
/// POSIX file systems); then the directory is flushed so the rename lasts.
///
/// The file's protection is kept: a file nobody may write (mode 0444, or
/// one this user may not write) is refused, a symbolic link is written
/// through (its target is replaced, the link stays), a file with other hard
/// links is refused (renaming would split them), and the new file gets the
/// old one's permissions and owner (refused when the owner cannot be kept).
public enum AtomicFile {
  /// Replaces the file at `requestedPath` (or makes it) with `data`, as
  /// above; throws, changing nothing, when it cannot.
  public static func write(_ data: Data, to requestedPath: String) throws(SaveError) {
    let path = resolvingSymbolicLinks(requestedPath)
    var existing = stat()
    let exists = stat(path, &existing) == 0
    if exists {
      guard existing.st_mode & S_IFMT == S_IFREG else {
        throw SaveError(step: "check", reason: "it is not a regular file", path: requestedPath)
      }
      guard existing.st_mode & 0o222 != 0, access(path, W_OK) == 0 else {
        throw SaveError(step: "check", reason: "the file is read-only", path: requestedPath)
      }
      guard existing.st_nlink <= 1 else {
        throw SaveError(
          step: "check", reason: "the file has \(existing.st_nlink) hard links, which saving would split",
          path: requestedPath)
      }
    }
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
      if exists {
        mode = existing.st_mode & 0o7777
        // The same owner and group: root saving a user's file leaves it theirs.
        if existing.st_uid != geteuid() || existing.st_gid != getegid() {
          guard fchown(fd, existing.st_uid, existing.st_gid) == 0 else {
            throw SaveError(step: "keep the owner", reason: "the file belongs to another user", path: requestedPath)
          }
        }
      }
      guard fchmod(fd, mode) == 0 else { throw failure("set permissions", path) }
      let written = data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Bool in
        var offset = 0
        while offset < bytes.count {
          let n = GridPlatform.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
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

  /// Where a path leads through symbolic links (the path itself when it
  /// leads nowhere yet: a new file; a link to a missing file: that file).
  static func resolvingSymbolicLinks(_ path: String) -> String {
    var current = path
    for _ in 0..<40 {
      var info = stat()
      guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let n = readlink(current, &buffer, buffer.count - 1)
      guard n > 0 else { return current }
      let target = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current =
        target.hasPrefix("/")
        ? target
        : URL(fileURLWithPath: current).deletingLastPathComponent()
          .appendingPathComponent(target).path
    }
    return current
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
