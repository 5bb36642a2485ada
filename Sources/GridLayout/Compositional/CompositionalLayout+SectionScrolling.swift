/// Sections that scroll sideways: each one's offset, kept across
/// `prepare`, and where it comes to rest.
extension CompositionalLayout {
  /// How far `section` is scrolled sideways (0 for one that does not scroll, or out of range).
  public func horizontalOffset(ofSection section: Int) -> Double {
    section >= 0 && section < offsets.count ? offsets[section] : 0
  }

  /// Scrolls an orthogonal `section` sideways to `offset`, in whole cells,
  /// clamped to its row; other sections do not move.
  public func setHorizontalOffset(_ offset: Double, ofSection section: Int) {
    guard section >= 0, section < offsets.count, sections[section].isOrthogonal, offset.isFinite else { return }
    offsets[section] = min(max(0, offset.rounded()), maximumHorizontalOffset(ofSection: section))
  }

  /// How much wider an orthogonal section's row is than the view (0 for any other).
  public func maximumHorizontalOffset(ofSection section: Int) -> Double {
    guard section >= 0, section < sections.count, sections[section].isOrthogonal else { return 0 }
    return max(0, sections[section].rowWidth - width)
  }

  /// The offsets within `range` where `section` comes to rest, as its
  /// ``LayoutSection/orthogonalScrollingBehavior`` says: nil (any) for
  /// ``OrthogonalScrollingBehavior/continuous``; a group's leading edge at
  /// the leading inset for ``OrthogonalScrollingBehavior/continuousGroupLeadingBoundary``
  /// and ``OrthogonalScrollingBehavior/groupPaging``; a group centred for
  /// ``OrthogonalScrollingBehavior/groupPagingCentered``; a multiple of the
  /// view's width for ``OrthogonalScrollingBehavior/paging``. Both ends of
  /// the row are always resting places, so every item can be shown.
  public func restingHorizontalOffsets(ofSection section: Int, in range: ClosedRange<Double>) -> [Double]? {
    guard section >= 0, section < sections.count, sections[section].isOrthogonal else { return nil }
    let prepared = sections[section]
    let maximum = maximumHorizontalOffset(ofSection: section)
    let step: Double
    let first: Double
    switch prepared.behavior {
    case .none, .continuous: return nil
    case .continuousGroupLeadingBoundary, .groupPaging:
      (first, step) = (0, prepared.stride)
    case .groupPagingCentered:
      (first, step) = (prepared.origin.x + prepared.groupSize.width / 2 - (width / 2).rounded(.down), prepared.stride)
    case .paging:
      (first, step) = (0, width)
    }
    let low = max(0, range.lowerBound)
    let high = min(maximum, range.upperBound)
    guard low <= high else { return [] }
    var result: [Double] = []
    if low == 0 { result.append(0) }
    if step > 0 {
      var k = max(0, ((low - first) / step).rounded(.up))
      while true {
        let offset = (first + k * step).rounded()
        if offset > high { break }
        if offset >= low, offset > 0, offset < maximum { result.append(offset) }
        k += 1
      }
    }
    if high == maximum, maximum > 0 { result.append(maximum) }
    return result
  }
}
