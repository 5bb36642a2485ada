import ArgumentParser
import Foundation
import TermGrid
import TermGridImages

@main
struct ImageGridCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "image-grid",
    abstract: "Browse a folder of pictures as a grid of thumbnails, in the terminal.",
    discussion: """
      Shows the JPEG and PNG files under FOLDER (and its folders) as
      thumbnails, a section per folder, each file's name under its
      thumbnail. Other files are skipped and counted. Thumbnails are made in
      the background; a placeholder with the file's name shows until each
      is ready, and one marked "!" for a file that cannot be decoded (Enter
      says why).

      Keys: arrows or h j k l move, PgUp/PgDn page, Home/End jump, Tab
      changes folder, Enter shows the picture as large as the terminal
      allows with its size and dimensions, + and - change the thumbnails'
      size, L switches between the grid and the waterfall (thumbnails keep
      their shape), Space selects, d takes the selected pictures (or the
      focused one) off the view (never off the disk), ? help, q quits.

      Pictures are drawn in pixels where the terminal shows them, else as
      mosaics of block symbols in its colours. The terminal is asked when
      the first picture is drawn (nothing waits for its answers: the
      pictures' placeholders show meanwhile): the kitty graphics protocol
      in kitty 0.28 and later and Ghostty (inside tmux through its
      passthrough, with `set -g allow-passthrough on`), kitty's classic
      placements in older kitty (Debian 12's 0.26; not inside tmux), sixel
      in xterm started as a VT340 (`xterm -ti vt340`), foot, WezTerm,
      Konsole and Windows Terminal; symbols elsewhere, and without UTF-8
      (LANG=C) blanks in the pictures' colours. TERMGRID_PICTURES=kitty, kitty-placements,
      sixel, symbols or off (no picture decoded: names on coloured
      placeholders) in the environment forces one. A terminal that says its
      cells are larger than 256 x 512 pixels, or its window larger than
      8192 pixels a side, gets symbols.
      """)

  @Argument(help: "The folder of pictures.")
  var folder: String

  @Option(help: "The thumbnails' width in columns: 12, 16, 20, 26, 34 or 44 (+ and - change it).")
  var size: Int = 16

  @Option(help: "The memory for thumbnails, in megabytes.")
  var cache: Int = 64

  func validate() throws {
    guard ImageGridController.widths.contains(size) else {
      throw ValidationError("--size is one of \(ImageGridController.widths.map(String.init).joined(separator: ", "))")
    }
    guard cache >= 1 else { throw ValidationError("--cache is at least 1 (megabyte)") }
  }

  func run() throws {
    let pictures: PictureFolder
    do {
      pictures = try PictureFolder.scan(folder)
    } catch {
      Application.fail(error.description)
    }
    let loader = PictureLoader(cacheByteLimit: cache << 20)
    let step = ImageGridController.widths.firstIndex(of: size) ?? 1
    Application.run(ImageGridController(folder: pictures, loader: loader, widthStep: step))
  }
}
