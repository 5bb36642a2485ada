import BookCatalogueModel
import Foundation
import TermGrid
import TermGridTesting
import Testing

@testable import book_catalogue

/// The catalogue's editing model without a terminal: the scene driven by
/// events and drawn into a surface, animations off.
@Suite struct CatalogueEditingTests {
  static let csv = """
    Title,Author,Year Published,Bookshelves,Notes
    L'Étranger,Albert Camus,1942,novel,a
    La Peste,Albert Camus,1947,novel,b
    こゝろ,夏目漱石,1914,novel,c
    三四郎,夏目漱石,1908,classics,d
    Emma,Jane Austen,1815,classics,e
    Persuasion,Jane Austen,1817,,f

    """

  func scene(grouping: Grouping = .author, sort: BookOrder = .file, path: String? = "/tmp/x.csv") throws
    -> CatalogueController
  {
    let loaded = try CatalogueLoader.parse(Self.csv, name: "x.csv")
    let document = CatalogueDocument(loaded: loaded, path: path)
    let scene = CatalogueController(catalogue: SharedCatalogue(document: document), grouping: grouping, sort: sort, sourceName: "x.csv")
    scene.collectionView.animationDuration = 0
    var surface = Surface(width: 80, height: 24)
    scene.draw(into: &surface)
    return scene
  }

  func titles(_ c: Catalogue) -> [[String]] { c.groups.map { $0.books.map(\.title) } }

  func keys(_ scene: CatalogueController, _ keys: Key...) {
    for k in keys { _ = try? scene.handle(.key(k)) }
  }

  @Test func searchIgnoresCaseAccentsAndWidth() throws {
    var search = BookSearch()
    let books = try CatalogueLoader.parse(Self.csv, name: "x").books
    func found(_ q: String) -> [String] {
      books.filter { search.matches($0, folded: BookSearch.fold(q)) }.map(\.title)
    }
    #expect(found("etranger") == ["L'Étranger"])
    #expect(found("ＣＡＭＵＳ") == ["L'Étranger", "La Peste"])  // full-width letters
    #expect(found("漱石") == ["こゝろ", "三四郎"])
    #expect(found("classics") == ["三四郎", "Emma"])  // shelves too
    #expect(found("") == books.map(\.title))
  }

  @Test func theFilterNarrowsAndEscRestoresWithTheFocusOnTheSameBook() throws {
    let scene = try scene()
    keys(scene, .char("/"), .char("P"), .char("E"))
    #expect(titles(scene.shown) == [["La Peste"], ["Persuasion"]])
    keys(scene, Key(.down))  // typing goes to the filter, not the grid
    keys(scene, Key(.enter))
    #expect(scene.query == "PE" && scene.overlays.isEmpty)
    keys(scene, Key(.down))  // now the grid: Persuasion
    #expect(scene.collectionView.focusedIndexPath == IndexPath(item: 0, section: 1))
    keys(scene, Key(.escape))
    #expect(scene.query.isEmpty && scene.shown.bookCount == 6)
    let focused = scene.collectionView.focusedIndexPath.map { scene.shown.groups[$0.section].books[$0.item].title }
    #expect(focused == "Persuasion")
  }

  @Test func ordersCycleAndOnlyAMoveChangesTheFile() throws {
    let scene = try scene()
    #expect(titles(scene.shown)[1] == ["Emma", "Persuasion"])
    keys(scene, .char("o"))  // title
    #expect(scene.library.sort == .title)
    keys(scene, .char("o"))  // year
    #expect(titles(scene.shown)[2] == ["三四郎", "こゝろ"])
    #expect(!scene.document.isModified)
    keys(scene, .char("o"), .char("o"))  // author, then file again
    #expect(scene.library.sort == .file && titles(scene.shown)[2] == ["こゝろ", "三四郎"])
  }

  @Test func movingWithinAGroupChangesTheFileOrderAndUndoPutsItBack() throws {
    let scene = try scene()
    keys(scene, .char("m"), Key(.right), Key(.enter))
    #expect(titles(scene.shown)[0] == ["La Peste", "L'Étranger"])
    #expect(scene.library.books.map(\.title).prefix(2) == ["La Peste", "L'Étranger"])
    #expect(scene.document.isModified)
    let written = String(decoding: scene.document.encoded(), as: UTF8.self)
    #expect(written.hasPrefix("Title,Author,Year Published,Bookshelves,Notes\nLa Peste,Albert Camus,1947,novel,b\n"))
    keys(scene, .char("u"))
    #expect(titles(scene.shown)[0] == ["L'Étranger", "La Peste"] && !scene.document.isModified)
  }

  @Test func aBookStaysInItsAuthorsGroup() throws {
    let scene = try scene()
    keys(scene, .char("m"), Key(.down), Key(.down), Key(.enter))  // down towards Austen: stops at Camus' end
    #expect(titles(scene.shown)[0] == ["La Peste", "L'Étranger"])
    #expect(scene.shown.groups.count == 3)
  }

  @Test func onShelvesABookMovesToAnotherShelfAndTheEmptiedOneGoes() throws {
    let scene = try scene(grouping: .shelf)
    #expect(scene.shown.groups.map(\.name) == ["(no shelf)", "classics", "novel"])
    // The only book without a shelf cannot be moved to... (no shelf) is not a shelf to move to;
    // but Persuasion can go onto classics.
    scene.collectionView.focusItem(at: IndexPath(item: 0, section: 0))
    keys(scene, .char("m"), Key(.down), Key(.enter))
    #expect(scene.shown.groups.map(\.name) == ["classics", "novel"])  // (no shelf) emptied and gone
    let persuasion = try #require(scene.library.books.first { $0.title == "Persuasion" })
    #expect(persuasion.shelves == ["classics"])
    let written = String(decoding: scene.document.encoded(), as: UTF8.self)
    #expect(written.contains("Persuasion,Jane Austen,1817,classics,f\n"))
  }

  @Test func placingKeepsTheFileAndTheShownOrderInStep() {
    var rng = SystemRandomNumberGenerator()
    for _ in 0..<300 {
      let books = (1...Int.random(in: 1...30, using: &rng)).map { i in
        Book(
          title: "T\(Int.random(in: 0...9, using: &rng))", author: "A\(Int.random(in: 0...3, using: &rng))",
          year: Int.random(in: 1900...1910, using: &rng), shelves: [], fields: [], id: i)
      }
      let sort = BookOrder.allCases.randomElement(using: &rng)!
      let catalogue = Catalogue(books: books, grouping: .author, sort: sort)
      let g = Int.random(in: 0..<catalogue.groups.count, using: &rng)
      var list = Array(catalogue.groups[g].books)
      let from = Int.random(in: 0..<list.count, using: &rng)
      let to = Int.random(in: 0..<list.count, using: &rng)
      let book = list.remove(at: from)
      list.insert(book, at: to)
      let placed = catalogue.placing(
        book, before: to + 1 < list.count ? list[to + 1].id : nil, after: to > 0 ? list[to - 1].id : nil)
      var expected = catalogue.groups.map { $0.books.map(\.id) }
      expected[g] = list.map(\.id)
      #expect(placed.groups.map { $0.books.map(\.id) } == expected)
      #expect(placed.sort == .file && placed.books.map(\.id).sorted() == books.map(\.id))
    }
  }

  @Test func quittingWithUnsavedEditsAsksAndTheBundledCatalogueAsksForAName() throws {
    let scene = try scene(path: nil)
    #expect(try scene.handle(.key("q")) == .quit)  // nothing to lose
    let edited = try self.scene(path: nil)
    keys(edited, "d")
    #expect(try edited.handle(.key("q")) == .continue && edited.overlays.last is PromptOverlay)
    #expect(try edited.handle(.key(Key(.escape))) == .continue && edited.overlays.isEmpty)
    keys(edited, "q")
    #expect(try edited.handle(.key("s")) == .continue)  // save and quit: a name first
    let input = try #require(edited.overlays.last as? TextInputOverlay)
    #expect(input.label == " Save as: ")
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("termgrid-\(UUID().uuidString).csv").path
    defer { unlink(path) }
    for c in path { _ = try edited.handle(.key(.char(c))) }
    #expect(try edited.handle(.key(Key(.enter))) == .quit)
    #expect(try CatalogueLoader.load(path: path).books.count == 5)
  }

  @Test func titlesAndFilterTextWithInvisibleCharactersDrawWithoutTrapping() throws {
    // These trapped the sanitiser (issue 12): a word joiner, lone Hangul
    // vowels, a Mongolian separator, an interlinear annotation, a tag, an
    // Arabic number sign before a digit.
    let titles = ["Word\u{2060}Joiner", "\u{1160}", "\u{180E}x", "\u{FFF9}", "\u{E0001}", "\u{0600}1984"]
    let csv = "Title,Author,Year Published\n" + titles.map { "\($0),Someone,2000" }.joined(separator: "\n") + "\n"
    let loaded = try CatalogueLoader.parse(csv, name: "odd.csv")
    let app = CatalogueController(
      catalogue: SharedCatalogue(document: CatalogueDocument(loaded: loaded, path: nil)), sourceName: "odd.csv")
    app.collectionView.animationDuration = 0
    var surface = Surface(width: 80, height: 24)
    app.draw(into: &surface)
    #expect(surface.text.contains("WordJoiner") && surface.text.contains("1984"))
    for key in [Key("/"), Key(.character("\u{2060}")), Key(.character("\u{1160}")), "W", Key(.enter), Key(.enter)] {
      _ = try app.handle(.key(key))
      app.draw(into: &surface)
    }
    #expect(app.query.hasSuffix("W") && !app.query.unicodeScalars.contains("\u{2060}"))
  }

  @Test(arguments: [["L", "L", "m", "l", "l", Key(.enter)], ["L", "L", "L", "m", "j", "j", Key(.escape)]] as [[Key]])
  func movingAcrossShelvesInTheWaterfallAndOnShelvesDoesNotTrap(_ keys: [Key]) throws {
    // Issue 12: the layouts' delegates were asked with the shown index
    // paths, which during a move across groups are past the model's end.
    let scene = try scene(grouping: .shelf)
    var surface = Surface(width: 80, height: 24)
    for key in keys {
      _ = try scene.handle(.key(key))
      scene.draw(into: &surface)
    }
    #expect(scene.library.bookCount == 6)
  }
}
