import Foundation
import GridPlatform
import TermGrid
import TermGridTesting
import Testing

// (Its lock, for the thread test: one the thread sanitizer sees.)
@testable import BookCatalogueModel
@testable import book_catalogue

/// Viewers of one shared catalogue, each a controller on a run loop of its
/// own on a headless terminal (as a server's sessions are): one viewer's
/// edit animates in another's grid when the shared catalogue wakes it, with
/// that viewer's own grouping and filter, its focus on the same book at the
/// same place on the screen; an edit that no longer applies is refused
/// with a message; the status line counts the viewers; a save writes once.
@Suite struct CatalogueSharingTests {
  /// One viewer: a controller on a headless terminal, its animations run
  /// to their end on a manual clock each time its loop runs.
  final class Viewer {
    let scene: CatalogueController
    let terminal: HeadlessTerminal
    let loop: TerminalRunLoop
    let clock = ManualAnimationClock()

    init(_ shared: SharedCatalogue, grouping: Grouping = .author, width: Int = 80, height: Int = 24) throws {
      scene = CatalogueController(catalogue: shared, grouping: grouping, sourceName: "classics.csv")
      scene.collectionView.clock = clock
      terminal = HeadlessTerminal(width: width, height: height)
      terminal.onWait = { [clock] in clock.advance(by: $0) }
      loop = TerminalRunLoop(terminal: terminal, scene: scene)
      try loop.run(untilIdle: true)
    }

    /// Presses `keys`, then runs the loop until nothing is left to do.
    func press(_ keys: Key...) throws {
      for key in keys { terminal.send(keys: key) }
      try loop.run(untilIdle: true)
    }

    /// Types `text` a character at a time.
    func type(_ text: String) throws {
      for c in text { terminal.send(keys: Key(.character(c))) }
      try loop.run(untilIdle: true)
    }

    /// Runs the loop: what woke it (another viewer's change) is taken in and drawn.
    func settle() throws { try loop.run(untilIdle: true) }

    /// Adds a book through the add-a-book form.
    func add(title: String, author: String, year: String) throws {
      try press("a")
      try type(title)
      try press(Key(.tab))
      for _ in 0..<40 { terminal.send(keys: Key(.backspace)) }
      try type(author)
      try press(Key(.tab))
      try type(year)
      try press(Key(.enter))
    }

    var screen: [String] { terminal.screen.lines }
    var status: String { screen.last ?? "" }
    var title: String { screen.first ?? "" }

    /// The focused book's title.
    var focused: String? {
      scene.collectionView.focusedIndexPath.map { scene.shown.groups[$0.section].books[$0.item].title }
    }

    /// The first row of the grid (not the title or the status line) showing `text`.
    func row(of text: String) -> Int? {
      screen.indices.dropFirst().dropLast().first { screen[$0].contains(text) }
    }

    /// The titles of the group `name` as this viewer shows them.
    func titles(in name: String) -> [String] {
      scene.shown.groups.first { $0.name == name }.map { $0.books.map(\.title) } ?? []
    }
  }

  static var bundledCSV: String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("book-catalogue/Resources/catalogue.csv").path
  }

  static func classics(path: String? = nil) throws -> SharedCatalogue {
    let file = path ?? bundledCSV
    return SharedCatalogue(document: CatalogueDocument(loaded: try CatalogueLoader.load(path: file), path: path))
  }

  @Test func anotherViewersAddMoveAndDeleteAnimateHereWithTheFocusOnItsBook() throws {
    let shared = try Self.classics()
    let a = try Viewer(shared)
    let b = try Viewer(shared)
    try b.press(Key(.right))  // La Peste, Camus' second
    #expect(b.focused == "La Peste")
    let place = try #require(b.row(of: "La Peste"))
    let frames = b.loop.framesPresented

    // A adds a book of Camus': B's grid shows it, its focus stays.
    try a.add(title: "La Chute", author: "Albert Camus", year: "1956")
    #expect(b.scene.seen.revision == 0, "nothing reaches B but its wake-up")
    try b.settle()
    #expect(b.loop.framesPresented > frames + 1, "the change animated over frames")
    #expect(b.titles(in: "Albert Camus") == ["L'Étranger", "La Peste", "La Chute"])
    #expect(b.screen.contains { $0.contains("La Chute") } && b.screen.contains { $0.contains("Albert Camus has 3 books") })
    #expect(b.focused == "La Peste" && b.row(of: "La Peste") == place)
    #expect(b.status.contains("172 books"))

    // A moves it to the front: B's cards follow, its focus with its book.
    #expect(a.focused == "La Chute")
    try a.press("m", Key(.left), Key(.left), Key(.enter))
    #expect(a.titles(in: "Albert Camus") == ["La Chute", "L'Étranger", "La Peste"])
    try b.settle()
    #expect(b.titles(in: "Albert Camus") == ["La Chute", "L'Étranger", "La Peste"])
    let row = try #require(b.row(of: "La Chute").map { b.screen[$0] })
    let (chute, peste) = (try #require(row.range(of: "La Chute")), try #require(row.range(of: "La Peste")))
    #expect(chute.lowerBound < peste.lowerBound, "\(row)")
    #expect(b.focused == "La Peste" && b.row(of: "La Peste") == place)

    // A deletes it (its focus): gone from B's screen too.
    #expect(a.focused == "La Chute")
    try a.press("d")
    try b.settle()
    #expect(b.titles(in: "Albert Camus") == ["L'Étranger", "La Peste"])
    #expect(!b.screen.contains { $0.contains("La Chute") } && b.screen.contains { $0.contains("Albert Camus has 2 books") })
    #expect(b.focused == "La Peste" && b.row(of: "La Peste") == place)
    #expect(b.scene.undoStack.isEmpty, "another viewer's edits are not this one's to undo")

    // A deletes B's focused book: B's focus goes to its neighbour, and B is told.
    try a.press(Key(.right), "d")
    try b.settle()
    #expect(b.focused == "L'Étranger" && b.status.contains("“La Peste” was deleted by another viewer"))
  }

  @Test func aViewerFallenBehindTheKeptChangesShowsEveryBookAnewItsFocusInPlace() throws {
    // A log of 2 changes: the third add leaves B behind it.
    let loaded = try CatalogueLoader.load(path: Self.bundledCSV)
    let shared = SharedCatalogue(document: CatalogueDocument(loaded: loaded, path: nil), logLimit: 2)
    let a = try Viewer(shared)
    let b = try Viewer(shared)
    try b.press(Key(.right))  // La Peste
    let place = try #require(b.row(of: "La Peste"))
    try a.add(title: "La Chute", author: "Albert Camus", year: "1956")
    try a.add(title: "Noces", author: "Albert Camus", year: "1938")
    try a.add(title: "L'Exil", author: "Albert Camus", year: "1957")
    #expect(shared.changes(from: 0, to: 3) == nil && shared.changes(from: 1, to: 3)?.count == 2)
    try b.settle()
    #expect(b.scene.seen.revision == 3)
    #expect(b.titles(in: "Albert Camus") == ["L'Étranger", "La Peste", "La Chute", "Noces", "L'Exil"])
    #expect(b.screen.contains { $0.contains("Albert Camus has 5 books") } && b.status.contains("174 books"))
    #expect(b.focused == "La Peste" && b.row(of: "La Peste") == place)
    // Back within the log: the next change is taken in book by book.
    try a.press("d")
    #expect(shared.changes(from: 3, to: 4)?.count == 1)
    try b.settle()
    #expect(b.titles(in: "Albert Camus") == ["L'Étranger", "La Peste", "La Chute", "Noces"])
    #expect(b.focused == "La Peste" && b.row(of: "La Peste") == place)
  }

  @Test func booksComingInAboveKeepTheFocusedBookWhereItIsOnTheScreen() throws {
    let shared = try Self.classics()
    let a = try Viewer(shared)
    let b = try Viewer(shared)
    try b.press(Key(.down), Key(.down))  // Chekhov's first
    let focused = try #require(b.focused)
    let place = try #require(b.row(of: focused))
    let offset = b.scene.collectionView.contentOffset.y
    // A new author sorts first: a whole group comes in above B's focus.
    try a.add(title: "On Burrows", author: "Aaron Aardvark", year: "2001")
    try b.settle()
    #expect(b.scene.shown.groups.first?.name == "Aaron Aardvark")
    #expect(b.focused == focused)
    #expect(b.row(of: focused) == place, "the focused card did not move on the screen")
    #expect(b.scene.collectionView.contentOffset.y == offset + 7, "scrolled by the new group (header, a row of cards, footer)")
    // Scrolling up shows it.
    try b.press(Key(.home))
    #expect(b.screen.contains { $0.contains("On Burrows") })
  }

  @Test func eachViewerKeepsItsOwnGroupingAndFilter() throws {
    let shared = try Self.classics()
    let a = try Viewer(shared)
    let b = try Viewer(shared, grouping: .decade)
    try b.press("/")
    try b.type("austen")
    try b.press(Key(.enter))
    #expect(b.scene.shown.bookCount == 6)
    try a.add(title: "Lady Susan", author: "Jane Austen", year: "1871")
    try a.add(title: "Ulysses Again", author: "James Joyce", year: "1922")
    try b.settle()
    #expect(b.scene.query == "austen" && b.scene.library.grouping == .decade)
    #expect(b.titles(in: "1870s") == ["Lady Susan"])
    #expect(b.scene.shown.bookCount == 7, "the book the filter hides is not shown")
    #expect(b.screen.contains { $0.contains("Lady Susan") } && b.status.contains("7 of 173 books"))
    #expect(a.scene.library.grouping == .author && a.scene.query.isEmpty && a.scene.shown.bookCount == 173)
  }

  @Test func anEditOfABookAnotherViewerDeletedIsRefusedWithAMessage() throws {
    let shared = try Self.classics()
    // Wide enough for the whole message on the status line.
    let a = try Viewer(shared, width: 160)
    let b = try Viewer(shared, width: 160)
    #expect(a.focused == "L'Étranger" && b.focused == "L'Étranger")
    try a.press("d")
    // B presses d before its loop took A's change in: refused, nothing else deleted.
    try b.press("d")
    #expect(b.status.contains("not deleted: “L'Étranger” is no longer in the catalogue (deleted by another viewer)"))
    #expect(shared.state.books.count == 170)
    #expect(b.scene.shown.bookCount == 170 && b.titles(in: "Albert Camus") == ["La Peste"])
    try b.press("u")
    #expect(b.status.contains("nothing to undo") && shared.state.books.count == 170)
    // A's undo of a move whose book B deleted meanwhile: refused, the reason shown.
    try a.press(Key(.down), Key(.down))
    #expect(a.focused == "Дядя Ваня")
    try a.press("m", Key(.right), Key(.enter))
    try b.settle()
    try b.press(Key(.down), Key(.down), Key(.right))
    #expect(b.focused == "Дядя Ваня")
    try b.press("d")
    #expect(shared.state.books.count == 169)
    try a.press("u")
    #expect(a.status.contains("not undone: “Дядя Ваня” is no longer in the catalogue"))
    #expect(shared.state.books.count == 169 && a.titles(in: "Anton Chekhov") == ["Три сестры", "Вишнёвый сад"])
    // A's undo of its delete still applies: the book comes back where it was.
    try a.press("u")
    try b.settle()
    #expect(b.titles(in: "Albert Camus") == ["L'Étranger", "La Peste"])
  }

  @Test func aMoveInAnotherOrderMakesThatOrderTheFilesForEveryViewerUnlessTheCatalogueChanged() throws {
    let shared = try Self.classics()
    let a = try Viewer(shared)
    let b = try Viewer(shared)
    try a.press("o", "o")  // by year within each author
    #expect(a.scene.library.sort == .year && a.titles(in: "Anton Chekhov") == ["Дядя Ваня", "Три сестры", "Вишнёвый сад"])
    // B deletes a book A has not taken in: A's move of the whole order is refused, and undone on A's screen.
    try b.press("d")
    try a.press(Key(.down), Key(.down), "m", Key(.right), Key(.enter))
    #expect(a.scene.message == "not moved: the catalogue was changed by another viewer meanwhile")
    #expect(a.titles(in: "Anton Chekhov") == ["Дядя Ваня", "Три сестры", "Вишнёвый сад"] && a.scene.library.sort == .year)
    #expect(a.titles(in: "Albert Camus") == ["La Peste"], "B's delete taken in")
    // Again, now up to date: the order A shows becomes the file's, and B's (in the file's order) follows.
    try a.press("m", Key(.right), Key(.enter))
    #expect(a.scene.library.sort == .file && a.titles(in: "Anton Chekhov") == ["Три сестры", "Дядя Ваня", "Вишнёвый сад"])
    try b.settle()
    #expect(b.titles(in: "Anton Chekhov") == ["Три сестры", "Дядя Ваня", "Вишнёвый сад"])
    #expect(shared.state.books.map(\.title) == a.scene.library.booksAsShown.map(\.title))
    // A's undo puts the file's order back, and A's order by year.
    try a.press("u")
    try b.settle()
    #expect(a.scene.library.sort == .year && b.scene.library.books.map(\.title) == shared.state.books.map(\.title))
    #expect(a.titles(in: "Anton Chekhov") == ["Дядя Ваня", "Три сестры", "Вишнёвый сад"])
  }

  @Test func aReadOnlyViewerChangesNothingAndSeesTheOthersChanges() throws {
    let shared = try Self.classics()
    let a = try Viewer(shared)
    let b = try Viewer(shared, width: 120)
    b.scene.isReadOnly = true
    try b.settle()
    #expect(b.title.contains("· read-only") && !a.title.contains("read-only"))
    for key: Key in ["d", "a", "m", "u", "s", "S"] {
      try b.press(key)
      #expect(b.status.contains("read-only: this catalogue can be browsed, not changed"), "\(key)")
      #expect(b.scene.overlays.isEmpty && shared.state.revision == 0, "\(key)")
    }
    #expect(b.titles(in: "Albert Camus") == ["L'Étranger", "La Peste"])
    try a.press("d")
    try b.settle()
    #expect(b.titles(in: "Albert Camus") == ["La Peste"])
    #expect(try b.scene.handle(.key("q")) == .quit, "nothing of its own to save: no question")
  }

  @Test func aViewerOnAThreadOfItsOwnEndsInStepWithOneEditingOnAnother() throws {
    let shared = try Self.classics()
    let a = try Viewer(shared)
    let stop = Locked(false)
    let result = Locked<(library: [Int], shown: [Int], focused: String?, failure: String?)?>(nil)
    // B is made, run and read on its own thread only, as a server's session.
    let thread = Thread {
      do {
        let b = try Viewer(shared, grouping: .decade)
        try b.press(Key(.down))
        let focused = b.focused
        while !stop.withLock({ $0 }) {
          try b.settle()
          Thread.sleep(forTimeInterval: 0.001)
        }
        try b.settle()
        let out = (
          b.scene.library.books.map(\.id), b.scene.shown.booksAsShown.map(\.id), b.focused, focused == b.focused ? nil : "focus moved"
        )
        result.withLock { $0 = out }
      } catch {
        result.withLock { $0 = ([], [], nil, "\(error)") }
      }
    }
    thread.start()
    for round in 0..<30 {
      try a.add(title: "Book \(round)", author: "Zed Author", year: "\(1990 + round)")
      if round % 3 == 0 { try a.press("m", Key(.left), Key(.enter)) }
      if round % 2 == 0 { try a.press("d") }
    }
    stop.withLock { $0 = true }
    let deadline = ContinuousClock.now + .seconds(60)
    while result.withLock({ $0 == nil }) && ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.005) }
    let b = try #require(result.withLock { $0 })
    #expect(b.failure == nil)
    let now = shared.state.books
    #expect(b.library == now.map(\.id), "B ends with every change, in the file's order")
    #expect(b.shown == Catalogue(books: now, grouping: .decade).booksAsShown.map(\.id))
    #expect(now.count == 171 + 15)
  }

  @Test func theStatusLineSaysHowManyAreViewingWhenMoreThanOne() throws {
    let shared = try Self.classics()
    let a = try Viewer(shared)
    #expect(!a.status.contains("viewing"), "one viewer: the status line as before")
    var b: Viewer? = try Viewer(shared)
    var c: Viewer? = try Viewer(shared)
    try a.settle()
    try b?.settle()
    #expect(a.status.contains("171 books · 74 authors · 3 viewing"))
    #expect(b?.status.contains("3 viewing") == true)
    c = nil
    try a.settle()
    try b?.settle()
    #expect(a.status.contains("2 viewing") && b?.status.contains("2 viewing") == true)
    b = nil
    try a.settle()
    #expect(!a.status.contains("viewing"))
    _ = (b, c)
  }

  @Test func aSaveByOneViewerWritesTheFileOnceAndEveryTitleSaysSaved() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("termgrid-sharing-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("classics.csv").path
    try FileManager.default.copyItem(atPath: Self.bundledCSV, toPath: path)
    func inode() throws -> Int { try (FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int) ?? -1 }
    let shared = try Self.classics(path: path)
    let a = try Viewer(shared)
    let b = try Viewer(shared)
    try a.press("d")
    try b.settle()
    #expect(a.title.contains("· modified") && b.title.contains("· modified"))
    let before = try inode()
    try a.press("s")
    #expect(a.status.contains("saved 170 books to classics.csv"))
    let written = try inode()
    #expect(written != before, "written by replacing the file")
    try b.settle()
    #expect(!b.title.contains("modified") && !a.title.contains("modified"))
    #expect(try inode() == written, "the other viewer wrote nothing")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(!text.contains("L'Étranger") && text.split(separator: "\n").count == 171)
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["classics.csv"])
  }
}
