import Foundation
import GridPlatform

/// Runs an example as a user whom file permissions stop: as it is when the
/// tests do not run as root, else a copy of it run as nobody (through
/// `setpriv`), since root reads a folder of mode 000 as any other.
enum Unprivileged {
  /// The command that runs `binary` so that permissions apply; a copy of
  /// it goes into `folder` (which must be under a folder everyone may enter).
  static func command(_ binary: String, copyingInto folder: String) throws -> [String] {
    guard getuid() == 0 else { return [binary] }
    let fm = FileManager.default
    try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let copy = folder + "/" + (binary as NSString).lastPathComponent
    try copyExecutable(binary, to: copy)
    chmod(folder, 0o755)
    return ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", copy]
  }

  /// Copies the program at `source` to `destination` (mode 0755), writing
  /// through a descriptor that is closed on exec. (`FileManager.copyItem`'s
  /// is not: a child that another test started meanwhile kept the copy
  /// open for writing, and running the copy failed with "Text file busy".)
  static func copyExecutable(_ source: String, to destination: String) throws {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: source))
    unlink(destination)
    let fd = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
    guard fd >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination]) }
    defer { close(fd) }
    try bytes.withUnsafeBytes { buffer in
      var written = 0
      while written < buffer.count {
        let n = write(fd, buffer.baseAddress! + written, buffer.count - written)
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination]) }
        written += n
      }
    }
    fchmod(fd, 0o755)
  }
}
