import Foundation
import TermGridImages

/// The size in pixels of every picture, read from the files' headers on a
/// thread of its own (no decoding), so the waterfall can give each
/// thumbnail its shape. Until a file is read, or when it cannot be, its
/// shape is nil.
final class PictureShapes: @unchecked Sendable {
  // (Its state is guarded by `lock`.)
  private let lock = NSLock()
  private var infos: [FilePath: ImageInfo] = [:]
  private var errors: [FilePath: ImageDecodingError] = [:]
  private var finished = false

  /// Starts reading the headers of `files`, in that order.
  init(files: [FilePath]) {
    let thread = Thread { [self] in
      for file in files where !isRead(file) { read(file) }
      lock.withLock { finished = true }
    }
    thread.qualityOfService = .utility
    thread.start()
  }

  private func isRead(_ file: FilePath) -> Bool { lock.withLock { infos[file] != nil || errors[file] != nil } }

  /// Reads one file's header (on the calling thread: never the main one).
  private func read(_ file: FilePath) {
    record(Result { () throws(ImageDecodingError) in try ImageInfo(contentsOf: file) }, for: file)
  }

  /// Keeps what reading `file`'s header gave (read here or elsewhere).
  func record(_ result: Result<ImageInfo, ImageDecodingError>, for file: FilePath) {
    lock.withLock {
      switch result {
      case .success(let info): infos[file] = info
      case .failure(let error): errors[file] = error
      }
    }
  }

  /// The file's format and size, once read.
  func info(of file: FilePath) -> ImageInfo? { lock.withLock { infos[file] } }

  /// Why the file's header could not be read, once tried.
  func error(of file: FilePath) -> ImageDecodingError? { lock.withLock { errors[file] } }

  /// True when every header has been read.
  var isFinished: Bool { lock.withLock { finished } }
}
