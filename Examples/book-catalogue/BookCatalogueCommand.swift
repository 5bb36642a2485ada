import ArgumentParser
import CursesTerminal
import Foundation
import TermGrid

@main
struct BookCatalogueCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "book-catalogue",
    abstract: "Browse a book catalogue grouped into sections, in the terminal.",
    discussion: """
      Without --data, opens the bundled catalogue of world classics. A Goodreads
      export (Title, Author, Year Published, Bookshelves) or a CSV with a
      title,author,year header can be opened with --data.

      Keys: arrows or h j k l move, PgUp/PgDn page, Home/End or g/G jump,
      Tab/Shift-Tab change section, Enter shows details, Space selects,
      d deletes the selected books (or the focused one), a adds a book,
      u undoes, L switches between grid and list, ? help, q quits.
      """)

  @Option(name: .long, help: "A CSV file to open instead of the bundled catalogue.")
  var data: String?

  @Option(name: .customLong("group-by"), help: "Group books by author, shelf or decade.")
  var groupBy: Grouping = .author

  func run() throws {
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
    } catch let error as CatalogueError {
      FileHandle.standardError.write(Data("book-catalogue: \(error)\n".utf8))
      throw ExitCode(1)
    }
    let scene = CatalogueScene(
      catalogue: Catalogue(books: loaded.books, grouping: groupBy), sourceName: name, skipped: loaded.skipped)
    let terminal: CursesTerminal
    do {
      terminal = try CursesTerminal()
    } catch {
      FileHandle.standardError.write(Data("book-catalogue: \(error)\n".utf8))
      throw ExitCode(1)
    }
    scene.collectionView.theme.asciiOnly = !terminal.capabilities.unicode
    scene.collectionView.rasterizer.blend.colors = terminal.capabilities.colors
    try RunLoop(terminal: terminal, scene: scene).run()
  }
}

extension Grouping: ExpressibleByArgument {}
