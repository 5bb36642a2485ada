import ArgumentParser
import TermGridTesting

/// Writes a deterministic catalogue of N books as a Goodreads-style CSV to
/// standard output: the same N and seed always give the same file.
@main
struct CatalogueGen: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "catalogue-gen", abstract: "Generate a deterministic N-book catalogue CSV (Goodreads columns).")

  @Option(name: .short, help: "The number of books.")
  var n = 10_000

  @Option(help: "The seed of the generator.")
  var seed: UInt64 = 1

  @Option(help: "Books per author, on average.")
  var booksPerAuthor = 8

  func run() throws {
    // (TermGridTesting's generator starts one step on: the same books as before it was shared.)
    var rng = SplitMix64(seed: seed &- 0x9E37_79B9_7F4A_7C15)
    let given = [
      "Anna", "Boris", "Chiara", "Daniel", "Elif", "Farid", "Grace", "Hiro", "Ines", "Jonas", "Kaveh",
      "Lena", "Mateo", "Nadia", "Omar", "Priya", "Quentin", "Rosa", "Sven", "Tomás", "Una", "Viktor", "Wen", "Yusuf",
    ]
    let family = [
      "Abe", "Bauer", "Costa", "Dubois", "Eriksson", "Fischer", "García", "Horvat", "Ivanova", "Jensen",
      "Kowalski", "Lindqvist", "Moreau", "Novak", "Okafor", "Petrov", "Quispe", "Rossi", "Sato", "Tanaka", "Ueda",
      "Vargas", "Weber", "Xu", "Yamamoto", "Zhang", "李", "王", "村上", "金",
    ]
    let words = [
      "River", "Night", "Garden", "Silence", "Winter", "Mirror", "Harbour", "Letters", "Stone", "Light",
      "Archive", "Empire", "Orchard", "Voyage", "Shadow", "Bridge", "Salt", "Lantern", "Tide", "Crown", "海", "夜",
      "花", "風", "雪",
    ]
    let shelves = ["novel", "poetry", "history", "essays", "drama", "science", "short-stories", "to-read"]
    var out = "Book Id,Title,Author,Year Published,Bookshelves,My Rating\n"
    out.reserveCapacity(n * 64)
    let authors = max(1, n / max(1, booksPerAuthor))
    for i in 0..<n {
      let a = Int(rng.next() % UInt64(authors))
      let author =
        "\(given[a % given.count]) \(family[(a / given.count) % family.count])"
        + (a >= given.count * family.count ? " \(a / (given.count * family.count))" : "")
      var title = "The"
      for _ in 0..<(1 + Int(rng.next() % 4)) { title += " " + words[Int(rng.next() % UInt64(words.count))] }
      if rng.next() % 5 == 0 { title += ", Volume \(1 + rng.next() % 9)" }
      let year = 1700 + Int(rng.next() % 325)
      let shelf = shelves[Int(rng.next() % UInt64(shelves.count))]
      out += "\(i + 1),\(quoted(title)),\(quoted(author)),\(year),\(shelf),\(rng.next() % 6)\n"
      if out.utf8.count > 1 << 20 {
        print(out, terminator: "")
        out.removeAll(keepingCapacity: true)
      }
    }
    print(out, terminator: "")
  }

  func quoted(_ s: String) -> String {
    s.contains(",") || s.contains("\"") ? "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : s
  }
}

extension String {
  func replacingOccurrences(of target: String, with replacement: String) -> String {
    split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
