import CNcursesw
import GridRender

/// The terminal's control sequences, as terminfo gives them.
final class ControlSequences {
  let colorSupport: ColorSupport
  let unicode: Bool
  /// For U+2500 to U+253F, the alternate character set's character (0: none).
  let alternateLines: [UInt8]
  let cup: TerminfoCapability
  let hpa: TerminfoCapability?
  let vpa: TerminfoCapability?
  let cuf: TerminfoCapability?
  let carriageReturn: [UInt8]?
  let smacs: [UInt8]
  let rmacs: [UInt8]
  let sgr0: [UInt8]
  let attributeCaps: [(TextAttributes, [UInt8])]
  let setaf: TerminfoCapability?
  let setab: TerminfoCapability?
  let csr: TerminfoCapability?
  let indn: TerminfoCapability?
  let ind: [UInt8]?
  let rin: TerminfoCapability?
  let ri: [UInt8]?
  let clear: [UInt8]
  /// Hide and show the cursor (empty when the terminal cannot).
  let civis: [UInt8]
  let cnorm: [UInt8]
  /// Whether `sgr0` is `ESC [ m` (with `ESC ( B` perhaps), and each
  /// attribute `ESC [ n m`: then a style is one `ESC [ 0;n;...m`.
  let ansiAttributes: Bool

  /// The colours of a description whose `setaf` takes 0xRRGGBB (xterm-direct's 2^24).
  static let directColors = 0x100_0000
  /// `setaf` and `setab` for 24-bit colour by the direct SGR: the parameter
  /// 0xRRGGBB split into its red, green and blue.
  static let directForeground = "\u{1B}[38;2;%p1%{65536}%/%d;%p1%{256}%/%{255}%&%d;%p1%{255}%&%dm"
  static let directBackground = "\u{1B}[48;2;%p1%{65536}%/%d;%p1%{256}%/%{255}%&%d;%p1%{255}%&%dm"

  init?(colorSupport: ColorSupport, unicode: Bool, alternateLines: [UInt8], terminfo: TerminfoSource = .current) {
    guard
      let cup = TerminfoCapability("cup", ansi: ("\u{1B}[%i%p1%d;%p2%dH", UInt8(ascii: "H"), true), from: terminfo),
      let sgr0 = terminfo.string("sgr0").map(TerminfoCapability.bytes(of:)),
      let clear = terminfo.string("clear").map(TerminfoCapability.bytes(of:)),
      !terminfo.flag("am") || terminfo.flag("xenl")
    else { return nil }
    self.colorSupport = colorSupport
    self.unicode = unicode
    self.alternateLines = alternateLines
    self.cup = cup
    self.sgr0 = sgr0
    self.clear = clear
    hpa = TerminfoCapability("hpa", ansi: ("\u{1B}[%i%p1%dG", UInt8(ascii: "G"), true), from: terminfo)
    vpa = TerminfoCapability("vpa", ansi: ("\u{1B}[%i%p1%dd", UInt8(ascii: "d"), true), from: terminfo)
    cuf = TerminfoCapability("cuf", ansi: ("\u{1B}[%p1%dC", UInt8(ascii: "C"), false), from: terminfo)
    carriageReturn = terminfo.string("cr").map(TerminfoCapability.bytes(of:))
    smacs = terminfo.string("smacs").map(TerminfoCapability.bytes(of:)) ?? []
    rmacs = terminfo.string("rmacs").map(TerminfoCapability.bytes(of:)) ?? []
    var caps: [(TextAttributes, [UInt8])] = []
    for (attribute, name) in [
      (TextAttributes.bold, "bold"), (.dim, "dim"), (.italic, "sitm"), (.underline, "smul"), (.reverse, "rev"),
    ] {
      if let s = terminfo.string(name) { caps.append((attribute, TerminfoCapability.bytes(of: s))) }
    }
    attributeCaps = caps
    if colorSupport == .trueColor, terminfo.colors < Self.directColors {
      // 24-bit colour the description does not give (`COLORTERM=truecolor`
      // under xterm-256color): its setaf would take 0xRRGGBB for a palette
      // index. The direct SGR every such terminal takes, 38;2;r;g;b.
      setaf = TerminfoCapability(format: Self.directForeground)
      setab = TerminfoCapability(format: Self.directBackground)
    } else {
      setaf = colorSupport == .none ? nil : TerminfoCapability("setaf", from: terminfo)
      setab = colorSupport == .none ? nil : TerminfoCapability("setab", from: terminfo)
    }
    csr = TerminfoCapability("csr", from: terminfo)
    indn = TerminfoCapability("indn", from: terminfo)
    ind = terminfo.string("ind").map(TerminfoCapability.bytes(of:))
    rin = TerminfoCapability("rin", from: terminfo)
    ri = terminfo.string("ri").map(TerminfoCapability.bytes(of:))
    civis = terminfo.string("civis").map(TerminfoCapability.bytes(of:)) ?? []
    cnorm = terminfo.string("cnorm").map(TerminfoCapability.bytes(of:)) ?? []
    let resets: Set<String> = [
      "\u{1B}[m", "\u{1B}[0m", "\u{1B}(B\u{1B}[m", "\u{1B}[m\u{1B}(B", "\u{1B}[m\u{0F}", "\u{1B}[0m\u{0F}",
    ]
    // (A terminal whose alternate set is chosen by an SGR, as the Linux
    // console's ESC [ 11 m, has it reset by every style: not this way.)
    ansiAttributes =
      resets.contains(String(decoding: sgr0, as: UTF8.self))
      && caps.allSatisfy { TerminfoCapability.csiParameters($0.1) != nil } && TerminfoCapability.csiParameters(smacs) == nil
  }
}
