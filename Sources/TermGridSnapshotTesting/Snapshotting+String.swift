import SnapshotTesting

extension Snapshotting where Value == String, Format == String {
  /// A screen captured as text elsewhere (a [TmuxSession](/documentation/termgridtesting/tmuxsession)'s
  /// capture, a pseudo-terminal's screen): its lines without trailing
  /// spaces, recorded in a `.txt` file and compared as
  /// ``SnapshotTesting/Diffing/screenText`` does (the changed cell marked).
  public static var screenText: Snapshotting {
    Snapshotting(pathExtension: "txt", diffing: .screenText) { captured in
      var rows = captured.split(separator: "\n", omittingEmptySubsequences: false).map { row in
        var row = Substring(row)
        while row.last == " " { row = row.dropLast() }
        return String(row)
      }
      if rows.last?.isEmpty == true { rows.removeLast() }
      return rows.map { $0 + "\n" }.joined()
    }
  }
}
