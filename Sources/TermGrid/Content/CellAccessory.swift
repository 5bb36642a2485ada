import GridRender

/// A mark at the edge of a list row: a disclosure indicator, an outline
/// disclosure triangle, a checkmark, a label or count, a reorder handle.
/// UIKit's `UICellAccessory`, in cells.
///
/// ```swift
/// var row = ElementContent(title: "Downloads")
/// row.accessories = [.outlineDisclosure(isExpanded: true), .label(text: "12"), .disclosureIndicator()]
/// row.indentationLevel = 1
/// // │   ▾ Downloads            12 › │
/// ```
///
/// The outline disclosure sits at the row's leading edge, after its
/// indentation (``ElementContent/indentationLevel``); the others sit at the
/// trailing edge, in order, a cell apart, and the title is cut with "…"
/// before them. Each has an ASCII stand-in, drawn when the theme is
/// ASCII-only (``Theme/asciiOnly``), and a colour that degrades with the
/// rest of the terminal's colours: the disclosure indicator, the label and
/// the reorder handle are grey (dimmed with 8 colours or none), the
/// checkmark cyan, the outline disclosure the row's own colour.
///
/// | accessory | drawn | ASCII |
/// | --- | --- | --- |
/// | ``disclosureIndicator(tintColor:)`` | `›` | `>` |
/// | ``outlineDisclosure(isExpanded:tintColor:)`` | `▸` collapsed, `▾` expanded | `>`, `v` |
/// | ``checkmark(tintColor:)`` | `✓` | `*` |
/// | ``label(text:tintColor:)`` | the text | the text |
/// | ``reorder(tintColor:)`` | `≡` | `=` |
public struct CellAccessory: Hashable, Sendable {
  /// What an accessory shows.
  public enum Kind: Hashable, Sendable {
    /// A chevron saying that choosing the row shows more (`›`).
    case disclosureIndicator
    /// A triangle saying whether the row's children show (`▾`) or not (`▸`).
    case outlineDisclosure(isExpanded: Bool)
    /// A checkmark (`✓`). A selected row that shows one is not given the
    /// selection mark in its first cell as well.
    case checkmark
    /// A short text: a count, a value.
    case label(String)
    /// A handle for moving the row (`≡`).
    case reorder
  }

  /// Which edge of the row an accessory sits at.
  public enum Placement: Hashable, Sendable {
    /// Before the title, after the indentation.
    case leading
    /// After the title, against the row's trailing edge.
    case trailing
  }

  /// What it shows.
  public var kind: Kind
  /// Which edge it sits at: leading for an outline disclosure, trailing for
  /// the others, unless set.
  public var placement: Placement
  /// Its colour; nil for the kind's own (described in the type's overview).
  public var tintColor: Color?

  /// Creates an accessory of `kind` at its kind's edge.
  public init(_ kind: Kind, placement: Placement? = nil, tintColor: Color? = nil) {
    self.kind = kind
    if case .outlineDisclosure = kind {
      self.placement = placement ?? .leading
    } else {
      self.placement = placement ?? .trailing
    }
    self.tintColor = tintColor
  }

  /// A chevron, `›` (ASCII `>`): choosing the row shows more.
  public static func disclosureIndicator(tintColor: Color? = nil) -> CellAccessory {
    CellAccessory(.disclosureIndicator, tintColor: tintColor)
  }

  /// The triangle of a parent row in an outline: `▸` while its children are
  /// hidden, `▾` while they show (ASCII `>` and `v`), at the leading edge.
  public static func outlineDisclosure(isExpanded: Bool, tintColor: Color? = nil) -> CellAccessory {
    CellAccessory(.outlineDisclosure(isExpanded: isExpanded), tintColor: tintColor)
  }

  /// A checkmark, `✓` (ASCII `*`).
  public static func checkmark(tintColor: Color? = nil) -> CellAccessory {
    CellAccessory(.checkmark, tintColor: tintColor)
  }

  /// A short text (a count, a value), grey unless tinted.
  public static func label(text: String, tintColor: Color? = nil) -> CellAccessory {
    CellAccessory(.label(text), tintColor: tintColor)
  }

  /// A reorder handle, `≡` (ASCII `=`).
  public static func reorder(tintColor: Color? = nil) -> CellAccessory {
    CellAccessory(.reorder, tintColor: tintColor)
  }

  /// What it draws: its mark, or its ASCII stand-in.
  public func text(asciiOnly: Bool) -> String {
    switch kind {
    case .disclosureIndicator: return asciiOnly ? ">" : "›"
    case .outlineDisclosure(let isExpanded): return isExpanded ? (asciiOnly ? "v" : "▾") : (asciiOnly ? ">" : "▸")
    case .checkmark: return asciiOnly ? "*" : "✓"
    case .label(let text): return text
    case .reorder: return asciiOnly ? "=" : "≡"
    }
  }

  /// Its colour: the tint, else the kind's own (nil: the row's).
  public var color: Color? {
    if let tintColor { return tintColor }
    switch kind {
    case .disclosureIndicator, .label, .reorder: return .brightBlack
    case .checkmark: return .cyan
    case .outlineDisclosure: return nil
    }
  }

  /// The cells it takes (its text sanitised).
  func width(asciiOnly: Bool) -> Int {
    DisplayWidth.of(TextSanitizer.sanitize(text(asciiOnly: asciiOnly)))
  }
}
