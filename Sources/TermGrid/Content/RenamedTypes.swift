/// The former name of ``ElementContent`` (what an item, a header, a footer
/// or a decoration shows): "cell" in TermGrid's names means a terminal cell.
@available(*, deprecated, renamed: "ElementContent")
public typealias CellContent = ElementContent

/// The former name of ``ElementState``.
@available(*, deprecated, renamed: "ElementState")
public typealias CellState = ElementState
