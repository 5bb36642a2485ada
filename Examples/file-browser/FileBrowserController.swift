import TermGrid

/// A folder tree as an outline list: folders open with Right (their entries
/// read off the main thread the first time, under a "Loading…" row) and
/// close with Left; Enter shows an entry's details; `/` filters the entries
/// read so far by name.
final class FileBrowserController: CollectionViewController {
  /// The one section.
  enum Section: Hashable, Sendable { case files }

  /// The folder browsed, as bytes (it need not be UTF-8).
  let root: [UInt8]
  let showsHidden: Bool
  private(set) var source: CollectionViewDiffableDataSource<Section, FileEntry>!
  /// The tree before a filter, put back when the filter is cleared.
  private var unfiltered: DiffableSectionSnapshot<FileEntry>?
  private var filterText = ""
  /// The filter typed since the last frame: applied once, just before the
  /// frame is drawn, so that keys typed faster than frames (a name pasted,
  /// a held key) filter the tree once, not once a key.
  private var pendingFilter: String?

  /// Reads `root` (a missing or unreadable folder is an error before the screen changes).
  init(root: [UInt8], showsHidden: Bool) throws {
    self.root = root
    self.showsHidden = showsHidden
    let entries = try FileEntry.entries(ofFolder: root, showsHidden: showsHidden)
    var list = LayoutListConfiguration(appearance: .sidebarPlain)
    list.showsSeparators = false
    // Every row is one line: nothing to measure (a folder of 100,000 entries
    // would otherwise ask for 100,000 rows' content to lay them out).
    list.rowHeight = 1
    super.init(layout: CompositionalLayout.list(using: list))
    source = CollectionViewDiffableDataSource(collectionView: collectionView) { [unowned self] view, _, entry in
      self.content(for: entry, asciiOnly: view.theme.asciiOnly)
    }
    collectionView.remembersLastFocusedIndexPath = true
    let hidden = showsHidden
    source.sectionSnapshotHandlers.placeholderForLoadingChildren = { entry in
      entry.opensAsFolder ? FileEntry.loadingRow(in: entry) : nil
    }
    source.sectionSnapshotHandlers.loadChildren = { folder in
      var children = DiffableSectionSnapshot<FileEntry>()
      try children.append(try FileEntry.entries(ofFolder: folder.path, showsHidden: hidden))
      return children
    }
    source.sectionSnapshotHandlers.didFailToLoadChildren = { [unowned self] folder, error in
      switch error {
      case .loaderFailed(_, let reason): self.message = reason  // "cannot read …: No such file or directory"
      case .invalidChildren: self.message = "cannot show the entries of \(folder.name)"
      }
    }
    var sections = DiffableSnapshot<Section, FileEntry>()
    sections.appendSections([.files])
    try source.apply(sections, animatingDifferences: false)
    var tree = DiffableSectionSnapshot<FileEntry>()
    try tree.append(entries)
    try source.apply(tree, to: .files, animatingDifferences: false)
  }

  /// A row: indented by its depth, a disclosure mark before a folder, the
  /// size and date (or a link's target) at the end.
  func content(for entry: FileEntry, asciiOnly: Bool) -> ElementContent {
    var content = ElementContent(title: entry.name)
    guard let tree = source?.snapshot(for: .files) else { return content }
    content.indentationLevel = tree.level(of: entry) ?? 0
    switch entry.kind {
    case .loading:
      content.titleAttributes = [.dim]
    default:
      // (A file gets the disclosure's blank column from the data source, so names line up.)
      if entry.opensAsFolder { content.accessories.append(.outlineDisclosure(isExpanded: tree.isExpanded(entry))) }
      let summary = entry.summary
      if !summary.isEmpty { content.accessories.append(.label(text: summary, tintColor: .brightBlack)) }
    }
    return content
  }

  /// The entry with the focus.
  var focusedEntry: FileEntry? {
    collectionView.focusedIndexPath.flatMap { source.itemIdentifier(for: $0) }
  }

  override var titleText: String? {
    let shown = String(decoding: root, as: UTF8.self)
    return filterText.isEmpty ? "Files · \(shown)" : "Files · \(shown) · filter “\(filterText)”"
  }

  override var statusText: String {
    let count = collectionView.numberOfItems(inSection: 0)
    let rows = count == 1 ? "1 row" : "\(count) rows"
    guard let entry = focusedEntry else { return rows }
    return "\(entry.name) · \(entry.kindText) · \(rows)"
  }

  // As the line narrows the filter goes first, then the others from the
  // last on; help, which lists every key, stays longest.
  override var statusHints: [StatusHint] {
    [
      "→ opens", "← closes", "Enter details", StatusHint("/ filter", visibilityPriority: .low),
      StatusHint("? help", visibilityPriority: .high),
    ]
  }

  override var helpTitles: [KeyBindings.HelpTopic: String] {
    [.outline: "close / open a folder (or to its folder / first entry)", .activate: "the entry's details"]
  }

  override var keyCommands: [KeyCommand] {
    [KeyCommand("/", title: "filter the entries read so far by name") { [unowned self] in self.beginFilter() }]
  }

  override func collectionView(_ collectionView: CollectionView, didActivateItemAt indexPath: IndexPath) {
    guard let entry = source.itemIdentifier(for: indexPath), entry.kind != .loading else { return }
    var rows = [
      PanelOverlay.Row("path", entry.pathText), PanelOverlay.Row("kind", entry.kindText),
      PanelOverlay.Row("modified", entry.modifiedText), PanelOverlay.Row("permissions", entry.permissionsText),
    ]
    if case .file = entry.kind {
      rows.insert(
        PanelOverlay.Row("size", entry.size == 1 ? "1 B (1 byte)" : "\(FileEntry.formatted(size: entry.size)) (\(entry.size) bytes)"), at: 2
      )
    }
    if case .link(let target, _) = entry.kind { rows.insert(PanelOverlay.Row("points to", target), at: 2) }
    present(PanelOverlay(title: entry.name, rows: rows))
  }

  override func collectionView(_ collectionView: CollectionView, accessibilityLabelForItemAt indexPath: IndexPath) -> String? {
    guard let entry = source.itemIdentifier(for: indexPath) else { return nil }
    let tree = source.snapshot(for: .files)
    let state = entry.opensAsFolder ? (tree.isExpanded(entry) ? ", open" : ", closed") : ""
    return "\(entry.name), \(entry.kindText)\(state)"
  }

  // MARK: the filter

  /// Applies the filter typed since the last frame, then draws.
  override func draw(into surface: inout Surface) {
    if let text = pendingFilter {
      do {
        try applyFilter(text)
      } catch {
        pendingFilter = nil
        message = "cannot filter: \(error)"
      }
    }
    super.draw(into: &surface)
  }

  private func beginFilter() {
    if unfiltered == nil { unfiltered = source.snapshot(for: .files) }
    present(
      TextInputOverlay(
        label: " / ", text: filterText,
        hint: { [unowned self] _ in "  \(self.collectionView.numberOfItems(inSection: 0)) match · Enter keeps · Esc clears" },
        onChange: { [unowned self] text in
          self.filterText = text
          self.pendingFilter = text
        },
        onCancel: { [unowned self] in try self.clearFilter() },
        onSubmit: { [unowned self] text in try self.applyFilter(text) }))
  }

  /// Shows the entries read so far whose names contain `text` (case
  /// folded), with the folders that hold them, opened.
  private func applyFilter(_ text: String) throws {
    filterText = text
    pendingFilter = nil
    guard let full = unfiltered else { return }
    guard !text.isEmpty else {
      try source.apply(full, to: .files, animatingDifferences: false)
      return
    }
    let needle = text.lowercased()
    var kept = Set<FileEntry>()
    for entry in full.items where entry.kind != .loading && entry.name.lowercased().contains(needle) {
      var next: FileEntry? = entry
      while let e = next, kept.insert(e).inserted { next = full.parent(of: e) }
    }
    var filtered = DiffableSectionSnapshot<FileEntry>()
    for entry in full.items where kept.contains(entry) {
      try filtered.append([entry], to: full.parent(of: entry))
    }
    try filtered.expand(filtered.items.filter { !filtered.children(of: $0).isEmpty })
    try source.apply(filtered, to: .files, animatingDifferences: false)
  }

  private func clearFilter() throws {
    filterText = ""
    pendingFilter = nil
    if let full = unfiltered { try source.apply(full, to: .files, animatingDifferences: false) }
    unfiltered = nil
  }
}
