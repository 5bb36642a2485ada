import GridPlatform

extension FileEntry {
  /// "12 KB", "3.4 MB": the size in the largest unit that keeps a number of at least 1.
  static func formatted(size: Int64) -> String {
    let units = ["B", "KB", "MB", "GB", "TB"]
    var value = Double(size)
    var unit = 0
    while value >= 1024, unit < units.count - 1 {
      value /= 1024
      unit += 1
    }
    if unit == 0 { return "\(size) B" }
    let rounded = (value * 10).rounded() / 10
    return rounded >= 10 ? "\(Int(rounded.rounded())) \(units[unit])" : "\(rounded) \(units[unit])"
  }

  /// The modification time as "2026-11-20 14:03", in the local time zone.
  var modifiedText: String {
    var seconds = time_t(modified)
    var parts = tm()
    guard localtime_r(&seconds, &parts) != nil else { return "?" }
    var buffer = [CChar](repeating: 0, count: 32)
    let n = strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M", &parts)
    return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The permission bits as `ls` shows them: "rwxr-xr-x".
  var permissionsText: String {
    let letters: [Character] = ["r", "w", "x"]
    return String(
      (0..<9).map { bit in mode & (1 << (8 - UInt32(bit))) != 0 ? letters[bit % 3] : "-" })
  }

  /// What a row says after the name: the size and date of a file, the target of a link.
  var summary: String {
    switch kind {
    case .file: return "\(Self.formatted(size: size))  \(modifiedText)"
    case .link(let target, _): return "→ \(target)"
    case .folder: return modifiedText
    case .other, .loading: return ""
    }
  }

  /// The kind in words, for the detail panel.
  var kindText: String {
    switch kind {
    case .folder: return "folder"
    case .file: return "file"
    case .link(_, let folder): return folder ? "link to a folder" : "link"
    case .other: return "special file"
    case .loading: return ""
    }
  }
}
