import Foundation
import XCTest

/// What an installed splashlab brings besides the binary: `--version`, completions that offer the
/// device names in each shell, the man page, and `scripts/install.sh` (`make install` and `make
/// uninstall`) laying the tree out and taking it away again.
final class InstallTests: XCTestCase {
    let installScript = CLI.repositoryRoot.appendingPathComponent("scripts/install.sh").path

    func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "splashlab-install-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    /// The path of a program on PATH, or nil when it is not installed.
    func installed(_ program: String) -> String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/\(program)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Every file and folder under `root`, relative to it, sorted.
    func tree(_ root: String) -> [String] {
        ((FileManager.default.enumerator(atPath: root)?.allObjects as? [String]) ?? []).sorted()
    }

    func testVersionNamesTheVersionAndTheCommit() throws {
        let result = try CLI.run(["--version"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("splashlab 1.0.0 (commit "), result.stdout)
    }

    /// `render --device <TAB>` offers the device names, the presets' and Interface Builder's ids,
    /// in bash (driven through COMP_WORDS), fish (`complete -C`) and zsh (the function run with
    /// `compadd` answering its candidates); fish and zsh, which `make test` installs.
    func testEachShellCompletesTheDeviceNames() throws {
        let devices = ["iphone-se", "iphone-15", "iphone-15-pro-max", "ipad-air-11",
                       "retina3_5", "retina4_0", "retina4_7", "retina5_5", "retina5_4", "retina5_9", "retina6_1", "retina6_5", "retina6_0",
                       "retina6_7", "retina6_12", "retina6_72", "retina6_3", "retina6_9",
                       "ipad7_9", "ipad8_3", "ipad9_7", "ipad10_2", "ipad10_5", "ipad10_9rounded", "ipad11", "ipad12_9", "ipad12_9rounded", "ipad13"]
        let folder = try temporaryFolder()
        var shellsRun: [String] = []
        for shell in ["bash", "zsh", "fish"] {
            let script = try CLI.run(["completion", shell])
            XCTAssertEqual(script.status, 0, script.stderr)
            let path = folder + "/" + shell
            try script.stdout.write(toFile: path, atomically: true, encoding: .utf8)
            let driver: [String]
            switch shell {
            case "bash":
                driver = ["bash", "-c", "source \(path); complete -p splashlab >/dev/null || exit 3; COMP_WORDS=(splashlab render --device ''); COMP_CWORD=3; _splashlab; printf '%s\\n' \"${COMPREPLY[@]}\""]
            case "zsh":
                driver = ["zsh", "-f", "-c", "compadd() { [[ $1 == -- ]] && shift; print -l -- \"$@\"; }; compdef() { :; }; source \(path); words=(splashlab render --device ''); CURRENT=4; _splashlab"]
            default:
                driver = ["fish", "--no-config", "-c", "source \(path); complete -C 'splashlab render --device ' | string replace -r '\\t.*' ''"]
            }
            let result = try CLI.run(Array(driver.dropFirst()), executable: try XCTUnwrap(installed(driver[0]), "\(driver[0]) is not installed (scripts/install-deps.sh test installs it)"))
            XCTAssertEqual(result.status, 0, "\(shell): \(result.stderr)")
            XCTAssertEqual(Set(result.stdout.split(separator: "\n").map(String.init)), Set(devices), "\(shell) offers: \(result.stdout)")
            shellsRun.append(shell)
        }
        XCTAssertEqual(shellsRun, ["bash", "zsh", "fish"])
    }

    func testTheManPageRenders() throws {
        let folder = try temporaryFolder()
        let page = try CLI.run(["help", "man"])
        XCTAssertEqual(page.status, 0, page.stderr)
        try page.stdout.write(toFile: folder + "/splashlab.1", atomically: true, encoding: .utf8)
        let man = try CLI.run(["-l", folder + "/splashlab.1"], environment: ["MANWIDTH": "100", "MAN_KEEP_FORMATTING": "0", "MANPAGER": "cat", "PAGER": "cat"],
                              executable: try XCTUnwrap(installed("man"), "man-db is needed to read the page"))
        XCTAssertEqual(man.status, 0, man.stderr)
        XCTAssertFalse(man.stderr.contains("warning"), man.stderr)
        // Bold and underline reach a pipe as overstrikes ("N\bN"); the text is what is left.
        let text = man.stdout.replacingOccurrences(of: ".\u{8}", with: "", options: .regularExpression)
        for heading in ["NAME", "SYNOPSIS", "COMMANDS", "OPTIONS", "ENVIRONMENT"] { XCTAssertTrue(text.contains(heading), heading) }
        XCTAssertTrue(text.contains("--device NAME"), text)
    }

    func testInstallThenUninstallLeavesNothingAndTheInstalledBinaryFindsItsAssets() throws {
        let destdir = try temporaryFolder()
        let install = try CLI.run(["install", CLI.binary, "/usr", destdir], executable: installScript)
        XCTAssertEqual(install.status, 0, install.stderr)
        let files = tree(destdir)
        for expected in ["usr/bin/splashlab", "usr/share/splashlab/timings.json", "usr/share/splashlab/logo.png",
                         "usr/share/applications/io.github.splashlab.SplashLab.desktop",
                         "usr/share/icons/hicolor/scalable/apps/io.github.splashlab.SplashLab.svg",
                         "usr/share/icons/hicolor/256x256/apps/io.github.splashlab.SplashLab.png",
                         "usr/share/metainfo/io.github.splashlab.SplashLab.metainfo.xml", "usr/share/man/man1/splashlab.1.gz",
                         "usr/share/bash-completion/completions/splashlab", "usr/share/zsh/site-functions/_splashlab",
                         "usr/share/fish/vendor_completions.d/splashlab.fish"] {
            XCTAssertTrue(files.contains(expected), "\(expected) not installed; the tree: \(files)")
        }
        // Started from / through its own path, with no SPLASHLAB_ASSETS: it finds ../share/splashlab.
        let state = try CLI.run(["-C", "/", destdir + "/usr/bin/splashlab", "state", "--at", "0"], environment: ["SPLASHLAB_ASSETS": ""], executable: "/usr/bin/env")
        XCTAssertEqual(state.status, 0, state.stderr)
        XCTAssertTrue(state.stdout.contains("\"phase\""), state.stdout)

        let again = try CLI.run(["install", CLI.binary, "/usr", destdir], executable: installScript)
        XCTAssertEqual(again.status, 1)
        XCTAssertTrue(again.stderr.contains("already installed"), again.stderr)

        // Without its assets the binary names every folder it looked in, on one line.
        try FileManager.default.moveItem(atPath: destdir + "/usr/share/splashlab/timings.json", toPath: destdir + "/timings.json")
        let missing = try CLI.run(["-C", "/", destdir + "/usr/bin/splashlab", "state", "--at", "0"], environment: ["SPLASHLAB_ASSETS": ""], executable: "/usr/bin/env")
        try FileManager.default.moveItem(atPath: destdir + "/timings.json", toPath: destdir + "/usr/share/splashlab/timings.json")
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stderr.split(separator: "\n").count, 1, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("no timings.json in \(destdir)/usr/share/splashlab, "), missing.stderr)

        let uninstall = try CLI.run(["uninstall", "", "/usr", destdir], executable: installScript)
        XCTAssertEqual(uninstall.status, 0, uninstall.stderr)
        XCTAssertEqual(tree(destdir), [], "left behind after uninstall")
    }

    func testBadInstallInputGetsAMessageAndLeavesNoTree() throws {
        let destdir = try temporaryFolder()
        let spaces = try CLI.run(["install", CLI.binary, "/opt/splash lab", destdir], executable: installScript)
        XCTAssertEqual(spaces.status, 2)
        XCTAssertTrue(spaces.stderr.contains("may not contain spaces"), spaces.stderr)

        let relative = try CLI.run(["install", CLI.binary, "usr", destdir], executable: installScript)
        XCTAssertEqual(relative.status, 2)
        XCTAssertTrue(relative.stderr.contains("PREFIX must be an absolute folder"), relative.stderr)

        // A DESTDIR below a regular file cannot be written by anyone, root included.
        try Data().write(to: URL(fileURLWithPath: destdir + "/a-file"))
        let unwritable = try CLI.run(["install", CLI.binary, "/usr", destdir + "/a-file/stage"], executable: installScript)
        XCTAssertEqual(unwritable.status, 1)
        XCTAssertTrue(unwritable.stderr.contains("is not a writable folder"), unwritable.stderr)

        let nothing = try CLI.run(["uninstall", "", "/usr", destdir], executable: installScript)
        XCTAssertEqual(nothing.status, 1)
        XCTAssertTrue(nothing.stderr.contains("nothing to uninstall"), nothing.stderr)
        XCTAssertEqual(tree(destdir), ["a-file"])
    }

    /// A copy that fails part way (here onto a link into a missing folder) takes back every file
    /// already copied: the tree is as it was.
    func testAnInstallThatFailsPartWayLeavesTheTreeAsItWas() throws {
        let destdir = try temporaryFolder()
        let assets = destdir + "/usr/share/splashlab"
        try FileManager.default.createDirectory(atPath: assets, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: assets + "/photo-9.png", withDestinationPath: "/nonexistent-folder/photo-9.png")
        let before = tree(destdir)
        let install = try CLI.run(["install", CLI.binary, "/usr", destdir], executable: installScript)
        XCTAssertNotEqual(install.status, 0)
        XCTAssertTrue(install.stderr.contains("failed part way"), install.stderr)
        XCTAssertEqual(tree(destdir), before)
    }
}
