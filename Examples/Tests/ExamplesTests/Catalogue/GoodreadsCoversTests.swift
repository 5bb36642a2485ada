import BookCatalogueModel
import Foundation
import GridLayout
import TermGridImages
import TermGridTesting
import Testing

@testable import book_catalogue

/// Goodreads exports as they are (wrapped ISBNs, two years, the exclusive
/// shelf, the reader's stars) and covers from a folder named by ISBN.
@Suite(.serialized) struct GoodreadsCoversTests {
  static var binary: String { TmuxSession.productsDirectory.appendingPathComponent("book-catalogue").path }

  static let export = #"""
    Book Id,Title,Author,Author l-f,ISBN,ISBN13,My Rating,Publisher,Year Published,Original Publication Year,Bookshelves,Exclusive Shelf
    1,The Left Hand of Darkness,Ursula K. Le Guin,"Le Guin, Ursula K.","=""0441478123""","=""9780441478125""",5,Ace,2000,1969,"sf, favourites",read
    2,Dune,Frank Herbert,"Herbert, Frank","=""0441172717""","=""""",4,Ace,1990,1965,sf,read
    3,Kindred,Octavia E. Butler,"Butler, Octavia E.","=""""","=""9780807083697""",0,Beacon,2003,1979,,to-read
    4,A Wizard of Earthsea,Ursula K. Le Guin,"Le Guin, Ursula K.","=""""","=""""",3,Bantam,2004,,fantasy,currently-reading
    5,The Dispossessed,Ursula K. Le Guin,"Le Guin, Ursula K.","=""0061054887""","=""""",0,Harper,1994,1974,sf,to-read
    6,Notes,Someone,"Someone","","",,,,,,

    """#

  @Test func theOriginalYearTheShelfTheStarsAndTheISBNs() throws {
    let books = try CatalogueLoader.parse(Self.export, name: "export.csv").books
    #expect(books.map(\.year) == [1969, 1965, 1979, 2004, 1974, nil], "the original year, else the edition's")
    #expect(books.map(\.status) == ["read", "read", "to-read", "currently-reading", "to-read", ""])
    #expect(books.map(\.rating) == [5, 4, 0, 3, 0, 0])
    #expect(books[0].isbns == ["9780441478125", "0441478123"])
    #expect(books[1].isbns == ["0441172717"] && books[3].isbns == [])
    // The same through a book made here (its fields, not the table).
    var edited = books[0]
    edited.title = "The Left Hand of Darkness (50th anniversary)"
    #expect(edited.status == "read" && edited.rating == 5 && edited.isbns.first == "9780441478125")

    let rows = CatalogueController.detailRows(for: books[1])
    #expect(rows.contains(.init("ISBN", "0441172717")), "unwrapped from =\"...\"")
    #expect(rows.contains(.init("Year", "1965")) && rows.contains(.init("Edition", "1990")))
    #expect(rows.contains(.init("Status", "read")) && rows.contains(.init("My rating", "★★★★☆ (4 of 5)")))
    #expect(!rows.contains { $0.label == "ISBN13" }, "an empty ISBN is left out")
  }

  @Test func savingAnEditedBookLeavesAnEmptyOriginalYearEmpty() throws {
    let loaded = try CatalogueLoader.parse(Self.export, name: "export.csv")
    var book = loaded.books[3]
    book.title = "A Wizard of Earthsea (illustrated)"
    let row = loaded.format.row(for: book)
    let header = loaded.format.header
    #expect(row[header.firstIndex(of: "Original Publication Year")!] == "", "its year came from Year Published")
    #expect(row[header.firstIndex(of: "Year Published")!] == "2004")
    book.year = 1968
    #expect(loaded.format.row(for: book)[header.firstIndex(of: "Original Publication Year")!] == "1968")
  }

  @Test func groupingByStatusGoesCurrentlyReadingToReadRead() throws {
    let books = try CatalogueLoader.parse(Self.export, name: "export.csv").books
    let catalogue = Catalogue(books: books, grouping: .status)
    #expect(catalogue.groups.map(\.name) == ["currently-reading", "to-read", "read", "(no status)"])
    #expect(catalogue.groups[1].books.map(\.title) == ["Kindred", "The Dispossessed"])
    #expect(catalogue.footer(for: catalogue.groups[2]) == "2 books read")
    // Books made here group the same way as books read from the file.
    let made = books.map { b -> Book in
      var m = b
      m.title += ""
      m.fields = b.fields
      return m
    }
    #expect(Catalogue(books: made, grouping: .status).groups.map(\.name) == catalogue.groups.map(\.name))
  }

  @Test func isbnsAreUnwrappedAndConverted() {
    #expect(ISBN.unwrap("=\"0060935464\"") == "0060935464")
    #expect(ISBN.unwrap("978-0-06-093546-7") == "9780060935467")
    #expect(ISBN.unwrap("=\"\"") == "" && ISBN.unwrap("n/a") == "" && ISBN.unwrap("12345") == "")
    #expect(ISBN.unwrap("080442957x") == "080442957X")
    #expect(ISBN.unwrap("97800609354X7") == "", "an X only last, and only in ten")
    #expect(ISBN.thirteen("0060935464") == "9780060935467")
    #expect(ISBN.thirteen("0441172717") == "9780441172719")
    #expect(ISBN.thirteen("9780060935467") == "9780060935467")
  }

  /// A cover: a red disc on dark blue, 200 x 300 (its edge gives block symbols).
  static func cover() -> Bitmap {
    Bitmap(width: 200, height: 300) { x, y in
      let (dx, dy) = (x - 100, y - 150)
      return dx * dx + dy * dy < 80 * 80 ? (220, 30, 30, 255) : (20, 30, 90, 255)
    }
  }

  /// A folder with the export and covers for three of its books (by ISBN-13, by ISBN-10, by the ISBN-13 of an ISBN-10).
  static func makeLibrary(_ name: String) throws -> (folder: String, covers: String) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tg-covers-\(name)-\(getpid())").path
    try? FileManager.default.removeItem(atPath: folder)
    let covers = folder + "/covers"
    try FileManager.default.createDirectory(atPath: covers, withIntermediateDirectories: true)
    try Self.export.write(toFile: folder + "/export.csv", atomically: true, encoding: .utf8)
    let jpeg = Data(Self.cover().jpegData())
    try jpeg.write(to: URL(fileURLWithPath: covers + "/9780441478125.jpg"))
    try Data(Self.cover().pngData()).write(to: URL(fileURLWithPath: covers + "/0441172717.PNG"))
    try jpeg.write(to: URL(fileURLWithPath: covers + "/978-0-06-105488-4.jpeg"))
    try Data("x".utf8).write(to: URL(fileURLWithPath: covers + "/readme.txt"))
    return (folder, covers)
  }

  @Test func coversAreFoundByEitherISBN() throws {
    let (folder, covers) = try Self.makeLibrary("index")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let index = try CoverIndex(folder: covers)
    #expect(index.count == 3)
    #expect(index.path(forISBNs: ["9780441478125", "0441478123"]) == covers + "/9780441478125.jpg")
    #expect(index.path(forISBNs: ["0441172717"]) == covers + "/0441172717.PNG")
    #expect(index.path(forISBNs: ["0061054887"]) == covers + "/978-0-06-105488-4.jpeg", "by the ISBN-13 of its ISBN-10")
    #expect(index.path(forISBNs: ["9780807083697"]) == nil && index.path(forISBNs: []) == nil)
    #expect(throws: CoverIndex.OpenError.self) { try CoverIndex(folder: folder + "/export.csv") }
  }

  /// A covers folder the user may not read says so (it said "not a
  /// folder"), and so does one inside a folder the user may not enter.
  @Test func aCoversFolderThatCannotBeReadSaysWhy() throws {
    let base = "/tmp/tg-covers-unreadable-\(getpid())"
    let fm = FileManager.default
    try? fm.removeItem(atPath: base)
    defer {
      chmod(base + "/covers", 0o755)
      try? fm.removeItem(atPath: base)
    }
    try fm.createDirectory(atPath: base + "/covers", withIntermediateDirectories: true)
    try Self.export.write(toFile: base + "/export.csv", atomically: true, encoding: .utf8)
    try Data(Self.cover().jpegData()).write(to: URL(fileURLWithPath: base + "/covers/9780441478125.jpg"))
    let command = try Unprivileged.command(Self.binary, copyingInto: base + "/bin")
    #expect(chmod(base, 0o755) == 0 && chmod(base + "/export.csv", 0o644) == 0 && chmod(base + "/covers", 0) == 0)
    var result = try Spawn.run(command + ["--data", base + "/export.csv", "--covers", base + "/covers"])
    #expect(result.status == 1 && result.output.contains("--covers: cannot read \(base)/covers: Permission denied"), "\(result.output)")
    result = try Spawn.run(command + ["--data", base + "/export.csv", "--covers", base + "/covers/inner"])
    #expect(
      result.status == 1 && result.output.contains("--covers: cannot read \(base)/covers/inner: Permission denied"), "\(result.output)")
  }

  /// Lines with at least two block symbols (a picture's edges).
  static func pictureRows(_ screen: String) -> Int {
    screen.split(separator: "\n").filter { line in
      line.unicodeScalars.filter { (0x2580...0x259F).contains($0.value) || (0x1FB00...0x1FB3B).contains($0.value) }.count >= 2
    }.count
  }

  @Test(arguments: [(80, 24), (200, 60)])
  func theCatalogueWithCoversInATerminal(width: Int, height: Int) throws {
    let (folder, covers) = try Self.makeLibrary("tmux\(width)")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let tmux = try TmuxSession(width: width, height: height)
    defer { tmux.close() }
    try tmux.type("\(TmuxSession.quoted(Self.binary)) --data '\(folder)/export.csv' --covers '\(covers)' --group-by status")
    var screen = try tmux.waitFor("covers") { $0.contains("6 books") && Self.pictureRows($0) >= 2 }
    #expect(screen.contains("─ currently-reading ─"))
    #expect(screen.contains("★★★☆☆"), "A Wizard of Earthsea's stars on its card")
    #expect(screen.contains("1968") == false && screen.contains("2004"), "its year, from Year Published")
    // The read shelf: the Left Hand of Darkness's cover, large, beside its fields.
    try tmux.keys("Tab", "Tab", "Enter")
    // The large cover is rasterized off the main thread: the fields come first, then the picture.
    screen = try tmux.waitFor("the detail with the cover, large") {
      $0.contains("9780441478125") && $0.contains("Esc or q to return") && Self.pictureRows($0) >= 4
    }
    #expect(screen.contains("The Left Hand of Darkness") && screen.contains("Edition"))
    try tmux.keys("Escape")
    try tmux.resize(width: 2, height: 2)
    usleep(300_000)
    try tmux.resize(width: width, height: height)
    screen = try tmux.waitFor("the covers again") { Self.pictureRows($0) >= 2 && $0.contains("6 books") }
    try tmux.keys("q")
    try tmux.waitFor("exit") { _ in (try? tmux.pane("alternate_on")) == "0" }
  }

  @Test func withoutCoversTheCardsAreAsBeforeAndABadFolderIsAnError() throws {
    let (folder, _) = try Self.makeLibrary("plain")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var result = try Spawn.run([Self.binary, "--data", folder + "/export.csv", "--covers", folder + "/nowhere"])
    #expect(result.status == 1 && result.output.contains("--covers: no such folder: \(folder)/nowhere"), "\(result.output)")
    result = try Spawn.run([Self.binary, "--data", folder + "/export.csv", "--covers", folder + "/export.csv"])
    #expect(result.status == 1 && result.output.contains("--covers: not a folder: \(folder)/export.csv"), "\(result.output)")
    let document = CatalogueDocument(loaded: try CatalogueLoader.parse(Self.export, name: "x"), path: nil)
    let plain = CatalogueController(catalogue: SharedCatalogue(document: document), sourceName: "x")
    let content = plain.collectionView(plain.collectionView, cellForItemAt: IndexPath(item: 0, section: 0))
    #expect(content.picture == nil && plain.loader == nil)
    #expect((plain.collectionView.collectionViewLayout as? FlowLayout)?.itemSize == CatalogueController.cardSize)
  }
}
