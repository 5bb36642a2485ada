import GridLayout

extension CollectionView {
  /// What draws a list layout's decorations when no drawer is registered
  /// for their kind: its separators and its grouped sections' boxes.
  static func listDecorationDrawer(ofKind kind: ElementKind) -> DecorationDrawer? {
    switch kind {
    case .listSeparator: return { _ in .listSeparator }
    case .groupedListBackground: return { _ in .groupedListBackground(rounded: false) }
    case .insetGroupedListBackground: return { _ in .groupedListBackground(rounded: true) }
    default: return nil
    }
  }
}
