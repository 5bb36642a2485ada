/// What one request did to one book of a ``SharedCatalogue``, as a viewer
/// takes it in (``SharedCatalogue/changes(from:to:)``): a viewer applies
/// these to its own grouped, ordered, filtered copy
/// (``Catalogue/takeIn(_:books:filter:)``) instead of grouping every book again.
public enum CatalogueChange: Sendable {
  /// The book was added (with its id), in the file where the request put it.
  case inserted(Book)
  /// The book (as it was) was deleted.
  case removed(Book)
  /// The book's content changed from `was`; its place in the file did not.
  case updated(Book, was: Book)
  /// The book took another place in the file; its content did not change.
  case moved(Book)
}
