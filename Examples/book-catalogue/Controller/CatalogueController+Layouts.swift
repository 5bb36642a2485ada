import BookCatalogueModel
import Foundation
import TermGrid
import TermGridImages

/// The arrangements' layouts, and the sizes the waterfall and the shelves ask for.
extension CatalogueController {
  /// The grid: cards of 24x5 (of 16x14 with covers).
  static func flowLayout(covers: Bool = false) -> FlowLayout {
    let size = covers ? coverCardSize : cardSize
    let layout = FlowLayout(
      itemSize: size, minimumInteritemSpacing: 1, minimumLineSpacing: 0,
      sectionInset: EdgeInsets(top: 0, left: 1, bottom: 0, right: 1),
      headerReferenceSize: Size(width: 0, height: 1), footerReferenceSize: Size(width: 0, height: 1))
    layout.sectionHeadersPinToVisibleBounds = true
    layout.lineAlignment = .leading
    return layout
  }

  /// The layout of an arrangement; the waterfall and the shelves ask this
  /// scene for their cards' heights and widths.
  func layout(for arrangement: Arrangement) -> any CollectionLayout {
    switch arrangement {
    case .grid:
      return Self.flowLayout(covers: covers != nil)
    case .list:
      return Self.listLayout()
    case .waterfall:
      let layout = WaterfallLayout(
        columns: .minimumWidth(Self.cardSize.width), interColumnSpacing: 1,
        sectionInset: EdgeInsets(top: 0, left: 1, bottom: 0, right: 1), headerHeight: 1, footerHeight: 1)
      layout.delegate = self
      return layout
    case .shelves:
      let layout = ShelfLayout(itemHeight: Self.cardSize.height, shelfSpacing: 0, headerHeight: 1, plankHeight: 1)
      layout.delegate = self
      return layout
    case .home:
      return homeLayout()
    }
  }

  /// The longest title line a card wraps to, and the most lines.
  static let waterfallTitleLines = 6
  static let shelfCardWidths = 16.0...36.0

  /// The rows of a cover above a waterfall card's title: a book's shape (2:3) at the column's width, within 6...14.
  static func waterfallCoverRows(columnWidth: Double) -> Int {
    min(14, max(6, Int((columnWidth - 2) * 3 / 4)))
  }

  /// A waterfall card is as tall as its title needs wrapped to the column
  /// (borders, up to six title lines and the detail line). Asked once per
  /// book when the layout is prepared, not per frame.
  func waterfallLayout(_ layout: WaterfallLayout, heightForItemAt indexPath: IndexPath, columnWidth: Double) -> Double {
    let title = shown.groups[indexPath.section].books[indexPath.item].title
    let lines = TextLayout.wrap(title, width: max(1, Int(columnWidth) - 4), maxLines: Self.waterfallTitleLines).count
    return Double(2 + max(1, lines) + 1 + (covers == nil ? 0 : Self.waterfallCoverRows(columnWidth: columnWidth)))
  }

  /// A shelf card is as wide as its title or detail line (with its border
  /// and padding), within 16...36 cells: a self-sizing card, measured once
  /// per book when the layout is prepared.
  func shelfLayout(_ layout: ShelfLayout, widthForItemAt indexPath: IndexPath) -> Double {
    let book = shown.groups[indexPath.section].books[indexPath.item]
    let width = Double(max(DisplayWidth.of(book.title), DisplayWidth.of(detailText(for: book))) + 4)
    return min(max(width, Self.shelfCardWidths.lowerBound), Self.shelfCardWidths.upperBound)
  }

  /// The plank under a shelf: a rule, with ◀ or ▶ where the shelf has books
  /// out of view on that side.
  static func plank(for attributes: LayoutAttributes, in view: CollectionView) -> ElementContent {
    let shelves = view.collectionViewLayout as? any SectionScrollingLayout
    let s = attributes.indexPath.section
    let left = (shelves?.horizontalOffset(ofSection: s) ?? 0) > 0
    let right = shelves.map { $0.horizontalOffset(ofSection: s) < $0.maximumHorizontalOffset(ofSection: s) } ?? false
    return .custom { surface, frame, _ in
      let style = Style(foreground: .brightBlack)
      surface.fill(frame, with: "▔", style: style)
      let marks = Style(foreground: .cyan, attributes: [.bold])
      if left { surface.draw("◀ more", x: frame.x + 1, y: frame.y, style: marks) }
      if right { surface.draw("more ▶", x: frame.maxX - 7, y: frame.y, style: marks) }
    }
  }
}
