import GridLayout
import Testing

@testable import TermGrid

/// The interaction part alone: a press, a drag and a release; clicks; an item picked up, moved and put down.
@Suite struct ItemInteractionTests {
  @Test func aPressTurnsIntoADragAndTheReleaseForgetsBoth() {
    let interaction = ItemInteraction()
    let p = IndexPath(item: 2, section: 1)
    interaction.press(p, x: 4, y: 7)
    #expect(interaction.mouse.pressed?.indexPath == p && interaction.mouse.pressed?.x == 4)
    #expect(!interaction.mouse.isDragging)
    interaction.startDragging()
    #expect(interaction.mouse.isDragging)
    interaction.releaseMouse()
    #expect(interaction.mouse.pressed == nil && !interaction.mouse.isDragging)
  }

  @Test func aClickIsRememberedUntilForgotten() {
    let interaction = ItemInteraction()
    interaction.click(IndexPath(item: 0, section: 0), at: 1.5)
    #expect(interaction.mouse.lastClick?.time == 1.5)
    interaction.forgetClick()
    #expect(interaction.mouse.lastClick == nil)
  }

  @Test func anItemPickedUpFollowsItsTargetAndPositionUntilPutDown() {
    let interaction = ItemInteraction()
    let source = IndexPath(item: 1, section: 0)
    interaction.retarget(IndexPath(item: 0, section: 0))
    #expect(interaction.movement == nil, "nothing to move before an item is picked up")
    interaction.beginMovement(InteractiveMovement(source: source, target: source, counts: [3, 2], position: nil))
    interaction.retarget(IndexPath(item: 1, section: 1))
    interaction.moveLifted(to: Point(x: 3, y: 4))
    #expect(interaction.movement?.target == IndexPath(item: 1, section: 1))
    #expect(interaction.movement?.position == Point(x: 3, y: 4))
    #expect(interaction.movement?.dataIndexPath(forPresented: IndexPath(item: 1, section: 1)) == source)
    interaction.endMovement()
    #expect(interaction.movement == nil)
  }
}
