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
    try? fm.removeItem(atPath: copy)
    try fm.copyItem(atPath: binary, toPath: copy)
    chmod(folder, 0o755)
    chmod(copy, 0o755)
    return ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", copy]
  }
}
