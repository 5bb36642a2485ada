import BookCatalogueModel
import Testing

/// A book typed in (the add-a-book form's rules, in the model).
@Suite struct BookEntryTests {
  @Test func theTextsAreTrimmedAndBecomeTheBooksFields() throws {
    let book = try Book(title: "  Emma ", author: " Jane Austen  ", yearText: " 1815 ")
    #expect(book.title == "Emma" && book.author == "Jane Austen" && book.year == 1815 && book.shelves.isEmpty)
    #expect(book.fields.map(\.name) == ["Title", "Author", "Year Published"])
    #expect(book.fields.map(\.value) == ["Emma", "Jane Austen", "1815"])
  }

  @Test func anEmptyAuthorIsUnknownAndAnEmptyYearIsNone() throws {
    let book = try Book(title: "Beowulf", author: "   ", yearText: "")
    #expect(book.author == "Unknown author" && book.year == nil && book.yearText == "")
    #expect(book.fields.map(\.name) == ["Title", "Author"])
  }

  @Test func aNegativeYearIsBC() throws {
    let book = try Book(title: "論語", author: "孔子", yearText: "-479")
    #expect(book.year == -479 && book.yearText == "479 BC")
  }

  @Test func aBookNeedsATitle() {
    for title in ["", "   ", "\t"] {
      #expect(throws: BookEntryError.missingTitle) { try Book(title: title, author: "Anon", yearText: "1900") }
    }
  }

  @Test func theYearIsAWholeNumberWithinItsBounds() throws {
    for text in ["12.5", "1815a", "MDCCCXV", "10000", "-5001", "99999999999999999999"] {
      #expect(throws: BookEntryError.invalidYear, "\(text)") { try Book(title: "T", author: "A", yearText: text) }
    }
    #expect(try Book(title: "T", author: "A", yearText: "9999").year == 9999)
    #expect(try Book(title: "T", author: "A", yearText: "-5000").year == -5000)
  }
}
