import CNcursesw
import GridRender
import GridTerminal

/// The keys the terminal's terminfo entry describes, by capability name.
enum TerminfoKeys {
  /// Capability names and their keys: cursor keys (Shift ones too), Home,
  /// End, the page keys, Shift-Tab, the keypad's Enter, Delete, Insert, F1-F24.
  static let names: [(String, Key)] = {
    var list: [(String, Key)] = [
      ("kcuu1", Key(.up)), ("kcud1", Key(.down)), ("kcub1", Key(.left)), ("kcuf1", Key(.right)),
      ("kri", Key(.up, modifiers: .shift)), ("kind", Key(.down, modifiers: .shift)),
      ("kLFT", Key(.left, modifiers: .shift)), ("kRIT", Key(.right, modifiers: .shift)),
      ("khome", Key(.home)), ("kend", Key(.end)), ("knp", Key(.pageDown)), ("kpp", Key(.pageUp)),
      ("kcbt", Key(.backTab)), ("kent", Key(.enter)), ("kdch1", Key(.delete)), ("kich1", Key(.insert)),
    ]
    for n in 1...24 { list.append(("kf\(n)", Key(.function(n)))) }
    return list
  }()

  /// The sequences of the terminal ncurses has set up (its current one).
  static func current() -> [(sequence: [UInt8], key: Key)] { keys(from: .current) }

  /// The sequences `terminfo` gives.
  static func keys(from terminfo: TerminfoSource) -> [(sequence: [UInt8], key: Key)] {
    names.compactMap { name, key in
      guard let s = terminfo.string(name) else { return nil }
      let bytes = TerminfoCapability.bytes(of: s)
      return bytes.isEmpty ? nil : (bytes, key)
    }
  }
}
