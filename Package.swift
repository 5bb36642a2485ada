// swift-tools-version:6.0
import PackageDescription

// The library, its tests, hello-grid (the README's first example) and
// grid-bench (the C reference grid's screens, on TermGrid). The
// other examples, with the packages only they use (argument parsing, CSV),
// are a package of their own in Examples/, so an app that depends on
// TermGrid builds only the library.
let package = Package(
  name: "TermGrid",
  products: [
    .library(name: "TermGrid", targets: ["TermGrid"]),
    .library(name: "GridLayout", targets: ["GridLayout"]),
    // The system's C library (Glibc, Musl or Darwin) and what differs
    // between them, for the examples and benchmarks that call the C library.
    .library(name: "GridPlatform", targets: ["GridPlatform"]),
    .library(name: "TermGridTesting", targets: ["TermGridTesting"]),
    // Pictures made to hurt a decoder (decompression and scan bombs), for
    // tests of apps that show pictures: apart from TermGridTesting, so a
    // test without pictures builds none of the picture libraries.
    .library(name: "TermGridImagesTesting", targets: ["TermGridImagesTesting"]),
    // Snapshot strategies (swift-snapshot-testing) for screens rendered
    // headless: apart from TermGridTesting, so a test that records no
    // snapshots builds none of that package.
    .library(name: "TermGridSnapshotTesting", targets: ["TermGridSnapshotTesting"]),
    // Pictures as cell content (JPEG, PNG, libchafa): a library of its own,
    // so an app without pictures builds and links none of it.
    .library(name: "TermGridImages", targets: ["TermGridImages"]),
    // Serving an app over SSH (SwiftNIO SSH): a library of its own, so an
    // app that does not serve builds and links none of SwiftNIO.
    .library(name: "TermGridServer", targets: ["TermGridServer"]),
    .executable(name: "hello-grid", targets: ["hello-grid"]),
    .executable(name: "grid-bench", targets: ["grid-bench"]),
    .executable(name: "text-entry", targets: ["text-entry"]),
  ],
  dependencies: [
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    // FilePath: a path as the system's bytes, so a picture whose name is not
    // UTF-8 (old archives, cameras, Windows shares) is opened by its bytes.
    .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    // `swift package generate-documentation`: the DocC catalogs' reference and articles.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    // TermGridServer: the SSH protocol (key exchange, ciphers, authentication,
    // channels), its event loops, Ed25519 host keys, logs, graceful shutdown.
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-nio-ssh", from: "0.15.1"),
    .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    // TermGridSnapshotTesting: recorded references, line diffs, re-recording.
    // Only its SnapshotTesting product is used, never InlineSnapshotTesting,
    // so swift-syntax (which the package names) is resolved but never built.
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
  ],
  targets: [
    // The one place that names the system: its C library, re-exported
    // (Glibc, Musl or Darwin), and what differs between Linux and macOS
    // (file times, the environment, posix_spawn's types, SIGPIPE on
    // sockets, /proc). No dependencies; every module that calls the C
    // library imports this instead of Glibc.
    .target(name: "GridPlatform"),
    // Pure geometry; GridPlatform only for sin, cos and acos (CircleLayout).
    .target(name: "GridLayout", dependencies: ["GridPlatform"]),
    // Cells, styles, text and the surface frames are drawn into: whole
    // cells only (a layout's Double geometry becomes cells in TermGrid's
    // Drawing/, CellRect+Snapping.swift), so it imports no other module.
    .target(name: "GridRender", dependencies: ["GridPlatform"]),
    // The terminal as a program sees it: input events, the Terminal protocol,
    // and the screen that turns each frame into one update.
    .target(name: "GridTerminal", dependencies: ["GridPlatform", "GridRender"]),
    // ncursesw itself, found by pkg-config's ncursesw.pc, which both Debian's
    // libncurses-dev and Homebrew's ncurses install (keg-only on macOS, where
    // the system's own ncurses has no ncursesw.pc: scripts/setup --env).
    .systemLibrary(name: "CNcurseswLibrary", pkgConfig: "ncursesw", providers: [.apt(["libncurses-dev"]), .brew(["ncurses"])]),
    // ncursesw (libncurses-dev, which scripts/setup installs) and a C shim
    // over it: the wide-character calls, and the signal handlers and state
    // that must exist once, in one translation unit (shim.c).
    .target(name: "CNcursesw", dependencies: ["CNcurseswLibrary"], linkerSettings: [.linkedLibrary("ncursesw")]),
    .target(name: "CursesTerminal", dependencies: ["CNcursesw", "GridPlatform", "GridRender", "GridTerminal"]),
    .target(name: "TermGrid", dependencies: ["GridLayout", "GridPlatform", "GridRender", "GridTerminal", "CursesTerminal"]),
    .systemLibrary(
      name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"]), .brew(["jpeg-turbo"])]),
    .systemLibrary(name: "CPNG", pkgConfig: "libpng16", providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
    .systemLibrary(
      name: "CChafa", pkgConfig: "chafa", providers: [.apt(["libchafa-dev", "libglib2.0-dev"]), .brew(["chafa", "glib"])]),
    .target(
      name: "TermGridImages",
      dependencies: [
        "CJPEG", "CPNG", "CChafa", "GridPlatform", "GridRender", "TermGrid", .product(name: "SystemPackage", package: "swift-system"),
      ]
    ),
    // Pseudo-terminals for TermGridTesting and the tests (openpty and friends):
    // the C library's own (glibc, musl, macOS's libSystem), so no provider.
    .systemLibrary(name: "CPty"),
    // What apps' tests use: a terminal in memory, a manual animation clock,
    // tmux, xterm and pty sessions. Above TermGrid; nothing in the library imports it.
    .target(name: "TermGridTesting", dependencies: ["TermGrid", "GridPlatform", "GridRender", "GridTerminal", "CPty"]),
    .target(
      name: "TermGridServer",
      dependencies: [
        "TermGrid", "CursesTerminal", "GridPlatform", "GridTerminal",
        .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"), .product(name: "NIOSSH", package: "swift-nio-ssh"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]),
    .target(name: "TermGridImagesTesting", dependencies: ["TermGridImages", "CJPEG", "CPNG", "GridPlatform"]),
    .target(
      name: "TermGridSnapshotTesting",
      dependencies: [
        "TermGrid", "GridRender", "GridTerminal", "TermGridTesting",
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ]),
    .executableTarget(name: "hello-grid", dependencies: ["TermGrid"], path: "Examples/hello-grid"),
    // What the C reference grid (Benchmarks/reference/grid_ncurses.c) draws, on TermGrid.
    .executableTarget(name: "grid-bench", dependencies: ["TermGrid", "GridPlatform"], path: "Examples/grid-bench"),
    // The text fields (TextInputOverlay, FormOverlay) in a small app, typed into by the tests.
    .executableTarget(name: "text-entry", dependencies: ["TermGrid"], path: "Examples/text-entry"),
    .testTarget(
      name: "GridLayoutTests",
      dependencies: ["GridLayout", "TermGridTesting", .product(name: "PropertyBased", package: "swift-property-based")]
    ),
    .testTarget(name: "TermGridImagesTests", dependencies: ["GridPlatform", "TermGridImages", "TermGridImagesTesting", "TermGridTesting"]),
    .testTarget(name: "GridRenderTests", dependencies: ["GridRender", "GridTerminal", "TermGridTesting"]),
    .testTarget(name: "GridTerminalTests", dependencies: ["GridTerminal", "TermGridTesting"]),
    .testTarget(
      name: "CursesTerminalTests",
      dependencies: ["CursesTerminal", "GridPlatform", "GridTerminal", "CPty", "TermGridTesting", "TermGrid"]),
    .testTarget(
      name: "TermGridTests",
      dependencies: [
        "TermGrid", "GridPlatform", "TermGridTesting", .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
    .testTarget(
      name: "TermGridServerTests",
      dependencies: [
        "TermGridServer", "TermGrid", "GridPlatform", "TermGridTesting", .product(name: "NIOSSH", package: "swift-nio-ssh"),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
      ]),
    .testTarget(name: "GridPlatformTests", dependencies: ["GridPlatform"]),
    .testTarget(name: "FoundationInteropTests", dependencies: ["TermGrid", "TermGridTesting"]),
    .testTarget(name: "HelloGridTests", dependencies: ["hello-grid", "text-entry", "TermGridTesting"]),
    .testTarget(name: "GridBenchTests", dependencies: ["grid-bench", "TermGridTesting"]),
    .testTarget(
      name: "TermGridSnapshotTestingTests",
      dependencies: [
        "TermGridSnapshotTesting", "TermGrid", "GridRender", "GridTerminal", "TermGridTesting",
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ],
      exclude: ["__Snapshots__"]),
  ],
  swiftLanguageModes: [.v6]
)
