import BookCatalogueModel
import Foundation
import TermGrid
import TermGridImages

extension CatalogueController {
  /// Saves to the file the catalogue came from (and quits after, when
  /// `thenQuit`); the bundled one asks for a name first, and a save that
  /// needs a yes asks for it. The shared catalogue writes the file once,
  /// whichever viewer asks; every viewer's title then says it is saved.
  func save(thenQuit: Bool = false, confirmed: Bool = false) {
    let saved: CatalogueState
    do {
      saved = try shared.save(confirmed: confirmed)
    } catch .needsPath {
      askForSavePath(thenQuit: thenQuit)
      return
    } catch .needsConfirmation(let question) {
      confirmSave(question) { [unowned self] in save(thenQuit: thenQuit, confirmed: true) }
      return
    } catch {
      message = Self.describe(error)
      return
    }
    show(saved, sort: library.sort, message: "saved \(saved.books.count) books to \(sourceName)", as: .remote)
    if thenQuit { quit() }
  }

  /// Asks before a save that needs a yes: s saves, Esc leaves the file as it is.
  func confirmSave(_ question: String, then save: @escaping () -> Void) {
    present(
      PromptOverlay(
        "Save? \(question)", choices: [.init("s", "saves") { save() }], cancelTitle: "does not save"))
  }

  /// A failed save for the status line: the reason first, the edits kept.
  static func describe(_ error: CatalogueSaveError) -> String {
    switch error {
    case .failed(let e): return "not saved, edits kept: \(e.reason) (\(e.step))"
    default: return "not saved, edits kept: \(error)"
    }
  }

  /// The file name input (S, or s on the bundled catalogue). Naming a file
  /// that exists asks again: Enter then replaces it (typing changes the
  /// name, which must be confirmed again).
  func askForSavePath(_ text: String? = nil, replacing: Bool = false, thenQuit: Bool = false) {
    let hint = replacing ? " · it exists: Enter replaces it · Esc cancels" : " · Enter saves · Esc cancels"
    let input = TextInputOverlay(
      label: " Save as: ", text: text ?? seen.path ?? "", hint: { _ in hint },
      onSubmit: { [unowned self] path in save(as: path, replacing: replacing, thenQuit: thenQuit) })
    if replacing {
      input.onChange = { [unowned self, unowned input] text in
        dismiss(input)
        askForSavePath(text, thenQuit: thenQuit)
      }
    }
    present(input)
  }

  /// Saves under a new name: the catalogue is that file from now on.
  func save(as input: String, replacing: Bool, thenQuit: Bool, confirmed: Bool = false) {
    var path = input.trimmingCharacters(in: .whitespaces)
    guard !path.isEmpty else {
      askForSavePath(input, thenQuit: thenQuit)
      return
    }
    if path.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"] {
      path = home + path.dropFirst()
    }
    if !replacing, path != seen.path, FileManager.default.fileExists(atPath: path) {
      askForSavePath(input, replacing: true, thenQuit: thenQuit)
      return
    }
    let saved: CatalogueState
    do {
      saved = try shared.save(to: path, confirmed: confirmed)
    } catch .needsConfirmation(let question) {
      confirmSave(question) { [unowned self] in save(as: input, replacing: true, thenQuit: thenQuit, confirmed: true) }
      return
    } catch {
      message = Self.describe(error)
      return
    }
    show(saved, sort: library.sort, message: "saved \(saved.books.count) books to \(path)", as: .remote)
    sourceName = (path as NSString).lastPathComponent
    if thenQuit { quit() }
  }

}
