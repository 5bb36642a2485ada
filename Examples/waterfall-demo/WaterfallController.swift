import TermGrid

/// The waterfall demo: numbered cards of random heights in a masonry
/// layout. + and - change the number of columns (animated), = lets the
/// width decide again, i inserts a card after the focused one, d deletes
/// the focused one, q or Esc quits. A drag sideways changes the columns
/// as it goes (right: one more, left: one fewer), kept when released past
/// half way and put back otherwise: an interactive layout transition.
final class WaterfallController: CollectionViewController, WaterfallLayoutDelegate {
  static let maximumColumns = 32
  /// The narrowest column when the width decides.
  static let minimumColumnWidth = 20.0
  static let heights = 3...12

  /// The cards, in order.
  private(set) var cards: [Card]
  /// A fixed number of columns, or nil when the width decides.
  private(set) var fixedColumns: Int?
  private var generator: SeededGenerator
  private var nextNumber: Int
  /// A drag sideways: 16 cells take the columns all the way to the next number.
  private var columnDrag = InteractiveTransitionDrag(axis: .horizontal, distance: 16)
  /// The column setting before the drag, put back if it is cancelled.
  private var columnsBeforeDrag: Int?

  init(count: Int, columns: Int? = nil, seed: UInt64 = 2026) {
    var generator = SeededGenerator(seed: seed)
    cards = (0..<count).map { Card(number: $0 + 1, height: Int.random(in: Self.heights, using: &generator)) }
    self.generator = generator
    nextNumber = count + 1
    fixedColumns = columns
    super.init(layout: WaterfallLayout())
    collectionView.setLayout(makeLayout(), animated: false)
    collectionView.allowsSelection = false
    collectionView.animationDuration = 0.3
    collectionView.animationCurve = .easeInOut
    quitKeys = ["q", Key(.escape)]
    collectionView.reloadData()
    if count > 0 { collectionView.focusItem(at: IndexPath(item: 0, section: 0)) }
  }

  /// The layout for the current column setting.
  private func makeLayout() -> WaterfallLayout {
    let columns: WaterfallLayout.Columns = fixedColumns.map { .count($0) } ?? .minimumWidth(Self.minimumColumnWidth)
    let layout = WaterfallLayout(
      columns: columns, interColumnSpacing: 1, lineSpacing: 0, sectionInset: EdgeInsets(top: 0, left: 1, bottom: 0, right: 1))
    layout.delegate = self
    return layout
  }

  /// The number of columns on screen now.
  var columnCount: Int { (collectionView.collectionViewLayout as? WaterfallLayout)?.columnFrames.count ?? 0 }

  override var statusText: String {
    let columns = columnCount
    let dragging =
      collectionView.isInteractiveTransitionInProgress
      ? " · drag \(Int((collectionView.transitionProgress * 100).rounded()))%" : ""
    return "\(cards.count) card\(cards.count == 1 ? "" : "s") · \(columns) column\(columns == 1 ? "" : "s")"
      + (fixedColumns == nil ? " (by width)" : " (fixed)") + dragging
  }
  override var statusHints: [StatusHint] { ["+/- columns", "i/d insert/delete", "? help", "q quit"] }

  override var keyCommands: [KeyCommand] {
    [
      KeyCommand("+", title: "one more column") { [unowned self] in setColumns((fixedColumns ?? columnCount) + 1) },
      KeyCommand("-", title: "one fewer column") { [unowned self] in setColumns((fixedColumns ?? columnCount) - 1) },
      KeyCommand("=", title: "columns by the width") { [unowned self] in setColumns(nil) },
      KeyCommand("i", Key(.insert), title: "insert a card after this one", action: insertCard),
      KeyCommand("d", Key(.delete), title: "delete this card", action: deleteCard),
    ]
  }

  /// A drag sideways goes to the columns on either side; every other event as usual.
  override func handle(_ event: InputEvent) throws -> EventResult {
    if case .mouse(let m) = event, overlays.isEmpty,
      columnDrag.handle(
        m, in: collectionView, layout: { [unowned self] forward in columnLayout(forward: forward) },
        completion: { [unowned self] completed, _ in
          if !completed { fixedColumns = columnsBeforeDrag }
        })
    {
      return .continue
    }
    return try super.handle(event)
  }

  /// The layout with one column more (`forward`) or fewer, for a drag; nil at either end.
  private func columnLayout(forward: Bool) -> WaterfallLayout? {
    let columns = columnCount + (forward ? 1 : -1)
    guard columns >= 1, columns <= maximumColumns else { return nil }
    columnsBeforeDrag = fixedColumns
    fixedColumns = columns
    return makeLayout()
  }

  // MARK: data

  override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    cards.count
  }

  override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    let card = cards[indexPath.item]
    let palette: [Color] = [.red, .green, .yellow, .blue, .magenta, .cyan]
    return ElementContent(
      title: "#\(card.number)", detail: "\(card.height) rows", border: .rounded, alignment: .center,
      style: Style(foreground: palette[card.number % palette.count]), titleAttributes: [.bold], padding: 0)
  }

  func waterfallLayout(_ layout: WaterfallLayout, heightForItemAt indexPath: IndexPath, columnWidth: Double) -> Double {
    Double(cards[indexPath.item].height)
  }

  // MARK: changes

  /// The most columns the view's width holds (each at least 4 cells wide, at most 32).
  var maximumColumns: Int { min(Self.maximumColumns, max(1, (collectionView.viewport.width - 1) / 5)) }

  /// Sets a number of columns (nil: the width decides), animated; a number
  /// out of 1 ... ``maximumColumns`` changes nothing and says why.
  func setColumns(_ columns: Int?) {
    if let columns, columns < 1 || columns > maximumColumns {
      message = columns < 1 ? "1 column is the least" : "\(maximumColumns) columns is the most at this width"
      return
    }
    fixedColumns = columns
    collectionView.setLayout(makeLayout(), animated: true)
  }

  /// Inserts a card of random height after the focused one (at the start
  /// when nothing is focused), animated, and focuses it.
  func insertCard() throws {
    let path = IndexPath(item: collectionView.focusedIndexPath.map { $0.item + 1 } ?? 0, section: 0)
    let card = Card(number: nextNumber, height: Int.random(in: Self.heights, using: &generator))
    try collectionView.insertItems(at: [path]) { cards.insert(card, at: path.item) }
    nextNumber += 1
    message = "inserted #\(card.number)"
    collectionView.focusItem(at: path)
  }

  /// Deletes the focused card, animated.
  func deleteCard() throws {
    guard let path = collectionView.focusedIndexPath, path.item < cards.count else { return }
    let removed = cards[path.item]
    try collectionView.deleteItems(at: [path]) { cards.remove(at: path.item) }
    message = "deleted #\(removed.number)"
  }
}
