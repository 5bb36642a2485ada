import GridLayout

/// Why the children of a parent of an outline could not be loaded (see
/// ``SectionSnapshotHandlers/loadChildren``). The outline stays as it was
/// before the parent expanded: the parent collapsed, without children.
public enum ChildrenLoadingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The loader threw; the payloads describe the parent and the error.
  case loaderFailed(parent: String, reason: String)
  /// The children came but could not be shown: the snapshot error says why
  /// (an item the section, or another section, holds already).
  case invalidChildren(parent: String, SnapshotError)

  /// A readable form, naming the parent.
  public var description: String {
    switch self {
    case .loaderFailed(let parent, let reason): return "The children of \(parent) could not be loaded: \(reason)"
    case .invalidChildren(let parent, let error): return "The children of \(parent) could not be shown: \(error)"
    }
  }
}
