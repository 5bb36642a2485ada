// Text from a file made safe and measured as the terminal draws it: an
// escape sequence becomes visible symbols, a wide character counts two
// cells, a cluster of several code points counts as the one character it
// shows, and a line drawing character has an ASCII stand-in for a
// terminal without UTF-8.
import TermGrid

let fromAFile = "Title\u{1B}[2J\u{7}"
let safe = TextSanitizer.sanitize(fromAFile)  // "Title␛[2J␇": nothing reaches the terminal as a command

let samples = ["abc", "漢字", "e\u{301}", "\u{1F1EB}\u{1F1F7}", "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", safe]
for text in samples {
  print(text, "cells:", DisplayWidth.of(text), "characters:", text.count)
}

// Cut to a column budget; a wide character that would straddle the limit is left out whole.
print(TextLayout.truncate("吾輩は猫である", toWidth: 7))

// What a C locale's terminal gets for a corner, a line, an arrow and a mark.
for grapheme: Grapheme in ["┌", "─", "→", "✓", "é"] {
  print(grapheme, "→", Character(Unicode.Scalar(grapheme.asciiFallback)))
}
