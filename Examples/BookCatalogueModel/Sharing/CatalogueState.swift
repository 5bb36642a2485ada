/// What a viewer of a ``SharedCatalogue`` pulls: the books and the
/// revision they are at, and what the title and status lines say about
/// the file and the other viewers.
public struct CatalogueState: Sendable {
  /// Every book, in the file's order.
  public var books: [Book]
  /// The number of requests applied so far: each change of the books adds
  /// one (a save or a viewer coming or going does not).
  public var revision: Int
  /// True when the books differ from the file.
  public var isModified: Bool
  /// The file the books are saved to (nil: the bundled catalogue, not yet saved under a name).
  public var path: String?
  /// How many viewers are registered (``SharedCatalogue/addViewer(wakeUp:)``).
  public var viewerCount: Int
}

/// What a request applied to a ``SharedCatalogue`` gives back.
public struct CatalogueEditResult: Sendable {
  /// The catalogue right after the request (with every request before it,
  /// other viewers' included).
  public var state: CatalogueState
  /// The request that undoes this one (applied with
  /// ``SharedCatalogue/apply(_:)``; refused in its turn when another viewer
  /// changed what it would undo).
  public var inverse: [CatalogueEdit]
  /// The books added, as added (a new book with its id and columns).
  public var added: [Book]
}
