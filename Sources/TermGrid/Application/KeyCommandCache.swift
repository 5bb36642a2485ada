/// Which keys a ``CollectionViewController``'s app gave commands for last,
/// kept until they may have changed: the app says so
/// (``CollectionViewController/setNeedsKeyCommandsUpdate()``), the
/// controller knows it (an overlay opened or closed, a command ran), or the
/// view changed in a way commands depend on (its data, layout or
/// selection; not a focus move or a scroll).
///
/// Only the keys are kept, not the commands: their actions hold the app
/// (`action: save` holds it strongly), and the controller holding them
/// would keep itself alive. A key that is a command's asks the app for its
/// commands again, and runs the one it gives for that key.
struct KeyCommandCache {
  /// The keys bound to commands, and the view's changes when they were asked (nil: ask).
  private var kept: (keys: Set<Key>, stamp: ViewChangeStamp)?

  /// The commands are asked again the next time they are needed.
  mutating func invalidate() { kept = nil }

  /// Whether `key` is a command's, as far as the commands kept say (asked
  /// with `make` when they may have changed in `view`). The view is asked
  /// once whether they may have (no stamp of it is made unless they are asked).
  mutating func isCommandKey(_ key: Key, in view: CollectionView, make: () -> [KeyCommand]) -> Bool {
    if let kept, !view.keyCommandsMayDiffer(since: kept.stamp) { return kept.keys.contains(key) }
    return keep(make(), at: view.changeStamp).contains { $0.keys.contains(key) }
  }

  /// The command `key` runs: nil, without asking, when the keys kept have
  /// no command for it; otherwise the commands as `make` gives them now
  /// (their actions are not kept), with `view` as it is now.
  mutating func command(for key: Key, in view: CollectionView, make: () -> [KeyCommand]) -> KeyCommand? {
    if let kept, !view.keyCommandsMayDiffer(since: kept.stamp), !kept.keys.contains(key) { return nil }
    return keep(make(), at: view.changeStamp).first { $0.keys.contains(key) }
  }

  /// Keeps the keys of `commands`, asked with the view at `stamp`, and returns the commands.
  @discardableResult
  mutating func keep(_ commands: [KeyCommand], at stamp: ViewChangeStamp) -> [KeyCommand] {
    kept = (Set(commands.flatMap(\.keys)), stamp)
    return commands
  }
}
