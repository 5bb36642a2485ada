import Foundation
import TermGrid
import TermGridTesting
import Testing

@testable import file_browser

/// The file browser in tmux, on a tree made for the test: CJK names, names
/// with an escape sequence and a line break in them, a link that loops back
/// to the top, a dangling link, and a folder that is gone by the time it is
/// opened.
@Suite(.serialized) struct FileBrowserTests {
  static var binary: String { TmuxSession.productsDirectory.appendingPathComponent("file-browser").path }

  /// The tree: docs/{letters/, a.txt, big.bin}, 日本語フォルダ/ファイル.txt,
  /// gone/ (removed after the first frame), loop → the top, dangling → nowhere,
  /// and two files with hostile names.
  static func makeTree(_ name: String) throws -> String {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("tg-files-\(name)-\(getpid())").path
    try? FileManager.default.removeItem(atPath: root)
    let fm = FileManager.default
    for folder in ["docs/letters", "日本語フォルダ", "gone"] {
      try fm.createDirectory(atPath: "\(root)/\(folder)", withIntermediateDirectories: true)
    }
    try Data("hello".utf8).write(to: URL(fileURLWithPath: "\(root)/docs/a.txt"))
    try Data(count: 50_000).write(to: URL(fileURLWithPath: "\(root)/docs/big.bin"))
    try Data().write(to: URL(fileURLWithPath: "\(root)/日本語フォルダ/ファイル.txt"))
    try Data().write(to: URL(fileURLWithPath: "\(root)/evil\u{1B}[31mred"))
    try Data().write(to: URL(fileURLWithPath: "\(root)/new\nline"))
    try fm.createSymbolicLink(atPath: "\(root)/loop", withDestinationPath: root)
    try fm.createSymbolicLink(atPath: "\(root)/dangling", withDestinationPath: "nowhere")
    return root
  }

  /// Rows of the screen from the second (under the title) to the status line.
  static func rows(_ screen: String) -> [String] {
    Array(screen.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().dropLast().map(String.init))
  }

  @Test(arguments: [(80, 24, "xterm-256color"), (200, 60, "xterm-256color"), (80, 24, "xterm")])
  func browsesATreeOfHostileNamesAsAnOutline(width: Int, height: Int, term: String) throws {
    let root = try Self.makeTree("\(width)\(term)")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let tmux = try TmuxSession(width: width, height: height, term: term)
    defer { tmux.close() }
    try tmux.type("\(TmuxSession.quoted(Self.binary)) '\(root)'; echo exit=$?")
    var screen = try tmux.waitFor(text: "→ opens")
    // Folders first, then by name; hostile names shown as symbols, on one row each.
    let names = Self.rows(screen).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    #expect(names.count == 8, "\(names)")
    #expect(names.first?.hasPrefix("▸ docs") == true, "\(names)")
    #expect(screen.contains("▸ 日本語フォルダ") && screen.contains("→ nowhere"))
    #expect(screen.contains("evil␛[31mred") && screen.contains("new␤line"), "control characters shown as symbols")
    // The folder that is gone by the time it is opened: a message, nothing lost.
    try FileManager.default.removeItem(atPath: root + "/gone")
    try tmux.keys("Down")
    try tmux.waitFor(text: "gone · folder")
    try tmux.keys("Right")
    screen = try tmux.waitFor(text: "cannot read")
    #expect(screen.contains("▸ gone"), "closed again")
    // Open docs: its entries under it, indented, with sizes.
    try tmux.keys("Up", "Right")
    screen = try tmux.waitForSettled("docs open") { $0.contains("▾ docs") && $0.contains("big.bin") }
    #expect(screen.contains("49 KB") || screen.contains("48.8 KB"), "\(screen)")
    let aRow = try #require(Self.rows(screen).first { $0.contains("a.txt") })
    let docsRow = try #require(Self.rows(screen).first { $0.contains("docs") })
    let column = { (row: String, c: Character) in row.distance(from: row.startIndex, to: row.firstIndex(of: c)!) }
    #expect(column(aRow, "a") == column(docsRow, "d") + 2, "indented under its folder, its name under its folder's")
    // A click on docs' ▾ closes it, as Left does (SGR mouse cells count from 1).
    let lines = screen.components(separatedBy: "\n")
    let docsY = try #require(lines.firstIndex { $0.contains("▾ docs") })
    let mark = column(lines[docsY], "▾") + 1
    try tmux.keys("-l", "\u{1B}[<0;\(mark);\(docsY + 1)M\u{1B}[<0;\(mark);\(docsY + 1)m")
    try tmux.waitForSettled("docs closed") { !$0.contains("big.bin") && $0.contains("▸ docs") }
    // The loop: a link to the top opens as a folder (one level at a time, never endlessly).
    try tmux.keys("Down", "Down")  // past gone
    try tmux.waitFor(text: "loop · link to a folder")
    try tmux.keys("Right")
    try tmux.waitForSettled("the loop open") { $0.contains("▾ loop") && $0.components(separatedBy: "▸ docs").count == 3 }
    // Enter: the details, sanitised.
    try tmux.keys("Enter")
    // (The status line already says "link to a folder": wait for the panel's own rows.)
    screen = try tmux.waitFor("the details panel") { $0.contains("points to") && $0.contains("permissions") }
    #expect(screen.contains("kind") && screen.contains("link to a folder"))
    try tmux.keys("Escape")
    // The filter: what was read so far, with the folders that hold it.
    try tmux.keys("/")
    try tmux.typeCodePoints("ファ")
    screen = try tmux.waitFor("the filter") { $0.contains("filter “ファ”") }
    #expect(!screen.contains("ファイル.txt"), "not read yet: the folder was never opened")
    try tmux.keys("C-u")
    try tmux.typeCodePoints("big")
    screen = try tmux.waitForSettled("big.bin found") { $0.contains("big.bin") && $0.contains("filter “big”") }
    #expect(screen.contains("▾ docs") && !screen.contains("日本語"), "\(screen)")
    try tmux.keys("Escape")
    try tmux.waitForSettled("the filter cleared") { $0.contains("日本語フォルダ") && !$0.contains("filter “") }
    // Resized to 2x2 and back: all there again.
    try tmux.resize(width: 2, height: 2)
    usleep(300_000)
    try tmux.resize(width: width, height: height)
    try tmux.waitFor(text: "→ opens")
    // The help says what Right and Left do in the tree.
    try tmux.keys("?")
    try tmux.waitFor(text: "close / open a folder")
    try tmux.keys("Escape")
    try tmux.waitFor("the help closed") { !$0.contains("close / open a folder") }
    try tmux.keys("q")
    try tmux.waitFor(text: "exit=0")
  }

  /// Names that are not UTF-8 (Latin-1 from an old disk): shown with �,
  /// and opened by their bytes, the folder given on the command line too.
  @Test func foldersWhoseNamesAreNotUTF8OpenByTheirBytes() throws {
    let base = Array("\(FileManager.default.temporaryDirectory.path)/tg-latin1-\(getpid())-caf".utf8) + [0xE9]
    func cString(_ bytes: [UInt8]) -> [CChar] { bytes.map { CChar(bitPattern: $0) } + [0] }
    func remove(_ bytes: [UInt8]) { _ = cString(bytes).withUnsafeBufferPointer { unlink($0.baseAddress!) } }
    let folder = base + Array("/z".utf8) + [0xE9] + Array("ro".utf8)
    let inside = folder + Array("/inside.txt".utf8)
    #expect(mkdir(cString(base), 0o755) == 0 && mkdir(cString(folder), 0o755) == 0)
    let fd = creat(cString(inside), 0o644)
    #expect(fd >= 0)
    close(fd)
    defer {
      remove(inside)
      _ = cString(folder).withUnsafeBufferPointer { rmdir($0.baseAddress!) }
      _ = cString(base).withUnsafeBufferPointer { rmdir($0.baseAddress!) }
    }
    let tmux = try TmuxSession(width: 80, height: 24)
    defer { tmux.close() }
    // The folder's bytes on the command line as the shell passes them (printf's octal escape).
    let shellPath = String(decoding: base.dropLast(), as: UTF8.self) + "\\351"
    try tmux.type("\(TmuxSession.quoted(Self.binary)) \"$(printf '\(shellPath)')\"; echo exit=$?")
    let screen = try tmux.waitFor(text: "→ opens")
    #expect(screen.contains("caf\u{FFFD}") && screen.contains("▸ z\u{FFFD}ro"), "\(screen)")
    try tmux.keys("Right")
    try tmux.waitForSettled("the folder open") { $0.contains("▾ z\u{FFFD}ro") && $0.contains("inside.txt") }
    try tmux.keys("Down", "Enter")
    try tmux.waitFor("the details") { $0.contains("permissions") && $0.contains("ro/inside.txt") }
    try tmux.keys("Escape", "q")
    try tmux.waitFor(text: "exit=0")
  }

  /// A folder the user may not read: opening it says why and closes it
  /// again, and the rest still opens. When the tests run as root, whom no
  /// permission stops, the browser runs as nobody (from a copy it may run).
  @Test func aFolderThatCannotBeReadSaysWhyAndClosesAgain() throws {
    let base = "/tmp/tg-unreadable-\(getpid())"
    let fm = FileManager.default
    try? fm.removeItem(atPath: base)
    defer {
      chmod(base + "/tree/locked", 0o755)
      try? fm.removeItem(atPath: base)
    }
    for folder in ["bin", "tree/locked", "tree/open"] {
      try fm.createDirectory(atPath: "\(base)/\(folder)", withIntermediateDirectories: true)
    }
    try Data("x".utf8).write(to: URL(fileURLWithPath: base + "/tree/locked/secret.txt"))
    try Data("y".utf8).write(to: URL(fileURLWithPath: base + "/tree/open/a.txt"))
    #expect(chmod(base + "/tree/locked", 0) == 0)
    for path in [base, base + "/tree", base + "/tree/open"] { #expect(chmod(path, 0o755) == 0) }
    let program = try Unprivileged.command(Self.binary, copyingInto: base + "/bin")
    let command = (program.map(TmuxSession.quoted) + ["'\(base)/tree'"]).joined(separator: " ")
    let tmux = try TmuxSession(width: 120, height: 24)  // room for the whole message
    defer { tmux.close() }
    try tmux.type("\(command); echo exit=$?")
    try tmux.waitFor(text: "→ opens")
    try tmux.keys("Right")
    let screen = try tmux.waitFor(text: "Permission denied")
    #expect(screen.contains("cannot read \(base)/tree/locked"), "\(screen)")
    #expect(screen.contains("▸ locked") && !screen.contains("secret"), "closed again, nothing of it shown")
    try tmux.keys("Down", "Right")
    try tmux.waitForSettled("open opened") { $0.contains("▾ open") && $0.contains("a.txt") }
    try tmux.keys("q")
    try tmux.waitFor(text: "exit=0")
  }

  @Test func aMissingFolderIsAClearErrorBeforeTheScreenChanges() throws {
    let tmux = try TmuxSession(width: 80, height: 24)
    defer { tmux.close() }
    try tmux.type("\(TmuxSession.quoted(Self.binary)) /nonexistent/folder; echo exit=$?")
    let screen = try tmux.waitFor(text: "exit=1")
    #expect(screen.contains("file-browser: cannot read /nonexistent/folder: No such file or directory"), "\(screen)")
  }

  /// 4,500 keys opening and closing a folder above 10,000 rows, then `?`,
  /// then as many again and `q`: the help is on screen and the browser
  /// gone well within the waits (each key costs the rows it opens or
  /// closes; before, a key cost every row shown, and a debug build took
  /// minutes over such a storm). The second storm and `q` are sent while
  /// the browser is stopped (as on a machine too busy to run it), so that
  /// they all wait in the terminal, and `q` is read ahead and taken
  /// without the keys before it that it finds.
  @Test func aStormOfKeysAboveTenThousandRowsIsAnsweredAndQuitTaken() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("tg-files-storm-\(getpid())").path
    try? FileManager.default.removeItem(atPath: root)
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.createDirectory(atPath: root + "/a-small", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: root + "/big", withIntermediateDirectories: true)
    for i in 0..<5 { _ = FileManager.default.createFile(atPath: root + "/a-small/file-\(i)", contents: nil) }
    for i in 0..<10_000 { _ = FileManager.default.createFile(atPath: root + "/big/file-\(i)", contents: nil) }
    let tmux = try TmuxSession(width: 100, height: 30)
    defer { tmux.close() }
    // Under a shell without job control, which does not take the terminal back when the browser is stopped.
    try tmux.type("sh -c \"\(TmuxSession.quoted(Self.binary)) '\(root)'; echo exit=\\$?\"")
    try tmux.waitFor(text: "→ opens")
    try tmux.keys("Down", "Right")
    try tmux.waitFor(text: "10002 rows", timeout: 60)
    try tmux.keys("Up")
    try tmux.waitFor(text: "a-small · folder")
    // (As the terminal sends the arrows, 500 keys a command: tmux takes no longer command.)
    func storm() throws {
      for _ in 0..<9 { try tmux.keys("-l", String(repeating: "\u{1B}[C\u{1B}[D", count: 250)) }
    }
    try storm()
    try tmux.keys("?")
    var screen = try tmux.waitFor(text: "close / open a folder", timeout: 60)
    try tmux.keys("Escape")
    screen = try tmux.waitFor("the help closed", timeout: 60) { !$0.contains("close / open a folder") }
    #expect(screen.contains("▸ a-small") && screen.contains("10002 rows"), "closed again after an even number of keys")
    let panePID = try tmux.tmux("display-message", "-p", "-t", tmux.name, "#{pane_pid}")
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let found = try Spawn.run(["pgrep", "-s", panePID, "-x", "file-browser"]).output
    let browser = try #require(Int32(found.trimmingCharacters(in: .whitespacesAndNewlines)), "the browser's process: \(found)")
    #expect(kill(browser, SIGSTOP) == 0)
    try storm()
    try tmux.keys("Right", "q")
    #expect(kill(browser, SIGCONT) == 0)
    try tmux.waitFor(text: "exit=0", timeout: 60)
  }

  /// A chain of 300 folders opened level by level (Right opens, Right goes
  /// in), headless: every level opens, under a "Loading…" row replaced by
  /// its entries, and the focus reaches the deepest folder with the rows
  /// of every level above shown, each indented by its depth.
  @Test func aChainOfThreeHundredFoldersOpensLevelByLevel() throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("tg-files-deep-\(getpid())").path
    try? FileManager.default.removeItem(atPath: base)
    defer { try? FileManager.default.removeItem(atPath: base) }
    let depth = 300
    var path = base
    for level in 0..<depth {
      path += "/d\(level)"
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      _ = FileManager.default.createFile(atPath: path + "/f\(level)", contents: nil)
    }
    let scene = try FileBrowserController(root: Array(base.utf8), showsHidden: false)
    let clock = ManualAnimationClock()
    scene.collectionView.clock = clock
    let terminal = HeadlessTerminal(width: 100, height: 30)
    terminal.onWait = { clock.advance(by: $0) }
    let loop = TerminalRunLoop(terminal: terminal, scene: scene)
    try loop.run(untilIdle: true)
    for level in 0..<depth {
      #expect(scene.focusedEntry?.name == "d\(level)")
      terminal.send(keys: Key(.right))
      try loop.run(untilIdle: true)
      terminal.send(keys: Key(.right))
      try loop.run(untilIdle: true)
      guard scene.focusedEntry?.name == "d\(level + 1)" || level == depth - 1 else {
        Issue.record("level \(level): the focus is on \(scene.focusedEntry?.name ?? "nothing")")
        return
      }
    }
    // Every folder and the file of every level but the last, open, and the deepest's file.
    #expect(scene.collectionView.numberOfItems(inSection: 0) == 2 * depth)
    #expect(scene.focusedEntry?.name == "f\(depth - 1)", "the deepest folder holds only its file")
    let tree = scene.source.snapshot(for: .files)
    #expect(scene.focusedEntry.flatMap { tree.level(of: $0) } == depth)
  }

  /// Keys typed into the filter faster than frames filter the tree once,
  /// just before the frame (a name pasted or typed fast filtered the whole
  /// tree at every key: 300 characters over 7,500 entries took 13 s in a
  /// release build); Enter keeps the filter at once, Esc drops it.
  @Test func keysTypedIntoTheFilterFilterOnceAFrame() throws {
    let root = try Self.makeTree("filter")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let scene = try FileBrowserController(root: Array(root.utf8), showsHidden: false)
    var surface = Surface(width: 80, height: 24)
    scene.draw(into: &surface)
    let all = scene.collectionView.numberOfItems(inSection: 0)
    _ = try scene.handle(.key("/"))
    for c in "docs" { _ = try scene.handle(.key(Key(.character(c)))) }
    #expect(scene.collectionView.numberOfItems(inSection: 0) == all, "nothing filtered between frames")
    #expect(scene.titleText?.hasSuffix("filter “docs”") == true, "the title says what was typed at once")
    scene.draw(into: &surface)
    #expect(scene.collectionView.numberOfItems(inSection: 0) == 1, "filtered once, for the frame: \(surface.text)")
    #expect(surface.text.contains("1 match"))
    _ = try scene.handle(.key(Key(.backspace)))
    _ = try scene.handle(.key(Key(.escape)))
    scene.draw(into: &surface)
    #expect(scene.collectionView.numberOfItems(inSection: 0) == all, "Esc dropped the filter typed before it")
    _ = try scene.handle(.key("/"))
    for c in "loop" { _ = try scene.handle(.key(Key(.character(c)))) }
    _ = try scene.handle(.key(Key(.enter)))
    #expect(scene.collectionView.numberOfItems(inSection: 0) == 1, "Enter filters at once")
  }
}
