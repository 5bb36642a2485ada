import Dispatch
import GridPlatform
import GridRender
import TermGrid

/// Makes pictures of image files for cells, off the main thread, and keeps
/// them in a memory cache with a byte budget.
///
/// Give each cell `CellPicture(loader.source(forFileAt: path))` (or
/// `source(forFile:)` with a `FilePath`, for names that are not UTF-8) and add the
/// loader to the collection view's `backgroundWork`: a cell first shows its
/// placeholder, the file is decoded and rasterized on a worker thread (the
/// cells on screen first, the latest asked for first), and the cells that
/// waited are redrawn alone when it is ready. A picture is made per
/// (file, size in cells, colours): a resize or a new thumbnail size makes
/// new ones for what is visible only; past ``cacheByteLimit`` the least
/// recently drawn are dropped, down to three quarters of it. A file that cannot be decoded keeps its error
/// (``failure(forFileAt:)``) and its cells a placeholder marked "!".
///
/// A file is tried again when it changes: while its failed picture is
/// still asked for, a worker looks at the file every
/// ``failureRecheckInterval`` and decodes it anew when its size, times or
/// identity changed (a picture still being copied), or when the failure
/// was one a second try may not repeat (it could not be read, it took too
/// long).
///
/// Nothing here touches a file on the calling thread, and no file can take
/// the workers: a job that runs longer than ``timeLimit`` (a file on a
/// network mount that does not answer) is given up as
/// ``ImageDecodingError/timedOut(seconds:)`` and another worker takes its
/// place, up to ``threadCount`` more; the one that was stuck keeps its
/// result if it ever finishes.
public final class PictureLoader: BackgroundWork, Sendable {
  /// Decodes the file at a path to pixels at least the size given (in
  /// pixels); the default uses ``ImageDecoder``. Tests put a slow or failing one here.
  public typealias Decode = @Sendable (_ file: FilePath, _ minimumWidth: Int, _ minimumHeight: Int) throws(ImageDecodingError) -> Bitmap

  /// The most bytes of pictures kept (32 MiB by default).
  public let cacheByteLimit: Int
  /// Worker threads at most (2 by default), not counting those that stand
  /// in for workers stuck past ``timeLimit``.
  public let threadCount: Int
  /// The longest a picture may take to be made before it is given up as
  /// ``ImageDecodingError/timedOut(seconds:)`` (10 s by default).
  public let timeLimit: Double
  /// How often a file whose picture failed is looked at again while it is
  /// asked for (2 s by default).
  public let failureRecheckInterval: Double
  let symbols: PictureRasterizer.Symbols
  let decode: Decode
  let state = Locked(State())
  /// The sources handed out, one per file (main thread only).
  private let sources = Locked([Location: ImageFileSource]())
  /// The same, by the path given as text: a cell asks for its source at
  /// every frame, and a path is made a `FilePath` once, not each time (in a
  /// debug build swift-system checks every `FilePath` it makes, part by part).
  private let sourcesByPath = Locked([String: ImageFileSource]())

  /// Creates a loader.
  public init(
    cacheByteLimit: Int = 32 << 20, threadCount: Int = 2, symbols: PictureRasterizer.Symbols = .blocks,
    timeLimit: Double = 10, failureRecheckInterval: Double = 2, decode: Decode? = nil
  ) {
    self.cacheByteLimit = cacheByteLimit
    self.threadCount = max(1, threadCount)
    self.timeLimit = timeLimit
    self.failureRecheckInterval = failureRecheckInterval
    self.symbols = symbols
    // (Not `decode ?? Self.decodeFile`: `??` around a typed-throws function crashes Swift 6.3's compiler.)
    if let decode { self.decode = decode } else { self.decode = Self.decodeFile }
  }

  /// The default ``Decode``: the file through ``ImageDecoder``.
  @Sendable private static func decodeFile(_ file: FilePath, _ width: Int, _ height: Int) throws(ImageDecodingError) -> Bitmap {
    try ImageDecoder().decode(contentsOf: file, minimumSize: (width, height))
  }

  /// The picture source of the file at `path` (the same object for the same
  /// path). A path holding a NUL gives a source whose picture fails.
  public func source(forFileAt path: String) -> ImageFileSource {
    if let known = sourcesByPath.withLock({ $0[path] }) { return known }
    let made = source(Location(path))
    sourcesByPath.withLock { $0[path] = made }
    return made
  }

  /// The picture source of `file` (the same object for the same file),
  /// whatever bytes its name is made of.
  public func source(forFile file: FilePath) -> ImageFileSource { source(.file(file)) }

  private func source(_ location: Location) -> ImageFileSource {
    sources.withLock { sources in
      if let s = sources[location] { return s }
      let s = ImageFileSource(location: location, loader: self)
      sources[location] = s
      return s
    }
  }

  /// The picture of the file at `path` for `width` x `height` cells in
  /// `colors` if it is made; otherwise nil, and it is queued to be made
  /// (first in line).
  public func picture(forFileAt path: String, width: Int, height: Int, colors: ColorSupport) -> Picture? {
    picture(Location(path), width: width, height: height, colors: colors)
  }

  /// The picture of `file` for `width` x `height` cells in `colors` if it
  /// is made; otherwise nil, and it is queued to be made (first in line).
  public func picture(forFile file: FilePath, width: Int, height: Int, colors: ColorSupport) -> Picture? {
    picture(.file(file), width: width, height: height, colors: colors)
  }

  /// The picture of the file at `path` for `width` x `height` cells in
  /// `colors`, with pixels for cells of `cellPixels` (see
  /// <doc:/GridRender/Picture/pixels>), if it is made; otherwise nil, and it
  /// is queued to be made (first in line).
  public func picture(forFileAt path: String, width: Int, height: Int, colors: ColorSupport, cellPixels: PixelSize) -> Picture? {
    picture(Location(path), width: width, height: height, colors: colors, cellPixels: cellPixels)
  }

  func picture(_ path: Location, width: Int, height: Int, colors: ColorSupport, cellPixels: PixelSize? = nil) -> Picture? {
    let now = Self.now()
    let recheckAfter = UInt64(max(0, failureRecheckInterval) * 1e9)
    let (picture, start) = state.withLock { s -> (Picture?, Bool) in
      let key = Self.key(path, width: width, height: height, colors: colors, cellPixels: cellPixels, in: s)
      s.clock += 1
      if let hit = s.cache[key] {
        s.cache[key] = (hit.picture, s.clock)
        return (hit.picture, false)
      }
      if let failure = s.failures[path] {
        // Looked at again now and then, on a worker: tried anew if the file changed.
        guard !failure.rechecking, Self.elapsed(from: failure.checked, to: now) >= recheckAfter,
          !s.abandoned.contains(where: { $0.path == path })
        else {
          return (nil, false)
        }
        s.failures[path]?.rechecking = true
      }
      return (nil, Self.enqueue(key, first: true, in: &s, threads: capacity(s)))
    }
    if start { startWorker() }
    return picture
  }

  /// The latest picture made of the file at `path` for `colors`, whatever
  /// its size: what a cell shows while its picture for a new size is made.
  /// Nil when there is none in the cache, or when the one there is the size
  /// asked for (``picture(forFileAt:width:height:colors:)`` gives that).
  public func standIn(forFileAt path: String, width: Int, height: Int, colors: ColorSupport) -> Picture? {
    standIn(Location(path), width: width, height: height, colors: colors)
  }

  /// The latest picture made of `file` for `colors` at another size (see
  /// ``standIn(forFileAt:width:height:colors:)``).
  public func standIn(forFile file: FilePath, width: Int, height: Int, colors: ColorSupport) -> Picture? {
    standIn(.file(file), width: width, height: height, colors: colors)
  }

  func standIn(_ path: Location, width: Int, height: Int, colors: ColorSupport, cellPixels: PixelSize? = nil) -> Picture? {
    state.withLock { s in
      // Any size but the one asked for; for a picture in pixels, only one in
      // pixels: a mosaic of symbols is never drawn a moment before the pixels.
      guard let key = s.latest[path], key.colors == colors, cellPixels == nil || key.cellPixels != nil,
        key != Self.key(path, width: width, height: height, colors: colors, cellPixels: cellPixels, in: s)
      else { return nil }
      return s.cache[key]?.picture
    }
  }

  /// What a picture asked for now is made for: in symbols, for the shape
  /// of the terminal's cells when it said their size.
  static func key(_ path: Location, width: Int, height: Int, colors: ColorSupport, cellPixels: PixelSize?, in s: State) -> Key {
    Key(
      path: path, width: width, height: height, colors: colors, cellPixels: cellPixels,
      cellShape: cellPixels == nil ? s.symbolCell : nil)
  }

  /// Takes the terminal's cell size, when it said a plausible one
  /// (<doc:/GridRender/PixelSize/isPlausibleCell>): pictures in symbols are
  /// then made for the shape of its cells, not for cells twice as tall as
  /// wide, so that a photograph keeps its shape in symbols too. A
  /// collection view tells the loaders in its
  /// <doc:/TermGrid/CollectionView/backgroundWork> whenever the terminal's
  /// capabilities change.
  public func adapt(to capabilities: TerminalCapabilities) {
    let cell = capabilities.cellPixelSize.flatMap { $0.isPlausibleCell ? $0 : nil }
    state.withLock { $0.symbolCell = cell }
  }

  /// The cell size pictures in symbols are made for the shape of (nil: twice as tall as wide).
  public var symbolCellSize: PixelSize? { state.withLock { $0.symbolCell } }

  /// Starts making pictures that will soon be needed (the items about to
  /// scroll into view), after the ones asked for by drawing; with
  /// `cellPixels`, in pixels for cells of that size as well.
  public func prefetch(filesAt paths: [String], width: Int, height: Int, colors: ColorSupport, cellPixels: PixelSize? = nil) {
    prefetch(paths.map(Location.init), width: width, height: height, colors: colors, cellPixels: cellPixels)
  }

  /// Starts making pictures of `files` that will soon be needed (see
  /// ``prefetch(filesAt:width:height:colors:cellPixels:)``).
  public func prefetch(files: [FilePath], width: Int, height: Int, colors: ColorSupport, cellPixels: PixelSize? = nil) {
    prefetch(files.map(Location.file), width: width, height: height, colors: colors, cellPixels: cellPixels)
  }

  private func prefetch(_ paths: [Location], width: Int, height: Int, colors: ColorSupport, cellPixels: PixelSize?) {
    let starts = state.withLock { s -> Int in
      var n = 0
      for path in paths where s.failures[path] == nil {
        let key = Self.key(path, width: width, height: height, colors: colors, cellPixels: cellPixels, in: s)
        if s.cache[key] == nil, Self.enqueue(key, first: false, in: &s, threads: capacity(s)) { n += 1 }
      }
      return n
    }
    for _ in 0..<starts { startWorker() }
  }

  /// Drops the queued pictures of `paths` that no worker has started (the
  /// items scrolled away before they were made), of every size, colour
  /// depth and cell size.
  public func cancelPrefetching(filesAt paths: [String]) { cancelPrefetching(Set(paths.map(Location.init))) }

  /// Drops the queued pictures of `files` that no worker has started.
  public func cancelPrefetching(files: [FilePath]) { cancelPrefetching(Set(files.map(Location.file))) }

  private func cancelPrefetching(_ drop: Set<Location>) {
    state.withLock { s in
      s.queue.removeAll { key in
        guard drop.contains(key.path) else { return false }
        s.queued.remove(key)
        s.failures[key.path]?.rechecking = false
        return true
      }
    }
  }

  /// Why the file at `path` gave no picture, or nil.
  public func failure(forFileAt path: String) -> ImageDecodingError? { failure(Location(path)) }

  /// Why `file` gave no picture, or nil.
  public func failure(forFile file: FilePath) -> ImageDecodingError? { failure(.file(file)) }

  func failure(_ path: Location) -> ImageDecodingError? {
    state.withLock { $0.failures[path]?.error }
  }

  /// The bytes of pictures held now.
  public var cachedBytes: Int { state.withLock { $0.cacheBytes } }
  /// How many files have been decoded.
  public var decodeCount: Int { state.withLock { $0.decodes } }
  /// Pictures queued or being made.
  public var pendingCount: Int { state.withLock { $0.queue.count + $0.inFlight.count } }

  // MARK: BackgroundWork

  /// True while pictures are queued, being made, or made and not yet
  /// taken. (Asked every frame interval while true: a job past
  /// ``timeLimit`` is given up here.)
  public var hasPendingResults: Bool {
    let now = Self.now()
    let limit = UInt64(max(0, timeLimit) * 1e9)
    let (pending, starts) = state.withLock { s -> (Bool, Int) in
      var starts = 0
      for (key, started) in s.inFlight where Self.elapsed(from: started, to: now) > limit && !s.abandoned.contains(key) {
        s.abandoned.insert(key)
        s.failures[key.path] = Failure(error: .timedOut(seconds: timeLimit), signature: nil, checked: now)
        s.finished.append(key.path)
        // Its worker is stuck: another takes its place while there is work.
        if !s.queue.isEmpty && s.workers < capacity(s) {
          s.workers += 1
          starts += 1
        }
      }
      let pending = !s.queue.isEmpty || s.inFlight.keys.contains { !s.abandoned.contains($0) } || !s.finished.isEmpty
      return (pending, starts)
    }
    for _ in 0..<starts { startWorker() }
    return pending
  }

  /// Nanoseconds from `start` to `end`, 0 when `start` is later: a worker
  /// may stamp a job after the caller read the clock, and the unsigned
  /// difference would wrap round to centuries (a picture just started
  /// would be given up as timed out).
  static func elapsed(from start: UInt64, to end: UInt64) -> UInt64 { end > start ? end - start : 0 }

  /// The sources whose pictures (or errors) came since the last call.
  public func takeFinishedSources() -> [ObjectIdentifier] {
    let paths = state.withLock { s -> [Location] in
      defer { s.finished.removeAll() }
      return s.finished
    }
    guard !paths.isEmpty else { return [] }
    return sources.withLock { sources in paths.compactMap { sources[$0].map(ObjectIdentifier.init) } }
  }
}
