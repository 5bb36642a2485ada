// Changing what the view's keys do: h j k l freed for the app, n and p for
// the next and previous item in order, Delete clearing the selection; an
// action performed from a key command, and a selection made in code.
import TermGrid

final class Alphabet: CollectionViewController {
  let letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".map { String($0) }
  let vowels: Set<String> = ["A", "E", "I", "O", "U"]

  init() {
    super.init(layout: FlowLayout(itemSize: Size(width: 7, height: 3)))
    // snippet.bindings
    var keys = collectionView.keyBindings  // KeyBindings.standard
    for key: Key in ["h", "j", "k", "l"] { keys[key] = nil }
    keys["n"] = .focusNextItem
    keys["p"] = .focusPreviousItem
    keys[Key(.delete)] = .clearSelection
    collectionView.keyBindings = keys
    // snippet.end
  }

  // snippet.perform
  // Key commands come before the view's bindings; an action runs as if its key was pressed.
  override var keyCommands: [KeyCommand] {
    [
      KeyCommand("l", title: "the last letter", action: showLast),
      KeyCommand("v", title: "select the vowels", action: selectVowels),
    ]
  }

  func showLast() {
    collectionView.perform(.last)  // as End does: the delegate is asked and told
  }

  // In code: no delegate method is called, as in UIKit.
  func selectVowels() {
    collectionView.selectItem(at: nil)  // deselects every item
    for (i, letter) in letters.enumerated() where vowels.contains(letter) {
      collectionView.selectItem(at: IndexPath(item: i, section: 0))
    }
    message = "\(collectionView.indexPathsForSelectedItems.count) selected"
  }

  override var helpTitles: [KeyBindings.HelpTopic: String] { [.nextItem: "the next / previous letter"] }
  // snippet.end

  override func collectionView(_: CollectionView, numberOfItemsInSection _: Int) -> Int { letters.count }

  override func collectionView(_: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    ElementContent(title: letters[indexPath.item], border: .rounded, alignment: .center)
  }
}

// snippet.hide
if CommandLine.arguments.count > 1 {
  Application.run(Alphabet())
}
