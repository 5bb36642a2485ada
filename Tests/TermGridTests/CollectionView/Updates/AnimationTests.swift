import GridLayout
import GridRender
import TermGridTesting
import Testing

@testable import TermGrid

@Suite struct AnimationTests {
  func frame(_ view: CollectionView) -> [String] {
    var s = Surface(width: 60, height: 16)
    view.draw(into: &s)
    return s.lines
  }

  @Test func firstFrameIsTheOldLayoutLastIsTheNewMiddleIsNeither() throws {
    let (view, model, clock) = makeIDView([[1, 2, 3, 4, 5, 6, 7, 8]])
    let old = frame(view)
    try view.performBatchUpdates {
      model.sections[0].remove(at: 0)
      try view.deleteItems(at: [IndexPath(item: 0, section: 0)])
    }
    #expect(view.isAnimating && view.needsDisplay)
    // t = 0: what was on screen, but for the header and footer, which count the items as they are now.
    #expect(frame(view) == old.map { $0.replacingOccurrences(of: "has 8 ", with: "has 7 ") })
    clock.advance(by: view.animationDuration / 2)
    let middle = frame(view)
    clock.advance(by: view.animationDuration)
    let last = frame(view)
    #expect(!view.isAnimating)
    let (fresh, freshModel, _) = makeIDView(model.sections)
    #expect(last == frame(fresh))
    #expect(middle != old && middle != last)
    #expect(last.joined().contains("footer has 7") && old.joined().contains("footer has 8"))
    withExtendedLifetime(freshModel) {}
  }

  @Test func anInterruptedAnimationContinuesFromWhatIsOnScreen() throws {
    let (view, model, clock) = makeIDView([[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]])
    var results: [Bool] = []
    try view.performBatchUpdates(
      {
        model.sections[0].removeFirst(2)
        try view.deleteItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)])
      }, completion: { results.append($0) })
    clock.advance(by: view.animationDuration * 0.4)
    let before = frame(view)
    try view.performBatchUpdates(
      {
        model.sections[0].insert(99, at: 0)
        try view.insertItems(at: [IndexPath(item: 0, section: 0)])
      }, completion: { results.append($0) })
    #expect(results == [false])  // the first was cut short
    // No jump, no flash (the counts are the data's now).
    #expect(frame(view) == before.map { $0.replacingOccurrences(of: "has 10 ", with: "has 11 ") })
    clock.advance(by: view.animationDuration * 0.5)
    let moving = frame(view)
    #expect(moving != before)
    clock.advance(by: view.animationDuration)
    let last = frame(view)
    #expect(results == [false, true])
    let (fresh, freshModel, _) = makeIDView(model.sections)
    #expect(last == frame(fresh))
    withExtendedLifetime(freshModel) {}
  }

  @Test func aLayoutChangeAnimatesEveryVisibleElementAndKeepsTheFocusInView() throws {
    let (view, model, clock) = makeIDView([Array(1...40)])
    view.focusItem(at: IndexPath(item: 20, section: 0))
    let old = frame(view)
    let list = FlowLayout(itemSize: Size(width: 40, height: 3), headerReferenceSize: Size(width: 0, height: 1))
    view.setLayout(list, animated: true)
    #expect(frame(view) == old)
    clock.advance(by: view.animationDuration / 2)
    let middle = frame(view)
    clock.advance(by: view.animationDuration)
    let last = frame(view)
    #expect(middle != old && middle != last)
    #expect(view.indexPathsForVisibleItems.contains(IndexPath(item: 20, section: 0)))
    #expect(last.joined().contains("#21"))
    withExtendedLifetime(model) {}
  }

  @Test func theRunLoopDrawsFramesWhileAnimatingAndThenBlocks() throws {
    let (view, model, clock) = makeIDView([[1, 2, 3]])
    let terminal = HeadlessTerminal(width: 60, height: 16)
    let loop = TerminalRunLoop(terminal: terminal, scene: GridScene(view))
    try loop.run(untilIdle: true)
    #expect(loop.framesPresented == 1 && terminal.idleWaits == 1)
    try view.performBatchUpdates {
      model.sections[0].append(4)
      try view.insertItems(at: [IndexPath(item: 3, section: 0)])
    }
    var frames = 0
    while view.needsDisplay && frames < 100 {
      clock.advance(by: 1.0 / 60)
      try loop.drawFrame(force: false)
      frames += 1
    }
    #expect(frames >= 14 && frames <= 17)  // 0.25 s at 60 frames a second
    try loop.drawFrame(force: false)
    #expect(loop.framesPresented == 1 + frames)  // nothing more once it ended
    #expect(terminal.text.contains("#4"))
  }

  @Test func withoutAnimationTheNewStateIsDrawnAtOnce() throws {
    let (view, model, _) = makeIDView([[1, 2, 3]])
    view.animationDuration = 0
    var done = false
    try view.performBatchUpdates(
      {
        model.sections[0].remove(at: 1)
        try view.deleteItems(at: [IndexPath(item: 1, section: 0)])
      }, completion: { done = $0 })
    #expect(done && !view.isAnimating)
    #expect(!frame(view).joined().contains("#2"))
  }

  @Test func aHeaderThatCountsItsBooksSaysTheNewCountFromTheFirstFrameOfADelete() throws {
    let shelf = Shelf(pinnedHeaders: false)
    let clock = ManualAnimationClock()
    shelf.collectionView.clock = clock
    let before = shelf.screen()
    #expect(
      before == """
        ─ Austen · 12 books ────────────────────
        ┌────────┐ ┌────────┐ ┌────────┐
        │ Emma   │ │Persuas…│ │Sanditon│
        └────────┘ └────────┘ └────────┘
        ┌────────┐ ┌────────┐ ┌────────┐
        │Lady Su…│ │Mansfie…│ │Juvenil…│
        └────────┘ └────────┘ └────────┘
        ┌────────┐ ┌────────┐ ┌────────┐
        │Northan…│ │ Pride  │ │ Sense  │
        └────────┘ └────────┘ └────────┘
        ┌────────┐ ┌────────┐ ┌────────┐
        │Watsons │ │ Love   │ │Letters │
        └────────┘ └────────┘ └────────┘
         17 books                ? help  q quit
        """)
    try shelf.collectionView.deleteItems(at: [IndexPath(item: 0, section: 0)]) { shelf.books[0].remove(at: 0) }
    // The first frame: every card where it was, Emma too; the header's count
    // is the model's already, as the status line's is.
    #expect(
      shelf.screen() == """
        ─ Austen · 11 books ────────────────────
        ┌────────┐ ┌────────┐ ┌────────┐
        │ Emma   │ │Persuas…│ │Sanditon│
        └────────┘ └────────┘ └────────┘
        ┌────────┐ ┌────────┐ ┌────────┐
        │Lady Su…│ │Mansfie…│ │Juvenil…│
        └────────┘ └────────┘ └────────┘
        ┌────────┐ ┌────────┐ ┌────────┐
        │Northan…│ │ Pride  │ │ Sense  │
        └────────┘ └────────┘ └────────┘
        ┌────────┐ ┌────────┐ ┌────────┐
        │Watsons │ │ Love   │ │Letters │
        └────────┘ └────────┘ └────────┘
         16 books                ? help  q quit
        """)
    // Half the time (most of the way, eased out): the cards slide over Emma, fading beneath them.
    clock.advance(by: shelf.collectionView.animationDuration / 2)
    #expect(shelf.collectionView.isAnimating)
    #expect(
      shelf.screen() == """
        ─ Austen · 11 books ────────────────────
        ┌┌────────┐ ┌──────┌────────┐
        ││Persuas…│ │Sandit│Lady Su…│
        └└────────┘ └──────└────────┘
         ┌────────┐ ┌──────┌────────┐
         │Mansfie…│ │Juveni│Northan…│
         └────────┘ └──────└────────┘
         ┌────────┐ ┌──────┌────────┐
         │ Pride  │ │ Sense│Watsons │
         └────────┘ └──────└────────┘
         ┌────────┐ ┌────────┐
         │ Love   │ │Letters │
         └────────┘ └────────┘
         16 books                ? help  q quit
        """)
    clock.advance(by: shelf.collectionView.animationDuration)
    #expect(
      shelf.screen() == """
        ─ Austen · 11 books ────────────────────
        ┌────────┐ ┌────────┐ ┌────────┐
        │Persuas…│ │Sanditon│ │Lady Su…│
        └────────┘ └────────┘ └────────┘
        ┌────────┐ ┌────────┐ ┌────────┐
        │Mansfie…│ │Juvenil…│ │Northan…│
        └────────┘ └────────┘ └────────┘
        ┌────────┐ ┌────────┐ ┌────────┐
        │ Pride  │ │ Sense  │ │Watsons │
        └────────┘ └────────┘ └────────┘
        ┌────────┐ ┌────────┐
        │ Love   │ │Letters │
        └────────┘ └────────┘
         16 books                ? help  q quit
        """)
    #expect(!shelf.collectionView.isAnimating)
  }

  @Test func aPinnedHeaderAndAFooterSayTheNewCountFromTheFirstFrameOfADelete() throws {
    let shelf = Shelf(pinnedHeaders: true)
    let clock = ManualAnimationClock()
    shelf.collectionView.clock = clock
    // The last book of the shelf, scrolled to: the header floats over the first row's top.
    _ = shelf.screen()
    shelf.collectionView.focusItem(at: IndexPath(item: 11, section: 0))
    #expect(
      shelf.screen() == """
        ─ Austen · 12 books ────────────────────
        │ Emma   │ │Persuas…│ │Sanditon│
        └────────┘ └────────┘ └────────┘
        ┌────────┐ ┌────────┐ ┌────────┐
        │Lady Su…│ │Mansfie…│ │Juvenil…│
        └────────┘ └────────┘ └────────┘
        ┌────────┐ ┌────────┐ ┌────────┐
        │Northan…│ │ Pride  │ │ Sense  │
        └────────┘ └────────┘ └────────┘
        ┌────────┐ ┌────────┐ ┌────────┐
        │Watsons │ │ Love   │ │Letters │
        └────────┘ └────────┘ └────────┘
                                12 books in all
         17 books                ? help  q quit
        """)
    try shelf.collectionView.deleteItems(at: [IndexPath(item: 11, section: 0)]) { shelf.books[0].remove(at: 11) }
    let first = """
      ─ Austen · 11 books ────────────────────
      │ Emma   │ │Persuas…│ │Sanditon│
      └────────┘ └────────┘ └────────┘
      ┌────────┐ ┌────────┐ ┌────────┐
      │Lady Su…│ │Mansfie…│ │Juvenil…│
      └────────┘ └────────┘ └────────┘
      ┌────────┐ ┌────────┐ ┌────────┐
      │Northan…│ │ Pride  │ │ Sense  │
      └────────┘ └────────┘ └────────┘
      ┌────────┐ ┌────────┐ ┌────────┐
      │Watsons │ │ Love   │ │Letters │
      └────────┘ └────────┘ └────────┘
                              11 books in all
       16 books                ? help  q quit
      """
    // Letters is there, fading, to the last frame; header and footer say 11 throughout.
    #expect(shelf.screen() == first)
    clock.advance(by: shelf.collectionView.animationDuration / 2)
    #expect(shelf.collectionView.isAnimating && shelf.screen() == first)
    clock.advance(by: shelf.collectionView.animationDuration)
    #expect(
      shelf.screen() == """
        ─ Austen · 11 books ────────────────────
        │ Emma   │ │Persuas…│ │Sanditon│
        └────────┘ └────────┘ └────────┘
        ┌────────┐ ┌────────┐ ┌────────┐
        │Lady Su…│ │Mansfie…│ │Juvenil…│
        └────────┘ └────────┘ └────────┘
        ┌────────┐ ┌────────┐ ┌────────┐
        │Northan…│ │ Pride  │ │ Sense  │
        └────────┘ └────────┘ └────────┘
        ┌────────┐ ┌────────┐
        │Watsons │ │ Love   │
        └────────┘ └────────┘
                                11 books in all
         16 books                ? help  q quit
        """)
    #expect(!shelf.collectionView.isAnimating)
  }

  @Test func aDiffableSourceWhoseHeadersReadTheModelCountsAlikeFromTheFirstFrame() throws {
    // The model changes before the snapshot is applied, as it must: the header says so at once.
    let view = CollectionView(
      layout: FlowLayout(
        itemSize: Size(width: 12, height: 3), minimumInteritemSpacing: 1, headerReferenceSize: Size(width: 0, height: 1)))
    let clock = ManualAnimationClock()
    view.clock = clock
    view.showsScrollIndicator = false
    view.setFrame(CellRect(x: 0, y: 0, width: 40, height: 12))
    var shelves = ["Austen": ["Emma", "Persuasion", "Sanditon"]]
    let source = CollectionViewDiffableDataSource<String, String>(collectionView: view) { _, _, title in
      ElementContent(title: title, border: .single)
    }
    source.supplementaryProvider = { [unowned source] _, _, path in
      let name = source.sectionIdentifier(for: path.section) ?? ""
      return .header("\(name) · \(shelves[name]?.count ?? 0) books")
    }
    func screen() -> String {
      var surface = Surface(width: 40, height: 12)
      view.draw(into: &surface)
      return surface.text
    }
    var snapshot = DiffableSnapshot<String, String>()
    snapshot.appendSections(["Austen"])
    try snapshot.appendItems(shelves["Austen"]!, toSection: "Austen")
    try source.apply(snapshot, animatingDifferences: false)
    #expect(screen().contains("Austen · 3 books"))
    shelves["Austen"]!.removeFirst()
    snapshot.deleteItems(["Emma"])
    try source.apply(snapshot)
    // The header's count is the model's from the first frame; Emma fades out under it, the others close up.
    #expect(
      screen() == """
        ─ Austen · 2 books ─────────────────────
        ┌──────────┐  ┌──────────┐  ┌──────────┐
        │ Emma     │  │Persuasion│  │ Sanditon │
        └──────────┘  └──────────┘  └──────────┘
        """ + String(repeating: "\n", count: 8))
    clock.advance(by: view.animationDuration / 2)
    #expect(
      screen() == """
        ─ Austen · 2 books ─────────────────────
        ┌─┌──────────┐              ┌──────────┐
        │ │Persuasion│              │ Sanditon │
        └─└──────────┘              └──────────┘
        """ + String(repeating: "\n", count: 8))
    clock.advance(by: view.animationDuration)
    #expect(
      screen() == """
        ─ Austen · 2 books ─────────────────────
        ┌──────────┐                ┌──────────┐
        │Persuasion│                │ Sanditon │
        └──────────┘                └──────────┘
        """ + String(repeating: "\n", count: 8))
    #expect(!view.isAnimating)
  }
}

/// A shelf of books by one author and another of a second, as the
/// catalogue shows them: a header "Austen · 12 books", a footer "12 books in all".
private final class Shelf: CollectionViewController {
  var books = [
    [
      "Emma", "Persuasion", "Sanditon", "Lady Susan", "Mansfield", "Juvenilia", "Northanger", "Pride", "Sense", "Watsons", "Love",
      "Letters",
    ],
    ["Jane Eyre", "Villette", "Shirley", "Professor", "Fragments"],
  ]

  init(pinnedHeaders: Bool) {
    let layout = FlowLayout(
      itemSize: Size(width: 10, height: 3), minimumInteritemSpacing: 1,
      headerReferenceSize: Size(width: 0, height: 1), footerReferenceSize: Size(width: 0, height: 1))
    layout.sectionHeadersPinToVisibleBounds = pinnedHeaders
    layout.lineAlignment = .leading
    super.init(layout: layout)
    collectionView.showsScrollIndicator = false
  }

  /// The screen of 40 x 14 drawn incrementally, as an app's frames are.
  var surface = Surface(width: 40, height: 14)
  func screen() -> String {
    draw(into: &surface)
    return surface.text
  }

  override var statusText: String { "\(books.map(\.count).reduce(0, +)) books" }
  override func numberOfSections(in collectionView: CollectionView) -> Int { books.count }
  override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    books[section].count
  }
  override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    ElementContent(title: books[indexPath.section][indexPath.item], border: .single)
  }
  override func collectionView(
    _ collectionView: CollectionView, contentForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
  ) -> ElementContent {
    let count = books[indexPath.section].count
    return kind == .header
      ? .header("\(["Austen", "Brontë"][indexPath.section]) · \(count) books") : .footer("\(count) books in all")
  }
}
