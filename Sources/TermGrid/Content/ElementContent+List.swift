import GridLayout
import GridRender

extension ElementContent {
  /// A list's separator: a light rule across its frame, `─` in grey
  /// (dimmed with 8 colours or none), `-` when the theme is ASCII-only.
  /// What a collection view draws for <doc:/GridLayout/ElementKind/listSeparator>
  /// unless another drawer is registered for it.
  public static var listSeparator: ElementContent {
    .filled(with: "─", style: Style(foreground: .brightBlack))
  }

  /// The background of a section of a grouped list: a grey box around its
  /// rows (ASCII when the theme is ASCII-only), `rounded` for an inset
  /// grouped list. What a collection view draws for
  /// <doc:/GridLayout/ElementKind/groupedListBackground> (square) and
  /// <doc:/GridLayout/ElementKind/insetGroupedListBackground> (rounded)
  /// unless other drawers are registered for them.
  public static func groupedListBackground(rounded: Bool) -> ElementContent {
    ElementContent(title: "", border: rounded ? .rounded : .single, style: Style(foreground: .brightBlack), padding: 0)
  }
}
