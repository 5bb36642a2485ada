// swift-tools-version:6.0
import PackageDescription

// The examples: the book catalogue, the picture browser, the file browser
// and the circle, waterfall and calendar demos, with their tests. A package of their own so that the packages only
// they use (argument parsing, CSV) are never built by an app that depends
// on TermGrid. Run from here (`swift run book-catalogue`), or through
// ../scripts/catalogue and ../scripts/test, which also install what the
// system lacks.
let package = Package(
  name: "TermGridExamples",
  products: [
    .executable(name: "book-catalogue", targets: ["book-catalogue"]),
    .executable(name: "circle-demo", targets: ["circle-demo"]),
    .executable(name: "waterfall-demo", targets: ["waterfall-demo"]),
    .executable(name: "calendar-demo", targets: ["calendar-demo"]),
    .executable(name: "image-grid", targets: ["image-grid"]),
    .executable(name: "file-browser", targets: ["file-browser"]),
  ],
  dependencies: [
    .package(name: "TermGrid", path: ".."),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    // book-catalogue --serve: logs and graceful shutdown of the SSH server.
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
  ],
  targets: [
    .target(name: "CSVScanning", dependencies: [.product(name: "GridPlatform", package: "TermGrid")], path: "CSVScanning"),
    .target(name: "NameOrdering", path: "NameOrdering"),
    // sqlite3.pc: Debian's libsqlite3-dev, Homebrew's sqlite (keg-only:
    // scripts/setup --env puts it on PKG_CONFIG_PATH).
    .systemLibrary(
      name: "CSQLite", path: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
    // The catalogue's model: books, the catalogue and its groups, reading
    // and saving CSV (Goodreads exports), covers by ISBN, Calibre libraries
    // read in place and watched. No terminal, no grid: the catalogue's
    // screens (book-catalogue) and its tests import it.
    .target(
      name: "BookCatalogueModel",
      dependencies: [
        "CSVScanning", "CSQLite", "NameOrdering", .product(name: "GridPlatform", package: "TermGrid"),
        .product(name: "GridLayout", package: "TermGrid"),
      ],
      path: "BookCatalogueModel"),
    .executableTarget(
      name: "book-catalogue",
      dependencies: [
        "BookCatalogueModel",
        .product(name: "TermGrid", package: "TermGrid"),
        .product(name: "TermGridImages", package: "TermGrid"),
        .product(name: "TermGridServer", package: "TermGrid"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ],
      path: "book-catalogue",
      resources: [.copy("Resources/catalogue.csv")]
    ),
    .executableTarget(
      name: "circle-demo",
      dependencies: [
        .product(name: "TermGrid", package: "TermGrid"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "circle-demo"
    ),
    .executableTarget(
      name: "waterfall-demo",
      dependencies: [
        .product(name: "TermGrid", package: "TermGrid"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "waterfall-demo"
    ),
    .executableTarget(
      name: "calendar-demo",
      dependencies: [
        .product(name: "TermGrid", package: "TermGrid"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        "CSVScanning",
      ],
      path: "calendar-demo",
      resources: [.copy("Resources/week.csv")]
    ),
    .executableTarget(
      name: "image-grid",
      dependencies: [
        .product(name: "TermGrid", package: "TermGrid"),
        .product(name: "TermGridImages", package: "TermGrid"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        "NameOrdering",
      ],
      path: "image-grid"
    ),
    .executableTarget(
      name: "file-browser",
      dependencies: [
        .product(name: "TermGrid", package: "TermGrid"),
        .product(name: "GridPlatform", package: "TermGrid"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "file-browser"
    ),
    .testTarget(
      name: "ExamplesTests",
      dependencies: [
        "BookCatalogueModel", "book-catalogue", "circle-demo", "waterfall-demo", "calendar-demo", "image-grid", "file-browser",
        "CSQLite", "NameOrdering",
        .product(name: "TermGridImages", package: "TermGrid"),
        .product(name: "TermGridImagesTesting", package: "TermGrid"),
        .product(name: "TermGridTesting", package: "TermGrid"),
        .product(name: "GridPlatform", package: "TermGrid"),
        .product(name: "TermGridSnapshotTesting", package: "TermGrid"),
      ],
      path: "Tests/ExamplesTests",
      // The recorded screens (TermGridSnapshotTesting's references), read by path.
      exclude: ["Screens/__Snapshots__"]
    ),
    // Every example on a pseudo-terminal, fed random input (TermGridTesting's FuzzSession).
    .testTarget(
      name: "ExamplesFuzzTests",
      dependencies: [
        "book-catalogue", "circle-demo", "waterfall-demo", "calendar-demo",
        .product(name: "TermGridTesting", package: "TermGrid"),
        .product(name: "GridPlatform", package: "TermGrid"),
      ],
      path: "Tests/ExamplesFuzzTests"
    ),
  ],
  swiftLanguageModes: [.v6]
)
