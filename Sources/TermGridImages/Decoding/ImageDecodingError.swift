/// Why a file could not be made into a picture.
public enum ImageDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file could not be read (missing, a folder, no permission).
  case unreadable(path: String, reason: String)
  /// The file or data is empty.
  case empty
  /// Neither a JPEG nor a PNG (by its first bytes).
  case unknownFormat
  /// A JPEG or PNG the library could not decode (truncated, corrupt,
  /// unsupported); its message says why.
  case corrupt(format: ImageFormat, message: String)
  /// It declares more pixels than the decoder allows (``ImageDecoder/maximumPixelCount``).
  case tooLarge(width: Int, height: Int)
  /// The pixels did not fit in memory.
  case outOfMemory
  /// Decoding it would need more memory than the decoder allows
  /// (``ImageDecoder/maximumMemory``): a progressive JPEG or an interlaced
  /// PNG, which must be held whole, declaring this many pixels.
  case memoryLimitExceeded(width: Int, height: Int)
  /// A progressive JPEG with more scans than the decoder allows (``ImageDecoder/maximumScanCount``).
  case scanLimitExceeded(limit: Int)
  /// Making the picture took longer than its loader waits (``PictureLoader/timeLimit``):
  /// a file on a network mount that does not answer, a picture that costs too much.
  case timedOut(seconds: Double)

  /// True for a failure a second try of the same file may not repeat: it
  /// could not be read (permissions, an I/O error), or it took too long.
  public var isWorthRetrying: Bool {
    switch self {
    case .unreadable, .timedOut, .outOfMemory: return true
    default: return false
    }
  }

  private static func seconds(_ s: Double) -> String {
    s == s.rounded() ? "\(Int(s)) s" : "\(s) s"
  }

  /// What went wrong, in a line (for a detail view or a log).
  public var description: String {
    switch self {
    case .unreadable(let path, let reason): return "cannot read \(path): \(reason)"
    case .empty: return "the file is empty"
    case .unknownFormat: return "not a JPEG or PNG picture"
    case .corrupt(let format, let message): return "broken \(format.name): \(message.isEmpty ? "cannot decode" : message)"
    case .tooLarge(let width, let height): return "too large to show (\(width) x \(height) pixels)"
    case .outOfMemory: return "out of memory"
    case .memoryLimitExceeded(let width, let height): return "too large to decode in the memory allowed (\(width) x \(height) pixels)"
    case .scanLimitExceeded(let limit): return "a progressive JPEG of more than \(limit) scans"
    case .timedOut(let seconds): return "not read within \(Self.seconds(seconds))"
    }
  }
}
