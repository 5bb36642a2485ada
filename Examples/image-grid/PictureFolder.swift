import Foundation
import NameOrdering
import TermGridImages

/// One picture file found under the folder.
struct PictureEntry: Hashable, Sendable {
  /// Its place in the listing (0 for the first picture of the first
  /// folder): what the headers read for it are kept under.
  var number: Int
  /// The file's path as the system's bytes (a name that is not UTF-8 opens too).
  var pathBytes: [UInt8]
  /// The file's name as shown under its thumbnail (bytes that are not
  /// UTF-8 shown as U+FFFD).
  var name: String
  /// The file's size in bytes.
  var byteCount: Int

  /// The file, for the loader and the detail: made when asked, for what is
  /// shown or opened, never for the whole listing (in a debug build
  /// swift-system checks every `FilePath` it makes, part by part: a listing of
  /// 100,000 pictures made that way took a minute).
  var file: FilePath { PictureFolder.filePath(pathBytes) }

  /// The file's path as text (bytes that are not UTF-8 shown as U+FFFD).
  var path: String { String(decoding: pathBytes, as: UTF8.self) }

  /// The folder holding it, as text.
  var folderPath: String {
    guard let slash = pathBytes.lastIndex(of: UInt8(ascii: "/")) else { return "." }
    return slash == 0 ? "/" : String(decoding: pathBytes[..<slash], as: UTF8.self)
  }
}

/// The pictures of one folder: a section of the grid.
struct PictureSection: Sendable {
  /// The folder's path relative to the one opened ("." for that one).
  var folder: String
  var pictures: [PictureEntry]
}

/// The JPEG and PNG files under a folder (and its folders, not following
/// links to folders), a section per folder with pictures, in name order.
/// Files are chosen by name (.jpg, .jpeg, .png, any case); the others are
/// counted, not shown. Unreadable folders are counted too. Names are read
/// as the system's bytes: a file or folder whose name is not UTF-8 (an old
/// archive, a camera, a Windows share) is listed with U+FFFD for the bytes
/// that are not, and opened by its bytes.
struct PictureFolder: Sendable {
  var root: String
  var sections: [PictureSection]
  /// Files that are not pictures, by their names.
  var skippedFiles: Int
  /// Folders that could not be listed.
  var unreadableFolders: Int

  static let extensions: Set<String> = ["jpg", "jpeg", "png"]

  /// Why a folder cannot be opened.
  enum OpenError: Error, CustomStringConvertible {
    case notFound(String)
    case notAFolder(String)
    case unreadable(String, String)

    var description: String {
      switch self {
      case .notFound(let p): return "no such folder: \(p)"
      case .notAFolder(let p): return "not a folder: \(p)"
      case .unreadable(let p, let why): return "cannot read \(p): \(why)"
      }
    }
  }

  /// The names in a folder (not "." and ".."), as the system's bytes; nil
  /// when it cannot be listed (errno says why).
  static func names(in folder: [UInt8]) -> [[UInt8]]? {
    guard let dir = withCString(folder, { opendir($0) }) else { return nil }
    defer { closedir(dir) }
    var names: [[UInt8]] = []
    while let entry = readdir(dir) {
      let name = withUnsafePointer(to: &entry.pointee.d_name) {
        $0.withMemoryRebound(to: UInt8.self, capacity: Int(NAME_MAX) + 1) { bytes in
          Array(UnsafeBufferPointer(start: bytes, count: strlen(UnsafeRawPointer(bytes).assumingMemoryBound(to: CChar.self))))
        }
      }
      if name != [dot] && name != [dot, dot] { names.append(name) }
    }
    return names
  }

  private static let dot = UInt8(ascii: ".")
  private static let slash = UInt8(ascii: "/")

  /// `lstat` (or `stat`, following a link) of a file, by its bytes.
  static func status(of path: [UInt8], followingLinks: Bool) -> stat? {
    var info = stat()
    let ok = withCString(path) { followingLinks ? stat($0, &info) : lstat($0, &info) }
    return ok == 0 ? info : nil
  }

  /// Calls `body` with `bytes` as a C string (on the stack: once per file listed).
  static func withCString<T>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> T) -> T {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count + 1) { buffer in
      _ = buffer.initialize(from: bytes)
      buffer[bytes.count] = 0
      return buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
    }
  }

  /// The file at the path `bytes`.
  static func filePath(_ bytes: [UInt8]) -> FilePath { withCString(bytes) { FilePath(platformString: $0) } }

  /// `folder/name`, as bytes.
  static func joined(_ folder: [UInt8], _ name: [UInt8]) -> [UInt8] {
    folder.isEmpty ? name : folder.last == slash ? folder + name : folder + [slash] + name
  }

  /// Whether a file named `name` is a picture by its extension (what follows
  /// its last dot, in any case; a name starting with its only dot has none).
  static func isPictureName(_ name: [UInt8]) -> Bool {
    guard let i = name.lastIndex(of: dot), i > 0 else { return false }
    let ext = String(decoding: name[(i + 1)...].map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }, as: UTF8.self)
    return extensions.contains(ext)
  }

  /// Lists the pictures under `root`: on the names' bytes, with one `lstat`
  /// a name; no `FilePath` is made here.
  static func scan(_ root: String) throws(OpenError) -> PictureFolder {
    let rootBytes = Array(root.utf8)
    guard let rootStatus = status(of: rootBytes, followingLinks: true) else { throw .notFound(root) }
    guard rootStatus.st_mode & S_IFMT == S_IFDIR else { throw .notAFolder(root) }
    guard let top = names(in: rootBytes) else { throw .unreadable(root, String(cString: strerror(errno))) }
    var result = PictureFolder(root: root, sections: [], skippedFiles: 0, unreadableFolders: 0)
    var bySection: [String: [PictureEntry]] = [:]
    // Breadth by folder, depth-first, without following links to folders.
    var pending: [(relative: [UInt8], names: [[UInt8]])] = [([], top)]
    while let (relative, names) = pending.popLast() {
      let folder = relative.isEmpty ? rootBytes : joined(rootBytes, relative)
      let section = relative.isEmpty ? "." : String(decoding: relative, as: UTF8.self)
      for name in names {
        if name.first == dot { continue }
        let file = joined(folder, name)
        guard let info = status(of: file, followingLinks: false) else {
          result.skippedFiles += 1
          continue
        }
        let kind = info.st_mode & S_IFMT
        if kind == S_IFDIR {
          if let inner = Self.names(in: file) {
            pending.append((joined(relative, name), inner))
          } else {
            result.unreadableFolders += 1
          }
          continue
        }
        var size = Int(info.st_size)
        if kind == S_IFLNK {
          // A link to a file counts as the file.
          guard let target = status(of: file, followingLinks: true), target.st_mode & S_IFMT == S_IFREG else { continue }
          size = Int(target.st_size)
        } else if kind != S_IFREG {
          continue
        }
        guard isPictureName(name) else {
          result.skippedFiles += 1
          continue
        }
        let shown = String(decoding: name, as: UTF8.self)
        bySection[section, default: []].append(PictureEntry(number: 0, pathBytes: file, name: shown, byteCount: size))
      }
    }
    // In name order as Finder's (numbers by value), the opened folder first.
    let inner = bySection.keys.filter { $0 != "." }
    let folders = (bySection["."] == nil ? [] : ["."]) + NameOrder.sortedIndices(of: inner).map { inner[$0] }
    var number = 0
    result.sections = folders.map { folder in
      let pictures = bySection[folder]!
      return PictureSection(
        folder: folder,
        pictures: NameOrder.sortedIndices(of: pictures.map(\.name)).map {
          var entry = pictures[$0]
          entry.number = number
          number += 1
          return entry
        })
    }
    return result
  }

  var pictureCount: Int { sections.reduce(0) { $0 + $1.pictures.count } }
}

/// A size in bytes as people read it: "812 bytes", "14.2 KB", "3.1 MB".
func byteText(_ n: Int) -> String {
  if n < 1000 { return "\(n) bytes" }
  let units = ["KB", "MB", "GB", "TB"]
  var value = Double(n) / 1000
  var unit = 0
  while value >= 1000 && unit < units.count - 1 {
    value /= 1000
    unit += 1
  }
  return String(format: value < 10 ? "%.1f %@" : "%.0f %@", value, units[unit])
}
