/// Why a batch update was refused. Nothing changed when one is thrown.
public enum BatchUpdateError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The number of sections after the update does not add up.
  case invalidNumberOfSections(before: Int, after: Int, inserted: Int, deleted: Int)
  /// The number of items of an existing section after the update does not add up.
  case invalidNumberOfItems(
    section: Int, before: Int, after: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int)
  /// An index path (or section) outside the state it refers to.
  case outOfRange(what: String, indexPath: IndexPath?, section: Int?, count: Int)
  /// The same element is named by two changes that exclude each other.
  case conflicting(String)

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
    case .outOfRange(let what, let indexPath, let section, let count):
      if let indexPath {
        return "Invalid update: attempt to \(what) item \(indexPath.item) in section \(indexPath.section), which only contains \(count) items"
      }
      return "Invalid update: attempt to \(what) section \(section ?? -1), but there are only \(count) sections"
    case .conflicting(let text):
      return "Invalid update: \(text)"
    }
  }
}
