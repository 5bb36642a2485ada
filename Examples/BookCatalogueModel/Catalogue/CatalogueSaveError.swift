/// Why the catalogue was not saved. The edits stay in memory either way.
public enum CatalogueSaveError: Error, CustomStringConvertible, Equatable {
  /// The bundled catalogue is never written: a path must be given.
  case needsPath
  /// Saving needs a yes first: it would replace bytes that are not UTF-8,
  /// or the file has rows that are not books (written back as they were).
  case needsConfirmation(String)
  /// The write failed (the old file is untouched).
  case failed(SaveError)

  /// What the status line says.
  public var description: String {
    switch self {
    case .needsPath: return "the bundled catalogue is not saved over: give a file name"
    case .needsConfirmation(let question): return question
    case .failed(let error): return "\(error)"
    }
  }
}
