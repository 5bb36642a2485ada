/// Why a catalogue could not be opened.
public enum CatalogueError: Error, CustomStringConvertible, Equatable {
  /// No file at the path.
  case fileNotFound(String)
  /// The file (named) cannot be read, or its header cannot: the reason.
  case unreadable(String, reason: String)
  /// The file (named) has no Title column; the header it has.
  case missingTitleColumn(String, header: [String])

  /// The message: the file, then what is wrong with it.
  public var description: String {
    switch self {
    case .fileNotFound(let path): return "\(path): no such file"
    case .unreadable(let path, let reason): return "\(path): cannot read: \(reason)"
    case .missingTitleColumn(let path, let header):
      return
        "\(path): no Title column (found: \(header.joined(separator: ", "))); expected a Goodreads export or a title,author,year header"
    }
  }
}
