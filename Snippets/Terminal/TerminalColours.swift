// Three styles an app might use, and what each kind of terminal gets:
// `degraded(for:)` is what the curses backend applies to every cell it
// writes, and a test can call it to see the screen a terminal with fewer
// colours shows.
import TermGrid

let styles: [(String, Style)] = [
  ("rule", Style(foreground: .brightBlack)),
  ("accent", Style(foreground: .rgb(90, 160, 255), attributes: [.bold])),
  ("badge", Style(foreground: .rgb(40, 40, 40), background: .rgb(255, 200, 0))),
]

for colors in [ColorSupport.trueColor, .indexed256, .ansi16, .ansi8, .none] {
  for (name, style) in styles {
    let shown = style.degraded(for: colors)
    print(colors, name, shown.foreground, shown.background, "reverse:", shown.reverse, "dim:", shown.dim)
  }
}
