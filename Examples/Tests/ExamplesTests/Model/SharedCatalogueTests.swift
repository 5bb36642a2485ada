import Foundation
import GridPlatform
import Testing

// (Its pthread lock, which the thread sanitizer sees; the standard library's Mutex it cannot.)
@testable import BookCatalogueModel

/// The catalogue many viewers share: requests from many threads at once
/// applied one after the other, none lost; a request that no longer
/// applies refused, changing nothing; viewers counted and woken.
@Suite struct SharedCatalogueTests {
  static let csv = """
    Title,Author,Year Published,Bookshelves
    L'Étranger,Albert Camus,1942,novel
    La Peste,Albert Camus,1947,novel
    Emma,Jane Austen,1815,classics
    Persuasion,Jane Austen,1817,
    こゝろ,夏目漱石,1914,novel

    """

  static func catalogue(path: String? = nil, csv: String = Self.csv) throws -> SharedCatalogue {
    SharedCatalogue(document: CatalogueDocument(loaded: try CatalogueLoader.parse(csv, name: "x.csv"), path: path))
  }

  static func book(_ title: String, in catalogue: SharedCatalogue) throws -> Book {
    try #require(catalogue.state.books.first { $0.title == title })
  }

  static func titles(_ catalogue: SharedCatalogue) -> [String] { catalogue.state.books.map(\.title) }

  /// Counts calls from any thread.
  final class Counter: Sendable {
    private let count = Locked(0)
    var value: Int { count.withLock { $0 } }
    func increment() { count.withLock { $0 += 1 } }
  }

  @Test func requestsFromManyThreadsAtOnceAreAppliedOneAfterTheOtherAndNoneIsLost() throws {
    let shared = try Self.catalogue()
    let start = shared.state
    let wakeUps = Counter()
    let viewer = shared.addViewer(wakeUp: { wakeUps.increment() })
    let threads = 8
    let rounds = 150
    // Each thread: adds a book, moves it before one of the file's books,
    // edits it, and deletes every second one; all refusals would be bugs.
    let revisions = Locked([[Int]](repeating: [], count: threads))
    let failures = Locked([String]())
    let stop = Locked(false)
    let seenByReader = Locked([Int]())
    let reader = Thread {
      // A viewer pulling while the others write: revisions only go up, and
      // the books always hold every id once.
      var last = -1
      while !stop.withLock({ $0 }) {
        let now = shared.state
        let ids = now.books.map(\.id)
        if now.revision < last || Set(ids).count != ids.count {
          failures.withLock { $0.append("reader saw revision \(now.revision) after \(last), or a book twice") }
        }
        last = now.revision
        seenByReader.withLock { $0.append(now.revision) }
      }
    }
    reader.start()
    DispatchQueue.concurrentPerform(iterations: threads) { t in
      var mine: [Int] = []
      for r in 0..<rounds {
        do {
          let added = try shared.apply([
            .add(Book(title: "T\(t)-\(r)", author: "A\(t)", year: 2000 + r, shelves: []), before: nil, after: nil)
          ])
          mine.append(added.state.revision)
          var book = try #require(added.added.first)
          // Before a book no one deletes (others' books come and go around it).
          let pick = start.books[r % start.books.count].id
          mine.append(try shared.apply([.move(book, before: pick, after: nil)]).state.revision)
          let was = book
          book.year = 1000 + r
          mine.append(try shared.apply([.edit(book, was: was)]).state.revision)
          if r % 2 == 0 { mine.append(try shared.apply([.delete(book)]).state.revision) }
        } catch {
          failures.withLock { $0.append("thread \(t) round \(r): \(error)") }
        }
      }
      revisions.withLock { $0[t] = mine }
    }
    stop.withLock { $0 = true }
    while reader.isExecuting || !reader.isFinished { Thread.sleep(forTimeInterval: 0.001) }
    #expect(failures.withLock { $0 } == [])
    let all = revisions.withLock { $0 }
    for mine in all { #expect(zip(mine, mine.dropFirst()).allSatisfy { $0 < $1 }, "each thread's revisions rise") }
    let every = all.flatMap { $0 }.sorted()
    #expect(every == Array(start.revision + 1...start.revision + every.count), "each request one revision, none shared")
    let end = shared.state
    #expect(end.revision == start.revision + threads * rounds * 3 + threads * rounds / 2)
    let kept = end.books.filter { $0.title.hasPrefix("T") }
    #expect(kept.count == threads * rounds / 2, "every odd round's book kept, every even one's deleted")
    #expect(Set(end.books.map(\.id)).count == end.books.count)
    #expect(kept.allSatisfy { $0.year.map { $0 < 2000 } == true }, "every edit kept")
    #expect(end.books.filter { !$0.title.hasPrefix("T") }.map(\.title) == start.books.map(\.title))
    #expect(wakeUps.value >= end.revision - start.revision, "the viewer woken after every change")
    #expect(seenByReader.withLock { $0.last ?? 0 } <= end.revision)
    withExtendedLifetime(viewer) {}
  }

  @Test func anEditOfABookAnotherViewerDeletedIsRefusedAndChangesNothing() throws {
    let shared = try Self.catalogue()
    // Both viewers see Emma; one deletes her.
    let emma = try Self.book("Emma", in: shared)
    let persuasion = try Self.book("Persuasion", in: shared)
    try shared.apply([.delete(emma)])
    let after = shared.state
    var renamed = emma
    renamed.title = "Emma (edited)"
    #expect(throws: CatalogueEditError.bookGone(title: "Emma")) { try shared.apply([.edit(renamed, was: emma)]) }
    #expect(throws: CatalogueEditError.bookGone(title: "Emma")) { try shared.apply([.move(emma, before: nil, after: persuasion.id)]) }
    // A request of several edits is refused whole: Persuasion stays.
    #expect(throws: CatalogueEditError.bookGone(title: "Emma")) { try shared.apply([.delete(persuasion), .delete(emma)]) }
    let now = shared.state
    #expect(now.revision == after.revision && now.books.map(\.id) == after.books.map(\.id))
    #expect(zip(now.books, after.books).allSatisfy { $0 == $1 })
    // A new book never takes a deleted book's id (not even the last's,
    // the highest): a stale edit of it stays refused.
    let last = try Self.book("こゝろ", in: shared)
    try shared.apply([.delete(last)])
    let added = try shared.apply([.add(Book(title: "New", author: "N", year: nil, shelves: []), before: nil, after: nil)])
    let new = try #require(added.added.first)
    #expect(new.id != emma.id && new.id != last.id)
    var stale = last
    stale.year = 1915
    #expect(throws: CatalogueEditError.bookGone(title: "こゝろ")) { try shared.apply([.edit(stale, was: last)]) }
    #expect(throws: CatalogueEditError.bookGone(title: "Emma")) { try shared.apply([.edit(renamed, was: emma)]) }
    #expect(Self.titles(shared) == ["L'Étranger", "La Peste", "Persuasion", "New"])
    #expect(shared.state.books.last?.year == nil, "the new book unchanged")
  }

  @Test func editsThatNoLongerApplyAreRefusedWithTheirReason() throws {
    let shared = try Self.catalogue()
    let camus = try Self.book("L'Étranger", in: shared)
    let peste = try Self.book("La Peste", in: shared)
    let emma = try Self.book("Emma", in: shared)
    // Changed by another viewer: an edit of what was seen is refused.
    var dated = camus
    dated.year = 1943
    try shared.apply([.edit(dated, was: camus)])
    var retitled = camus
    retitled.title = "The Stranger"
    #expect(throws: CatalogueEditError.bookChanged(title: "L'Étranger")) { try shared.apply([.edit(retitled, was: camus)]) }
    // A move next to books that are gone is refused; next to one still there it is made.
    try shared.apply([.delete(peste)])
    #expect(throws: CatalogueEditError.neighbourGone(title: "Emma")) { try shared.apply([.move(emma, before: peste.id, after: nil)]) }
    try shared.apply([.move(emma, before: peste.id, after: camus.id)])
    #expect(Self.titles(shared) == ["L'Étranger", "Emma", "Persuasion", "こゝろ"])
    // A reorder of the whole file applies only to the revision it was made for.
    let seen = shared.state
    let reversed = Array(seen.books.map(\.id).reversed())
    // (Another viewer's move, the same books: that move is not undone by a stale order.)
    try shared.apply([.move(try Self.book("こゝろ", in: shared), before: camus.id, after: nil)])
    #expect(throws: CatalogueEditError.catalogueChanged) { try shared.apply([.reorder(reversed, revision: seen.revision)]) }
    #expect(Self.titles(shared) == ["こゝろ", "L'Étranger", "Emma", "Persuasion"])
    let current = shared.state
    try shared.apply([.reorder(current.books.map(\.id).reversed(), revision: current.revision)])
    #expect(Self.titles(shared) == ["Persuasion", "Emma", "L'Étranger", "こゝろ"])
    #expect(
      throws: CatalogueEditError.bookExists(title: "Emma"), "a delete undone twice"
    ) { try shared.apply([.add(emma, before: nil, after: nil)]) }
  }

  @Test func whatARequestGivesBackUndoesItWhereTheBooksWere() throws {
    let shared = try Self.catalogue()
    let original = shared.state.books
    let emma = try Self.book("Emma", in: shared)
    let peste = try Self.book("La Peste", in: shared)
    var moved = emma
    moved.shelves = ["novel"]
    let requests: [[CatalogueEdit]] = [
      [.delete(peste), .delete(emma)],
      [.add(Book(title: "New", author: "N", year: 1, shelves: []), before: emma.id, after: nil)],
      [.edit(moved, was: emma), .move(moved, before: nil, after: try Self.book("こゝろ", in: shared).id)],
    ]
    for request in requests {
      let done = try shared.apply(request)
      #expect(done.state.books.map(\.id) != original.map(\.id) || done.state.books != original)
      try shared.apply(done.inverse)
      let back = shared.state.books
      #expect(back.map(\.id) == original.map(\.id) && back == original, "\(request)")
    }
  }

  @Test func viewersAreCountedAndWokenUntilTheirHandleGoes() throws {
    let shared = try Self.catalogue()
    let a = Counter()
    let b = Counter()
    var first: CatalogueViewer? = shared.addViewer(wakeUp: { a.increment() })
    let second = shared.addViewer(wakeUp: { b.increment() })
    #expect(shared.viewerCount == 2 && shared.state.viewerCount == 2)
    let (wokeA, wokeB) = (a.value, b.value)
    try shared.apply([.delete(try Self.book("Emma", in: shared))])
    #expect(a.value == wokeA + 1 && b.value == wokeB + 1)
    #expect(throws: CatalogueEditError.self) { try shared.apply([.delete(Book(title: "x", author: "", year: nil, shelves: []))]) }
    #expect(a.value == wokeA + 1, "a refused request changes nothing, wakes nobody")
    first = nil
    #expect(shared.viewerCount == 1 && b.value == wokeB + 2, "the handle gone: unregistered, the other told")
    try shared.apply([.delete(try Self.book("La Peste", in: shared))])
    #expect(a.value == wokeA + 1 && b.value == wokeB + 3)
    second.close()
    second.close()
    #expect(shared.viewerCount == 0)
    _ = first
  }

  @Test func aSaveWritesTheFileOnceAtomicallyAndEveryViewerIsTold() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("termgrid-shared-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("books.csv").path
    try Data(Self.csv.utf8).write(to: URL(fileURLWithPath: path))
    let shared = SharedCatalogue(document: CatalogueDocument(loaded: try CatalogueLoader.load(path: path), path: path))
    let woken = Counter()
    let viewers = (0..<3).map { _ in shared.addViewer(wakeUp: { woken.increment() }) }
    try shared.apply([.delete(try Self.book("Emma", in: shared))])
    #expect(shared.state.isModified)
    let before = woken.value
    let saved = try shared.save()
    #expect(!saved.isModified && !shared.state.isModified)
    #expect(woken.value == before + 3, "each viewer woken once")
    #expect(
      try String(contentsOfFile: path, encoding: .utf8) == Self.csv.replacingOccurrences(of: "Emma,Jane Austen,1815,classics\n", with: ""))
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["books.csv"], "no temporary file left")
    withExtendedLifetime(viewers) {}
  }
}
