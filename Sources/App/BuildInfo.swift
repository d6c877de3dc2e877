// The version `splashlab --version` prints, with the commit it was built from. `make release`
// writes the commit into BuildCommit.generated.swift (not versioned) and compiles with
// SPLASHLAB_STAMPED_COMMIT; a plain `swift build` has no commit to tell and says so.

public enum BuildInfo {
    /// The release version, which `make deb` also names the package with.
    public static let version = "1.0.0"

    #if SPLASHLAB_STAMPED_COMMIT
    public static let commit = stampedCommit
    #else
    public static let commit = "unknown (built without make)"
    #endif

    /// `splashlab --version`.
    public static var versionLine: String { "splashlab \(version) (commit \(commit))" }
}
