/// How a list looks: UIKit's `UICollectionLayoutListConfiguration`, in
/// cells. Give it to ``LayoutSection/list(using:layoutEnvironment:)`` for one
/// section of a ``CompositionalLayout``, or to
/// ``CompositionalLayout/list(using:)`` for a layout that is a list
/// throughout.
///
/// ```swift
/// var configuration = LayoutListConfiguration(appearance: .insetGrouped)
/// configuration.headerMode = .supplementary
/// let layout = CompositionalLayout.list(using: configuration)
/// ```
///
/// Rows are as wide as the list and as tall as their content: a row's
/// height is ``LayoutDimension/estimated(_:)`` (1), measured by the layout's
/// ``CompositionalLayout/itemMeasurer`` (a collection view measures its
/// content), so a row of one line of text is 1 row tall. In cells:
///
/// | appearance | rows | around the section |
/// | --- | --- | --- |
/// | ``Appearance/plain`` | the full width | headers pin to the top of the view |
/// | ``Appearance/grouped`` | inside a box across the full width | a blank row above; a box (``ElementKind/groupedListBackground``) behind the rows |
/// | ``Appearance/insetGrouped`` | inside a rounded box a column in from each side | a blank row above; the box (``ElementKind/insetGroupedListBackground``) |
/// | ``Appearance/sidebar`` | a column in from each side | nothing |
/// | ``Appearance/sidebarPlain`` | the full width | headers pin |
///
/// A separator is a row of its own between two rows of a section (a light
/// rule, ``ElementKind/listSeparator``, from where the text starts to the
/// row's trailing edge): a terminal has no hairline that takes no room.
/// The lists that show them by default (plain and grouped) are twice as
/// tall as their items, so turn ``showsSeparators`` off for dense lists.
/// Headers and footers are one row (``headerHeight``, ``footerHeight``).
public struct LayoutListConfiguration: Sendable {
  /// The look of a list.
  public enum Appearance: Hashable, Sendable {
    /// Rows across the full width, separators between them, headers that pin.
    case plain
    /// Each section's rows inside a box across the full width, a blank row above each section.
    case grouped
    /// Each section's rows inside a rounded box a column in from each side, a blank row above each section.
    case insetGrouped
    /// Rows a column in from each side, no separators: the source list of a split view.
    case sidebar
    /// Rows across the full width, no separators, headers that pin.
    case sidebarPlain
  }

  /// What heads a section.
  public enum HeaderMode: Hashable, Sendable {
    /// Nothing.
    case none
    /// A header of kind ``ElementKind/header`` above the rows, asked of the data source.
    case supplementary
    /// The section's first item: a row like the others, which the data
    /// source draws as a header (in an outline, the parent with a disclosure).
    case firstItemInSection
  }

  /// What ends a section.
  public enum FooterMode: Hashable, Sendable {
    /// Nothing.
    case none
    /// A footer of kind ``ElementKind/footer`` below the rows, asked of the data source.
    case supplementary
  }

  /// Gives the separator under the row at an index path, from the list's.
  /// UIKit's `ItemSeparatorHandler`.
  public typealias ItemSeparatorHandler =
    @Sendable (_ indexPath: IndexPath, _ configuration: ListSeparatorConfiguration) -> ListSeparatorConfiguration

  /// The look.
  public var appearance: Appearance
  /// Whether a separator row lies between two rows of a section: true for
  /// `.plain`, `.grouped` and `.insetGrouped`, false for `.sidebar` and
  /// `.sidebarPlain`, by default.
  public var showsSeparators: Bool
  /// Where separators start and end.
  public var separatorConfiguration: ListSeparatorConfiguration
  /// Changes the separator under one row: given the row's index path and
  /// ``separatorConfiguration``, returns the row's (hidden under a parent
  /// row, say, or inset further for an indented one). Asked for the rows
  /// on screen, each time they are queried; nil for every row alike.
  public var itemSeparatorHandler: ItemSeparatorHandler?
  /// What heads each section: `.none` by default.
  public var headerMode: HeaderMode = .none
  /// What ends each section: `.none` by default.
  public var footerMode: FooterMode = .none
  /// The rows of a supplementary header: 1.
  public var headerHeight: Double = 1
  /// The rows of a supplementary footer: 1.
  public var footerHeight: Double = 1
  /// Every row's height in rows, as `UITableView`'s `rowHeight`; nil (the
  /// default) for rows as tall as their content, measured. A fixed height
  /// measures nothing: preparing the layout costs a section's layout per
  /// section however many rows it has, where measured rows cost a measure
  /// each (a list of 100,000 rows asks its data source 100,000 times).
  public var rowHeight: Double?
  /// Blank rows above each section (above its header): nil for the
  /// appearance's own, 1 for the grouped appearances and 0 for the others.
  public var headerTopPadding: Double?

  /// A configuration of `appearance`, with its separators (see
  /// ``showsSeparators``), no headers and no footers.
  public init(appearance: Appearance) {
    self.appearance = appearance
    switch appearance {
    case .plain, .grouped, .insetGrouped: showsSeparators = true
    case .sidebar, .sidebarPlain: showsSeparators = false
    }
    separatorConfiguration = ListSeparatorConfiguration()
  }
}
