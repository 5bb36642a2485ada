import Dispatch
import GridRender
import TermGrid

/// Makes pictures of image files for cells, off the main thread, and keeps
/// them in a memory cache with a byte budget.
///
/// Give each cell `CellPicture(loader.source(forFileAt: path))` and add the
/// loader to the collection view's `backgroundWork`: a cell first shows its
/// placeholder, the file is decoded and rasterized on a worker thread (the
/// cells on screen first, the latest asked for first), and the cells that
/// waited are redrawn alone when it is ready. A picture is made per
/// (file, size in cells, colours): a resize or a new thumbnail size makes
/// new ones for what is visible only; past ``cacheByteLimit`` the least
/// recently drawn are dropped, down to three quarters of it. A file that cannot be decoded keeps its error
/// (``failure(forFileAt:)``) and its cells a placeholder marked "!".
public final class PictureLoader: BackgroundWork, Sendable {
  /// Decodes the file at a path to pixels at least the size given (in
  /// pixels); the default uses ``ImageDecoder``. Tests put a slow or failing one here.
  public typealias Decode = @Sendable (_ path: String, _ minimumWidth: Int, _ minimumHeight: Int) throws(ImageDecodingError) -> Bitmap

  /// What one picture is made for.
  struct Key: Hashable {
    var path: String
    var width: Int
    var height: Int
    var colors: ColorSupport
  }

  struct State {
    var cache: [Key: (picture: Picture, lastUse: UInt64)] = [:]
    var cacheBytes = 0
    var clock: UInt64 = 0
    var failures: [String: ImageDecodingError] = [:]
    /// The latest picture made of each file (still in the cache), whatever its size.
    var latest: [String: Key] = [:]
    /// Waiting to be made, the most urgent last.
    var queue: [Key] = []
    var queued: Set<Key> = []
    var inFlight: Set<Key> = []
    var workers = 0
    /// Paths whose pictures (or errors) are ready but not yet taken by the main thread.
    var finished: [String] = []
    var decodes = 0
  }

  /// The most bytes of pictures kept (32 MiB by default).
  public let cacheByteLimit: Int
  /// Worker threads at most (2 by default).
  public let threadCount: Int
  private let symbols: PictureRasterizer.Symbols
  private let decode: Decode
  private let state = Locked(State())
  /// The sources handed out, one per path (main thread only).
  private let sources = Locked([String: ImageFileSource]())

  /// Creates a loader.
  public init(
    cacheByteLimit: Int = 32 << 20, threadCount: Int = 2, symbols: PictureRasterizer.Symbols = .blocks,
    decode: Decode? = nil
  ) {
    self.cacheByteLimit = cacheByteLimit
    self.threadCount = max(1, threadCount)
    self.symbols = symbols
    // (Not `decode ?? Self.decodeFile`: `??` around a typed-throws function crashes Swift 6.3's compiler.)
    if let decode { self.decode = decode } else { self.decode = Self.decodeFile }
  }

  /// The default ``Decode``: the file through ``ImageDecoder``.
  @Sendable private static func decodeFile(_ path: String, _ width: Int, _ height: Int) throws(ImageDecodingError) -> Bitmap {
    try ImageDecoder().decode(contentsOf: path, minimumSize: (width, height))
  }

  /// The picture source of the file at `path` (the same object for the same path).
  public func source(forFileAt path: String) -> ImageFileSource {
    sources.withLock { sources in
      if let s = sources[path] { return s }
      let s = ImageFileSource(path: path, loader: self)
      sources[path] = s
      return s
    }
  }

  /// The picture of `path` for `width` x `height` cells in `colors` if it
  /// is made; otherwise nil, and it is queued to be made (first in line).
  public func picture(forFileAt path: String, width: Int, height: Int, colors: ColorSupport) -> Picture? {
    let key = Key(path: path, width: width, height: height, colors: colors)
    let (picture, start) = state.withLock { s -> (Picture?, Bool) in
      s.clock += 1
      if let hit = s.cache[key] {
        s.cache[key] = (hit.picture, s.clock)
        return (hit.picture, false)
      }
      if s.failures[path] != nil { return (nil, false) }
      return (nil, Self.enqueue(key, first: true, in: &s, threads: threadCount))
    }
    if start { startWorker() }
    return picture
  }

  /// The latest picture made of the file at `path` for `colors`, whatever
  /// its size: what a cell shows while its picture for a new size is made.
  /// Nil when there is none in the cache, or when the one there is the size
  /// asked for (``picture(forFileAt:width:height:colors:)`` gives that).
  public func standIn(forFileAt path: String, width: Int, height: Int, colors: ColorSupport) -> Picture? {
    state.withLock { s in
      guard let key = s.latest[path], key.colors == colors, key.width != width || key.height != height else { return nil }
      return s.cache[key]?.picture
    }
  }

  /// Starts making pictures that will soon be needed (the items about to
  /// scroll into view), after the ones asked for by drawing.
  public func prefetch(filesAt paths: [String], width: Int, height: Int, colors: ColorSupport) {
    let starts = state.withLock { s -> Int in
      var n = 0
      for path in paths where s.failures[path] == nil {
        let key = Key(path: path, width: width, height: height, colors: colors)
        if s.cache[key] == nil, Self.enqueue(key, first: false, in: &s, threads: threadCount) { n += 1 }
      }
      return n
    }
    for _ in 0..<starts { startWorker() }
  }

  /// Drops the queued pictures of `paths` that no worker has started (the
  /// items scrolled away before they were made).
  public func cancelPrefetching(filesAt paths: [String]) {
    let drop = Set(paths)
    state.withLock { s in
      s.queue.removeAll { key in
        guard drop.contains(key.path) else { return false }
        s.queued.remove(key)
        return true
      }
    }
  }

  /// Why the file at `path` gave no picture, or nil.
  public func failure(forFileAt path: String) -> ImageDecodingError? {
    state.withLock { $0.failures[path] }
  }

  /// The bytes of pictures held now.
  public var cachedBytes: Int { state.withLock { $0.cacheBytes } }
  /// How many files have been decoded.
  public var decodeCount: Int { state.withLock { $0.decodes } }
  /// Pictures queued or being made.
  public var pendingCount: Int { state.withLock { $0.queue.count + $0.inFlight.count } }

  // MARK: BackgroundWork

  /// True while pictures are queued, being made, or made and not yet taken.
  public var hasPendingResults: Bool {
    state.withLock { !$0.queue.isEmpty || !$0.inFlight.isEmpty || !$0.finished.isEmpty }
  }

  /// The sources whose pictures (or errors) came since the last call.
  public func takeFinishedSources() -> [ObjectIdentifier] {
    let paths = state.withLock { s -> [String] in
      defer { s.finished.removeAll() }
      return s.finished
    }
    guard !paths.isEmpty else { return [] }
    return sources.withLock { sources in paths.compactMap { sources[$0].map(ObjectIdentifier.init) } }
  }

  // MARK: workers

  /// Queues `key` (at the front when `first`); true when a worker should start.
  private static func enqueue(_ key: Key, first: Bool, in s: inout State, threads: Int) -> Bool {
    if s.inFlight.contains(key) { return false }
    if s.queued.contains(key) {
      guard first, let i = s.queue.firstIndex(of: key) else { return false }
      s.queue.remove(at: i)
    }
    s.queued.insert(key)
    if first { s.queue.append(key) } else { s.queue.insert(key, at: 0) }
    guard s.workers < threads else { return false }
    s.workers += 1
    return true
  }

  private func startWorker() {
    DispatchQueue.global(qos: .userInitiated).async { [self] in work() }
  }

  /// Makes queued pictures until none is left.
  private func work() {
    while let key = state.withLock({ s -> Key? in
      guard let key = s.queue.popLast() else {
        s.workers -= 1
        return nil
      }
      s.queued.remove(key)
      s.inFlight.insert(key)
      return key
    }) {
      let result: Result<Picture, ImageDecodingError>
      do {
        // Enough pixels for chafa's 8 x 8 per cell; a JPEG decodes no larger.
        let bitmap = try decode(key.path, key.width * 8, key.height * 8)
        let size = PictureRasterizer.fittingSize(
          pixelWidth: bitmap.width, pixelHeight: bitmap.height, maxWidth: key.width, maxHeight: key.height)
        let rasterizer = PictureRasterizer(colors: key.colors, symbols: symbols)
        result = .success(rasterizer.picture(from: bitmap, width: size.width, height: size.height))
      } catch {
        result = .failure(error)
      }
      state.withLock { s in
        s.inFlight.remove(key)
        s.decodes += 1
        switch result {
        case .success(let picture):
          s.clock += 1
          s.cache[key] = (picture, s.clock)
          s.cacheBytes += picture.byteCount
          s.latest[key.path] = key
          evict(&s)
        case .failure(let error):
          s.failures[key.path] = error
        }
        s.finished.append(key.path)
      }
    }
  }

  /// Past the budget, drops the least recently used pictures down to three
  /// quarters of it (so the cache is sorted once per quarter of the budget,
  /// not once per picture).
  private func evict(_ s: inout State) {
    guard s.cacheBytes > cacheByteLimit else { return }
    let target = cacheByteLimit / 4 * 3
    let oldestFirst = s.cache.sorted { $0.value.lastUse < $1.value.lastUse }
    for (key, entry) in oldestFirst where s.cacheBytes > target {
      s.cache[key] = nil
      s.cacheBytes -= entry.picture.byteCount
      if s.latest[key.path] == key { s.latest[key.path] = nil }
    }
  }
}

/// The picture of one image file, made by a ``PictureLoader``: what a
/// cell's `CellPicture` holds.
public final class ImageFileSource: PictureSource, Sendable {
  /// The file.
  public let path: String
  /// (Unowned: the loader keeps its sources.)
  private unowned let loader: PictureLoader

  init(path: String, loader: PictureLoader) {
    self.path = path
    self.loader = loader
  }

  /// The picture if made (else queued, and nil).
  public func picture(width: Int, height: Int, colors: ColorSupport) -> Picture? {
    loader.picture(forFileAt: path, width: width, height: height, colors: colors)
  }

  /// The latest picture made of the file at another size, shown while this size is made.
  public func standIn(width: Int, height: Int, colors: ColorSupport) -> Picture? {
    loader.standIn(forFileAt: path, width: width, height: height, colors: colors)
  }

  /// The decoding error, if the file gave one.
  public var failure: String? { loader.failure(forFileAt: path)?.description }
}
