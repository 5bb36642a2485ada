import GridPlatform

/// A viewer's registration with a ``SharedCatalogue``
/// (``SharedCatalogue/addViewer(wakeUp:)``): counted, and woken after each
/// change, until this handle goes away (or ``close()``).
public final class CatalogueViewer: Sendable {
  /// The catalogue viewed.
  public let catalogue: SharedCatalogue
  private let number: Int
  private let isClosed = Locked(false)

  init(catalogue: SharedCatalogue, number: Int) {
    self.catalogue = catalogue
    self.number = number
  }

  /// Unregisters the viewer now (the handle going away does it otherwise).
  public func close() {
    let wasClosed = isClosed.withLock { closed in
      defer { closed = true }
      return closed
    }
    if !wasClosed { catalogue.removeViewer(number) }
  }

  deinit { close() }
}
