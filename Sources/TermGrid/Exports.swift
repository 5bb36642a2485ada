// `import TermGrid` gives an app everything: the layouts and geometry, cells,
// styles and surfaces, input events and the curses terminal. (The headless
// terminal is for tests: TermGridTesting.)
@_exported import CursesTerminal
@_exported import GridLayout
@_exported import GridRender
@_exported import GridTerminal

// Foundation has an `IndexPath` too. Importing TermGrid's by name makes it
// the one an app sees where both modules are imported (a scoped import
// shadows a whole-module one), so `IndexPath(item:section:)`, `[IndexPath]`
// and `Set<IndexPath>` need no module name.
@_exported import struct GridLayout.IndexPath
