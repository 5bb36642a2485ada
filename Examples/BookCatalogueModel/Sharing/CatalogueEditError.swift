/// Why a ``SharedCatalogue`` refused a request: it no longer applies to
/// the catalogue as it is (another viewer changed it first). Nothing of
/// the request was made; the description says why, to show to the viewer.
public enum CatalogueEditError: Error, Equatable, CustomStringConvertible {
  /// The book is no longer in the catalogue (another viewer deleted it).
  case bookGone(title: String)
  /// The book is no longer what the viewer saw (another viewer changed it).
  case bookChanged(title: String)
  /// The book is in the catalogue already (a delete undone twice).
  case bookExists(title: String)
  /// The books a move was to put the book next to are gone.
  case neighbourGone(title: String)
  /// The catalogue changed since the viewer saw it (a reorder of the whole file).
  case catalogueChanged

  /// What the status line says.
  public var description: String {
    switch self {
    case .bookGone(let title): return "“\(title)” is no longer in the catalogue (deleted by another viewer)"
    case .bookChanged(let title): return "“\(title)” was changed by another viewer meanwhile"
    case .bookExists(let title): return "“\(title)” is in the catalogue already"
    case .neighbourGone(let title): return "the books “\(title)” was dropped next to are gone (deleted by another viewer)"
    case .catalogueChanged: return "the catalogue was changed by another viewer meanwhile"
    }
  }
}
