// A card: a title wrapped to two lines, styled lines, a detail, a rounded
// border, a badge in a corner; then the stock header and footer.
import TermGrid

struct Book {
  var title: String
  var author: String
  var year: Int
}

// snippet.show
func card(for book: Book) -> ElementContent {
  ElementContent(
    title: book.title, titleLineLimit: 2,
    lines: ["by " + .bold(book.author), .colored("★★★★☆", .yellow)],
    detail: String(book.year), border: .rounded, badge: Badge("3", corner: .topTrailing),
    alignment: .leading, verticalAlignment: .center)
}

let header = ElementContent.header("Frank Herbert", color: .cyan)  // ─ Frank Herbert ──────
let footer = ElementContent.footer("3 books")  // dimmed, against the right
// snippet.hide
_ = (card(for: Book(title: "Dune", author: "Frank Herbert", year: 1965)), header, footer)
