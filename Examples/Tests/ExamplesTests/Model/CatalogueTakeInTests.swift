import Foundation
import GridLayout
import TermGridTesting
import Testing

@testable import BookCatalogueModel

/// A viewer of a shared catalogue takes each change in book by book
/// (``Catalogue/takeIn(_:books:filter:)``) instead of grouping every book
/// again: checked against that whole rebuild (the brute-force model) on
/// random catalogues with random requests, for viewers with different
/// groupings, orders and filters, some pulling after every request and some
/// falling behind; the batch each gives, applied with UIKit's rules, takes
/// every book from where it was to where the rebuild shows it.
@Suite struct CatalogueTakeInTests {
  /// One viewer: its way of showing the books, and what it shows.
  struct Viewer {
    var grouping: Grouping
    var sort: BookOrder
    var query: String
    var library: Catalogue
    var shown: Catalogue
    var revision: Int
    var search = BookSearch()
    /// How often it pulls (1: after every request).
    var every: Int
  }

  static let titles = [
    "The River", "Night", "L'Étranger", "Émile", "emile", "The Garden", "Letters", "a Stone", "Ärger", "Öl", "10 Tales",
    "9 Tales", "夜", "海の夜", "Salt", "salt", "Voyage", "The Voyage",
  ]
  static let authors = [
    "Jane Austen", "Albert Camus", "Émile Zola", "Emile Zola", "夏目漱石", "Ursula K. Le Guin", "Ann Lee", "Anna", "de Beauvoir",
  ]
  static let shelves = ["novel", "poetry", "", "history", "to-read", "essays"]
  static let statuses = ["read", "to-read", "currently-reading", "", "abandoned"]

  static func randomBook<R: RandomNumberGenerator>(_ rng: inout R) -> (title: String, author: String, year: Int?, shelf: String) {
    let year: Int? = Int.random(in: 0..<10, using: &rng) == 0 ? nil : Int.random(in: -500...2020, using: &rng)
    return (
      titles.randomElement(using: &rng)!, authors.randomElement(using: &rng)!, year, shelves.randomElement(using: &rng)!
    )
  }

  static func csv<R: RandomNumberGenerator>(books: Int, _ rng: inout R) -> String {
    var out = "Title,Author,Original Publication Year,Bookshelves,Exclusive Shelf\n"
    for _ in 0..<books {
      let b = randomBook(&rng)
      out += "\"\(b.title)\",\"\(b.author)\",\(b.year.map(String.init) ?? ""),\(b.shelf),\(statuses.randomElement(using: &rng)!)\n"
    }
    return out
  }

  /// The rebuild: every book grouped, ordered and filtered anew.
  static func rebuilt(_ books: [Book], _ v: Viewer) -> (library: Catalogue, shown: Catalogue) {
    let library = Catalogue(books: books, grouping: v.grouping, sort: v.sort)
    var search = BookSearch()
    let folded = BookSearch.fold(v.query)
    return (library, v.query.isEmpty ? library : library.filtered { search.matches($0, folded: folded) })
  }

  /// The groups as names and ids.
  static func layout(_ c: Catalogue) -> [[String]] {
    c.groups.map { [$0.name] + $0.books.map { "\($0.id)" } }
  }

  /// Checks `batch` with UIKit's rules: the counts add up, every book
  /// that stays goes where `after` has it, every place of `after` is
  /// filled by a book that stayed, an insert or an inserted section.
  static func check(_ batch: BatchUpdate, from before: Catalogue, to after: Catalogue) throws {
    let plan = try BatchUpdatePlan.plan(
      batch, before: before.groups.map(\.books.count), after: after.groups.map(\.books.count))
    var place: [Int: GridLayout.IndexPath] = [:]
    for (s, g) in after.groups.enumerated() {
      for (i, b) in g.books.enumerated() { place[b.id] = GridLayout.IndexPath(item: i, section: s) }
    }
    var filled: Set<GridLayout.IndexPath> = []
    for (s, g) in before.groups.enumerated() {
      for (i, b) in g.books.enumerated() {
        let old = GridLayout.IndexPath(item: i, section: s)
        if let new = plan.newIndexPath(forOld: old) {
          #expect(place[b.id] == new, "book \(b.id) from \(old) went to \(new), shown at \(String(describing: place[b.id]))")
          filled.insert(new)
        } else if let new = place[b.id] {
          #expect(batch.insertedSections.contains(new.section) || batch.insertedItems.contains(new), "book \(b.id) lost")
        }
      }
    }
    for (id, p) in place where !filled.contains(p) {
      #expect(batch.insertedSections.contains(p.section) || batch.insertedItems.contains(p), "book \(id) at \(p) from nowhere")
    }
    for p in batch.reloadedItems { #expect(plan.newIndexPath(forOld: p) != nil) }
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func changesTakenInAreTheCatalogueGroupedAnew(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    let loaded = try CatalogueLoader.parse(Self.csv(books: Int.random(in: 0...40, using: &rng), &rng), name: "x.csv")
    // A short log: the viewers that pull seldom fall behind it.
    let shared = SharedCatalogue(document: CatalogueDocument(loaded: loaded, path: nil), logLimit: 16)
    var viewers: [Viewer] = []
    for grouping in Grouping.allCases {
      for sort in BookOrder.allCases {
        for (query, every) in [("", 1), ("e", 1), ("the", 2), ("", 5)] {
          let start = Catalogue(books: shared.state.books, grouping: grouping, sort: sort)
          var v = Viewer(
            grouping: grouping, sort: sort, query: query, library: start, shown: start, revision: 0, every: every)
          v.shown = Self.rebuilt(shared.state.books, v).shown
          viewers.append(v)
        }
      }
    }
    var undo: [[CatalogueEdit]] = []
    var (incremental, whole, ambiguous) = (0, 0, 0)
    for step in 1...120 {
      let books = shared.state.books
      var edits: [CatalogueEdit] = []
      switch Int.random(in: 0..<100, using: &rng) {
      case 0..<30:
        let b = Self.randomBook(&rng)
        edits = (0..<Int.random(in: 1...2, using: &rng)).map { _ in
          .add(Book(title: b.title, author: b.author, year: b.year, shelves: [b.shelf]), before: nil, after: nil)
        }
      case 30..<50 where !books.isEmpty:
        edits = Array(Set((0..<Int.random(in: 1...3, using: &rng)).map { _ in books.randomElement(using: &rng)!.id }))
          .map { id in .delete(books.first { $0.id == id }!) }
      case 50..<80 where !books.isEmpty:
        let was = books.randomElement(using: &rng)!
        var book = was
        let b = Self.randomBook(&rng)
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: book.title = b.title
        case 1: book.author = b.author
        case 2: book.year = b.year
        default: book.shelves = [b.shelf]
        }
        edits = [.edit(book, was: was)]
      case 80..<94 where !undo.isEmpty:
        edits = undo.removeLast()
      case 94..<95 where books.count > 1:
        // A move in the file: out of id order, every viewer groups anew.
        let book = books.randomElement(using: &rng)!
        edits = [.move(book, before: books.randomElement(using: &rng)!.id, after: nil)]
      case 95..<100:
        // Shuffled, or back in id order (where changes are taken in again).
        let ids = Int.random(in: 0..<4, using: &rng) == 0 ? books.shuffled(using: &rng).map(\.id) : books.map(\.id).sorted()
        edits = [.reorder(ids, revision: shared.state.revision)]
      default:
        continue
      }
      guard let result = try? shared.apply(edits) else { continue }
      undo.append(result.inverse)
      let state = result.state
      for i in viewers.indices where step % viewers[i].every == 0 {
        var v = viewers[i]
        let expected = Self.rebuilt(state.books, v)
        var next = expected
        if let changes = shared.changes(from: v.revision, to: state.revision) {
          for case .updated(let book, _) in changes { v.search.forget(book.id) }
          var library = v.library
          var shown = v.shown
          let libraryBatch = library.takeIn(changes, books: state.books) { _ in true }
          let folded = BookSearch.fold(v.query)
          var search = v.search
          let batch =
            v.query.isEmpty
            ? libraryBatch
            : shown.takeIn(changes) {
              search.forget($0.id)  // (a book changed twice is asked about twice)
              return search.matches($0, folded: folded)
            }
          if v.query.isEmpty { shown = library }
          v.search = search
          if let batch, libraryBatch != nil {
            incremental += 1
            #expect(Self.layout(library) == Self.layout(expected.library), "seed \(seed) step \(step) \(v.grouping) \(v.sort)")
            #expect(Self.layout(shown) == Self.layout(expected.shown), "seed \(seed) step \(step) \(v.grouping) \(v.sort) “\(v.query)”")
            #expect(shown.books.map(\.id) == expected.shown.books.map(\.id))
            #expect(library.books.map(\.id) == state.books.map(\.id))
            try Self.check(batch, from: v.shown, to: shown)
            next = (library, shown)  // (taken on from here: errors would add up)
          } else {
            ambiguous += 1
            v.search = BookSearch()
          }
        } else {
          whole += 1
          v.search = BookSearch()  // (as the controller forgets the books changed meanwhile)
        }
        v.library = next.library
        v.shown = next.shown
        v.revision = state.revision
        viewers[i] = v
      }
    }
    // Both ways taken (falling behind, a move in the file and a reorder
    // make some whole), and a place that cannot be told is rare.
    #expect(incremental > 0, "\(incremental) taken in, \(whole) grouped anew, \(ambiguous) ambiguous")
    #expect(whole > 0)
    #expect(ambiguous * 10 < incremental, "\(incremental) taken in, \(ambiguous) ambiguous")
  }
}
