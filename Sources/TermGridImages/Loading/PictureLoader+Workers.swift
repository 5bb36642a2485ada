import Dispatch
import GridPlatform
import GridRender
import TermGrid

extension PictureLoader {
  /// Workers allowed now: ``threadCount``, and one more for each stuck on a
  /// job given up (at most ``threadCount`` more).
  func capacity(_ s: State) -> Int { threadCount + min(s.abandoned.count, threadCount) }

  /// Queues `key` (at the front when `first`); true when a worker should start.
  static func enqueue(_ key: Key, first: Bool, in s: inout State, threads: Int) -> Bool {
    if s.inFlight[key] != nil { return false }
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

  func startWorker() {
    DispatchQueue.global(qos: .userInitiated).async { [self] in work() }
  }

  /// Makes queued pictures until none is left.
  func work() {
    while let (key, recheck) = state.withLock({ s -> (Key, Failure?)? in
      guard let key = s.queue.popLast() else {
        s.workers -= 1
        return nil
      }
      s.queued.remove(key)
      s.inFlight[key] = Self.now()
      return (key, s.failures[key.path])
    }) {
      let signature = Self.signature(of: key.path)
      if let recheck, signature == recheck.signature, !recheck.error.isWorthRetrying {
        // Failed before, and the file is as it was: not decoded again.
        state.withLock { s in
          s.inFlight[key] = nil
          s.failures[key.path]?.checked = Self.now()
          s.failures[key.path]?.rechecking = false
        }
        continue
      }
      let result: Result<Picture, ImageDecodingError>
      do throws(ImageDecodingError) {
        // Enough pixels for chafa's 8 x 8 per cell; the decoder scales down to no less.
        guard case .file(let file) = key.path else { throw .unreadable(path: key.path.description, reason: "a path with a NUL in it") }
        let rasterizer = PictureRasterizer(colors: key.colors, symbols: symbols)
        // Pixels within what a picture may have (whatever cell size the terminal
        // said); past it, in symbols for the cells' shape.
        if let cell = key.cellPixels, let area = Self.pixelArea(for: key, cell: cell) {
          // Pixels for the terminal's cells, and the same cells in symbols (drawn while it fades).
          let bitmap = try decode(file, area.width, area.height)
          guard
            let pixels = bitmap.pixelImage(
              maxColumns: min(key.width, PixelPlaceholder.maximumSpan), maxRows: min(key.height, PixelPlaceholder.maximumSpan),
              cellSize: cell)
          else {
            throw .empty
          }
          let symbols = rasterizer.picture(from: bitmap, width: pixels.columns, height: pixels.rows)
          result = .success(Picture(width: symbols.width, height: symbols.height, cells: symbols.cells, pixels: pixels))
        } else {
          // (Cell counts are a layout's: bounded by what a screen shows, but multiplied without overflow all the same.)
          let (w, h) = (min(key.width, 1 << 16) * 8, min(key.height, 1 << 16) * 8)
          let bitmap = try decode(file, w, h)
          let shape = key.cellPixels ?? key.cellShape
          let size = PictureRasterizer.fittingSize(
            pixelWidth: bitmap.width, pixelHeight: bitmap.height, maxWidth: key.width, maxHeight: key.height,
            cellSize: shape ?? PixelSize(width: 1, height: 2))
          result = .success(rasterizer.picture(from: bitmap, width: size.width, height: size.height))
        }
      } catch {
        result = .failure(error)
      }
      state.withLock { s in
        s.inFlight[key] = nil
        let wasAbandoned = s.abandoned.remove(key) != nil
        s.decodes += 1
        switch result {
        case .success(let picture):
          s.clock += 1
          s.cache[key] = (picture, s.clock)
          s.cacheBytes += picture.byteCount
          s.latest[key.path] = key
          s.failures[key.path] = nil
          evict(&s)
        case .failure(let error):
          // (A job given up keeps its time-out unless it succeeds at last.)
          if !wasAbandoned { s.failures[key.path] = Failure(error: error, signature: signature, checked: Self.now()) }
        }
        s.finished.append(key.path)
      }
    }
  }

  /// The size in pixels of the area a picture in pixels for `key` is made
  /// in, for cells of `cell`: its cells (at most
  /// <doc:/GridRender/PixelPlaceholder/maximumSpan> a side) times the cell
  /// size; nil when the cell size is not one a terminal has or the area
  /// holds more than <doc:/GridRender/PixelSize/largestPicturePixelCount>
  /// pixels (the picture is then made in symbols).
  static func pixelArea(for key: Key, cell: PixelSize) -> (width: Int, height: Int)? {
    let span = PixelPlaceholder.maximumSpan
    let (columns, rows) = (min(key.width, span), min(key.height, span))
    guard cell.isPlausibleCell, columns > 0, rows > 0, cell.picturePixelCount(columns: columns, rows: rows) != nil else {
      return nil
    }
    return (columns * cell.width, rows * cell.height)
  }

  /// What the file is now (nil when there is nothing there). `stat` never
  /// blocks on what the path names (a pipe, a device); a hung network mount
  /// can, which is what ``timeLimit`` is for.
  static func signature(of path: Location) -> FileSignature? {
    guard case .file(let file) = path else { return nil }
    var info = stat()
    guard file.withPlatformString({ stat($0, &info) }) == 0 else { return nil }
    return FileSignature(
      device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
      modified: Platform.nanoseconds(Platform.modificationTime(of: info)),
      changed: Platform.nanoseconds(Platform.statusChangeTime(of: info)))
  }

  /// Monotonic nanoseconds.
  static func now() -> UInt64 { Platform.monotonicNanoseconds() }

  /// Past the budget, drops the least recently used pictures down to three
  /// quarters of it (so the cache is sorted once per quarter of the budget,
  /// not once per picture).
  func evict(_ s: inout State) {
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
