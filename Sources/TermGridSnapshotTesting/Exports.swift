// `import TermGridSnapshotTesting` gives a test `assertSnapshot`,
// `withSnapshotTesting` and the record modes too, with no second import
// and no dependency of its own on swift-snapshot-testing.
@_exported import SnapshotTesting
