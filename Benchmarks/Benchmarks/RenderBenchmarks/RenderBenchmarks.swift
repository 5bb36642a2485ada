import SuiteSupport

// Drawing and writing: one frame of a catalogue page through the screen's
// diff and the terminal's encoder (Frame.swift), a batch update animated to
// its end (BatchAnimation.swift), and the display width of text (TextWidth.swift).

/// The suite (the benchmark plugin calls it in each benchmark's process).
let benchmarks: @Sendable () -> Void = {
  registerFrameBenchmarks()
  registerBatchAnimationBenchmarks()
  registerTextWidthBenchmarks()
}
