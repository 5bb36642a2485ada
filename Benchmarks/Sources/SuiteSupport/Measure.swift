import Benchmark

/// The metrics every benchmark of the suite records.
///
/// `mallocCountTotal` is counted exactly (the malloc interposer), the same on
/// every run of the same build: CI checks it against the stored baseline.
/// `instructions` comes from perf events on Linux: where the kernel gives
/// none (a virtual machine without a PMU, `perf_event_paranoid` too high;
/// `perf stat -e instructions true` says "not supported"), the package
/// records nothing for it, and nothing is checked. `wallClock` is shown,
/// never checked: it depends on the machine and on what else runs.
public var suiteMetrics: [BenchmarkMetric] { [.wallClock, .mallocCountTotal, .instructions] }

/// What a run may differ from the stored baseline before CI fails.
///
/// Allocations: 5% at the median and the 75th percentile (a benchmark of 20
/// allocations fails with two more). With `SWIFT_DETERMINISTIC_HASHING=1`
/// (scripts/benchmark-check sets it) most counts are the same on every run,
/// but two moved between whole runs of the suite on the same build by more
/// than the 3% first chosen: the 10k waterfall's prepare 3,019 to 3,119
/// (+3.3%) and a focus move's frame 47 to 49 (+4.3%); see
/// Benchmarks/README.md. Instructions: 3% at the median, where the machine
/// gives them. Wall clock: not checked.
public var suiteThresholds: [BenchmarkMetric: BenchmarkThresholds] {
  [
    .mallocCountTotal: BenchmarkThresholds(relative: [.p50: 5.0, .p75: 5.0]),
    .instructions: BenchmarkThresholds(relative: [.p50: 3.0]),
    .wallClock: BenchmarkThresholds(),
  ]
}

/// Registers a benchmark named `name` that runs `body` once per iteration
/// on the state `setup` makes (made once, in the benchmark's own process,
/// before the warm-up, and not measured).
///
/// Every run does exactly `iterations` iterations (the time limit is far
/// above what they take), so that the percentiles compared with the
/// baseline come from the same number of samples each time.
public func measure<State>(
  _ name: String, iterations: Int = 20, setup: @autoclosure @escaping () throws -> State,
  _ body: @escaping (State) throws -> Void
) {
  Benchmark(
    name,
    configuration: .init(
      metrics: suiteMetrics, warmupIterations: 1, maxDuration: .seconds(60), maxIterations: iterations,
      thresholds: suiteThresholds),
    closure: { benchmark, state in
      for _ in benchmark.scaledIterations { try body(state) }
    },
    setup: { try setup() })
}

/// Registers a benchmark of `body` that needs no state made beforehand.
public func measure(_ name: String, iterations: Int = 20, _ body: @escaping () throws -> Void) {
  measure(name, iterations: iterations, setup: ()) { _ in try body() }
}
