import Foundation

/// Why a folder named on the command line cannot be used: it is not there,
/// it is a file, or the system refuses it (the reason as the system says it).
public enum FolderProblem: Error, Equatable {
  /// Nothing is there.
  case noSuchFolder
  /// It is a file (or something else that is not a folder).
  case notAFolder
  /// The system refuses it, for the reason it gives ("Permission denied").
  case unreadable(String)

  /// What keeps `path` from being used as a folder (one that can be
  /// listed, when `listing`), or nil when nothing does.
  static func of(_ path: String, listing: Bool = true) -> FolderProblem? {
    var info = stat()
    guard stat(path, &info) == 0 else { return problem(errno) }
    guard info.st_mode & S_IFMT == S_IFDIR else { return .notAFolder }
    guard listing else { return nil }
    guard let dir = opendir(path) else { return problem(errno) }
    closedir(dir)
    return nil
  }

  /// The problem a failed call's `errno` names.
  static func problem(_ code: Int32) -> FolderProblem {
    code == ENOENT || code == ENOTDIR ? .noSuchFolder : .unreadable(String(cString: strerror(code)))
  }

  /// The message for the folder at `path`, after the option that named it.
  func message(_ option: String, _ path: String) -> String {
    switch self {
    case .noSuchFolder: return "\(option): no such folder: \(path)"
    case .notAFolder: return "\(option): not a folder: \(path)"
    case .unreadable(let why): return "\(option): cannot read \(path): \(why)"
    }
  }
}
