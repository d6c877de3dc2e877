/// What a file-system path's text says on its own, before the file system is asked.
public enum PathText {
    /// Whether `path` starts at the root (`/a`, `/`) rather than at the current folder.
    public static func isAbsolute(_ path: String) -> Bool { path.first == "/" }
}
