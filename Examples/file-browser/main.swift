import ArgumentParser
import GridPlatform
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
    let root = Self.bytes(ofArgument: folder)
    Application.run { try FileBrowserController(root: root, showsHidden: showsHidden) }
  }

  /// The bytes of the command-line argument that reads as `text`: the
  /// parser is given arguments decoded as UTF-8 (invalid bytes replaced),
  /// and a folder's name need not be UTF-8.
  static func bytes(ofArgument text: String) -> [UInt8] {
    for i in 1..<Int(CommandLine.argc) {
      guard let argument = CommandLine.unsafeArgv[i] else { continue }
      let raw = Array(UnsafeBufferPointer(start: UnsafeRawPointer(argument).assumingMemoryBound(to: UInt8.self), count: strlen(argument)))
      if String(decoding: raw, as: UTF8.self) == text { return raw }
    }
    return Array(text.utf8)
  }
}

FileBrowser.main()
