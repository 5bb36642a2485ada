import GridPlatform

/// One entry of a folder: what the browser shows of it. Two entries are the
/// same entry when they have the same path (what else they say is what was
/// read last). A class of constants, so that the snapshots and the data
/// source copy a reference, not five fields, for each of 100,000 rows.
///
/// The outline hashes and compares entries all the time (every look-up of
/// a row's parent, level or expansion): the path's hash is made once, when
/// the entry is, and two entries are compared by it before their paths. A
/// path 1,000 folders deep costs no more to look up than a short one.
///
/// The path is kept as the bytes the folder gave: a name need not be UTF-8
/// (a file copied from an old disk), and one decoded to a String, its
/// invalid bytes replaced, would name no file. What is shown is decoded.
final class FileEntry: Hashable, Sendable {
  /// What an entry is.
  enum Kind: Hashable, Sendable {
    case folder
    case file
    /// A symbolic link (to a folder when `opensAsFolder`).
    case link(target: String, opensAsFolder: Bool)
    /// Something else: a device, a socket, a pipe.
    case other
    /// The row shown under a folder while its entries are read.
    case loading
  }

  /// The full path, as bytes (without a NUL).
  let path: [UInt8]
  /// The last part of the path as shown (bytes that are not UTF-8 shown as �).
  let name: String
  let kind: Kind
  /// Bytes (files), 0 otherwise.
  let size: Int64
  /// Seconds since 1970 of the last change.
  let modified: Int
  /// The permission bits (`rwxr-xr-x`).
  let mode: UInt32
  /// The path's hash, made once.
  private let pathHash: Int

  init(path: [UInt8], name: String, kind: Kind, size: Int64 = 0, modified: Int = 0, mode: UInt32 = 0) {
    self.path = path
    self.name = name
    self.kind = kind
    self.size = size
    self.modified = modified
    self.mode = mode
    pathHash = path.hashValue
  }

  static func == (a: FileEntry, b: FileEntry) -> Bool {
    a === b || (a.pathHash == b.pathHash && a.isLoadingRow == b.isLoadingRow && a.path == b.path)
  }
  func hash(into hasher: inout Hasher) { hasher.combine(pathHash) }

  /// The path as shown (bytes that are not UTF-8 shown as �).
  var pathText: String { String(decoding: path, as: UTF8.self) }

  /// Whether it is the row shown while a folder's entries are read.
  var isLoadingRow: Bool { kind == .loading }

  /// Calls `body` with the path as a C string.
  func withCPath<T>(_ body: (UnsafePointer<CChar>) -> T) -> T { Self.withCString(path, body) }

  /// Calls `body` with `bytes` as a C string (copied to the stack, not the heap: once per entry read).
  static func withCString<T>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> T) -> T {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count + 1) { buffer in
      _ = buffer.initialize(from: bytes)
      buffer[bytes.count] = 0
      return buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
    }
  }

  /// Whether it opens as a folder (a folder, or a link to one).
  var opensAsFolder: Bool {
    switch kind {
    case .folder: return true
    case .link(_, let folder): return folder
    default: return false
    }
  }

  /// The row under `folder` that says its entries are being read.
  static func loadingRow(in folder: FileEntry) -> FileEntry {
    // The folder's path, told apart from the folder by its kind.
    FileEntry(path: folder.path, name: "Loading…", kind: .loading)
  }

  /// The entry at `path`, as `lstat` and (for a link) `stat` see it; nil
  /// when it cannot be read.
  static func read(path: [UInt8], name: String) -> FileEntry? {
    var info = stat()
    guard withCString(path, { lstat($0, &info) }) == 0 else { return nil }
    var kind = Kind.other
    var size: Int64 = 0
    switch info.st_mode & S_IFMT {
    case S_IFDIR: kind = .folder
    case S_IFREG:
      kind = .file
      size = Int64(info.st_size)
    case S_IFLNK:
      var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let n = withCString(path) { readlink($0, &target, target.count - 1) }
      let text = n > 0 ? String(decoding: target[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?"
      var pointed = stat()
      let isFolder = withCString(path) { stat($0, &pointed) } == 0 && pointed.st_mode & S_IFMT == S_IFDIR
      kind = .link(target: text, opensAsFolder: isFolder)
    default: break
    }
    return FileEntry(
      path: path, name: name, kind: kind, size: size, modified: Int(Platform.modificationTime(of: info).tv_sec), mode: info.st_mode & 0o7777
    )
  }
}

/// A folder could not be read.
struct FolderReadingError: Error, CustomStringConvertible {
  var path: String
  var reason: String
  var description: String { "cannot read \(path): \(reason)" }
}

extension FileEntry {
  /// The entries of the folder at `path`, folders first, then by name
  /// (case folded); hidden ones (a leading dot) only with `showsHidden`.
  static func entries(ofFolder path: [UInt8], showsHidden: Bool) throws(FolderReadingError) -> [FileEntry] {
    guard let dir = withCString(path, { opendir($0) }) else {
      throw FolderReadingError(path: String(decoding: path, as: UTF8.self), reason: String(cString: strerror(errno)))
    }
    defer { closedir(dir) }
    let slash = UInt8(ascii: "/")
    let dot = UInt8(ascii: ".")
    let prefix = path.last == slash ? path : path + [slash]
    var found: [FileEntry] = []
    while let record = readdir(dir) {
      let bytes = withUnsafePointer(to: record.pointee.d_name) { pointer in
        pointer.withMemoryRebound(to: UInt8.self, capacity: 256) { bytes in
          Array(UnsafeBufferPointer(start: bytes, count: strlen(UnsafeRawPointer(bytes).assumingMemoryBound(to: CChar.self))))
        }
      }
      if bytes == [dot] || bytes == [dot, dot] || (!showsHidden && bytes.first == dot) { continue }
      if let entry = read(path: prefix + bytes, name: String(decoding: bytes, as: UTF8.self)) { found.append(entry) }
    }
    // Sorted by keys made once (folded names), not folded again at each comparison.
    let keyed = found.map { (entry: $0, key: $0.name.lowercased()) }
    return keyed.sorted { a, b in
      if a.entry.opensAsFolder != b.entry.opensAsFolder { return a.entry.opensAsFolder }
      return a.key != b.key ? a.key < b.key : a.entry.name < b.entry.name
    }.map(\.entry)
  }
}
