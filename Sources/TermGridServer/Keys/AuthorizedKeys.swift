import NIOSSH

/// The public keys of an OpenSSH `authorized_keys` file that may connect.
///
/// A line is a key type, the key in base64 and an optional comment; blank
/// lines and `#` comments are skipped. A line that starts with options
/// (`command="…"`, `from="…"`, `restrict`, …) is refused rather than
/// taken without them: the server cannot honour what they restrict. A
/// line that cannot be read is reported, never taken.
struct AuthorizedKeys: Sendable {
  /// The keys that may connect.
  let keys: [NIOSSHPublicKey]
  /// The lines not taken: their number and why.
  let refused: [(line: Int, reason: String)]

  private static let keyTypes: Set<String> = [
    "ssh-ed25519", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384", "ecdsa-sha2-nistp521",
  ]

  /// The keys in a file's text.
  init(text: String) {
    var keys: [NIOSSHPublicKey] = []
    var refused: [(Int, String)] = []
    for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
      let line = Self.trimmed(raw)
      if line.isEmpty || line.hasPrefix("#") { continue }
      let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
      guard let type = fields.first.map(String.init), Self.keyTypes.contains(type) else {
        let known = fields.contains { Self.keyTypes.contains(String($0)) }
        refused.append(
          (index + 1, known ? "it has options, which this server cannot honour" : "not a supported key type (ssh-ed25519, ecdsa-sha2-*)"))
        continue
      }
      guard fields.count >= 2, let key = try? NIOSSHPublicKey(openSSHPublicKey: "\(type) \(fields[1])") else {
        refused.append((index + 1, "the key cannot be read"))
        continue
      }
      keys.append(key)
    }
    self.keys = keys
    self.refused = refused
  }

  /// Whether `key` may connect.
  func contains(_ key: NIOSSHPublicKey) -> Bool { keys.contains(key) }

  /// `line` without spaces, tabs and a carriage return at either end.
  private static func trimmed(_ line: Substring) -> Substring {
    var s = line
    while let c = s.first, c == " " || c == "\t" || c == "\r" { s.removeFirst() }
    while let c = s.last, c == " " || c == "\t" || c == "\r" { s.removeLast() }
    return s
  }
}
