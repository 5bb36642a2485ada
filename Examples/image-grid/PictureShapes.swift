import Foundation
import TermGridImages

/// The size in pixels of every picture, read from the files' headers on a
/// thread of its own (no decoding), so the waterfall can give each
/// thumbnail its shape. Until a file is read, or when it cannot be, its
/// shape is nil.
final class PictureShapes: @unchecked Sendable {
  // (Its state is guarded by `lock`.)
  private let lock = NSLock()
  /// By picture number (``PictureEntry/number``): what its header gave.
  private var results: [Result<ImageInfo, ImageDecodingError>?]
  private var finished = false

  /// Starts reading the headers of `files` (paths as bytes, by picture number), in that order.
  init(files: [[UInt8]]) {
    results = Array(repeating: nil, count: files.count)
    let thread = Thread { [self] in
      for (number, path) in files.enumerated() where !isRead(number) {
        record(Result { () throws(ImageDecodingError) in try ImageInfo(contentsOf: PictureFolder.filePath(path)) }, for: number)
      }
      lock.withLock { finished = true }
    }
    thread.qualityOfService = .utility
    thread.start()
  }

  private func isRead(_ number: Int) -> Bool { lock.withLock { results[number] != nil } }

  /// Keeps what reading picture `number`'s header gave (read here or elsewhere).
  func record(_ result: Result<ImageInfo, ImageDecodingError>, for number: Int) {
    lock.withLock {
      guard results.indices.contains(number) else { return }
      results[number] = result
    }
  }

  /// The picture's format and size, once read.
  func info(of entry: PictureEntry) -> ImageInfo? {
    lock.withLock { results.indices.contains(entry.number) ? try? results[entry.number]?.get() : nil }
  }

  /// Why the picture's header could not be read, once tried.
  func error(of entry: PictureEntry) -> ImageDecodingError? {
    lock.withLock {
      guard results.indices.contains(entry.number), case .failure(let error)? = results[entry.number] else { return nil }
      return error
    }
  }

  /// True when every header has been read.
  var isFinished: Bool { lock.withLock { finished } }
}
