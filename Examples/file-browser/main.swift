import ArgumentParser
import TermGrid

/// Browses a folder tree: `file-browser [folder]`.
struct FileBrowser: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "file-browser",
    abstract: "Browse a folder tree as an outline: Right opens a folder, Left closes it, Enter shows details, / filters.")

  @Argument(help: "The folder to browse (the current one by default).")
  var folder = "."

  @Flag(name: .customLong("hidden"), help: "Show hidden entries (names starting with a dot).")
  var showsHidden = false

  func run() throws {
    Application.run { try FileBrowserController(root: folder, showsHidden: showsHidden) }
  }
}

FileBrowser.main()
