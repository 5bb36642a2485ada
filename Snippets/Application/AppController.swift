// A shopping list run by a CollectionViewController: the data and the
// delegate, key commands, the title bar and the status line, asking before
// quitting, the help screen, and the run with its errors reported.
import TermGrid

// snippet.hide
/// One aisle of the shop and what to fetch there.
struct Aisle {
  var name: String
  var items: [String]

  /// An aisle from a command-line argument: `Fruit=apples,pears`.
  init(argument: String) throws {
    let parts = argument.split(separator: "=", maxSplits: 1).map { String($0) }
    name = parts.first ?? ""
    items = parts.count > 1 ? parts[1].split(separator: ",").map { String($0) } : []
    if name.isEmpty || items.isEmpty { throw ListError.emptyAisle(argument) }
  }
}

/// What is wrong with the list given.
enum ListError: Error, CustomStringConvertible {
  case emptyAisle(String)
  case noAisles

  var description: String {
    switch self {
    case .emptyAisle(let argument): return "\(argument): an aisle needs a name and at least one item"
    case .noAisles: return "name at least one aisle: shopping Fruit=apples,pears Dairy=milk"
    }
  }
}
// snippet.show

final class ShoppingList: CollectionViewController {
  var aisles: [Aisle]
  var isModified = false

  init(arguments: [String]) throws {
    aisles = try arguments.map(Aisle.init(argument:))
    if aisles.isEmpty { throw ListError.noAisles }
    super.init(layout: FlowLayout(itemSize: Size(width: 18, height: 3), headerHeight: 1))
  }

  func name(at indexPath: IndexPath) -> String { aisles[indexPath.section].items[indexPath.item] }

  // snippet.data
  override func numberOfSections(in _: CollectionView) -> Int { aisles.count }

  override func collectionView(_: CollectionView, numberOfItemsInSection section: Int) -> Int {
    aisles[section].items.count
  }

  override func collectionView(_: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    ElementContent(title: name(at: indexPath), border: .rounded)
  }

  override func collectionView(
    _: CollectionView, contentForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
  ) -> ElementContent {
    kind == .header ? .header(aisles[indexPath.section].name) : .empty
  }

  // Enter, or a double click.
  override func collectionView(_: CollectionView, didActivateItemAt indexPath: IndexPath) {
    let aisle = aisles[indexPath.section]
    present(
      PanelOverlay(
        title: name(at: indexPath),
        rows: [.init("Aisle", aisle.name), .init("Position", "\(indexPath.item + 1) of \(aisle.items.count)")]))
  }
  // snippet.end

  // snippet.commands
  // Kept, and asked again after a command, a selection or data change, or
  // setNeedsKeyCommandsUpdate(): the commands may follow the state.
  override var keyCommands: [KeyCommand] {
    var commands = [
      KeyCommand("a", Key(.insert), title: "add an item before the focused one", action: addItem),
      KeyCommand("d", Key(.delete), title: "delete the selected items, or the focused one", action: deleteItems),
    ]
    if isModified { commands.append(KeyCommand("s", title: "save", action: save)) }
    return commands
  }

  func addItem() {
    let place = collectionView.focusedIndexPath ?? IndexPath(item: 0, section: 0)
    present(
      TextInputOverlay(label: " Add: ") { [unowned self] name in
        guard !name.isEmpty else { return }
        try collectionView.insertItems(at: [place]) { aisles[place.section].items.insert(name, at: place.item) }
        isModified = true
        message = "added \(name)"  // shown once the input line closes
      })
  }

  func deleteItems() {
    // The selected items, sorted, or the focused one when none is selected.
    let doomed = collectionView.indexPathsForSelectedOrFocusedItems
    guard !doomed.isEmpty else { return }
    let question = doomed.count == 1 ? "Delete \(name(at: doomed[0]))?" : "Delete \(doomed.count) items?"
    present(
      PromptOverlay.confirm(question) { [unowned self] in
        try collectionView.deleteItems(at: doomed) {
          for p in doomed.reversed() { aisles[p.section].items.remove(at: p.item) }
        }
        isModified = true
      })
  }

  func save() {
    isModified = false
    message = "saved"
  }
  // snippet.end

  // snippet.bars
  override var titleText: String? { isModified ? "Shopping (modified)" : "Shopping" }

  override var statusText: String {
    let count = aisles.reduce(0) { $0 + $1.items.count }
    guard let focused = collectionView.focusedIndexPath else { return "\(count) items" }
    return "\(count) items · \(name(at: focused))"
  }

  // The help and quit hints follow the app's; when the line is narrow,
  // plain hints go from the last on (quit, help, "Enter where"), "d delete"
  // goes before them, and "a add" stays longest.
  override var statusHints: [StatusHint] {
    ["a add", StatusHint("d delete", visibilityPriority: .low), "Enter where"] + super.statusHints
  }
  // snippet.end

  // snippet.quit
  // q and Ctrl-C ask first while there are unsaved changes.
  override func shouldQuit() -> Bool {
    guard isModified else { return true }
    present(
      PromptOverlay(
        "Unsaved changes",
        choices: [
          .init("s", "saves and quits") { [unowned self] in
            save()
            quit()
          },
          .init("q", "quits without saving") { [unowned self] in quit() },
        ], cancelTitle: "stays"))
    return false
  }

  // What Enter means here, in the help screen.
  override var helpTitles: [KeyBindings.HelpTopic: String] { [.activate: "show where the item is"] }

  override func makeHelpOverlay() -> PanelOverlay {
    let help = super.makeHelpOverlay()
    help.rows.append(.init("mouse", "a click selects, a double click shows where"))
    return help
  }
  // snippet.end

  // snippet.layout
  override func willAppear(on capabilities: TerminalCapabilities) {
    super.willAppear(on: capabilities)  // adapts the view to the terminal, loads the data
    if !capabilities.mouse { message = "no mouse here: Space selects" }
  }

  // The first frame and every resize: keep the focused item in the middle.
  override func viewDidLayout() {
    if let focused = collectionView.focusedIndexPath {
      collectionView.scrollToItem(at: focused, position: .centered)
    }
  }
  // snippet.end
}

// snippet.hide
if CommandLine.arguments.count > 1 {
  // snippet.show
  // snippet.run
  let arguments = Array(CommandLine.arguments.dropFirst())
  for argument in arguments where !argument.contains("=") {
    Application.fail("\(argument): expected AISLE=ITEM,ITEM,...")
  }
  // The list is made before the terminal opens: its errors show on a normal screen.
  Application.run(name: "shopping") { try ShoppingList(arguments: arguments) }
  // snippet.end
  // snippet.hide
}
