/// A direction on screen: where an arrow key moves the focus.
public enum FocusDirection: Hashable, Sendable, CaseIterable {
  case up, down, left, right
}
