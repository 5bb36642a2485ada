import Foundation
import TermGrid
import TermGridImages

/// The picture browser: a thumbnail a file, a section a folder, the file's
/// name under its thumbnail. Thumbnails are made in the background (the
/// ones on screen first, then the screen ahead of the scrolling), so no
/// key waits for a decoder. Enter shows the picture as large as the
/// terminal allows with its size and dimensions; + and - change the
/// thumbnails' size, L switches between the grid and the waterfall (where
/// thumbnails keep their shape), d takes pictures off the view (never off
/// the disk), q quits.
final class ImageGridController: CollectionViewController, WaterfallLayoutDelegate, CollectionViewDataSourcePrefetching {
  enum Arrangement: String {
    case grid, waterfall
  }

  /// Thumbnail widths in cells (the card's, border included), + and - step through them.
  static let widths = [12, 16, 20, 26, 34, 44]

  private(set) var folder: PictureFolder
  private(set) var sections: [PictureSection]
  private(set) var arrangement: Arrangement = .grid
  private(set) var widthStep: Int
  let loader: PictureLoader
  let shapes: PictureShapes
  /// Headers read for the detail view, off the main thread.
  let tasks = BackgroundTasks()
  /// Whether the waterfall was laid out with every shape read.
  private var laidOutWithAllShapes = false
  /// The loader's queue when the bars were drawn (they say how many are being made).
  private var shownPending = 0
  /// Each picture's source by number, made the first time it is shown:
  /// its file's `FilePath` is made once, not for every frame that draws it.
  private var pictureSources: [ImageFileSource?]

  init(folder: PictureFolder, loader: PictureLoader = PictureLoader(), widthStep: Int = 1) {
    self.folder = folder
    sections = folder.sections
    self.loader = loader
    self.widthStep = min(max(0, widthStep), Self.widths.count - 1)
    shapes = PictureShapes(files: folder.sections.flatMap { $0.pictures.map(\.pathBytes) })
    pictureSources = Array(repeating: nil, count: folder.pictureCount)
    super.init(layout: FlowLayout())
    collectionView.backgroundWork = [loader, tasks]
    collectionView.prefetchDataSource = self
    collectionView.animationDuration = 0.25
    collectionView.setLayout(makeLayout(), animated: false)
    collectionView.reloadData()
  }

  /// The card width now.
  var cardWidth: Int { Self.widths[widthStep] }

  /// The picture area of a grid card: square in pixels (cells are twice as tall as wide).
  var gridPictureSize: (width: Int, height: Int) { (cardWidth - 2, max(1, (cardWidth - 2) / 2)) }

  private func makeLayout() -> any CollectionLayout {
    let inset = EdgeInsets(top: 0, left: 1, bottom: 0, right: 1)
    switch arrangement {
    case .grid:
      let picture = gridPictureSize
      let layout = FlowLayout(
        itemSize: Size(width: Double(cardWidth), height: Double(picture.height + 3)), minimumInteritemSpacing: 1,
        minimumLineSpacing: 0, sectionInset: inset, headerReferenceSize: Size(width: 0, height: 1))
      layout.lineAlignment = .leading
      layout.sectionHeadersPinToVisibleBounds = true
      return layout
    case .waterfall:
      laidOutWithAllShapes = shapes.isFinished
      let layout = WaterfallLayout(
        columns: .minimumWidth(Double(cardWidth)), interColumnSpacing: 1, sectionInset: inset, headerHeight: 1)
      layout.delegate = self
      return layout
    }
  }

  /// A waterfall card: its picture as tall as the picture's shape makes it
  /// at the column's width (4:3 until its header is read), at most twice the width.
  func waterfallLayout(_ layout: WaterfallLayout, heightForItemAt indexPath: IndexPath, columnWidth: Double) -> Double {
    Double(waterfallPictureRows(for: sections[indexPath.section].pictures[indexPath.item], columns: Int(columnWidth) - 2) + 3)
  }

  private func waterfallPictureRows(for entry: PictureEntry, columns: Int) -> Int {
    let (w, h) = shapes.info(of: entry).map { ($0.width, $0.height) } ?? (4, 3)
    let rows = Double(max(1, columns)) * Double(h) / Double(w) / 2
    return min(max(1, Int(rows.rounded())), max(1, columns))
  }

  /// The picture area of an item as laid out now.
  private func pictureSize(at indexPath: IndexPath) -> (width: Int, height: Int)? {
    guard let frame = collectionView.collectionViewLayout.layoutAttributesForItem(at: indexPath)?.frame else { return nil }
    return self.collectionView(collectionView, cellForItemAt: indexPath).pictureSize(inElementOf: frame.size)
  }

  private var colors: ColorSupport { capabilities?.colors ?? .trueColor }

  /// The picture source of `entry` (made once).
  func pictureSource(for entry: PictureEntry) -> ImageFileSource {
    if let source = pictureSources[entry.number] { return source }
    let source = loader.source(forFile: entry.file)
    pictureSources[entry.number] = source
    return source
  }

  // MARK: data source

  override func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }

  override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    sections[section].pictures.count
  }

  override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    let entry = sections[indexPath.section].pictures[indexPath.item]
    return ElementContent(
      title: entry.name, border: .rounded, alignment: .center, padding: 0,
      picture: CellPicture(pictureSource(for: entry), placement: .top))
  }

  override func collectionView(
    _ collectionView: CollectionView, contentForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
  ) -> ElementContent {
    let section = sections[indexPath.section]
    let name = section.folder == "." ? (folder.root as NSString).lastPathComponent : section.folder
    let count = section.pictures.count == 1 ? "1 picture" : "\(section.pictures.count) pictures"
    return .header("\(name) · \(count)", color: .cyan)
  }

  // MARK: prefetching

  func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
    for path in indexPaths {
      guard let size = pictureSize(at: path) else { continue }
      guard let file = pictureSource(for: sections[path.section].pictures[path.item]).file else { continue }
      loader.prefetch(
        files: [file], width: size.width, height: size.height, colors: colors,
        cellPixels: capabilities?.pixelPictureCellSize)
    }
  }

  func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {
    loader.cancelPrefetching(files: indexPaths.compactMap { pictureSource(for: sections[$0.section].pictures[$0.item]).file })
  }

  // MARK: background work

  /// Pictures and the detail's header to come, or headers still being read for the waterfall.
  override var hasPendingWork: Bool { super.hasPendingWork || (arrangement == .waterfall && !laidOutWithAllShapes) }

  /// Pictures that arrived are drawn; the open detail takes what is now
  /// known of its file; once every header is read, the waterfall takes the
  /// pictures' shapes.
  override func takeFinishedWork() {
    super.takeFinishedWork()
    if let (panel, entry) = openDetail {
      let rows = detailRows(for: entry)
      if rows != panel.rows {
        panel.rows = rows
        setNeedsDisplay()
      }
    } else {
      detail = nil
    }
    if loader.pendingCount != shownPending { setNeedsDisplay() }
    if arrangement == .waterfall, !laidOutWithAllShapes, shapes.isFinished {
      collectionView.setLayout(makeLayout(), animated: false)
    }
  }

  // MARK: the detail

  /// Enter: the picture as large as the terminal allows, with its file's size and dimensions.
  override func collectionView(_ collectionView: CollectionView, didActivateItemAt indexPath: IndexPath) {
    let entry = sections[indexPath.section].pictures[indexPath.item]
    // The header is read on another thread if the reader has not come to it
    // (the file may be one that blocks); the rows follow when it is.
    if shapes.info(of: entry) == nil && shapes.error(of: entry) == nil {
      let file = entry.file
      let number = entry.number
      tasks.run {
        Result { () throws(ImageDecodingError) in try ImageInfo(contentsOf: file) }
      } then: { [shapes] result in
        shapes.record(result, for: number)
      }
    }
    let panel = PanelOverlay(
      title: entry.name, rows: detailRows(for: entry), footer: "any key closes",
      picture: CellPicture(pictureSource(for: entry), placement: .fill))
    detail = (panel, entry)
    present(panel)
  }

  /// The picture shown large, and its file, while its panel is open.
  private var detail: (panel: PanelOverlay, entry: PictureEntry)?

  /// The open detail panel, if it is still open.
  private var openDetail: (panel: PanelOverlay, entry: PictureEntry)? {
    guard let detail, overlays.contains(where: { $0 === detail.panel }) else { return nil }
    return detail
  }

  /// The rows under a picture: its folder, size, dimensions, format, and why it cannot be shown.
  func detailRows(for entry: PictureEntry) -> [PanelOverlay.Row] {
    var rows: [PanelOverlay.Row] = []
    rows.append(.init("Folder", entry.folderPath))
    rows.append(.init("Size", byteText(entry.byteCount)))
    if let info = shapes.info(of: entry) {
      rows.append(.init("Dimensions", "\(info.width) x \(info.height) pixels"))
      rows.append(.init("Format", info.format.name))
      if let failure = pictureSource(for: entry).failure { rows.append(.init("Error", failure)) }
    } else if let error = shapes.error(of: entry) {
      rows.append(.init("Error", error.description))
    } else {
      rows.append(.init("Dimensions", "reading…"))
    }
    return rows
  }

  // MARK: keys

  override var keyCommands: [KeyCommand] {
    [
      KeyCommand("+", "=", title: "larger thumbnails") { [unowned self] in resize(by: 1) },
      KeyCommand("-", title: "smaller thumbnails") { [unowned self] in resize(by: -1) },
      KeyCommand("L", title: "grid or waterfall (thumbnails keep their shape)") { [unowned self] in switchArrangement() },
      KeyCommand("d", Key(.delete), title: "take the selected pictures, or this one, off the view (not off the disk)") {
        [unowned self] in removePictures()
      },
    ]
  }

  override var helpTitles: [KeyBindings.HelpTopic: String] { [.activate: "show the picture large, with its size"] }

  func resize(by step: Int) {
    let next = min(max(0, widthStep + step), Self.widths.count - 1)
    guard next != widthStep else {
      message = step > 0 ? "largest thumbnails" : "smallest thumbnails"
      return
    }
    widthStep = next
    collectionView.setLayout(makeLayout(), animated: true)
    message = "thumbnails \(cardWidth) columns wide"
  }

  func switchArrangement() {
    arrangement = arrangement == .grid ? .waterfall : .grid
    collectionView.setLayout(makeLayout(), animated: true)
    message = "layout: \(arrangement.rawValue)"
  }

  /// Takes the selected pictures (or the focused one) off the view, animated; emptied folders go.
  func removePictures() {
    var paths = collectionView.indexPathsForSelectedItems.sorted()
    if paths.isEmpty, let f = collectionView.focusedIndexPath { paths = [f] }
    guard !paths.isEmpty else { return }
    let name = sections[paths[0].section].pictures[paths[0].item].name
    var next = sections
    for p in paths.reversed() { next[p.section].pictures.remove(at: p.item) }
    let emptied = next.indices.filter { next[$0].pictures.isEmpty }
    let items = paths.filter { !emptied.contains($0.section) }
    do {
      try collectionView.performBatchUpdates {
        sections = next.filter { !$0.pictures.isEmpty }
        try collectionView.deleteItems(at: items)
        try collectionView.deleteSections(emptied)
      }
    } catch {
      message = "\(error)"
      return
    }
    message =
      paths.count == 1 ? "took “\(name)” off the view (the file stays)" : "took \(paths.count) pictures off the view (the files stay)"
  }

  // MARK: bars

  override var titleText: String? {
    "Pictures · \(folder.root) · \(arrangement.rawValue)"
  }

  override var statusText: String {
    let count = sections.reduce(0) { $0 + $1.pictures.count }
    var left = "\(count) picture\(count == 1 ? "" : "s") · \(sections.count) folder\(sections.count == 1 ? "" : "s")"
    if folder.skippedFiles > 0 { left += " · \(folder.skippedFiles) other file\(folder.skippedFiles == 1 ? "" : "s") skipped" }
    if folder.unreadableFolders > 0 {
      left += " · \(folder.unreadableFolders) unreadable folder\(folder.unreadableFolders == 1 ? "" : "s")"
    }
    let selected = collectionView.indexPathsForSelectedItems.count
    if selected > 0 { left += " · \(selected) selected" }
    let pending = loader.pendingCount
    shownPending = pending
    if pending > 0 { left += " · making \(pending) thumbnail\(pending == 1 ? "" : "s")" }
    if message == nil, let f = collectionView.focusedIndexPath, f.section < sections.count, f.item < sections[f.section].pictures.count {
      left += " · \(sections[f.section].pictures[f.item].name)"
    }
    return left
  }

  override var statusHints: [StatusHint] { ["Enter view", "+/- size", "L layout", "? help", "q quit"] }
}
