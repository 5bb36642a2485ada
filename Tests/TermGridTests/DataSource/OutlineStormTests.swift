import GridLayout
import GridRender
import TermGridTesting
import Testing

@testable import TermGrid

/// Keys that come faster than frames, and trees that are big or deep: what
/// a key costs in an outline is counted (identifiers hashed, rows asked
/// for), never timed.
@Suite struct OutlineStormTests {
  /// How often identifiers were hashed and rows' content asked for.
  final class Tally: @unchecked Sendable {
    var hashes = 0
    var contents = 0
  }

  /// A row of the outline, counting its hashes.
  struct Row: Hashable, Sendable, CustomStringConvertible {
    let name: String
    let tally: Tally
    init(_ name: String, _ tally: Tally) {
      self.name = name
      self.tally = tally
    }
    static func == (a: Row, b: Row) -> Bool { a.name == b.name }
    func hash(into hasher: inout Hasher) {
      tally.hashes += 1
      hasher.combine(name)
    }
    var description: String { name }
  }

  /// An outline list in a controller: `small` (5 rows under it, closed),
  /// then `big`, open, with `bigRows` rows under it.
  final class OutlineScene: CollectionViewController {
    let tally: Tally
    private(set) var source: CollectionViewDiffableDataSource<Int, Row>!

    init(bigRows: Int, tally: Tally) throws {
      self.tally = tally
      var list = LayoutListConfiguration(appearance: .sidebarPlain)
      list.rowHeight = 1
      super.init(layout: CompositionalLayout.list(using: list))
      source = CollectionViewDiffableDataSource(collectionView: collectionView) { _, _, row in
        tally.contents += 1
        return ElementContent(title: row.name)
      }
      var sections = DiffableSnapshot<Int, Row>()
      sections.appendSections([0])
      try source.apply(sections, animatingDifferences: false)
      var tree = DiffableSectionSnapshot<Row>()
      let small = Row("small", tally)
      let big = Row("big", tally)
      try tree.append([small, big])
      try tree.append((0..<5).map { Row("small/\($0)", tally) }, to: small)
      try tree.append((0..<bigRows).map { Row("big/\($0)", tally) }, to: big)
      try tree.expand([big])
      try source.apply(tree, to: 0, animatingDifferences: false)
    }

    var rows: [String] {
      (0..<collectionView.numberOfItems(inSection: 0)).compactMap { source.itemIdentifier(for: IndexPath(item: $0, section: 0))?.name }
    }
  }

  /// What a storm of `keys` (Right and Left on `small`, opening and
  /// closing it above `bigRows` rows, all queued before the first frame;
  /// Right last when they are odd) and then `last` cost; the loop, the
  /// scene and the work counted from the first frame (drawn before the
  /// keys are read).
  func storm(bigRows: Int, keys: Int, then last: [Key]) throws -> (TerminalRunLoop, OutlineScene, Tally) {
    let tally = Tally()
    let scene = try OutlineScene(bigRows: bigRows, tally: tally)
    let terminal = HeadlessTerminal(width: 80, height: 24)
    let loop = TerminalRunLoop(terminal: terminal, scene: scene)
    for _ in 0..<(keys / 2) { terminal.send(keys: Key(.right), Key(.left)) }
    if keys % 2 == 1 { terminal.send(keys: Key(.right)) }
    for key in last { terminal.send(keys: key) }
    scene.collectionView.clock = ManualAnimationClock()
    tally.hashes = 0
    tally.contents = 0
    try loop.run(untilIdle: true)
    return (loop, scene, tally)
  }

  /// 4,000 keys queued, then `?` (which they come before: each is handled
  /// in its turn): the keys cost what they cost above 500 rows or 8,000:
  /// each key its own rows (the five it opens or closes), never a walk or
  /// a difference of every row, and the rows on screen asked for once or
  /// twice, not once a key for an animation begun and cut short.
  @Test func aStormCostsTheRowsItsKeysOpenAndCloseNotTheRowsShown() throws {
    let (smallLoop, smallScene, small) = try storm(bigRows: 500, keys: 4000, then: ["?"])
    let (bigLoop, bigScene, big) = try storm(bigRows: 8000, keys: 4000, then: ["?"])
    for (loop, scene) in [(smallLoop, smallScene), (bigLoop, bigScene)] {
      #expect(loop.framesPresented == 2, "the first frame and one for all the keys")
      #expect(scene.overlays.count == 1, "the help is open")
      #expect(scene.rows.count == (scene === smallScene ? 502 : 8002), "small ends closed (an even number of keys)")
    }
    // (Not exactly the same: removing from a hash table rehashes the
    // entries after it in its probe chain, which depends on the table's
    // layout; within a few percent.)
    #expect(big.hashes * 4 < small.hashes * 5, "a key costs the same above 8,000 rows as above 500 (\(big.hashes) against \(small.hashes))")
    #expect(big.hashes < 4000 * 40, "a few look-ups a key (\(big.hashes) for 4,000 keys)")
    #expect(big.hashes > 4000, "the keys were handled (\(big.hashes))")
    #expect(
      big.contents <= 3 * 23,
      "the rows on screen asked for at most three times (the first key's animation, the frame, the help's), not for every key (\(big.contents))"
    )
  }

  /// `q` (or Ctrl-C) queued behind 4,001 keys: the loop reads ahead, finds
  /// it, and quits without handling them (they would leave `small` open)
  /// and without drawing: what the first frame and the key alone cost.
  @Test(arguments: [Key("q"), Key.control("c")])
  func quitQueuedBehindAStormIsActedOnWithoutTheStorm(quit: Key) throws {
    let (loop, scene, tally) = try storm(bigRows: 8000, keys: 4001, then: [quit])
    let (_, _, alone) = try storm(bigRows: 8000, keys: 0, then: [quit])
    #expect(loop.framesPresented == 1, "the first frame only: the loop quit")
    #expect(scene.rows.count == 8002, "small still closed: the keys were dropped")
    #expect(
      tally.hashes == alone.hashes && tally.contents == alone.contents,
      "what the first frame and the quit key alone cost: \(tally.hashes) hashes, \(tally.contents) rows asked for")
  }

  /// Esc queued behind a storm, after `?`: the help opens and closes, one
  /// frame is drawn for it all, and nothing is left animating.
  @Test func escapeQueuedBehindAStormClosesWhatItClosesInOneFrame() throws {
    let (loop, scene, tally) = try storm(bigRows: 2000, keys: 4000, then: [Key(.right), Key("?"), Key(.escape)])
    #expect(scene.overlays.isEmpty)
    #expect(loop.framesPresented == 2, "the first frame and one for all the keys")
    #expect(scene.rows.count == 2007, "small ends open (an odd number of keys)")
    #expect(!scene.collectionView.isAnimating, "keys before a frame hold animations: the frame shows where they led")
    #expect(tally.contents <= 3 * 23, "\(tally.contents) rows asked for")
  }

  /// A list view and its outline data source, for the deep tree.
  func makeList(_ tally: Tally) throws -> (CollectionView, CollectionViewDiffableDataSource<Int, Row>, ManualAnimationClock) {
    var list = LayoutListConfiguration(appearance: .sidebarPlain)
    list.rowHeight = 1
    let view = CollectionView(layout: CompositionalLayout.list(using: list))
    let clock = ManualAnimationClock()
    view.clock = clock
    view.setFrame(CellRect(x: 0, y: 0, width: 60, height: 20))
    let source = CollectionViewDiffableDataSource<Int, Row>(collectionView: view) { _, _, row in
      tally.contents += 1
      return ElementContent(title: row.name)
    }
    var sections = DiffableSnapshot<Int, Row>()
    sections.appendSections([0])
    try source.apply(sections, animatingDifferences: false)
    return (view, source, clock)
  }

  /// The work of opening the folder at `depth` of a chain (each folder
  /// holding the next and a file, open down to it): Right, a frame half
  /// way through the animation, and its last frame.
  func workOfExpanding(atDepth depth: Int) throws -> (hashes: Int, contents: Int) {
    let tally = Tally()
    let (view, source, clock) = try makeList(tally)
    var tree = DiffableSectionSnapshot<Row>()
    let folders = (0...depth + 1).map { Row("d\($0)", tally) }
    try tree.append([folders[0]])
    for level in 0...depth {
      try tree.append([folders[level + 1], Row("f\(level)", tally)], to: folders[level])
    }
    try tree.expand(Array(folders[0..<depth]))
    try source.apply(tree, to: 0, animatingDifferences: false)
    view.focusItem(at: IndexPath(item: depth, section: 0))
    #expect(source.itemIdentifier(for: IndexPath(item: depth, section: 0)) == folders[depth])
    var surface = Surface(width: 60, height: 20)
    view.draw(into: &surface)
    tally.hashes = 0
    tally.contents = 0
    view.handle(.key(Key(.right)))
    #expect(source.itemIdentifier(for: IndexPath(item: depth + 1, section: 0)) == folders[depth + 1], "opened")
    clock.advance(by: view.animationDuration / 2)
    view.draw(into: &surface)
    clock.advance(by: view.animationDuration)
    view.draw(into: &surface)
    #expect(!view.isAnimating)
    return (tally.hashes, tally.contents)
  }

  /// Opening a folder 1,000 levels deep costs what opening one 10 levels
  /// deep costs: the rows shown above it are not walked, hashed or
  /// compared, and a row's level is one look-up.
  @Test func openingAFolderDeepInATreeCostsWhatItCostsNearTheTop() throws {
    let shallow = try workOfExpanding(atDepth: 10)
    let deep = try workOfExpanding(atDepth: 1000)
    // (Within a few percent, as removing from a hash table rehashes a probe chain.)
    #expect(deep.hashes * 4 < shallow.hashes * 5, "\(deep.hashes) hashes at depth 1,000 against \(shallow.hashes) at depth 10")
    // Content: each of the 20 rows shown once (what it showed when the change
    // began, kept through the animation), the parent again for its disclosure
    // and the new rows that come into view (two near the top; none deep down,
    // where they open below the screen's last row).
    #expect(deep.contents <= shallow.contents, "\(deep.contents) contents asked at depth 1,000 against \(shallow.contents) at depth 10")
    #expect(shallow.contents <= 20 + 1 + 2)
  }

  /// A key while an update animates completes it at once (its completion
  /// told it finished); keys that come before an animation's first frame
  /// make the changes until the next frame immediate; after a frame, an
  /// update animates again.
  @Test func aKeyCompletesAnAnimationAndKeysFasterThanFramesAreNotAnimated() throws {
    let tally = Tally()
    let (view, source, clock) = try makeList(tally)
    var tree = DiffableSectionSnapshot<Row>()
    let a = Row("a", tally)
    let b = Row("b", tally)
    try tree.append([a, b])
    try tree.append([Row("a1", tally)], to: a)
    try tree.append([Row("b1", tally)], to: b)
    try source.apply(tree, to: 0, animatingDifferences: false)
    var surface = Surface(width: 60, height: 20)
    view.draw(into: &surface)
    var finished: [Bool] = []
    view.handle(.key(Key(.right)))  // a opens, animated
    #expect(view.isAnimating)
    view.updates.addCompletionToRunningAnimation { finished.append($0) }
    clock.advance(by: view.animationDuration / 4)
    view.draw(into: &surface)  // a frame of it
    view.handle(.key(Key(.down)))
    #expect(!view.isAnimating && finished == [true], "the key completed it")
    view.handle(.key(Key(.down)))  // to b
    view.handle(.key(Key(.right)))  // b opens, animated (the last animation had drawn a frame)
    #expect(view.isAnimating)
    view.handle(.key(Key(.left)))  // before any frame of it: completed, and what follows is immediate
    #expect(!view.isAnimating)
    view.handle(.key(Key(.up)))
    view.handle(.key(Key(.up)))
    view.handle(.key(Key(.left)))  // a closes: not animated until the next frame
    #expect(!view.isAnimating)
    view.draw(into: &surface)
    view.handle(.key(Key(.right)))  // a frame was drawn: animated again
    #expect(view.isAnimating)
  }

  /// A row that leaves fades out as it was drawn: the placeholder that
  /// loaded children replace keeps its indentation (it lost it: column 8
  /// jumped to 4 in file-browser), and so does a row a new snapshot drops.
  @Test func aRowThatLeavesFadesOutIndentedAsItWasDrawn() throws {
    let tally = Tally()
    let (view, source, clock) = try makeList(tally)
    let top = Row("top", tally)
    let folder = Row("folder", tally)
    let placeholder = Row("folder/…", tally)
    source.sectionSnapshotHandlers.placeholderForLoadingChildren = { $0 == folder ? placeholder : nil }
    source.sectionSnapshotHandlers.loadChildren = { @Sendable parent in
      var children = DiffableSectionSnapshot<Row>()
      try children.append([Row("folder/1", Tally())])  // (a tally of its own: this runs off the main thread)
      return children
    }
    var tree = DiffableSectionSnapshot<Row>()
    try tree.append([top])
    try tree.append([folder, Row("gone", tally)], to: top)
    try tree.expand([top])
    try source.apply(tree, to: 0, animatingDifferences: false)
    view.focusItem(at: IndexPath(item: 1, section: 0))
    view.handle(.key(Key(.right)))
    clock.advance(by: 1)
    var surface = Surface(width: 60, height: 20)
    view.draw(into: &surface)
    #expect(source.snapshot(for: 0).level(of: placeholder) == 2)
    let deadline = ContinuousClock.now + .seconds(60)
    while source.childLoadingTasks.pendingCount > 0 && ContinuousClock.now < deadline {
      _ = source.childLoadingTasks.takeFinishedSources()
    }
    let leaving = try #require(view.updates.transition?.tracks.first { $0.isDisappearing })
    #expect(leaving.content?.title == "folder/…" && leaving.content?.indentationLevel == 2)
    clock.advance(by: 1)
    view.draw(into: &surface)
    // A new snapshot drops a row: it fades out at its level too.
    var fewer = source.snapshot(for: 0)
    fewer.delete([Row("gone", tally)])
    try source.apply(fewer, to: 0)
    let dropped = try #require(view.updates.transition?.tracks.first { $0.isDisappearing })
    #expect(dropped.content?.title == "gone" && dropped.content?.indentationLevel == 1)
  }
}
