import SnapshotTesting
import TermGridSnapshotTesting
import XCTest

/// The strategies from XCTest, as an app whose tests are XCTest cases uses them.
final class XCTestUsageTests: XCTestCase {
  func testTheAppsScreenFromXCTest() {
    assertSnapshot(of: FruitList(), as: .text(width: 40, height: 10))
  }
}
