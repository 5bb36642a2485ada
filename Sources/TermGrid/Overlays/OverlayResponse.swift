import GridRender

/// What an overlay did with a key.
public enum OverlayResponse: Sendable {
  /// Used (or ignored); the overlay stays.
  case handled
  /// Close the overlay.
  case dismiss
}
