/// One change a viewer asks of a ``SharedCatalogue``, naming books by
/// their ``Book/id`` and saying what the viewer saw, so that a change that
/// no longer applies (the book deleted or changed by another viewer
/// meanwhile) is refused instead of being made to another book.
///
/// A request is a list of edits applied together or not at all
/// (``SharedCatalogue/apply(_:)``); what it hands back undoes it
/// (``CatalogueEditResult/inverse``).
public enum CatalogueEdit: Sendable {
  /// Adds `book`: placed in the file's order just before the book `next`,
  /// else just after `previous` (ids), at the end when neither is given or
  /// there. A new book has the id 0: it gets a number no book has had
  /// (never one a deleted book had) and the file's columns. A book with
  /// its id (a delete undone) comes back as it was; refused
  /// (``CatalogueEditError/bookExists(title:)``) when it is there.
  case add(Book, before: Int?, after: Int?)
  /// Deletes the book with `book`'s id; refused
  /// (``CatalogueEditError/bookGone(title:)``) when it is gone.
  case delete(Book)
  /// Replaces the book with `book`'s id by `book`, where it is; refused
  /// when it is gone, or when it is no longer `was` (what the viewer saw:
  /// another viewer changed it, ``CatalogueEditError/bookChanged(title:)``).
  case edit(Book, was: Book)
  /// Moves the book with `book`'s id in the file's order: just before the
  /// book `next`, else just after `previous`; where it is when neither is
  /// given. Refused when the book is gone, or when neighbours were given
  /// and none of them is there any more
  /// (``CatalogueEditError/neighbourGone(title:)``).
  case move(Book, before: Int?, after: Int?)
  /// Puts every book in the file in the order of `ids` (a move made where
  /// the books are sorted by title, year or author: the order shown
  /// becomes the file's). Applies only to the catalogue at `revision`
  /// (the one the viewer saw), else refused
  /// (``CatalogueEditError/catalogueChanged``).
  case reorder([Int], revision: Int)
}
