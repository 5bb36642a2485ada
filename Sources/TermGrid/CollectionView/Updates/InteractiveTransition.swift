import GridLayout

/// An interactive layout transition while the app drives it: what the view
/// showed before it began, to put back on a cancel, and whom to tell at the
/// end. (The frames being interpolated are the view's ``LayoutTransition``,
/// held at the progress.)
struct InteractiveTransition {
  /// The layout before the transition (it is installed again on a cancel).
  var oldLayout: any CollectionLayout
  /// The scroll offset before the transition.
  var oldOffset: Point
  /// The focused item before the transition.
  var oldFocus: IndexPath?
  /// Told once, at the end: whether the new layout stayed, and whether the
  /// animation ran to its end (false when something cut it short).
  var completion: ((_ completed: Bool, _ finished: Bool) -> Void)?
}
