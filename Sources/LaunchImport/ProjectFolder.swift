import Formats
import Scenes
import Foundation

/// The one seam through which the launch import touches the disk: every file of a user's project
/// is read here, bounded in size, and only from inside the project's folder. A path that leaves
/// it (`../../etc/passwd`, a symbolic link pointing out, a loop of links) is refused with a
/// message naming it. Tests can read a project through it as the app does; nothing else in
/// `LaunchImport` opens a file.
public struct ProjectFolder: Sendable {
    /// The folder every read must stay in, with its symbolic links resolved.
    public let root: String

    public enum Kind: Sendable { case file, folder }

    /// Folders never searched: build products, dependency managers' copies, version control.
    public static let ignoredFolders: Set<String> = ["build", "DerivedData", "Pods", "Carthage", "node_modules", ".build", ".git", ".swiftpm", "SourcePackages"]

    /// A folder searched for files: any but a bundle or package (an asset catalog, a project, a
    /// framework), whose insides are read by their own readers. Dots alone do not make a bundle:
    /// `com.owncloud.ios-app/` is a plain folder.
    public static func isPlainFolder(_ name: String) -> Bool {
        let bundles = [".xcassets", ".xcodeproj", ".xcworkspace", ".framework", ".xcframework", ".app", ".appex", ".bundle", ".playground", ".docc", ".lottie"]
        return !bundles.contains { name.hasSuffix($0) }
    }

    public init(root: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw LaunchSourceError(path: root, "not a folder")
        }
        guard let resolved = ProjectFolder.realPath(root) else { throw LaunchSourceError(path: root, "the folder's path cannot be resolved (a loop of symbolic links?)") }
        self.root = resolved
    }

    /// The path with every symbolic link resolved, or nil (missing, or a loop: ELOOP).
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `relative` (to `base`, a folder inside the project) normalised, or nil when it leaves the
    /// project folder by `..` before any link is followed.
    public func join(_ base: String, _ relative: String) -> String {
        relative.hasPrefix("/") ? relative : (base.hasSuffix("/") ? base + relative : base + "/" + relative)
    }

    /// Checks that a path, with its links resolved, lies in the project folder; returns it as given.
    public func contained(_ path: String) throws -> String {
        guard let real = ProjectFolder.realPath(path) else {
            // Missing, or a loop: refused as outside first when its `..`s alone leave the folder,
            // so a path out of the project is never reported as merely missing.
            if let parent = ProjectFolder.realPath(ProjectFolder.lexicalParent(path)), !(parent == root || parent.hasPrefix(root + "/")) {
                throw LaunchSourceError(path: path, "outside the project folder \(root); only the project's own files are read")
            }
            if FileManager.default.fileExists(atPath: path) || (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil {
                throw LaunchSourceError(path: path, "cannot be resolved (a loop of symbolic links?)")
            }
            throw LaunchSourceError(path: path, "not found")
        }
        guard real == root || real.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
            throw LaunchSourceError(path: path, "outside the project folder \(root); only the project's own files are read")
        }
        return path
    }

    /// The nearest folder above `path` that exists, with its `..`s taken lexically.
    static func lexicalParent(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(part)
        }
        while !parts.isEmpty {
            parts.removeLast()
            let candidate = (PathText.isAbsolute(path) ? "/" : "") + parts.joined(separator: "/")
            if FileManager.default.fileExists(atPath: candidate.isEmpty ? "." : candidate) { return candidate.isEmpty ? "." : candidate }
        }
        return PathText.isAbsolute(path) ? "/" : "."
    }

    public func kind(_ path: String) -> Kind? {
        guard (try? contained(path)) != nil else { return nil }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        return isDirectory.boolValue ? .folder : .file
    }

    /// The file's bytes, at most `limit`.
    public func read(_ path: String, limit: FileSizeLimit) throws -> [UInt8] {
        _ = try contained(path)
        do { return try BoundedFileReader.read(path, limit: limit) } catch { throw LaunchSourceError(path: path, "\(error)") }
    }

    /// An image file's bytes, bounded by the limit of the kind its first bytes say it is (a
    /// JPEG behind a `.png` name is bounded as a JPEG).
    public func readImage(_ path: String) throws -> [UInt8] {
        _ = try contained(path)
        guard let handle = FileHandle(forReadingAtPath: path) else { throw LaunchSourceError(path: path, "cannot open the file") }
        let head = [UInt8](handle.readData(ofLength: ImageFileKind.headByteCount))
        try? handle.close()
        return try read(path, limit: ImageFileKind.sizeLimit(head: head))
    }

    /// The names in a folder, sorted, hidden ones left out; empty when it cannot be listed.
    public func names(in folder: String) -> [String] {
        guard kind(folder) == .folder, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return names.filter { !$0.hasPrefix(".") }.sorted()
    }

    /// Files and folders under `folder` whose name passes `matches`, nearest first (breadth
    /// first, then by name), at most `depth` folders down, visiting each real folder once (so a
    /// loop of links ends), skipping `ignoredFolders` and, unless asked, the insides of bundles
    /// such as `.xcassets`.
    public func find(under folder: String, depth: Int = 6, limit: Int = 200, descendInto: (String) -> Bool = ProjectFolder.isPlainFolder,
                     _ matches: (String) -> Bool) -> [String] {
        var found: [String] = []
        var level = [folder]
        var seen = Set<String>()
        for _ in 0...depth {
            var next: [String] = []
            for dir in level {
                guard let real = ProjectFolder.realPath(dir), seen.insert(real).inserted else { continue }
                for name in names(in: dir) {
                    let path = join(dir, name)
                    if matches(name), kind(path) != nil { found.append(path); if found.count >= limit { return found } }
                    if !ProjectFolder.ignoredFolders.contains(name), descendInto(name), kind(path) == .folder { next.append(path) }
                }
            }
            level = Array(next.prefix(5_000))
            if level.isEmpty { break }
        }
        return found
    }

    /// The C preprocessor over an Info.plist, as Xcode runs it where `INFOPLIST_PREPROCESS` is set:
    /// traditional mode (so `//` in URLs and apostrophes in text pass through), no standard
    /// includes, the target's definitions and prefix header. Clang's traditional mode, which Xcode
    /// uses, takes directives indented with blanks (owncloud's Info.plist indents its `#ifndef`s);
    /// GNU cpp's wants the `#` in the first column, so the blanks before one are dropped first.
    /// GNU cpp from Debian's `cpp` package.
    public func preprocess(_ path: String, definitions: [String], prefixHeader: String?, limit: FileSizeLimit) throws -> [UInt8] {
        let bytes = try read(path, limit: limit)
        let cpp = ["/usr/bin/cpp", "/usr/local/bin/cpp"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let cpp else { throw LaunchSourceError(path: path, "INFOPLIST_PREPROCESS is set, but no C preprocessor (cpp) is installed: apt-get install cpp") }
        var arguments = ["-P", "-traditional-cpp", "-undef", "-nostdinc", "-w", "-x", "c"]
        for d in definitions where !d.isEmpty { arguments.append("-D" + d) }
        if let prefixHeader { _ = try contained(prefixHeader); arguments += ["-include", prefixHeader] }
        arguments.append("-")
        let text = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            return trimmed.hasPrefix("#") ? trimmed : line
        }.joined(separator: "\n")
        let child: Subprocess
        do { child = try Subprocess(cpp, arguments, input: .bytes(Array(text.utf8)), output: .pipe, errors: .collect) } catch {
            throw LaunchSourceError(path: path, "cannot run the C preprocessor: \(error)")
        }
        // cpp's output is bounded by the file's own limit: past it, cpp is stopped.
        let data: [UInt8]
        do { data = try child.readOutput(limit: limit.bytes) } catch {
            throw LaunchSourceError(path: path, "preprocessed, it is larger than \(limit.bytes) bytes")
        }
        let status = child.wait().status
        guard status == 0 else {
            let message = String(child.errorLines.joined(separator: "\n").prefix(400))
            throw LaunchSourceError(path: path, "the C preprocessor failed: \(message.split(separator: "\n").first.map(String.init) ?? "exit \(status)")")
        }
        return data
    }
}
