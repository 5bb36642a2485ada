import BookCatalogueModel
import Foundation
import TermGrid
import TermGridTesting
import Testing

@testable import book_catalogue
@testable import circle_demo

/// Nothing that shows with 256 colours disappears with 16, 8 or none: the
/// catalogue and the circle demo drawn headless (with a fade in the middle
/// of an animation and an overlay open), each cell checked at every depth.
@Suite struct ColorFallbackTests {
  static let depths: [ColorSupport] = [.trueColor, .indexed256, .ansi16, .ansi8, .none]

  /// Frames of `app` at `width` x `height`: the first, two in the middle of
  /// the animation `key` starts, and one with `overlayKey`'s overlay open.
  func frames(_ app: CollectionViewController, colors: ColorSupport, key: Key, overlayKey: Key) throws -> [Surface] {
    let clock = ManualAnimationClock()
    app.collectionView.clock = clock
    app.willAppear(on: TerminalCapabilities(colors: colors))
    var surface = Surface(width: 100, height: 30)
    var shots: [Surface] = []
    app.draw(into: &surface)
    shots.append(surface)
    _ = try app.handle(.key(key))
    for _ in 0..<2 {
      clock.advance(by: app.collectionView.animationDuration / 3)
      app.draw(into: &surface)
      shots.append(surface)
    }
    clock.advance(by: 1)
    app.draw(into: &surface)
    _ = try app.handle(.key(overlayKey))
    app.draw(into: &surface)
    shots.append(surface)
    return shots
  }

  func check(_ makeApp: () throws -> CollectionViewController, key: Key, overlayKey: Key) throws {
    for depth in Self.depths {
      for (i, frame) in try frames(makeApp(), colors: depth, key: key, overlayKey: overlayKey).enumerated() {
        let invisible = Visibility.invisibleText(in: frame, at: depth)
        #expect(invisible.isEmpty, "frame \(i) at \(depth): text in its background's colour at \(invisible.prefix(3).map { ($0.x, $0.y) })")
        let lost = Visibility.lostCells(in: frame, at: depth)
        #expect(
          lost.isEmpty,
          "frame \(i) at \(depth): \(lost.count) cells lost, first \(lost.prefix(3).map { ($0.x, $0.y, $0.cell.grapheme.description) })")
      }
    }
  }

  @Test func theCatalogueKeepsItsRulesDimTextAndFadesAtEveryDepth() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("book-catalogue/Resources/catalogue.csv")
    let loaded = try CatalogueLoader.load(path: url.path)
    try check(
      {
        CatalogueController(
          catalogue: SharedCatalogue(document: CatalogueDocument(loaded: loaded, path: nil)), sourceName: "bundled")
      }, key: "d", overlayKey: "?")
  }

  @Test func theCircleKeepsItsCardsAndFadesAtEveryDepth() throws {
    try check({ CircleController(count: 16) }, key: "d", overlayKey: "?")
  }

  @Test(arguments: ["xterm", "linux", "vt100", "xterm-256color", "xterm-direct"])
  func theSectionRulesShowUnderEveryTerm(term: String) throws {
    // With eight colours the grey rules were black on black before.
    let tmux = try TmuxSession(width: 80, height: 24, term: term)
    defer { tmux.close() }
    let binary = TmuxSession.productsDirectory.appendingPathComponent("book-catalogue").path
    try tmux.type(TmuxSession.quoted(binary))
    try tmux.waitForSettled("the catalogue") { $0.contains("Book catalogue") && $0.contains("─ Albert Camus ─") }
    let styled = try tmux.captureStyled()
    let rules = styled.split(separator: "\n", omittingEmptySubsequences: false)
    let row = try #require(rules.firstIndex { $0.contains("Albert Camus") })
    let rule = rules[row]
    // The rule's dashes are never drawn in black (30, or colour 0 of 256).
    #expect(!rule.contains("[30m") && !rule.contains(";30m") && !rule.contains("[30;") && !rule.contains("38;5;0m"))
    // Drawn as a line (through the alternate character set or not).
    #expect(TmuxSession.screenText(fromStyledCapture: styled).split(separator: "\n", omittingEmptySubsequences: false)[row].contains("─"))
    if term == "xterm" || term == "linux" {
      // Without a grey: dim in the default colour (vt100 has no dim: plain).
      #expect(rule.contains("\u{1B}[2m") || rule.contains(";2m") || rule.contains("[2;"))
    }
    try tmux.keys("q")
  }
}
