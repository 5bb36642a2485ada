// A picture file is named by a FilePath (swift-system's): the system's
// bytes, so names that are not UTF-8 open too. `import TermGridImages`
// gives an app the type.
@_exported import struct SystemPackage.FilePath
