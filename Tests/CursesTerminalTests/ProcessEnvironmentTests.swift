import Foundation
import Testing

@testable import CursesTerminal

/// `CursesTerminal.processEnvironment` reads every entry of the process's
/// environment as `getenv` does: the name up to the first `=`, the value
/// all after it, whatever the value starts with.
@Suite struct ProcessEnvironmentTests {
  @Test func entriesSplitAtTheirFirstEqualsSign() {
    let values = [
      "TERMGRID_TEST_ENV_PLAIN": "xterm-256color",
      "TERMGRID_TEST_ENV_EQUALS": "a=b==c",
      "TERMGRID_TEST_ENV_EMPTY": "",
      // A value starting with a combining mark: "=" and the mark are one
      // grapheme, so an entry split by Characters lost the variable.
      "TERMGRID_TEST_ENV_MARK": "\u{301}é 日本",
    ]
    for (name, value) in values { setenv(name, value, 1) }
    defer { for name in values.keys { unsetenv(name) } }
    let environment = CursesTerminal.processEnvironment
    for (name, value) in values { #expect(environment[name] == value, "\(name)") }
    #expect(environment["PATH"] == ProcessInfo.processInfo.environment["PATH"])
  }
}
