import Foundation
import NameOrdering

/// One picture file found under the folder.
struct PictureEntry: Hashable, Sendable {
  /// The file's full path.
  var path: String
  /// The file's name (what shows under its thumbnail).
  var name: String
  /// The file's size in bytes.
  var byteCount: Int
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
/// counted, not shown. Unreadable folders are counted too.
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

  /// Lists the pictures under `root`.
  static func scan(_ root: String) throws(OpenError) -> PictureFolder {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder) else { throw .notFound(root) }
    guard isFolder.boolValue else { throw .notAFolder(root) }
    guard let top = try? FileManager.default.contentsOfDirectory(atPath: root) else {
      throw .unreadable(root, String(cString: strerror(errno)))
    }
    var result = PictureFolder(root: root, sections: [], skippedFiles: 0, unreadableFolders: 0)
    var bySection: [String: [PictureEntry]] = [:]
    // Breadth by folder, depth-first, without following links to folders.
    var pending: [(relative: String, names: [String])] = [(".", top)]
    while let (relative, names) = pending.popLast() {
      let folderPath = relative == "." ? root : (root as NSString).appendingPathComponent(relative)
      for name in names where !name.hasPrefix(".") {
        let path = (folderPath as NSString).appendingPathComponent(name)
        var info = stat()
        guard lstat(path, &info) == 0 else {
          result.skippedFiles += 1
          continue
        }
        let kind = info.st_mode & S_IFMT
        if kind == S_IFDIR {
          let sub = relative == "." ? name : (relative as NSString).appendingPathComponent(name)
          if let inner = try? FileManager.default.contentsOfDirectory(atPath: path) {
            pending.append((sub, inner))
          } else {
            result.unreadableFolders += 1
          }
          continue
        }
        var size = Int(info.st_size)
        if kind == S_IFLNK {
          // A link to a file counts as the file.
          var target = stat()
          guard stat(path, &target) == 0, target.st_mode & S_IFMT == S_IFREG else { continue }
          size = Int(target.st_size)
        } else if kind != S_IFREG {
          continue
        }
        guard extensions.contains((name as NSString).pathExtension.lowercased()) else {
          result.skippedFiles += 1
          continue
        }
        bySection[relative, default: []].append(PictureEntry(path: path, name: name, byteCount: size))
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
