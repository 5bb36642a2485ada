import Foundation
import NameOrdering
import TermGridImages

/// One picture file found under the folder.
struct PictureEntry: Hashable, Sendable {
  /// The file, by its bytes (a name that is not UTF-8 opens too).
  var file: FilePath
  /// The file's name as shown under its thumbnail (bytes that are not
  /// UTF-8 shown as U+FFFD).
  var name: String
  /// The file's size in bytes.
  var byteCount: Int

  /// The file's path as text (bytes that are not UTF-8 shown as U+FFFD).
  var path: String { String(decoding: file) }
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
  static func names(in folder: FilePath) -> [FilePath.Component]? {
    guard let dir = folder.withPlatformString({ opendir($0) }) else { return nil }
    defer { closedir(dir) }
    var names: [FilePath.Component] = []
    while let entry = readdir(dir) {
      let name = withUnsafePointer(to: &entry.pointee.d_name) {
        $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { FilePath.Component(platformString: $0) }
      }
      if let name, name.kind == .regular { names.append(name) }
    }
    return names
  }

  /// `lstat` (or `stat`, following a link) of a file, by its bytes.
  static func status(of file: FilePath, followingLinks: Bool) -> stat? {
    var info = stat()
    let ok = file.withPlatformString { followingLinks ? stat($0, &info) : lstat($0, &info) }
    return ok == 0 ? info : nil
  }

  /// Lists the pictures under `root`.
  static func scan(_ root: String) throws(OpenError) -> PictureFolder {
    let rootFile = FilePath(root)
    guard let rootStatus = status(of: rootFile, followingLinks: true) else { throw .notFound(root) }
    guard rootStatus.st_mode & S_IFMT == S_IFDIR else { throw .notAFolder(root) }
    guard let top = names(in: rootFile) else { throw .unreadable(root, String(cString: strerror(errno))) }
    var result = PictureFolder(root: root, sections: [], skippedFiles: 0, unreadableFolders: 0)
    var bySection: [String: [PictureEntry]] = [:]
    // Breadth by folder, depth-first, without following links to folders.
    var pending: [(relative: FilePath, names: [FilePath.Component])] = [(FilePath(), top)]
    while let (relative, names) = pending.popLast() {
      let folder = rootFile.pushing(relative)
      let section = relative.isEmpty ? "." : String(decoding: relative)
      for name in names {
        let shown = String(decoding: name)
        if shown.hasPrefix(".") { continue }
        let file = folder.appending(name)
        guard let info = status(of: file, followingLinks: false) else {
          result.skippedFiles += 1
          continue
        }
        let kind = info.st_mode & S_IFMT
        if kind == S_IFDIR {
          if let inner = Self.names(in: file) {
            pending.append((relative.appending(name), inner))
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
        guard extensions.contains((name.extension ?? "").lowercased()) else {
          result.skippedFiles += 1
          continue
        }
        bySection[section, default: []].append(PictureEntry(file: file, name: shown, byteCount: size))
      }
    }
    // In name order as Finder's (numbers by value), the opened folder first.
    let inner = bySection.keys.filter { $0 != "." }
    let folders = (bySection["."] == nil ? [] : ["."]) + NameOrder.sortedIndices(of: inner).map { inner[$0] }
    result.sections = folders.map { folder in
      let pictures = bySection[folder]!
      return PictureSection(folder: folder, pictures: NameOrder.sortedIndices(of: pictures.map(\.name)).map { pictures[$0] })
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
