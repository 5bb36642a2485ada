// A layout on its own, without a view or a terminal: prepared for a count
// and a size, and asked what lies in a rectangle.
import GridLayout

// snippet.show
let layout = FlowLayout(itemSize: Size(width: 12, height: 3))
layout.prepare(for: LayoutContext(itemCounts: [40], boundsSize: Size(width: 80, height: 24)))
let visible = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 80, height: 24))
// Six items to a row of 80 cells (12 wide, 1 apart), seven rows of three:
// all 40 on screen, the first at (0, 0, 12, 3), the content 80x21.
print(visible.count, visible[0].frame, layout.contentSize)
// snippet.end
