import GridRender
import SuiteSupport

// The display width of text, grapheme by grapheme: 1,000 titles of Latin
// with accents (precomposed and combining), CJK, Hangul (syllables and
// jamo), emoji with joiners, skin tones and variation selectors, and flags.

private let samples = [
  "Pride and Prejudice", "Cien años de soledad", "Cien an\u{0303}os de soledad", "源氏物語", "紅樓夢",
  "한국어 문학", "\u{1100}\u{1161}\u{11A8}", "👩‍👩‍👧‍👦 family", "👍🏽 ok", "❤️ love", "🇯🇵🇫🇷 flags", "Ærø — Ünïcödé",
]

/// A thousand titles made of the samples.
func textWidthCorpus() -> [String] {
  (0..<1_000).map { i in samples[i % samples.count] + " " + samples[(i * 7 + 3) % samples.count] + " \(i)" }
}

func registerTextWidthBenchmarks() {
  measure("text width: DisplayWidth of 1,000 mixed-script titles", iterations: 50, setup: textWidthCorpus()) { corpus in
    var total = 0
    for title in corpus { total &+= DisplayWidth.of(title) }
    precondition(total > 0)
  }
}
