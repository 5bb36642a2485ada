/// How the arrow keys move the focus among a layout's items: what a
/// layout says in ``CollectionLayout/focusNavigation``.
///
/// A layout whose items stand in rows (a grid, a list, shelves) moves the
/// focus row by row, as a person reading it expects; a free-form layout (a
/// ring, a masonry wall) has no rows and moves it by geometry.
public enum FocusNavigation: Hashable, Sendable {
  /// By geometry, for free-form layouts: the nearest item whose centre lies
  /// beyond the focused item's centre in that direction, within a
  /// 45-degree cone either side (measured as the eye sees it, with the
  /// view's cell aspect ratio), or straight ahead (below the focused item
  /// for Down, their columns overlapping). Items of the focused item's
  /// section come first. With nothing in the cone the focus stays.
  case geometric
  /// In rows (a vertical grid, a list, shelves): Down goes to the next row
  /// (the items below the focused one that start before the first of them
  /// ends), to its item nearest sideways, however far that is: past a
  /// short last row's end, into the next section, the next shelf, passing
  /// over empty sections and rows where the focus may not land. Up
  /// likewise. Left and Right keep to the row: the nearest item beside the
  /// focused one (their rows overlapping), never wrapping to the next row.
  case rows
  /// In columns (a horizontal flow, whose lines are columns): ``rows``
  /// turned on its side. Right goes to the next column's item nearest
  /// vertically, into the next section when the column is the last; Left
  /// likewise; Up and Down keep to the column.
  case columns
}
