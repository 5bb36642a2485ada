/// Why a file could not be saved. Whatever the step, the file that was
/// there is untouched and no temporary file is left behind.
public struct SaveError: Error, CustomStringConvertible, Equatable {
  /// The step that failed: "create a temporary file in /dir", "write", "flush to disk", "replace".
  public var step: String
  /// The system's reason (strerror), such as "No space left on device".
  public var reason: String
  /// The file that was being saved.
  public var path: String

  /// "cannot save PATH: REASON (STEP)".
  public var description: String { "cannot save \(path): \(reason) (\(step))" }
}
