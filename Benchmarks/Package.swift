// swift-tools-version:6.1
import PackageDescription

/// One executable of the suite: the benchmarks of one area in
/// Benchmarks/`name`/ (where the plugin looks), built with TermGrid's
/// `products`, the benchmark library and the metrics and thresholds of SuiteSupport.
func suite(_ name: String, using products: [String]) -> Target {
  .executableTarget(
    name: name,
    dependencies: products.map { .product(name: $0, package: "TermGrid") } + [
      .product(name: "Benchmark", package: "benchmark"), "SuiteSupport",
    ],
    path: "Benchmarks/\(name)",
    plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")])
}

// Benchmarks live in their own package so the main build stays light.
// Build in release: `swift build -c release` (from this folder).
let package = Package(
  name: "TermGridBenchmarks",
  dependencies: [
    .package(name: "TermGrid", path: ".."),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    // The suite in Benchmarks/ (`swift package benchmark`): instructions, allocations and
    // wall clock per benchmark, baselines stored in .benchmarkBaselines/ and checked in CI.
    // The malloc interposer counts allocations; the runtime interposer (a default trait on
    // Linux with Swift 6.3) is left out: it is not among the machine's packages.
    .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: [
    .executableTarget(
      name: "layer-bench",
      dependencies: [
        .product(name: "TermGrid", package: "TermGrid"), .product(name: "TermGridTesting", package: "TermGrid"),
        .product(name: "GridPlatform", package: "TermGrid"),
      ]),
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
      name: "serve-bench",
      dependencies: [
        .product(name: "TermGrid", package: "TermGrid"), .product(name: "TermGridServer", package: "TermGrid"),
      ]),
    // The suite: one executable per area in Benchmarks/<Name>/ (where the
    // plugin looks), sharing the metrics and thresholds of SuiteSupport.
    .target(name: "SuiteSupport", dependencies: [.product(name: "Benchmark", package: "benchmark")]),
    suite("LayoutBenchmarks", using: ["TermGrid", "TermGridTesting"]),
    suite("RenderBenchmarks", using: ["TermGrid", "TermGridTesting", "GridPlatform"]),
    suite("PictureBenchmarks", using: ["TermGridImages"]),
  ],
  swiftLanguageModes: [.v6]
)
