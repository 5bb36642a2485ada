import CSVScanning
import Foundation
import TermGridTesting
import Testing

// @testable: these tests check the writer (CatalogueWriter), the rows kept
// byte for byte and each book's source row, which are internal.
@testable import BookCatalogueModel
@testable import waterfall_demo

/// What a catalogue file holds is never lost: a row that does not parse
/// cleanly is reported with its line and reason and written back as it was,
/// in its place; bytes that are not UTF-8 are kept until an edit would
/// replace them, and then a save asks first.
@Suite struct CatalogueCSVTests {
  static func rows(_ text: String) -> [CSVScanner.Row] {
    var scanner = CSVScanner(bytes: Array(text.utf8))
    var rows: [CSVScanner.Row] = []
    while let row = scanner.next() { rows.append(row) }
    return rows
  }

  @Test func theScannerReadsRFC4180AndNamesWhatIsWrong() {
    let rows = Self.rows(
      "a,\"b,c\",\"say \"\"hi\"\"\"\r\n\"multi\nline\",x,\n\"The \"Best\" Book\",S,1999\nPlain \"quoted\" word,A,2000\nlast,\"never closed\n"
    )
    #expect(
      rows.map(\.fields) == [
        ["a", "b,c", "say \"hi\""], ["multi\nline", "x", ""], ["The \"Best\" Book\"", "S", "1999"],
        ["Plain \"quoted\" word", "A", "2000"], ["last", "never closed\n"],
      ])
    #expect(rows.map(\.line) == [1, 2, 4, 5, 6])
    #expect(
      rows.map(\.problem) == [
        nil, nil, "text after the closing quote of field 1", "a quote inside unquoted field 1",
        "a quoted field opened on line 6 never closes",
      ])
    // A lone CR ends a line too; a comma at the very end is an empty last field.
    #expect(Self.rows("a,b\rc,").map(\.fields) == [["a", "b"], ["c", ""]])
  }

  @Test func aStrayQuoteIsReportedAndTheRowWrittenBackAsItWas() throws {
    let csv = "Title,Author,Year\nEmma,Jane Austen,1815\n\"The \"Best\" Book\",S,1999\nDune,Frank Herbert,1965\nlast,\"never closed,1\n"
    let loaded = try CatalogueLoader.parse(csv, name: "x.csv")
    #expect(loaded.books.map(\.title) == ["Emma", "Dune"])
    #expect(
      loaded.skipped == [
        SkippedRow(line: 3, reason: "text after the closing quote of field 1"),
        SkippedRow(line: 5, reason: "a quoted field opened on line 5 never closes"),
      ])
    // Byte for byte, each row in its place (before, `The "est"Book` was exported).
    #expect(CatalogueWriter.encode(loaded.books, format: loaded.format, keptRows: loaded.keptRows) == Data(csv.utf8))
    // A kept row follows its book when the order changes; when that book is
    // gone it goes last; one whose quote never closes is always last.
    let reordered = [loaded.books[1], loaded.books[0]]
    #expect(
      String(decoding: CatalogueWriter.encode(reordered, format: loaded.format, keptRows: loaded.keptRows), as: UTF8.self)
        == "Title,Author,Year\nDune,Frank Herbert,1965\nEmma,Jane Austen,1815\n\"The \"Best\" Book\",S,1999\nlast,\"never closed,1\n")
    #expect(
      String(decoding: CatalogueWriter.encode([loaded.books[1]], format: loaded.format, keptRows: loaded.keptRows), as: UTF8.self)
        == "Title,Author,Year\nDune,Frank Herbert,1965\n\"The \"Best\" Book\",S,1999\nlast,\"never closed,1\n")
  }

  @Test func savingOverAFileWithRowsThatAreNotBooksAsksOnce() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("termgrid-csv-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("books.csv").path
    let csv = "Title,Author,Year\nEmma,Jane Austen,1815\nBad \"quote,X,1\n"
    try Data(csv.utf8).write(to: URL(fileURLWithPath: path))
    var document = CatalogueDocument(loaded: try CatalogueLoader.load(path: path), path: path)
    #expect(
      throws: CatalogueSaveError.needsConfirmation(
        "1 row that is not a book (line 3: a quote inside unquoted field 1) will be written back as it was")
    ) {
      try document.save()
    }
    try document.save(confirmed: true)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(csv.utf8))
    try document.save()  // agreed once: not asked again
    // Another file: nothing is written over, so nothing to ask.
    try document.save(to: dir.appendingPathComponent("copy.csv").path)
  }

  @Test func bytesThatAreNotUTF8AreKeptUntilAnEditWouldReplaceThemAndThenASaveAsks() throws {
    // Latin-1 é in a title and a note: shown as U+FFFD, written back as they were.
    let bytes: [UInt8] =
      Array("Title,Author,Year,Notes\nCaf".utf8) + [0xE9] + Array(",Someone,1990,x".utf8) + [0xFF]
      + Array("\nEmma,Jane Austen,1815,\n".utf8)
    let loaded = try CatalogueLoader.parse(bytes: bytes, name: "latin1.csv")
    #expect(loaded.skipped == [])
    #expect(loaded.books[0].title == "Caf\u{FFFD}")
    #expect(CatalogueWriter.encode(loaded.books, format: loaded.format, keptRows: loaded.keptRows) == Data(bytes))
    #expect(CatalogueWriter.linesLosingBytes(loaded.books, format: loaded.format) == [])
    // Editing that book's year would write the row anew: the save says so first.
    var document = CatalogueDocument(loaded: loaded, path: "/nonexistent/latin1.csv")
    document.books[0].year = 1991
    #expect(CatalogueWriter.linesLosingBytes(document.books, format: loaded.format) == [2])
    #expect(
      throws: CatalogueSaveError.needsConfirmation(
        "the edited book from line 2 has bytes that are not UTF-8: saving writes them as �")
    ) {
      try document.save()
    }
    // Editing the other book asks nothing: the first row is still written as it was.
    var other = loaded
    other.books[1].year = 1816
    #expect(CatalogueWriter.linesLosingBytes(other.books, format: other.format) == [])
    let written = CatalogueWriter.encode(other.books, format: other.format, keptRows: other.keptRows)
    #expect(written.starts(with: Array("Title,Author,Year,Notes\nCaf".utf8) + [0xE9]))
    #expect(String(decoding: written, as: UTF8.self).hasSuffix("Emma,Jane Austen,1816,\n"))
  }

  /// Reproducible random choices (the waterfall demo's SplitMix64).
  struct Random {
    var generator: SeededGenerator
    mutating func next() -> UInt64 { generator.next() }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(1, n))) }
  }

  /// A field as a person or a program might write one.
  static func randomField(_ r: inout Random) -> String {
    let pieces = ["Emma", "a, b", "say \"hi\"", "line\nbreak", "  spaced ", "1815", "1813.0", "", "漢字", "🙂", "é", "\r\n", "x\u{1B}[31m"]
    return (0..<r.below(3)).map { _ in pieces[r.below(pieces.count)] }.joined()
  }

  static func encodeRow(_ fields: [String]) -> String {
    fields.map { f in
      f.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
        ? "\"" + f.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : f
    }.joined(separator: ",")
  }

  /// Random well-formed files read back to the fields they were written
  /// from, and are written back byte for byte; then the same files damaged
  /// (bytes flipped, dropped, doubled; stray quotes, NULs, line ends,
  /// invalid UTF-8 inserted): loading never fails past the header, and
  /// saving keeps every row that was there, read as a book or not.
  @Test func randomFilesAndDamagedOnesLoseNothing() throws {
    var r = Random(generator: SeededGenerator(seed: 12_026))
    var damagedFiles = 0
    for _ in 0..<300 {
      let columns = 3 + r.below(3)
      let header = ["Title", "Author", "Year Published", "Bookshelves", "Notes"].prefix(columns).map { $0 }
      let newline = r.below(2) == 0 ? "\n" : "\r\n"
      var rows: [[String]] = []
      for _ in 0..<(1 + r.below(12)) {
        var row = (0..<columns).map { _ in Self.randomField(&r) }
        row[0] = "T" + row[0]  // a title
        if r.below(3) > 0 { row[2] = "\(r.below(3000))" }
        rows.append(row)
      }
      let text = ([header] + rows).map(Self.encodeRow).joined(separator: newline) + newline
      let bytes = Array(text.utf8)
      // Well formed: the fields come back, and so do the bytes.
      var scanner = CSVScanner(bytes: bytes)
      var read: [[String]] = []
      while let row = scanner.next() {
        #expect(row.problem == nil)
        read.append(row.fields)
      }
      #expect(read == [header] + rows)
      let loaded = try CatalogueLoader.parse(bytes: bytes, name: "random.csv")
      try Self.expectHalvesReadAsOne(bytes)
      var spans = CSVScanner(bytes: bytes)
      while let row = spans.next() {
        #expect(row.spans.map { spans.text(of: $0) } == row.fields)
      }
      #expect(loaded.books.count + loaded.skipped.count == rows.count)
      #expect([UInt8](CatalogueWriter.encode(loaded.books, format: loaded.format, keptRows: loaded.keptRows)) == bytes)

      // Damaged: every row the scanner sees (not blank) is written back.
      var damaged = bytes
      for _ in 0..<(1 + r.below(4)) {
        let at = r.below(damaged.count)
        switch r.below(6) {
        case 0: damaged[at] = UInt8(truncatingIfNeeded: r.next())
        case 1: damaged.insert(0x22, at: at)
        case 2: damaged.insert(contentsOf: [0xC3, 0x28, 0xFF][...r.below(2)], at: at)
        case 3: damaged.insert(contentsOf: [0x00, 0x0D], at: at)
        case 4 where damaged.count > 1: damaged.remove(at: at)
        default: damaged.insert(contentsOf: damaged[at..<min(damaged.count, at + 1 + r.below(20))], at: at)
        }
      }
      // Decoding only some columns reads the same rows, the same problems.
      let mask = (0..<columns).map { _ in r.below(2) == 0 }
      var all = CSVScanner(bytes: damaged)
      var some = CSVScanner(bytes: damaged)
      while let a = all.next() {
        let b = some.next(decoding: mask)
        #expect(b?.range == a.range && b?.problem == a.problem && b?.hasInvalidUTF8 == a.hasInvalidUTF8 && b?.line == a.line)
        let expected = a.fields.enumerated().map {
          $0.offset < mask.count && !mask[$0.offset] && b?.fields[$0.offset] == "" ? "" : $0.element
        }
        #expect(b?.fields == expected)
      }
      #expect(some.next(decoding: mask) == nil)
      guard let again = try? CatalogueLoader.parse(bytes: damaged, name: "damaged.csv") else {
        continue  // the header itself was damaged: a typed error, nothing opened
      }
      damagedFiles += 1
      try Self.expectHalvesReadAsOne(damaged)
      func rowBytes(_ b: [UInt8]) -> [ArraySlice<UInt8>] {
        var s = CSVScanner(bytes: b, from: b.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
        var out: [ArraySlice<UInt8>] = []
        _ = s.next()  // the header
        while let row = s.next() {
          if row.problem == nil, row.fields.count == 1, row.fields[0].allSatisfy(\.isWhitespace) { continue }
          out.append(b[row.range])
        }
        return out
      }
      let written = [UInt8](CatalogueWriter.encode(again.books, format: again.format, keptRows: again.keptRows))
      #expect(again.books.count + again.skipped.count == rowBytes(damaged).count)
      // The same rows, the same bytes, in the same order (no edits were made).
      let before = rowBytes(damaged).map { Array($0) }
      let after = rowBytes(written).map { Array($0) }
      if before != after {
        Issue.record("rows changed on saving a damaged file: \(String(decoding: damaged, as: UTF8.self).debugDescription)")
      }
    }
    #expect(damagedFiles > 100)
  }

  /// What a reading found, to compare two: each book's fields and row, the rows skipped and kept.
  static func summary(_ c: LoadedCatalogue) -> [String] {
    c.books.map { b in
      let s = b.source
      return
        "\(b.id) \(b.title)|\(b.author)|\(b.year.map(String.init) ?? "-")|\(b.shelves)|\(s?.range ?? 0..<0) \(s?.line ?? 0) \(s?.hasInvalidUTF8 ?? false)"
    } + c.skipped.map { "skipped \($0.line) \($0.reason)" }
      + c.keptRows.map { "kept \($0.bytes.startIndex)..<\($0.bytes.endIndex) after \($0.afterBook ?? 0) \($0.runsToTheEnd)" }
  }

  /// A file read in two halves at once (cut near its middle, wherever
  /// that is) gives what one reading gives.
  static func expectHalvesReadAsOne(_ bytes: [UInt8]) throws {
    let one = try CatalogueLoader.parse(bytes: bytes, name: "x.csv", halvesFrom: .max)
    let two = try CatalogueLoader.parse(bytes: bytes, name: "x.csv", halvesFrom: 0)
    #expect(summary(two) == summary(one))
  }

  /// A stray quote before the cut makes the guess where rows start wrong:
  /// the first half reads on, and nothing is read twice or lost.
  @Test func aStrayQuoteBeforeTheCutIsReadAsOneReadingReadsIt() throws {
    try Self.strayQuoteBeforeTheCut()
  }

  static func strayQuoteBeforeTheCut() throws {
    var rows = ["Title,Author"]
    for i in 0..<40 { rows.append(i == 3 ? "Bad\"title,Someone" : i == 30 ? "\"Two\nlines\",X" : "Book \(i),Author \(i % 7)") }
    let bytes = Array((rows.joined(separator: "\n") + "\n").utf8)
    try expectHalvesReadAsOne(bytes)
    let loaded = try CatalogueLoader.parse(bytes: bytes, name: "x.csv", halvesFrom: 0)
    #expect(loaded.books.count == 39 && loaded.skipped.map(\.line) == [5])
    #expect(loaded.books.map(\.title).contains("Two\nlines"))
  }
  /// Whatever header the loader takes, a row of one field that is not
  /// blank is reported and kept (it was once taken for a blank line when its
  /// column was not one a book needs, and vanished).
  @Test func aShortRowIsReportedAndKeptWhateverTheHeader() throws {
    for header in ["day,start,end,title", "title,author,year", "Title,Author,Year Published,Bookshelves", "notes,title"] {
      let columns = header.split(separator: ",").count
      let full = Array(repeating: "1", count: columns).joined(separator: ",")
      let csv = "\(header)\n\(full)\nMonday\n\(full)\n"
      let loaded = try CatalogueLoader.parse(csv, name: "week.csv")
      #expect(loaded.books.count == 2, "\(header)")
      #expect(loaded.skipped == [SkippedRow(line: 3, reason: "1 field, the header has \(columns)")], "\(header)")
      #expect(CatalogueWriter.encode(loaded.books, format: loaded.format, keptRows: loaded.keptRows) == Data(csv.utf8), "\(header)")
    }
  }

  /// `--export` on such a file writes every row back and says so on
  /// standard error in a line that ends in a real line break.
  @Test func anExportWritesTheShortRowBackAndSaysSoInOneLine() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("termgrid-week-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let csv = "day,start,end,title\nMon,9,10,Standup\nMonday\nTue,14,15,Review\n"
    try Data(csv.utf8).write(to: URL(fileURLWithPath: dir + "/week.csv"))
    let binary = TmuxSession.productsDirectory.appendingPathComponent("book-catalogue").path
    let result = try Spawn.run([binary, "--data", dir + "/week.csv", "--export", dir + "/out.csv"])
    #expect(result.status == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/out.csv")) == Data(csv.utf8))
    #expect(result.output == "book-catalogue: 1 row that is not a book (line 3: 1 field, the header has 4) written back as it was\n")
  }
}
