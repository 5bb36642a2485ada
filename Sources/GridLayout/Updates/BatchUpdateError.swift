/// Why a batch update was refused. Nothing changed when one is thrown.
///
/// Every case carries what a caller needs to act on it (no free text);
/// ``description`` words it as UIKit's exception does.
public enum BatchUpdateError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The number of sections after the update does not add up.
  case invalidNumberOfSections(before: Int, after: Int, inserted: Int, deleted: Int)
  /// The number of items of an existing section after the update does not add up.
  case invalidNumberOfItems(
    section: Int, before: Int, after: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int)
  /// An item's index path outside the state it refers to: its section holds
  /// `itemCount` items. (Deletes, reloads and the sources of moves are
  /// checked against the counts before the update; inserts and the
  /// destinations of moves against the counts after it.)
  case itemOutOfRange(IndexPath, change: Change, itemCount: Int)
  /// A section outside the state it refers to, which has `sectionCount`
  /// sections (for a change of a section, or of an item in that section).
  case sectionOutOfRange(Int, change: Change, sectionCount: Int)
  /// Two changes that exclude each other name the same element.
  case conflicting(Conflict)

  /// The change that named an element out of range.
  public enum Change: Hashable, Sendable {
    /// An insert (of an item or a section).
    case insert
    /// A delete.
    case delete
    /// A reload of an item.
    case reload
    /// The source of a move.
    case move
    /// The destination of a move.
    case moveDestination
    /// A reload or a move of a section.
    case reloadOrMove

    /// The verb in the message: "insert", "move to", ...
    var verb: String {
      switch self {
      case .insert: return "insert"
      case .delete: return "delete"
      case .reload: return "reload"
      case .move: return "move"
      case .moveDestination: return "move to"
      case .reloadOrMove: return "reload or move"
      }
    }
  }

  /// Which changes exclude each other.
  public enum Conflict: Hashable, Sendable {
    /// An item, or a section, both deleted and moved.
    case deletedAndMoved(Element)
    /// An item, or a section, both inserted and the destination of a move.
    case insertedAndMovedTo(Element)
    /// Two items, or two sections, moved to the same place.
    case movedToTheSamePlace(Element)
    /// A section both reloaded and deleted or moved.
    case reloadedSectionDeletedOrMoved
    /// An item of a reloaded section also inserted, deleted, reloaded or moved.
    case itemOfReloadedSectionChanged
    /// An item moved out of a section that is deleted.
    case itemMovedOutOfDeletedSection

    /// An item or a section.
    public enum Element: String, Hashable, Sendable {
      /// An item.
      case item
      /// A section.
      case section
    }

    /// The conflict in words.
    var text: String {
      switch self {
      case .deletedAndMoved(let e): return "the same \(e.rawValue) is both deleted and moved"
      case .insertedAndMovedTo(let e): return "the same \(e.rawValue) is both inserted and the destination of a move"
      case .movedToTheSamePlace(let e): return "two \(e.rawValue)s are moved to the same place"
      case .reloadedSectionDeletedOrMoved: return "the same section is both reloaded and deleted or moved"
      case .itemOfReloadedSectionChanged: return "an item of a reloaded section is also inserted, deleted, reloaded or moved"
      case .itemMovedOutOfDeletedSection: return "an item is moved out of a deleted section"
      }
    }
  }

  /// The message, worded like UIKit's.
  public var description: String {
    switch self {
    case .invalidNumberOfSections(let before, let after, let inserted, let deleted):
      return "Invalid update: invalid number of sections. The number of sections contained in the collection "
        + "view after the update (\(after)) must be equal to the number of sections contained in the collection "
        + "view before the update (\(before)), plus or minus the number of sections inserted or deleted "
        + "(\(inserted) inserted, \(deleted) deleted)."
    case .invalidNumberOfItems(let section, let before, let after, let inserted, let deleted, let movedIn, let movedOut):
      return "Invalid update: invalid number of items in section \(section). The number of items contained in an "
        + "existing section after the update (\(after)) must be equal to the number of items contained in that "
        + "section before the update (\(before)), plus or minus the number of items inserted or deleted from that "
        + "section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of items moved into or "
        + "out of that section (\(movedIn) moved in, \(movedOut) moved out)."
    case .itemOutOfRange(let indexPath, let change, let count):
      return
        "Invalid update: attempt to \(change.verb) item \(indexPath.item) in section \(indexPath.section), which only contains \(count) items"
    case .sectionOutOfRange(let section, let change, let count):
      return "Invalid update: attempt to \(change.verb) section \(section), but there are only \(count) sections"
    case .conflicting(let conflict):
      return "Invalid update: \(conflict.text)"
    }
  }
}
