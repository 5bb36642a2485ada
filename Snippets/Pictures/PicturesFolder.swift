// A folder's pictures by their names' bytes: readdir gives each name as
// the system's bytes, which need not be UTF-8; a FilePath keeps them, so
// the file opens whatever it is called, and String(decoding:) shows it
// with U+FFFD for the bytes that are not UTF-8.
import GridPlatform
import TermGridImages

// snippet.show
func pictures(in folder: FilePath) -> [FilePath] {
  guard let dir = folder.withPlatformString({ opendir($0) }) else { return [] }
  defer { closedir(dir) }
  var files: [FilePath] = []
  while let entry = readdir(dir) {
    // d_name is a C array in a tuple: read it through a pointer.
    let name = withUnsafePointer(to: &entry.pointee.d_name) {
      $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { FilePath.Component(platformString: $0) }
    }
    // (.regular: not "." or ".."; the extension is decoded for the test.)
    guard let name, name.kind == .regular, ["jpg", "jpeg", "png"].contains(name.extension?.lowercased() ?? "") else {
      continue
    }
    files.append(folder.appending(name))
  }
  return files
}

// Shown with a stand-in for bytes that are not UTF-8; opened by its bytes.
let loader = PictureLoader()
for file in pictures(in: FilePath(".")) {
  print(String(decoding: file), loader.source(forFile: file).failure ?? "")
}
