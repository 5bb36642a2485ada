import Dispatch
import GridPlatform
import GridRender
import TermGrid

extension PictureLoader {
  /// A file a picture is asked of: a path, or a string that cannot be one
  /// (it holds a NUL, which the system would take as its end).
  enum Location: Hashable, Sendable {
    case file(FilePath)
    case unusable(String)

    init(_ path: String) { self = path.utf8.contains(0) ? .unusable(path) : .file(FilePath(path)) }
  }

  /// What one picture is made for.
  struct Key: Hashable {
    var path: Location
    var width: Int
    var height: Int
    var colors: ColorSupport
    /// The cell size pixels are made for (nil: cells alone).
    var cellPixels: PixelSize? = nil
    /// For cells alone: the cell size whose shape they take (nil: twice as tall as wide).
    var cellShape: PixelSize? = nil
  }

  /// A file as it was when its picture failed: a change in any of these
  /// (or its appearing or going) means it is worth another try.
  struct FileSignature: Hashable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Int64
    var changed: Int64
  }

  /// Why a file gave no picture, and what the file was then.
  struct Failure {
    var error: ImageDecodingError
    var signature: FileSignature?
    /// When the file was last looked at (nanoseconds, monotonic).
    var checked: UInt64
    /// The file is looked at again to see whether it changed.
    var rechecking = false
  }

  struct State {
    var cache: [Key: (picture: Picture, lastUse: UInt64)] = [:]
    var cacheBytes = 0
    var clock: UInt64 = 0
    var failures: [Location: Failure] = [:]
    /// The latest picture made of each file (still in the cache), whatever its size.
    var latest: [Location: Key] = [:]
    /// Waiting to be made, the most urgent last.
    var queue: [Key] = []
    var queued: Set<Key> = []
    /// Being made, with when each started (nanoseconds, monotonic).
    var inFlight: [Key: UInt64] = [:]
    /// Jobs given up after ``timeLimit`` whose workers have not returned.
    var abandoned: Set<Key> = []
    var workers = 0
    /// Files whose pictures (or errors) are ready but not yet taken by the main thread.
    var finished: [Location] = []
    var decodes = 0
    /// The terminal's cell size, when it said a plausible one: pictures in symbols take its shape.
    var symbolCell: PixelSize?
  }
}

extension PictureLoader.Location: CustomStringConvertible {
  /// The path as text (bytes that are not UTF-8 shown as U+FFFD).
  var description: String {
    switch self {
    case .file(let file): return String(decoding: file)
    case .unusable(let text): return text
    }
  }
}
