/// Why a ``DiffableSnapshot`` could not be changed or applied. Nothing
/// changed when one is thrown.
public enum SnapshotError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A section identifier appears twice; the payload describes it.
  case duplicateSection(String)
  /// An item identifier appears twice; the payload describes it.
  case duplicateItem(String)
  /// A section identifier the snapshot does not hold.
  case sectionNotFound(String)
  /// An item identifier the snapshot does not hold.
  case itemNotFound(String)
  /// Items were appended to a snapshot that has no section.
  case noSection
  /// The collection view did not show what the data source last applied
  /// (something else changed its data), so the difference could not be
  /// applied: the batch update's error says how.
  case viewOutOfStep(BatchUpdateError)

  /// A readable form, naming the identifier.
  public var description: String {
    switch self {
    case .duplicateSection(let id): return "Invalid snapshot: the section identifier \(id) appears more than once"
    case .duplicateItem(let id): return "Invalid snapshot: the item identifier \(id) appears more than once"
    case .sectionNotFound(let id): return "Invalid snapshot: no section with the identifier \(id)"
    case .itemNotFound(let id): return "Invalid snapshot: no item with the identifier \(id)"
    case .noSection: return "Invalid snapshot: items need a section; append a section first"
    case .viewOutOfStep(let refusal):
      return "Invalid snapshot: the collection view does not show the data source's last snapshot (\(refusal))"
    }
  }
}
