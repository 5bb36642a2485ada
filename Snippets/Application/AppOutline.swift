// An outline in a CollectionViewController: the diffable data source made
// in the controller's init, after super.init, and filled there, before the
// terminal opens; its cell provider reads the controller's model.
import TermGrid

// snippet.hide
/// The slow part of the model: a project's archived tasks, read from disk.
@Sendable func readArchive(_ project: String) throws -> [String] { ["\(project)/taxes", "\(project)/move house"] }
// snippet.show

// snippet.controller
final class TasksController: CollectionViewController {
  enum Section: Hashable, Sendable { case tasks }
  private(set) var source: CollectionViewDiffableDataSource<Section, String>!
  var done: Set<String> = []

  init() throws {
    super.init(layout: CompositionalLayout.list(using: LayoutListConfiguration(appearance: .sidebar)))
    // The view keeps the source and the source its cell provider: capture the controller
    // unowned (a strong capture would keep all three alive for ever).
    source = CollectionViewDiffableDataSource(collectionView: collectionView) { [unowned self] _, _, task in
      var row = ElementContent(title: task.hasSuffix("/…") ? "Loading…" : task)
      if self.done.contains(task) { row.accessories = [.checkmark()] }
      return row
    }
    // Runs off the main thread: it reads the disk, never the controller (it is @Sendable).
    source.sectionSnapshotHandlers.placeholderForLoadingChildren = { $0 == "Archive" ? "Archive/…" : nil }
    source.sectionSnapshotHandlers.loadChildren = { project in
      var children = DiffableSectionSnapshot<String>()
      try children.append(try readArchive(project))
      return children
    }
    var sections = DiffableSnapshot<Section, String>()
    sections.appendSections([.tasks])
    try source.apply(sections, animatingDifferences: false)
    var tree = DiffableSectionSnapshot<String>()
    try tree.append(["Home", "Work", "Archive"])
    try tree.append(["paint the fence", "fix the sink"], to: "Home")
    try source.apply(tree, to: .tasks, animatingDifferences: false)
  }

  // Enter marks a task done: its row drawn again, the tree and what is open kept.
  override func collectionView(_ collectionView: CollectionView, didActivateItemAt indexPath: IndexPath) {
    guard let task = source.itemIdentifier(for: indexPath), !task.hasSuffix("/…") else { return }  // not the loading row
    if done.remove(task) == nil { done.insert(task) }
    do {
      var snapshot = source.snapshot()
      try snapshot.reconfigureItems([task])
      try source.apply(snapshot, animatingDifferences: false)
    } catch {
      message = "\(error)"
    }
  }
}
// snippet.end

// snippet.hide
_ = TasksController.self
