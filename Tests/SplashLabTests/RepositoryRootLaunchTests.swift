import Foundation
import XCTest

/// A project pointed at from its repository's root, as a new user does, through the real binary:
/// the project that holds the iOS app is chosen among several, the target's own launch file beats
/// a sample's of the same name elsewhere, a prefix header only a build makes is passed over, a
/// fully transparent logo is passed over, and `--explain` needs no `--out`.
extension LaunchProjectTests {
    /// `RepositoryRootProject`: `AAKit.xcodeproj` (a framework, first by name) and `App.xcodeproj`,
    /// whose target lists `App/LaunchScreen.xib` (green); `Samples/Demo/Base.lproj/LaunchScreen.storyboard`
    /// (red) is a sample's, of the name the Info.plist gives.
    static let repositoryGreen = (0, 128, 64)

    func testFromARepositoryRootTheAppProjectAndTheTargetsOwnLaunchFileAreChosen() throws {
        let (frame, stderr) = try render(["--launch", "--project", Self.fixtures + "/RepositoryRootProject"])
        XCTAssertLessThanOrEqual(Self.distance(frame.pixel(0, 0), Self.repositoryGreen), 1, "\(frame.pixel(0, 0)): \(stderr)")
        XCTAssertLessThanOrEqual(Self.distance(frame.pixel(frame.width / 2, frame.height / 2), Self.repositoryGreen), 1)
        XCTAssertTrue(stderr.contains("2 projects (AAKit.xcodeproj, App.xcodeproj); reading"), stderr)
        XCTAssertTrue(stderr.contains("App.xcodeproj: it has an iOS application target"), stderr)
        XCTAssertFalse(stderr.contains("Samples/Demo"), stderr)
    }

    func testWithoutAProjectFileTheLaunchFileNearestTheInfoPlistWinsWhateverItsExtension() throws {
        // No project file: App/Info.plist is guessed; App/LaunchScreen.xib (green) sits beside it,
        // a sample's LaunchScreen.storyboard (red) elsewhere. Storyboard-first would take the sample's.
        let root = temporaryPath("search")
        let fixtures = Self.fixtures + "/RepositoryRootProject"
        try FileManager.default.createDirectory(atPath: root + "/App", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/Samples/Demo", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.copyItem(atPath: fixtures + "/App/LaunchScreen.xib", toPath: root + "/App/LaunchScreen.xib")
        try FileManager.default.copyItem(atPath: fixtures + "/Samples/Demo/Base.lproj/LaunchScreen.storyboard", toPath: root + "/Samples/Demo/LaunchScreen.storyboard")
        try #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>UILaunchStoryboardName</key><string>LaunchScreen</string></dict></plist>"#
            .write(toFile: root + "/App/Info.plist", atomically: true, encoding: .utf8)
        let (frame, stderr) = try render(["--launch", "--project", root])
        XCTAssertLessThanOrEqual(Self.distance(frame.pixel(0, 0), Self.repositoryGreen), 1, "\(frame.pixel(0, 0)): \(stderr)")
    }

    func testAPrefixHeaderOnlyABuildMakesIsOneWarningAndThePlistIsStillRead() throws {
        let r = try CLI.run(["render", "--launch", "--project", Self.fixtures + "/RepositoryRootProject", "--explain", "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let prefixWarnings = r.stderr.split(separator: "\n").filter { $0.contains("INFOPLIST_PREFIX_HEADER") }
        XCTAssertEqual(prefixWarnings.count, 1, r.stderr)
        XCTAssertTrue(prefixWarnings.first?.contains("preprocessed without it") ?? false, r.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((json["source"] as? String).map { $0.hasSuffix("/App/LaunchScreen.xib") }, true, "\(json["source"] ?? "")")
        XCTAssertEqual((json["infoPlist"] as? String).map { $0.hasSuffix("/App/Info.plist") }, true)
        XCTAssertEqual((json["projectFile"] as? String).map { $0.hasSuffix("/App.xcodeproj") }, true)
        XCTAssertEqual(json["target"] as? String, "Fixture")
    }

    func testExplainWithoutOutPrintsWhereTheLaunchScreenCameFromFirst() throws {
        let r = try CLI.run(["render", "--launch", "--project", Self.fixtures + "/RepositoryRootProject", "--explain"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.prefix(4).map { $0.split(separator: ":").first.map(String.init) ?? "" }, ["project", "target", "Info.plist", "launch file"], r.stdout)
        XCTAssertTrue(lines[3].hasSuffix("/App/LaunchScreen.xib"), r.stdout)
        // Without --explain, --out is still needed.
        let bare = try CLI.run(["render", "--launch", "--project", Self.fixtures + "/RepositoryRootProject"])
        XCTAssertEqual(bare.status, 2, bare.stderr)
        XCTAssertTrue(bare.stderr.contains("render needs --out FILE.png"), bare.stderr)
    }

    func testAFullyTransparentLogoIsOneWarningAndTheRestIsDrawn() throws {
        // Flutter's template: a 1x1 transparent LaunchImage centred on white, and a long label.
        let (frame, stderr) = try render(["--launch", "--project", Self.fixtures + "/TransparentLogoProject"])
        let transparent = stderr.split(separator: "\n").filter { $0.contains("fully transparent") }
        XCTAssertEqual(transparent.count, 1, stderr)
        XCTAssertLessThanOrEqual(Self.distance(frame.pixel(frame.width / 2, frame.height / 2), (255, 255, 255)), 1)
        // The copyright line is drawn, shrunk into its 20 pt margins: nothing dark outside them.
        let labelRows = (1210..<1258)  // 606.5 to 627 pt at 2x
        var inkInside = 0
        for y in labelRows {
            for x in 0..<frame.width where frame.pixel(x, y).0 < 128 {
                XCTAssertTrue((40..<(frame.width - 40)).contains(x), "ink at \(x),\(y) outside the label's margins")
                inkInside += 1
            }
        }
        XCTAssertGreaterThan(inkInside, 200, "the label is drawn")
        let explained = try CLI.run(["render", "--launch", "--project", Self.fixtures + "/TransparentLogoProject", "--explain"])
        XCTAssertEqual(explained.status, 0, explained.stderr)
        XCTAssertTrue(explained.stdout.contains("autoshrink: 17 pt shrunk to"), explained.stdout)
    }
}
