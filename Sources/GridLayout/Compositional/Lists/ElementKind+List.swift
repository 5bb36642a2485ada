extension ElementKind {
  /// A list's separator: a decoration between two rows of a section
  /// (``LayoutListConfiguration/showsSeparators``), at the index path of
  /// the row above it. TermGrid draws it as a light rule (`─`, ASCII `-`)
  /// unless another drawer is registered for it.
  public static let listSeparator = ElementKind("list-separator")
  /// The background of a grouped list's section
  /// (``LayoutListConfiguration/Appearance/grouped``): a box around its rows,
  /// across the view. TermGrid draws a grey box unless another drawer is
  /// registered for it.
  public static let groupedListBackground = ElementKind("grouped-list-background")
  /// The background of an inset grouped list's section
  /// (``LayoutListConfiguration/Appearance/insetGrouped``): a box around its
  /// rows, a column in from each side of the view. TermGrid draws a grey
  /// rounded box unless another drawer is registered for it.
  public static let insetGroupedListBackground = ElementKind("inset-grouped-list-background")
}
