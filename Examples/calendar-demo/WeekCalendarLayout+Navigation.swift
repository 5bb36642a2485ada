import GridLayout

/// The arrows as a calendar is read, the layout's own navigation (the
/// hook every layout has): a day is a column of events in time order, so
/// Up and Down go to the day's previous and next event, and Left and
/// Right to the neighbouring day's event nearest in time however far up
/// or down it is, passing over days with none. The cone of geometric
/// navigation would miss Tuesday's only event at 17:00 from Monday's at
/// 09:00, and Down from an event in the left lane would skip the one
/// beside it that starts next.
extension WeekCalendarLayout {
  func targetIndexPath(forFocusMovingFrom indexPath: IndexPath, in direction: FocusDirection, context: FocusMoveContext)
    -> IndexPath?
  {
    let day = indexPath.section
    guard week.indices.contains(day), week[day].rows.indices.contains(indexPath.item) else { return nil }
    let step = direction == .down || direction == .right ? 1 : -1
    switch direction {
    case .up, .down:
      var item = indexPath.item + step
      while week[day].rows.indices.contains(item) {
        let path = IndexPath(item: item, section: day)
        if context.canFocusItem(at: path) { return path }
        item += step
      }
      return nil
    case .left, .right:
      let rows = week[day].rows[indexPath.item]
      /// How far from `rows` in time, then from its middle, then which starts first.
      func distance(_ other: Range<Int>, _ item: Int) -> (Int, Int, Int) {
        let gap = max(0, other.lowerBound - rows.upperBound, rows.lowerBound - other.upperBound)
        return (gap, abs(other.lowerBound + other.upperBound - rows.lowerBound - rows.upperBound), item)
      }
      var other = day + step
      while week.indices.contains(other) {
        let nearest = week[other].rows.indices
          .filter { context.canFocusItem(at: IndexPath(item: $0, section: other)) }
          .min { distance(week[other].rows[$0], $0) < distance(week[other].rows[$1], $1) }
        if let nearest { return IndexPath(item: nearest, section: other) }
        other += step
      }
      return nil
    }
  }
}
