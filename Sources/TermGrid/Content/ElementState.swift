import GridRender

/// How an element is drawn right now: the focus, the selection and a
/// move in progress, which the collection view draws from its ``Theme``.
public struct ElementState: Hashable, Sendable {
  /// The keyboard focus is on it.
  public var isFocused: Bool
  /// It is selected.
  public var isSelected: Bool
  /// It is being moved (picked up with m, or dragged).
  public var isLifted: Bool
  /// Creates a state.
  public init(isFocused: Bool = false, isSelected: Bool = false, isLifted: Bool = false) {
    self.isFocused = isFocused
    self.isSelected = isSelected
    self.isLifted = isLifted
  }
}
