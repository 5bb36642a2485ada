import GridLayout
import GridRender
import Testing

@testable import TermGrid

/// The drawing part alone: decorations' drawers, and what is due after each change and each frame.
@Suite struct ViewDrawingTests {
  @Test func aDrawerIsRegisteredReplacedAndRemoved() {
    let drawing = ViewDrawing()
    drawing.register({ _ in ElementContent(title: "a") }, forKind: "plank")
    drawing.register({ _ in ElementContent(title: "b") }, forKind: "plank")
    let plank = LayoutAttributes(forDecorationOfKind: "plank", at: IndexPath(item: 0, section: 0))
    #expect(drawing.decorationDrawers["plank"]?(plank).title == "b")
    drawing.register(nil, forKind: "plank")
    #expect(drawing.decorationDrawers.isEmpty)
  }

  @Test func aFrameClearsWhatWasDueAndAnItemOrAPictureMakesItDueAgain() {
    let drawing = ViewDrawing()
    #expect(drawing.redraw.isPending && drawing.redraw.needsFullRedraw)
    drawing.didDraw(at: .zero, surfaceWidth: 80, surfaceHeight: 24)
    #expect(!drawing.redraw.isPending && drawing.redraw.screenIsCurrent(at: .zero))
    let p = IndexPath(item: 4, section: 0)
    drawing.invalidateItem(p)
    drawing.invalidateItem(p)
    #expect(drawing.redraw.isPending && drawing.redraw.dirtyItems == [p] && !drawing.redraw.needsFullRedraw)
    drawing.didDraw(at: .zero, surfaceWidth: 80, surfaceHeight: 24)
    let picture = NSObjectLike()
    let source = ObjectIdentifier(picture)
    drawing.awaitPicture(from: source, for: p)
    #expect(!drawing.redraw.isPending, "waiting is not due")
    #expect(drawing.pictureArrived(from: source) && drawing.redraw.dirtyItems == [p])
    #expect(!drawing.pictureArrived(from: source), "told once")
    drawing.setFloatingRects([CellRect(x: 0, y: 0, width: 80, height: 1)])
    #expect(drawing.redraw.floatingRects.count == 1)
    drawing.didDrawAnimationFrame()
    #expect(drawing.redraw.floatingRects.isEmpty && drawing.redraw.needsFullRedraw && !drawing.redraw.isPending)
  }
}

/// An object whose identity stands for a picture source.
private final class NSObjectLike {}
