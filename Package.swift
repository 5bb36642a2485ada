// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "TermGrid",
  products: [
    .library(name: "TermGrid", targets: ["TermGrid"]),
    .library(name: "GridLayout", targets: ["GridLayout"]),
    .library(name: "GridRender", targets: ["GridRender"]),
    .library(name: "CursesTerminal", targets: ["CursesTerminal"]),
    .executable(name: "book-catalogue", targets: ["book-catalogue"]),
    .executable(name: "circle-demo", targets: ["circle-demo"]),
    .executable(name: "waterfall-demo", targets: ["waterfall-demo"]),
    .executable(name: "calendar-demo", targets: ["calendar-demo"]),
    .executable(name: "hello-grid", targets: ["hello-grid"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
  ],
  targets: [
    .target(name: "GridLayout"),
    .target(name: "GridRender", dependencies: ["GridLayout"]),
    .systemLibrary(
      name: "CNcursesw",
      pkgConfig: "ncursesw",
      providers: [.apt(["libncurses-dev"])]
    ),
    .target(name: "CursesTerminal", dependencies: ["CNcursesw", "GridRender"]),
    .target(name: "TermGrid", dependencies: ["GridLayout", "GridRender", "CursesTerminal"]),
    .executableTarget(
      name: "book-catalogue",
      dependencies: [
        "TermGrid",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "CSV", package: "CSV.swift"),
      ],
      path: "Examples/book-catalogue",
      resources: [.copy("Resources/catalogue.csv")]
    ),
    .executableTarget(
      name: "circle-demo",
      dependencies: ["TermGrid", .product(name: "ArgumentParser", package: "swift-argument-parser")],
      path: "Examples/circle-demo"
    ),
    .executableTarget(
      name: "waterfall-demo",
      dependencies: ["TermGrid", .product(name: "ArgumentParser", package: "swift-argument-parser")],
      path: "Examples/waterfall-demo"
    ),
    .executableTarget(
      name: "calendar-demo",
      dependencies: [
        "TermGrid",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "CSV", package: "CSV.swift"),
      ],
      path: "Examples/calendar-demo",
      resources: [.copy("Resources/week.csv")]
    ),
    .executableTarget(name: "hello-grid", dependencies: ["TermGrid"], path: "Examples/hello-grid"),
    .testTarget(
      name: "GridLayoutTests",
      dependencies: ["GridLayout", .product(name: "PropertyBased", package: "swift-property-based")]
    ),
    .testTarget(name: "GridRenderTests", dependencies: ["GridRender"]),
    .testTarget(name: "CursesTerminalTests", dependencies: ["CursesTerminal"]),
    .testTarget(
      name: "TermGridTests",
      dependencies: ["TermGrid", .product(name: "PropertyBased", package: "swift-property-based")]
    ),
    .testTarget(name: "EndToEndTests", dependencies: ["book-catalogue", "circle-demo", "waterfall-demo", "calendar-demo"]),
  ],
  swiftLanguageModes: [.v6]
)
