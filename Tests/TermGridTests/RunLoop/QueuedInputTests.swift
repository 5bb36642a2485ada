import GridLayout
import GridRender
import TermGridTesting
import Testing

@testable import TermGrid

/// Keys that come faster than they are taken: the run loop reads ahead, and
/// `q`, Ctrl-C and Esc behind a storm of keys that only move around are
/// handled without them; what a key means is never changed by the look.
/// The work is counted (events handled), never timed.
@Suite struct QueuedInputTests {
  /// 200 movable items; `/` opens a text field; every event handled is counted.
  final class App: CollectionViewController {
    var items = Array(0..<200)
    var handled: [InputEvent] = []
    var quitAsked = 0
    var quitAllowed = true
    var changes: [String] = []
    var cancels = 0
    var submitted: [String] = []
    var moves: [(IndexPath, IndexPath)] = []

    init() {
      super.init(layout: FlowLayout(itemSize: Size(width: 10, height: 3)))
    }

    override var keyCommands: [KeyCommand] {
      [
        KeyCommand("/", title: "filter") { [unowned self] in
          present(
            TextInputOverlay(
              label: "/", onChange: { [unowned self] in changes.append($0) }, onCancel: { [unowned self] in cancels += 1 },
              onSubmit: { [unowned self] in submitted.append($0) }))
        }
      ]
    }
    /// `d`, bound to nothing in the view, handled here before `super`.
    var deleted = 0
    override func handle(_ event: InputEvent) throws -> EventResult {
      handled.append(event)
      if event == .key("d"), overlays.isEmpty {
        deleted += 1
        return .continue
      }
      return try super.handle(event)
    }
    override func shouldQuit() -> Bool {
      quitAsked += 1
      return quitAllowed
    }
    override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { items.count }
    override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
      ElementContent(title: "#\(items[indexPath.item])")
    }
    override func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { true }
    override func collectionView(_ collectionView: CollectionView, moveItemAt source: IndexPath, to destination: IndexPath) {
      moves.append((source, destination))
      items.insert(items.remove(at: source.item), at: destination.item)
    }
  }

  /// A loop on 80x24 whose first frame is drawn, with `keys` queued after it.
  func run(_ app: App, _ events: [InputEvent]) throws -> (TerminalRunLoop, HeadlessTerminal) {
    let terminal = HeadlessTerminal(width: 80, height: 24)
    let loop = TerminalRunLoop(terminal: terminal, scene: app)
    let clock = ManualAnimationClock()
    app.collectionView.clock = clock
    terminal.onWait = { clock.advance(by: $0) }
    terminal.pendingEvents = events
    try loop.run(untilIdle: true)
    return (loop, terminal)
  }

  static let storm: [InputEvent] = (0..<2000).flatMap { _ in [InputEvent.key(Key(.right)), .key(Key(.down))] } + [.key(Key(.right))]

  /// `q` or Ctrl-C behind 4,001 arrows: handled alone, the arrows dropped
  /// (the focus never moved), no frame drawn for them.
  @Test(arguments: [Key("q"), Key.control("c")])
  func aQuitKeyBehindAStormIsHandledWithoutTheStorm(quit: Key) throws {
    let app = App()
    let (loop, terminal) = try run(app, Self.storm + [.key(quit)])
    #expect(app.handled.count == 1 && app.handled.first == .key(quit), "\(app.handled.count) events handled")
    #expect(app.quitAsked == 1 && loop.framesPresented == 1 && terminal.pendingEvents.isEmpty)
    #expect(app.collectionView.focusedIndexPath == IndexPath(item: 0, section: 0))
  }

  /// A scene that says nothing about queued events (the default) gets
  /// every event in its turn, `q` last.
  @Test func aSceneThatSaysNothingGetsEveryEventInItsTurn() throws {
    let (view, data) = makeGrid([1000])
    defer { withExtendedLifetime(data) {} }
    let terminal = HeadlessTerminal(width: 80, height: 24)
    let loop = TerminalRunLoop(terminal: terminal, scene: GridScene(view))
    terminal.pendingEvents = Array(repeating: .key(Key(.down)), count: 30) + [.key("q")]
    try loop.run(untilIdle: true)
    #expect(view.focusedIndexPath != IndexPath(item: 0, section: 0) && loop.framesPresented == 1)
  }

  /// A key bound to nothing in the view, which a subclass handles in its
  /// own `handle(_:)` (`d` deletes here), is never dropped: the storm
  /// before it is handled in its turn, the one after it dropped for `q`.
  @Test func aKeyTheViewDoesNotKnowIsNeverDropped() throws {
    let app = App()
    _ = try run(app, Self.storm + [.key("d")] + Self.storm + [.key("q")])
    #expect(app.deleted == 1 && app.quitAsked == 1)
    #expect(app.handled.count == Self.storm.count + 2, "\(app.handled.count) events handled")
  }

  /// Ctrl-C, arrows, Ctrl-C: the second Ctrl-C does not quit without
  /// asking (the arrows came between): one arrow is handled, which ends the
  /// pair; the rest are dropped.
  @Test func arrowsBetweenTwoInterruptsStillBreakThePair() throws {
    let app = App()
    app.quitAllowed = false
    _ = try run(app, [.key(.control("c"))] + Self.storm + [.key(.control("c"))])
    #expect(app.quitAsked == 2, "the second Ctrl-C asked too")
    #expect(app.handled.count == 3, "\(app.handled.count) events handled")
    #expect(app.handled.prefix(3) == [.key(.control("c")), .key(Key(.right)), .key(.control("c"))])
  }

  /// `q` typed into the field `/` opened is text; Esc behind what was typed
  /// cancels it without it (onChange never called); Enter keeps its turn,
  /// so what was typed before it is all there.
  @Test func aFieldTakesQAsTextAndEscapeCancelsWhatWasTypedBeforeIt() throws {
    let typed: [InputEvent] = Array(String(repeating: "quit ", count: 400)).map { .key(Key(.character($0))) }
    let app = App()
    _ = try run(app, [.key("/")] + typed + [.key(Key(.escape))])
    #expect(app.overlays.isEmpty && app.cancels == 1 && app.changes.isEmpty)
    #expect(app.handled.count == 2 && app.handled.first == .key("/"), "\(app.handled.count) events handled")
    let kept = App()
    _ = try run(kept, [.key("/")] + typed.prefix(9) + [.key(Key(.enter))] + Self.storm + [.key("q")])
    #expect(kept.submitted == ["quit quit"] && kept.changes.count == 9)
    #expect(kept.handled.count == 12, "the storm after Enter dropped for q")
  }

  /// A lifted item: Esc behind 4,001 arrows puts it back without them;
  /// Enter keeps its turn (the item dropped where the arrows took it).
  @Test func escapePutsALiftedItemBackWithoutTheArrowsBeforeIt() throws {
    let app = App()
    _ = try run(app, [.key("m")] + Self.storm + [.key(Key(.escape))])
    #expect(!app.collectionView.isMovingItem && app.moves.isEmpty && app.handled.count == 2)
    let dropped = App()
    _ = try run(dropped, [.key("m"), .key(Key(.right)), .key(Key(.right)), .key(Key(.enter))] + Self.storm + [.key(.control("c"))])
    #expect(dropped.moves.count == 1 && dropped.moves.first?.1 == IndexPath(item: 2, section: 0))
    #expect(dropped.handled.count == 5 && dropped.quitAsked == 1)
  }

  /// The help screen, drawn (on a small terminal, so that it scrolls):
  /// scroll keys before `q` are dropped, and `q` closes the help (it does not quit).
  @Test func aKeyBehindScrollKeysClosesTheHelp() throws {
    let app = App()
    let terminal = HeadlessTerminal(width: 40, height: 10)
    let loop = TerminalRunLoop(terminal: terminal, scene: app)
    terminal.send(keys: "?")
    try loop.run(untilIdle: true)
    #expect(app.overlays.count == 1 && app.role(ofQueued: .key(Key(.down))) == .droppable, "the help scrolls")
    terminal.pendingEvents = Array(repeating: .key(Key(.down)), count: 3000) + [.key("q")]
    try loop.run(untilIdle: true)
    #expect(app.overlays.isEmpty && app.quitAsked == 0)
    #expect(app.handled.count == 2 && app.handled.last == .key("q"), "\(app.handled.count) events handled")
  }

  /// A resize in a storm is never dropped: the keys before it are handled
  /// in their turn, those after it dropped for `q`.
  @Test func aResizeInAStormIsNeverDropped() throws {
    let app = App()
    let (loop, _) = try run(app, Self.storm + [.resize(width: 100, height: 30)] + Self.storm + [.key("q")])
    #expect(loop.surface.width == 100 && loop.surface.height == 30)
    #expect(app.handled.count == Self.storm.count + 2)
  }

  /// Ctrl-L among dropped keys still writes the next frame whole, as
  /// Ctrl-L handled in its turn does.
  @Test func aDroppedRedrawKeyStillRepaintsTheWholeScreen() throws {
    func lastFrameCells(_ events: [InputEvent]) throws -> (cells: Int, handled: Int) {
      let app = App()
      app.collectionView.animationDuration = 0
      let (_, terminal) = try run(app, events)
      return (terminal.lastChangedCells, app.handled.count)
    }
    let lift: [InputEvent] = [.key("m"), .key(Key(.right))]
    let dropped = try lastFrameCells(lift + [.key(.control("l")), .key(Key(.right)), .key(Key(.escape))])
    let inItsTurn = try lastFrameCells(lift + [.key(Key(.escape)), .key(.control("l"))])
    let none = try lastFrameCells(lift + [.key(Key(.escape))])
    #expect(dropped.handled == 2 && inItsTurn.handled == 2, "m and Esc (Ctrl-L is the loop's)")
    #expect(dropped.cells == inItsTurn.cells && dropped.cells > none.cells, "\(dropped) \(inItsTurn) \(none)")
  }
}

/// The queue alone: random roles against a model of the rule.
@Suite struct InputQueueTests {
  /// What the rule hands over for `roles`, all read at once: each run of
  /// droppable events is dropped when a cancelling one ends it, else handled.
  static func model(_ roles: [QueuedInputRole]) -> (handled: [Int], dropped: [Int]) {
    var handled: [Int] = []
    var dropped: [Int] = []
    var i = 0
    while i < roles.count {
      var j = i
      while j < roles.count && roles[j] == .droppable { j += 1 }
      if j < roles.count && roles[j] == .cancelling {
        dropped += Array(i..<j)
        handled.append(j)
      } else {
        handled += Array(i..<min(j + 1, roles.count))
      }
      i = j + 1
    }
    return (handled, dropped)
  }

  /// Events numbered by a key's function number, each with its role.
  static func event(_ n: Int) -> InputEvent { .key(Key(.function(n))) }
  static func number(_ e: InputEvent) -> Int {
    guard case .key(let k) = e, case .function(let n) = k.code else { return -1 }
    return n
  }

  @Test func everyEventIsHandledOrDroppedAsTheModelSays() throws {
    var random = SplitMix64(seed: 32)
    for _ in 0..<500 {
      let count = Int(random.next() % 40)
      let roles: [QueuedInputRole] = (0..<count).map { _ in
        switch random.next() % 6 {
        case 0: .ordinary
        case 1: .cancelling
        default: .droppable
        }
      }
      var queue = InputQueue()
      var input = (0..<count).map(Self.event)[...]
      var asked = Array(repeating: 0, count: count)
      var handled: [Int] = []
      var dropped: [Int] = []
      while let next = queue.next(
        role: { e in
          asked[Self.number(e)] += 1
          return roles[Self.number(e)]
        }, readMore: { input.popFirst() })
      {
        handled.append(Self.number(next.event))
        dropped += next.dropped.map(Self.number)
      }
      let expected = Self.model(roles)
      #expect(handled == expected.handled && dropped == expected.dropped, "\(roles)")
      #expect(asked.allSatisfy { $0 <= 1 }, "a role is asked once")
    }
  }

  /// Input that comes in pieces: nothing is lost or reordered, nothing
  /// ordinary is dropped, and what is dropped came right before a
  /// cancelling event with only droppable ones between.
  @Test func inputInPiecesIsNeverLostOrReordered() throws {
    var random = SplitMix64(seed: 3232)
    for _ in 0..<500 {
      let count = Int(random.next() % 60)
      let roles: [QueuedInputRole] = (0..<count).map { _ in
        random.next() % 5 == 0 ? (random.next() % 2 == 0 ? .ordinary : .cancelling) : .droppable
      }
      var queue = InputQueue()
      var arrived = 0
      var handedOut = 0
      var seen: [Int] = []
      var handled: [Int] = []
      // Each look gives the next event or, now and then, nothing yet.
      let pauses = (0..<count * 2).map { _ in random.next() % 4 == 0 }
      var look = 0
      func readMore() -> InputEvent? {
        defer { look += 1 }
        guard arrived < count, !pauses[look % pauses.count] else { return nil }
        arrived += 1
        return Self.event(arrived - 1)
      }
      while handedOut < count * 20 + 10 {
        handedOut += 1
        guard let next = queue.next(role: { roles[Self.number($0)] }, readMore: readMore) else {
          if arrived == count { break }
          continue
        }
        let n = Self.number(next.event)
        let gone = next.dropped.map(Self.number)
        #expect(gone.allSatisfy { roles[$0] == .droppable })
        if !gone.isEmpty { #expect(roles[n] == .cancelling && gone.last == n - 1) }
        seen += gone + [n]
        handled.append(n)
      }
      #expect(seen == Array(0..<count), "every event handled or dropped, in order")
    }
  }

  /// A key that comes while a batch read earlier is handled (the input
  /// had nothing more when the batch was read) is seen within
  /// `eventsBetweenReads` events: `q` then drops the rest of the batch.
  @Test func aKeyThatComesDuringABatchIsSeenBeforeTheBatchEnds() throws {
    var queue = InputQueue()
    var batch = (0..<1000).map(Self.event)[...]
    var arrived = false
    var handled = 0
    var dropped = 0
    while let next = queue.next(
      role: { Self.number($0) == 1000 ? .cancelling : .droppable },
      readMore: {
        // The batch, then nothing until one event was taken; then the cancelling key.
        if let e = batch.popFirst() { return e }
        guard handled > 0, !arrived else { return nil }
        arrived = true
        return Self.event(1000)
      })
    {
      handled += 1
      dropped += next.dropped.count
      if Self.number(next.event) == 1000 { break }
    }
    #expect(arrived && handled <= InputQueue.eventsBetweenReads + 1, "\(handled) events handled")
    #expect(handled + dropped == 1001)
  }

  /// A look ahead reads no further than an ordinary event, and no more
  /// than the limit ahead.
  @Test func theLookStopsAtAnOrdinaryEventAndAtTheLimit() throws {
    var queue = InputQueue()
    var reads = 0
    let roles: [QueuedInputRole] = [.droppable, .droppable, .ordinary, .cancelling]
    let first = queue.next(
      role: { roles[min(3, Self.number($0))] },
      readMore: {
        reads += 1
        return Self.event(reads - 1)
      })
    #expect(first.map { Self.number($0.event) } == 0 && reads == 3, "read up to the ordinary event")
    var endless = InputQueue()
    var made = 0
    _ = endless.next(
      role: { _ in .droppable },
      readMore: {
        made += 1
        return Self.event(made)
      })
    #expect(made == InputQueue.maximumLookAhead)
  }
}
