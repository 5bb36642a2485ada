import Dispatch
import GridPlatform
import GridRender

/// The sixel images of pieces of pictures (a picture's visible cells, in
/// rectangles of whole cells), made on worker threads and kept within a
/// byte budget, the least recently written dropped first: a picture that
/// scrolls, or is uncovered again, is written again from here without
/// being encoded again, and no key waits for an encoder.
///
/// A ``PixelPictureWriter`` asks it for the pieces a frame shows
/// (``want(_:)``); pieces already made are written with the frame, the
/// others once their workers finish, when ``onReady`` has told the terminal.
final class SixelCache: Sendable {
  /// A piece of a picture: the picture (by identity) and its cells.
  struct Piece: Hashable, Sendable {
    var image: ObjectIdentifier
    var cells: CellRect
  }

  /// A piece to make, with its picture.
  struct Job: Sendable {
    var image: PixelImage
    var cells: CellRect
    var piece: Piece { Piece(image: ObjectIdentifier(image), cells: cells) }
  }

  private struct Entry {
    /// Its picture, so that a new picture at a freed address is not taken for it.
    weak var image: PixelImage?
    var bytes: [UInt8]
    var lastUse: UInt64
  }

  private struct State {
    var entries: [Piece: Entry] = [:]
    var bytes = 0
    var clock: UInt64 = 0
    /// Waiting to be made, the most urgent last.
    var waiting: [Job] = []
    var inFlight: Set<Piece> = []
    var workers = 0
  }

  /// The most bytes of sixels kept (16 MiB by default).
  let byteLimit: Int
  /// Worker threads at most.
  let threadCount: Int
  /// Called on a worker thread each time a piece is made.
  let onReady: @Sendable () -> Void
  /// Makes a piece's sixel image (the encoder's; a test holds it back).
  let encode: @Sendable (PixelImage, CellRect) -> [UInt8]
  private let state = Locked(State())

  /// A cache that makes pieces with `encoder` on up to `threadCount`
  /// workers and calls `onReady` when one is made.
  init(
    encoder: SixelEncoder = SixelEncoder(), byteLimit: Int = 16 << 20, threadCount: Int = 2,
    onReady: @escaping @Sendable () -> Void = {}, encode: (@Sendable (PixelImage, CellRect) -> [UInt8])? = nil
  ) {
    self.byteLimit = byteLimit
    self.threadCount = max(1, threadCount)
    self.onReady = onReady
    self.encode = encode ?? { image, cells in Self.sixel(of: image, cells: cells, encoder: encoder) }
  }

  /// The sixel image of `cells` (in the picture's cells) of `image`.
  static func sixel(of image: PixelImage, cells: CellRect, encoder: SixelEncoder) -> [UInt8] {
    let cell = image.cellSize
    return encoder.encode(
      rgba: image.rgba, stride: image.width, x: cells.x * cell.width, y: cells.y * cell.height,
      width: cells.width * cell.width, height: cells.height * cell.height)
  }

  /// The piece's sixel image if it is made (and counted as used now).
  func sixel(for job: Job) -> [UInt8]? {
    state.withLock { s in
      let piece = job.piece
      guard let entry = s.entries[piece] else { return nil }
      guard entry.image === job.image else {
        s.bytes -= entry.bytes.count
        s.entries[piece] = nil
        return nil
      }
      s.clock += 1
      s.entries[piece]?.lastUse = s.clock
      return entry.bytes
    }
  }

  /// The pieces wanted now, the most urgent first: those not made and not
  /// being made wait for a worker, in place of whatever waited before (a
  /// piece no longer wanted is not made).
  func want(_ jobs: [Job]) {
    let starts = state.withLock { s -> Int in
      s.waiting = jobs.reversed().filter { job in
        let piece = job.piece
        return !s.inFlight.contains(piece) && s.entries[piece].map { $0.image !== job.image } ?? true
      }
      let starts = min(s.waiting.count, threadCount - s.workers)
      s.workers += max(0, starts)
      return max(0, starts)
    }
    for _ in 0..<starts { DispatchQueue.global(qos: .userInitiated).async { [self] in work() } }
  }

  /// Makes the piece now, on this thread (a terminal that writes every
  /// picture with its frame), and keeps it.
  func make(_ job: Job) -> [UInt8] {
    if let made = sixel(for: job) { return made }
    let bytes = encode(job.image, job.cells)
    keep(bytes, for: job)
    return bytes
  }

  /// Whether pieces wait or are being made.
  var isWorking: Bool { state.withLock { !$0.waiting.isEmpty || !$0.inFlight.isEmpty } }

  /// The bytes of sixels kept now.
  var cachedBytes: Int { state.withLock { $0.bytes } }

  private func work() {
    while let job = state.withLock({ s -> Job? in
      guard let job = s.waiting.popLast() else {
        s.workers -= 1
        return nil
      }
      s.inFlight.insert(job.piece)
      return job
    }) {
      let bytes = encode(job.image, job.cells)
      keep(bytes, for: job)
      state.withLock { _ = $0.inFlight.remove(job.piece) }
      onReady()
    }
  }

  /// Keeps a piece made; past the budget, drops the least recently used
  /// down to three quarters of it (never the piece just made).
  private func keep(_ bytes: [UInt8], for job: Job) {
    state.withLock { s in
      let piece = job.piece
      s.clock += 1
      if let old = s.entries[piece] { s.bytes -= old.bytes.count }
      s.entries[piece] = Entry(image: job.image, bytes: bytes, lastUse: s.clock)
      s.bytes += bytes.count
      guard s.bytes > byteLimit else { return }
      let target = byteLimit / 4 * 3
      for (key, entry) in s.entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) where s.bytes > target && key != piece {
        s.entries[key] = nil
        s.bytes -= entry.bytes.count
      }
    }
  }
}
