// Batch updates in a controller: each change edits the model and says what
// changed, inside one closure; the view checks the batch against the data
// source's new counts and animates from what is on screen to the new layout.
import TermGrid

final class Planets: CollectionViewController {
  // snippet.hide
  var titles = ["Rocky", "Giants"]
  var names = [["Mercury", "Venus", "Earth", "Mars"], ["Jupiter", "Saturn", "Uranus", "Neptune"]]

  override func numberOfSections(in _: CollectionView) -> Int { names.count }

  override func collectionView(_: CollectionView, numberOfItemsInSection section: Int) -> Int {
    names[section].count
  }

  override func collectionView(_: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    ElementContent(title: names[indexPath.section][indexPath.item], border: .rounded)
  }

  override func collectionView(
    _: CollectionView, contentForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
  ) -> ElementContent {
    kind == .header ? .header(titles[indexPath.section]) : .footer("\(names[indexPath.section].count) worlds")
  }

  override var keyCommands: [KeyCommand] {
    [
      KeyCommand("p", title: "swap Earth for Pluto", action: swapEarthForPluto),
      KeyCommand("i", title: "insert a moon", action: insertMoon),
      KeyCommand("a", title: "send the focused world across", action: moveFocusedAcross),
      KeyCommand("s", title: "add a section of dwarfs", action: addDwarfs),
      KeyCommand("r", title: "replace the last section", action: replaceLastSection),
      KeyCommand("d", title: "delete the focused world", action: deleteFocused),
    ]
  }
  // snippet.show
}

// snippet.batch
extension Planets {
  func swapEarthForPluto() throws {
    guard names[0].count > 2, names.count > 1 else { return }
    try collectionView.performBatchUpdates {
      names[0].remove(at: 2)
      names[1].insert("Pluto", at: 0)
      try collectionView.deleteItems(at: [IndexPath(item: 2, section: 0)])  // an index path before the update
      try collectionView.insertItems(at: [IndexPath(item: 0, section: 1)])  // an index path after it
    }
  }
}
// snippet.end

// snippet.single
extension Planets {
  // One change: the model's change in the closure, the rest is done for you.
  func insertMoon() throws {
    let p = collectionView.focusedIndexPath ?? IndexPath(item: 0, section: 0)
    try collectionView.insertItems(at: [p]) { names[p.section].insert("Moon", at: p.item) }
  }
}
// snippet.end

// snippet.move
extension Planets {
  /// Sends the focused world to the front of the next section.
  func moveFocusedAcross() throws {
    guard let from = collectionView.focusedIndexPath else { return }
    let to = IndexPath(item: 0, section: (from.section + 1) % names.count)
    try collectionView.performBatchUpdates {
      let name = names[from.section].remove(at: from.item)
      names[to.section].insert(name, at: to.item)
      try collectionView.moveItem(at: from, to: to)  // from before the update to after it
    }
  }
}
// snippet.end

// snippet.sections
extension Planets {
  /// Inserts a section, with its items, after the first.
  func addDwarfs() throws {
    guard !titles.contains("Dwarfs") else { return }
    try collectionView.performBatchUpdates {
      titles.insert("Dwarfs", at: 1)
      names.insert(["Ceres", "Pluto", "Eris"], at: 1)
      try collectionView.insertSections([1])
    }
  }

  /// Replaces the last section's items wholesale: a reloaded section may
  /// change its number of items.
  func replaceLastSection() throws {
    let last = names.count - 1
    try collectionView.performBatchUpdates {
      names[last] = ["Jupiter", "Saturn"]
      try collectionView.reloadSections([last])
    }
  }
}
// snippet.end

// snippet.completion
extension Planets {
  func deleteFocused() throws {
    guard let p = collectionView.focusedIndexPath else { return }
    let name = names[p.section][p.item]
    try collectionView.performBatchUpdates(
      {
        names[p.section].remove(at: p.item)
        try collectionView.deleteItems(at: [p])
      },
      completion: { [weak self] finished in
        // True when the animation ran to its end; false when another update cut it short.
        if finished { self?.message = "\(name) is gone" }
      })
  }
}
// snippet.end

// snippet.hide
if CommandLine.arguments.count > 1 {
  Application.run(Planets(layout: FlowLayout(itemSize: Size(width: 14, height: 3), headerHeight: 1, footerHeight: 1)))
}
