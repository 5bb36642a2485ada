extension CollectionView {
  /// Says that a key arrived. An update or layout change still animating
  /// is completed at once (its end is drawn next, its completions told
  /// `true`): a key acts on what the person will see, and is never held
  /// behind a picture in motion. When the animation had drawn no frame
  /// yet, keys are coming faster than frames, and the changes made until
  /// the next frame are not animated either: a storm of keys costs each
  /// key its change, not an animation begun and cut short, and the next
  /// frame shows where they led.
  ///
  /// ``CollectionViewController`` calls it for every key before handling
  /// it, and ``handle(_:)`` for the keys it is given. An interactive
  /// transition held by the app and an item being moved are left alone
  /// (the keys drive them).
  public func completeAnimationForInput() {
    // (Nothing to complete with no transition running: asked of every key.)
    guard updates.transition != nil, updates.completeForInput(isMovingItem: movement != nil) else { return }
    finishTransition(finished: true)
  }
}
