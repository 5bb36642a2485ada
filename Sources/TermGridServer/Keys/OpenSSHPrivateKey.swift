import Crypto
import Foundation

/// OpenSSH's private key format (`openssh-key-v1`, PROTOCOL.key in
/// OpenSSH's sources) for one unencrypted Ed25519 key: read and written.
enum OpenSSHPrivateKey {
  /// Why a key file could not be read.
  struct FormatError: Error {
    /// What is wrong, in words.
    let reason: String
  }

  private static let begin = "-----BEGIN OPENSSH PRIVATE KEY-----"
  private static let end = "-----END OPENSSH PRIVATE KEY-----"
  private static let magic = Array("openssh-key-v1".utf8) + [0]

  /// The file's text for `key`.
  static func encode(_ key: Curve25519.Signing.PrivateKey, comment: String) -> String {
    let publicKey = Array(key.publicKey.rawRepresentation)
    var publicBlob = SSHBuffer()
    publicBlob.appendString(Array("ssh-ed25519".utf8))
    publicBlob.appendString(publicKey)
    var secret = SSHBuffer()
    let check = UInt32.random(in: .min ... .max)
    secret.appendUInt32(check)
    secret.appendUInt32(check)
    secret.appendString(Array("ssh-ed25519".utf8))
    secret.appendString(publicKey)
    secret.appendString(Array(key.rawRepresentation) + publicKey)
    secret.appendString(Array(comment.utf8))
    var pad: UInt8 = 1
    while secret.bytes.count % 8 != 0 {
      secret.bytes.append(pad)
      pad += 1
    }
    var whole = SSHBuffer(bytes: magic)
    whole.appendString(Array("none".utf8))
    whole.appendString(Array("none".utf8))
    whole.appendString([])
    whole.appendUInt32(1)
    whole.appendString(publicBlob.bytes)
    whole.appendString(secret.bytes)
    let base64 = Data(whole.bytes).base64EncodedString()
    var lines = [begin]
    var start = base64.startIndex
    while start < base64.endIndex {
      let stop = base64.index(start, offsetBy: 70, limitedBy: base64.endIndex) ?? base64.endIndex
      lines.append(String(base64[start..<stop]))
      start = stop
    }
    lines.append(end)
    return lines.joined(separator: "\n") + "\n"
  }

  /// The key in a file's text.
  static func decode(_ text: String) throws(FormatError) -> Curve25519.Signing.PrivateKey {
    let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
    guard let first = lines.firstIndex(of: begin), let last = lines.firstIndex(of: end), first < last else {
      throw FormatError(reason: "no OPENSSH PRIVATE KEY block")
    }
    guard let data = Data(base64Encoded: lines[(first + 1)..<last].joined()) else {
      throw FormatError(reason: "the block is not base64")
    }
    var reader = SSHBuffer(bytes: Array(data))
    guard reader.take(magic.count) == magic else { throw FormatError(reason: "not openssh-key-v1") }
    let cipher = try reader.takeString()
    let kdf = try reader.takeString()
    _ = try reader.takeString()
    guard cipher == Array("none".utf8), kdf == Array("none".utf8) else {
      throw FormatError(reason: "the key is encrypted with a passphrase (the server needs it without one)")
    }
    guard try reader.takeUInt32() == 1 else { throw FormatError(reason: "not exactly one key") }
    _ = try reader.takeString()
    var secret = SSHBuffer(bytes: try reader.takeString())
    guard try secret.takeUInt32() == secret.takeUInt32() else { throw FormatError(reason: "its check numbers differ") }
    guard try secret.takeString() == Array("ssh-ed25519".utf8) else { throw FormatError(reason: "not an Ed25519 key") }
    let publicKey = try secret.takeString()
    let both = try secret.takeString()
    guard publicKey.count == 32, both.count == 64, Array(both[32...]) == publicKey else {
      throw FormatError(reason: "the Ed25519 key has the wrong length")
    }
    guard let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: both[..<32]),
      Array(key.publicKey.rawRepresentation) == publicKey
    else { throw FormatError(reason: "its public half does not match its private half") }
    return key
  }
}

/// SSH's wire encoding (RFC 4251): 32-bit big-endian numbers and
/// length-prefixed strings, every length bounded by what is there.
struct SSHBuffer {
  /// The bytes written, or still to read.
  var bytes: [UInt8]
  private var position = 0

  init(bytes: [UInt8] = []) { self.bytes = bytes }

  mutating func appendUInt32(_ n: UInt32) {
    bytes += [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)]
  }

  mutating func appendString(_ s: [UInt8]) {
    appendUInt32(UInt32(s.count))
    bytes += s
  }

  /// The next `count` bytes, or nil when fewer are left.
  mutating func take(_ count: Int) -> [UInt8]? {
    guard count >= 0, bytes.count - position >= count else { return nil }
    defer { position += count }
    return Array(bytes[position..<position + count])
  }

  mutating func takeUInt32() throws(OpenSSHPrivateKey.FormatError) -> UInt32 {
    guard let b = take(4) else { throw .init(reason: "it ends early") }
    return UInt32(b[0]) << 24 | UInt32(b[1]) << 16 | UInt32(b[2]) << 8 | UInt32(b[3])
  }

  mutating func takeString() throws(OpenSSHPrivateKey.FormatError) -> [UInt8] {
    let n = try takeUInt32()
    guard let s = take(Int(n)) else { throw .init(reason: "a length runs past its end") }
    return s
  }
}
