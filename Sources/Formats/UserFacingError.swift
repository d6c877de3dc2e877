/// An error a user reads and acts on: what went wrong, where (the file, and the line and column
/// where one applies) and, where there is one, what to do about it. Commands and the libraries
/// above the readers throw it for the user's inputs and outputs (a missing file, a folder that
/// cannot be written, ffmpeg stopping); Render keeps `RenderError` for what drawing itself fails at.
public struct UserFacingError: Error, Equatable, CustomStringConvertible, Sendable {
    public var file: String?
    public var line: Int?
    public var column: Int?
    public var message: String
    /// What to do, said after the message: "set SPLASHLAB_ASSETS=/path/to/Assets".
    public var hint: String?

    public init(_ message: String, file: String? = nil, line: Int? = nil, column: Int? = nil, hint: String? = nil) {
        self.message = message; self.file = file; self.line = line; self.column = column; self.hint = hint
    }

    /// `FILE:LINE:COLUMN: message; hint`, each part only where it is known, as compilers say it.
    public var description: String {
        var place = file ?? ""
        if file != nil, let line {
            place += ":\(line)"
            if let column { place += ":\(column)" }
        }
        return (place.isEmpty ? "" : place + ": ") + message + (hint.map { "; " + $0 } ?? "")
    }
}
