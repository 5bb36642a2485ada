import GridRender

extension ElementContent {
  /// The columns before the text: the indentation, and an outline
  /// disclosure with a cell after it.
  func leadingAccessoryWidth(asciiOnly: Bool) -> Int {
    let marks = accessories.filter { $0.placement == .leading }.map { $0.width(asciiOnly: asciiOnly) + 1 }
    return max(0, indentationLevel) * max(0, indentationWidth) + marks.reduce(0, +)
  }

  /// The columns after the text: the trailing accessories a cell apart,
  /// with a cell and the padding between them and the text (0 without any).
  func trailingAccessoryWidth(asciiOnly: Bool) -> Int {
    let marks = accessories.filter { $0.placement == .trailing }.map { $0.width(asciiOnly: asciiOnly) }
    return marks.isEmpty ? 0 : marks.reduce(0, +) + marks.count + max(0, padding)
  }

  /// Whether the row has an indentation or accessories to make room for.
  var hasAccessories: Bool { !accessories.isEmpty || indentationLevel > 0 }
}
