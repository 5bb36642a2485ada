import Foundation
import TermGridImages

/// The size in pixels of every picture, read from the files' headers on a
/// thread of its own (no decoding), so the waterfall can give each
/// thumbnail its shape. Until a file is read, or when it cannot be, its
/// shape is nil.
final class PictureShapes: @unchecked Sendable {
  // (Its state is guarded by `lock`.)
  private let lock = NSLock()
  private var infos: [String: ImageInfo] = [:]
  private var errors: [String: ImageDecodingError] = [:]
  private var finished = false

  /// Starts reading the headers of `paths`, in that order.
  init(paths: [String]) {
    let thread = Thread { [self] in
      for path in paths {
        let result = Result { () throws(ImageDecodingError) in try ImageInfo(contentsOf: path) }
        lock.withLock {
          switch result {
          case .success(let info): infos[path] = info
          case .failure(let error): errors[path] = error
          }
        }
      }
      lock.withLock { finished = true }
    }
    thread.qualityOfService = .utility
    thread.start()
  }

  /// The file's format and size, once read.
  func info(of path: String) -> ImageInfo? { lock.withLock { infos[path] } }

  /// Why the file's header could not be read, once tried.
  func error(of path: String) -> ImageDecodingError? { lock.withLock { errors[path] } }

  /// True when every header has been read.
  var isFinished: Bool { lock.withLock { finished } }
}
