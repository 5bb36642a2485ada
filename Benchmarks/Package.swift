// swift-tools-version:6.0
import PackageDescription

// Benchmarks live in their own package so the main build stays light.
// Build in release: `swift build -c release` (from this folder).
let package = Package(
  name: "TermGridBenchmarks",
  dependencies: [
    .package(name: "TermGrid", path: ".."),
    .package(url: "https://github.com/google/swift-benchmark", from: "0.1.2"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
  ],
  targets: [
    .executableTarget(
      name: "layer-bench",
      dependencies: [
        .product(name: "TermGrid", package: "TermGrid"), .product(name: "TermGridTesting", package: "TermGrid"),
        .product(name: "GridPlatform", package: "TermGrid"),
      ]),
    .executableTarget(
      name: "picture-bench",
      dependencies: [.product(name: "TermGridImages", package: "TermGrid")]),
    .executableTarget(
      name: "picture-folder-gen",
      dependencies: [.product(name: "TermGridImages", package: "TermGrid"), .product(name: "TermGridTesting", package: "TermGrid")]),
    .executableTarget(
      name: "catalogue-gen",
      dependencies: [
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "TermGridTesting", package: "TermGrid"),
      ]),
    .executableTarget(
      name: "anim-bench",
      dependencies: [
        .product(name: "TermGrid", package: "TermGrid"), .product(name: "TermGridTesting", package: "TermGrid"),
      ]),
    .executableTarget(
      name: "layout-bench",
      dependencies: [
        .product(name: "TermGrid", package: "TermGrid"), .product(name: "TermGridTesting", package: "TermGrid"),
        .product(name: "Benchmark", package: "swift-benchmark"),
      ]),
    .executableTarget(
      name: "serve-bench",
      dependencies: [
        .product(name: "TermGrid", package: "TermGrid"), .product(name: "TermGridServer", package: "TermGrid"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
