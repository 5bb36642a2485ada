import ArgumentParser
import BookCatalogueModel
import Foundation
import TermGrid

@main
struct BookCatalogueCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "book-catalogue",
    abstract: "Browse a book catalogue grouped into sections, in the terminal.",
    discussion: """
      Without --data, opens the bundled catalogue of world classics. A Goodreads
      export (Title, Author, Original Publication Year or Year Published,
      Bookshelves, Exclusive Shelf, My Rating, ISBN) or a CSV with a
      title,author,year header can be opened with --data. With --covers, each
      card shows the book's cover (a file named by its ISBN), with the title
      and year under it, and Enter shows it large beside the book's fields.

      Keys: arrows or h j k l move, PgUp/PgDn page, Home/End or g/G jump,
      Tab/Shift-Tab change section, Enter shows details, Space selects,
      Shift+arrows select a range, Esc clears the selection, d deletes the
      selected books (or the focused one), a adds a book, m picks the book up
      to move it (arrows, then Enter; Esc puts it back), / filters, o changes
      the order, s saves, S saves under another name, u undoes, L goes to the
      next layout (grid, list, waterfall, shelves), ? help, q or Ctrl-C quits
      (asking first about unsaved edits).
      The mouse: a click selects, a double click shows details, a drag moves
      a book, the wheel scrolls.

      Saving writes the file the catalogue came from, in its own format, with
      unknown columns kept; the bundled catalogue is never written (s asks
      for a file name). A save goes to a temporary file that replaces the
      original only once complete, so the file is never left half written.

      Covers (--covers, --calibre) are drawn in pixels where the terminal
      shows them, else as mosaics of block symbols in its colours. The
      terminal is asked when the first cover is drawn, without waiting for
      its answers (the covers' title cards show meanwhile): the kitty
      graphics protocol in kitty 0.28 and later and Ghostty (inside
      tmux through its passthrough, with `set -g allow-passthrough on`),
      kitty's classic placements in older kitty (Debian 12's 0.26; not
      inside tmux), sixel in xterm started as a VT340, foot, WezTerm,
      Konsole and Windows Terminal;
      symbols elsewhere, and without UTF-8 (LANG=C) blanks in the covers'
      colours. TERMGRID_PICTURES=kitty, kitty-placements, sixel, symbols or
      off (no cover decoded) in the environment forces one. A terminal that
      says its cells are larger than 256 x 512 pixels, or its window larger
      than 8192 pixels a side, gets symbols.

      With --serve PORT, the catalogue is served over SSH instead of shown
      here: everyone who connects (`ssh -p PORT host`, with a key in the
      --authorized-keys file) browses the same catalogue with their own
      grouping, order, filter and layout; a book one adds, deletes or moves
      animates in everyone's grid, and a save writes the file once. The
      status line says how many are viewing. --read-only-for-all lets anyone
      in to look (`ssh -p PORT guest@host`). It listens on 127.0.0.1 unless
      --listen says otherwise, logs to standard error, and stops on SIGTERM
      or Ctrl-C, ending every session cleanly.
      """)

  @Option(name: .long, help: "A CSV file to open (and save to) instead of the bundled catalogue.")
  var data: String?

  @Option(
    name: .customLong("group-by"),
    help: ArgumentHelp(
      "Group books by author, shelf, decade or status (Goodreads' Exclusive Shelf: currently-reading, to-read, read); a Calibre library by author, series, tag, rating or decade. Default: author; the home view (H) then shows reading statuses (or decades).",
      valueName: "grouping"))
  var groupBy: String?

  @Option(
    help: ArgumentHelp(
      "A Calibre library to browse, read only (the folder with metadata.db): covers, authors, series, tags, ratings.",
      discussion:
        "Nothing in the library is written, even while Calibre has it open; what Calibre adds, changes or removes comes in as it does.",
      valueName: "folder"))
  var calibre: String?

  @Option(
    help: ArgumentHelp(
      "A folder of cover pictures named by ISBN (9780060935467.jpg, 0060935464.png): cards show each book's cover.",
      valueName: "folder"))
  var covers: String?

  @Option(help: "Order books within a group: file (the file's own order), title, year or author.")
  var sort: BookOrder = .file

  @Option(
    help: ArgumentHelp(
      "Write the catalogue to this file, in the order it would be shown (--group-by, --sort), and exit.",
      discussion: "The file may be the --data file itself: it is replaced atomically.", valueName: "file"))
  var export: String?

  @Option(
    help: ArgumentHelp(
      "Serve the catalogue over SSH on this port (0: any free one, logged) instead of showing it here.",
      valueName: "port"))
  var serve: Int?

  @Option(
    name: .customLong("host-key"),
    help: ArgumentHelp(
      "With --serve: the server's Ed25519 host key, made on first start with mode 0600 (default: book-catalogue-host-key in the current folder).",
      valueName: "file"))
  var hostKey = "book-catalogue-host-key"

  @Option(
    name: .customLong("authorized-keys"),
    help: ArgumentHelp(
      "With --serve: the OpenSSH authorized_keys file of the keys that may connect (default: ~/.ssh/authorized_keys).",
      valueName: "file"))
  var authorizedKeys: String?

  @Flag(
    name: .customLong("read-only-for-all"),
    help: "With --serve: anyone may connect without a key (as guest), read-only; keys in --authorized-keys still edit.")
  var readOnlyForAll = false

  @Option(help: ArgumentHelp("With --serve: the address to listen on (default 127.0.0.1).", valueName: "address"))
  var listen = "127.0.0.1"

  @Option(
    name: .customLong("connections-per-address"),
    help: ArgumentHelp(
      "With --serve: connections open at once from one address (default 8; raise it behind a proxy, whose address every viewer shares).",
      valueName: "count"))
  var connectionsPerAddress = 8

  /// The Calibre library at `folder` on screen, or the reason it cannot be, and exit 1.
  static func openCalibre(_ folder: String, grouping: CalibreGrouping) -> CalibreController {
    do {
      return try CalibreController(library: try CalibreLibrary(folder: folder), grouping: grouping)
    } catch let error as CalibreError {
      Application.fail(error.description)
    } catch {
      Application.fail("--calibre: \(error)")
    }
  }

  func validate() throws {
    if let serve, !(0...65_535).contains(serve) { throw ValidationError("--serve takes a port, 0 to 65535") }
    if serve == nil, readOnlyForAll || authorizedKeys != nil {
      throw ValidationError("--authorized-keys and --read-only-for-all go with --serve")
    }
    guard connectionsPerAddress > 0 else { throw ValidationError("--connections-per-address is at least 1") }
    if serve != nil, export != nil { throw ValidationError("--export writes a file and exits: not with --serve") }
    if calibre != nil {
      guard CalibreGrouping(rawValue: groupBy ?? "author") != nil else {
        throw ValidationError("--group-by for a Calibre library is one of author, series, tag, rating, decade")
      }
      guard data == nil, export == nil, covers == nil, serve == nil else {
        throw ValidationError("--calibre opens a library on its own (not with --data, --export, --covers or --serve)")
      }
    } else if Grouping(rawValue: groupBy ?? "author") == nil {
      throw ValidationError("--group-by is one of author, shelf, decade, status")
    }
  }

  func run() throws {
    if let calibre {
      Application.run(Self.openCalibre(calibre, grouping: CalibreGrouping(rawValue: groupBy ?? "author") ?? .author))
    }
    let given = groupBy.flatMap(Grouping.init(rawValue:))
    let groupBy = given ?? .author
    // A file size limit makes a save fail with a message (EFBIG), not end the program.
    signal(SIGXFSZ, SIG_IGN)
    let loaded: LoadedCatalogue
    let name: String
    do {
      if let data {
        loaded = try CatalogueLoader.load(path: data)
        name = (data as NSString).lastPathComponent
      } else {
        guard let url = Bundle.module.url(forResource: "catalogue", withExtension: "csv") else {
          throw CatalogueError.fileNotFound("bundled catalogue.csv")
        }
        loaded = try CatalogueLoader.load(path: url.path)
        name = "bundled classics"
      }
    } catch {
      Application.fail(error)
    }
    var document = CatalogueDocument(loaded: loaded, path: data)
    if let export {
      document.books = Catalogue(books: document.books, grouping: groupBy, sort: sort).booksAsShown
      do {
        // No one to ask: rows that are not books go back as they were, and are named.
        try document.save(to: export, confirmed: true)
      } catch {
        Application.fail(error)
      }
      if let first = loaded.skipped.first {
        let rows = loaded.skipped.count == 1 ? "1 row that is not a book" : "\(loaded.skipped.count) rows that are not books"
        let asWere = loaded.skipped.count == 1 ? "it was" : "they were"
        Application.report("\(rows) (line \(first.line): \(first.reason)) written back as \(asWere)")
      }
      return
    }
    var coverIndex: CoverIndex?
    if let covers {
      do {
        coverIndex = try CoverIndex(folder: covers)
      } catch {
        Application.fail(error.description)
      }
    }
    let shared = SharedCatalogue(document: document)
    if let serve {
      serveOverSSH(
        shared, port: serve, name: name, groupBy: groupBy, given: given, covers: coverIndex)
    }
    // One viewer of a shared catalogue (the code path of many viewers too).
    let controller = CatalogueController(
      catalogue: shared, grouping: groupBy, sort: sort, sourceName: name, covers: coverIndex)
    // The home view (H) shows the grouping given, else reading status (or decade).
    controller.homeGrouping = given
    Application.run(controller)
  }
}

extension BookOrder: ExpressibleByArgument {}
