import Foundation

/// Cover pictures in a folder, found by the ISBN their files are named
/// after (`9780060935467.jpg`, `0060935464.png`; hyphens allowed, any case
/// of extension). A book's cover is the file of its ISBN-13, else of its
/// ISBN-10, else of the ISBN-13 its ISBN-10 converts to.
public struct CoverIndex: Sendable {
  /// The folder.
  public let folder: String
  /// Cover files by ISBN (13 digits, or 10 with a possible final X).
  private(set) var paths: [String: String] = [:]

  static let extensions: Set<String> = ["jpg", "jpeg", "png"]

  /// Why a covers folder cannot be used: the folder and what is wrong with it.
  public struct OpenError: Error, CustomStringConvertible {
    /// The folder named.
    public var folder: String
    /// What is wrong with it.
    public var problem: FolderProblem

    /// The message, after the option that named the folder (`--covers: ...`).
    public var description: String { problem.message("--covers", folder) }
  }

  /// Lists the folder's cover files: regular files and links to them (not
  /// folders, named pipes, devices or sockets, whatever their names).
  /// Throws when the folder is missing, is a file, or cannot be read.
  public init(folder: String) throws(OpenError) {
    self.folder = folder
    if let problem = FolderProblem.of(folder) { throw OpenError(folder: folder, problem: problem) }
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
      throw OpenError(folder: folder, problem: .unreadable("cannot list it"))
    }
    for name in names {
      let ext = (name as NSString).pathExtension.lowercased()
      guard Self.extensions.contains(ext) else { continue }
      let isbn = ISBN.unwrap((name as NSString).deletingPathExtension)
      guard !isbn.isEmpty else { continue }
      let path = (folder as NSString).appendingPathComponent(name)
      var info = stat()
      guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
      paths[isbn] = path
    }
  }

  /// The cover file for a book with these ISBNs, or nil.
  public func path(forISBNs isbns: [String]) -> String? {
    for isbn in isbns { if let p = paths[isbn] { return p } }
    for isbn in isbns where isbn.count == 10 { if let p = paths[ISBN.thirteen(isbn)] { return p } }
    return nil
  }

  /// How many cover files there are.
  public var count: Int { paths.count }
}
