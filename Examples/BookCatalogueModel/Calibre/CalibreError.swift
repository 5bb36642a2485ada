/// Why a Calibre library cannot be opened.
public enum CalibreError: Error, CustomStringConvertible {
  /// The folder (named) cannot be used.
  case folder(String, FolderProblem)
  /// The folder (named) has no `metadata.db`.
  case missingDatabase(String)
  /// The database (named) cannot be read, for the reason given.
  case unreadable(String, String)
  /// It can be read only from a private copy (when one was not to be made).
  case needsCopy(CalibreReadMode.CopyReason)

  /// The message, after the option that named the library (`--calibre: ...`).
  public var description: String {
    switch self {
    case .folder(let p, let problem): return problem.message("--calibre", p)
    case .missingDatabase(let p): return "--calibre: no metadata.db in \(p): not a Calibre library"
    case .unreadable(let p, let why): return "--calibre: cannot read \(p): \(why)"
    case .needsCopy(let reason): return "--calibre: can be read only from a private copy (\(reason))"
    }
  }
}
