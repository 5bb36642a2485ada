import BookCatalogueModel
import Foundation
import TermGridTesting
import Testing

@Suite struct CatalogueLoaderTests {
  @Test func readsGoodreadsExportsWithBOMAndCRLF() throws {
    let csv =
      "\u{FEFF}Book Id,Title,Author,Author l-f,Year Published,Original Publication Year,Bookshelves\r\n"
      + "1,\"Sapiens, A Brief History\",Yuval Noah Harari,\"Harari, Yuval Noah\",2011,2011,\"to-read, history\"\r\n"
      + "2,こゝろ,夏目漱石,\"夏目, 漱石\",,1914,classics\r\n"
    let loaded = try CatalogueLoader.parse(csv, name: "export.csv")
    #expect(loaded.skipped == [])
    #expect(loaded.books.map(\.title) == ["Sapiens, A Brief History", "こゝろ"])
    #expect(loaded.books[0].shelves == ["to-read", "history"])
    #expect(loaded.books[0].year == 2011)
    #expect(loaded.books[1].year == 1914)  // the original year (Year Published is empty)
    #expect(loaded.books[1].fields.first { $0.name == "Author l-f" }?.value == "夏目, 漱石")
  }

  @Test func readsAPlainHeader() throws {
    let loaded = try CatalogueLoader.parse("title,author,year\nEmma,Jane Austen,1815\n", name: "plain.csv")
    #expect(
      loaded.books == [
        Book(
          title: "Emma", author: "Jane Austen", year: 1815, shelves: [],
          fields: [("title", "Emma"), ("author", "Jane Austen"), ("year", "1815")])
      ])
  }

  @Test func malformedRowsAreSkippedWithReasons() throws {
    let csv = "title,author,year\nEmma,Jane Austen,1815\nToo,few\n,No Title,1900\nBad Year,Someone,soon\nOK,A,-479\n"
    let loaded = try CatalogueLoader.parse(csv, name: "x.csv")
    #expect(loaded.books.map(\.title) == ["Emma", "OK"])
    #expect(loaded.books[1].yearText == "479 BC")
    #expect(loaded.skipped.map(\.line) == [3, 4, 5])
    #expect(loaded.skipped[0].reason.contains("2 fields"))
  }

  @Test func aFileWithoutATitleColumnIsATypedError() {
    #expect(throws: CatalogueError.missingTitleColumn("x.csv", header: ["name", "when"])) {
      try CatalogueLoader.parse("name,when\na,b\n", name: "x.csv")
    }
    #expect(throws: CatalogueError.fileNotFound("/no/such.csv")) { try CatalogueLoader.load(path: "/no/such.csv") }
    #expect(throws: CatalogueError.self) { try CatalogueLoader.load(path: "/tmp") }
  }

  @Test func groupingByAuthorShelfAndDecade() {
    let books = [
      Book(title: "Emma", author: "Jane Austen", year: 1815, shelves: ["novel"], fields: []),
      Book(title: "Persuasion", author: "Jane Austen", year: 1817, shelves: ["novel"], fields: []),
      Book(title: "論語", author: "孔子", year: -479, shelves: ["philosophy"], fields: []),
      Book(title: "Undated", author: "Anon", year: nil, shelves: [], fields: []),
    ]
    let byAuthor = Catalogue(books: books, grouping: .author)
    #expect(byAuthor.groups.map(\.name) == ["Anon", "Jane Austen", "孔子"])
    #expect(byAuthor.footer(for: byAuthor.groups[1]) == "Jane Austen has 2 books")
    let byDecade = Catalogue(books: books, grouping: .decade)
    #expect(byDecade.groups.map(\.name) == ["480s BC", "1810s", "Unknown year"])
    let byShelf = Catalogue(books: books, grouping: .shelf)
    #expect(byShelf.groups.map(\.name) == ["(no shelf)", "novel", "philosophy"])
    #expect(byShelf.footer(for: byShelf.groups[1]) == "2 books on novel")
  }

  @Test func whatIsNotAFileIsNamedForWhatItIs() throws {
    #expect(throws: CatalogueError.unreadable("/dev/null", reason: "it is a device, not a file")) {
      try CatalogueLoader.load(path: "/dev/null")
    }
    #expect(throws: CatalogueError.unreadable("/tmp", reason: "it is a directory, not a file")) {
      try CatalogueLoader.load(path: "/tmp")
    }
    let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("termgrid-fifo-\(getpid())").path
    mkfifo(fifo, 0o600)
    defer { unlink(fifo) }
    #expect(throws: CatalogueError.unreadable(fifo, reason: "it is a named pipe (FIFO), not a file")) {
      try CatalogueLoader.load(path: fifo)
    }
  }

  @Test func anErrorQuotingTheFileReachesTheTerminalSanitised() throws {
    // A header field that is an escape sequence (set the window title), and a file name with one.
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("termgrid-esc-\(getpid())").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let path = dir + "/bad\u{1B}[2Jname.csv"
    try Data("Name\u{1B}]2;pwned\u{7},Author\nx,y\n".utf8).write(to: URL(fileURLWithPath: path))
    let binary = TmuxSession.productsDirectory.appendingPathComponent("book-catalogue").path
    let result = try Spawn.run([binary, "--data", path])
    #expect(result.status == 1)
    #expect(!result.output.contains("\u{1B}") && !result.output.contains("\u{7}"))
    #expect(result.output.contains("␛]2;pwned␇") && result.output.contains("bad␛[2Jname.csv"))
  }
}
