import Foundation
import XCTest

/// The launch screen found as Xcode finds it, through the real binary, one fixture per way real
/// projects declare it: an Info.plist named by the project file, one generated from build
/// settings, a preprocessed one, an XcodeGen manifest, Xcode 16's synchronised folders, several
/// targets, and paths that leave the project.
extension LaunchProjectTests {
    func testTheProjectFileNamesTheInfoPlistAndTheTargetsFiles() throws {
        // A decoy Info.plist at the root declares an empty UILaunchScreen (white); the project file
        // names App/Base.lproj/Fixture-Info.plist, whose "Launch Screen" storyboard is the fixture's.
        try assertLaunchScreen(project: "NamedPlistProject", device: "iphone-15", points: (393, 852), scale: 3)
        try assertLaunchScreen(project: "NamedPlistProject/App.xcodeproj", device: "iphone-se", points: (375, 667), scale: 2)
        // Any folder inside the project finds it too.
        try assertLaunchScreen(project: "NamedPlistProject/App/Base.lproj", device: "iphone-se", points: (375, 667), scale: 2)
    }

    func testAGeneratedEmptyLaunchScreenIsTheSystemBackgroundInBothAppearances() throws {
        for (appearance, value) in [("light", 255), ("dark", 0)] {
            let (frame, stderr) = try render(["--launch", "--project", Self.fixtures + "/GeneratedPlistProject", "--appearance", appearance])
            XCTAssertFalse(stderr.contains("white"), stderr)
            for (x, y) in [(0, 0), (frame.width - 1, frame.height - 1)] {
                XCTAssertEqual(frame.pixel(x, y).0, value, "\(appearance) \(frame.pixel(x, y))")
                XCTAssertEqual(frame.pixel(x, y).2, value)
            }
        }
    }

    func testAGeneratedStoryboardKeyAndAForcedLightAppearance() throws {
        // INFOPLIST_KEY_UILaunchStoryboardName names the storyboard; INFOPLIST_KEY_UIUserInterfaceStyle
        // Light keeps the light colours when dark is asked for, with a warning that says so.
        let (frame, stderr) = try render(["--launch", "--project", Self.fixtures + "/GeneratedStoryboardProject", "--appearance", "dark"])
        XCTAssertTrue(stderr.contains("forces UIUserInterfaceStyle Light"), stderr)
        XCTAssertLessThanOrEqual(Self.distance(frame.pixel(0, 0), Self.light), 1, "\(frame.pixel(0, 0))")
        XCTAssertLessThanOrEqual(Self.distance(frame.pixel(frame.width / 2, frame.height / 2), Self.markLight), 1)
    }

    func testAPreprocessedInfoPlistRunsThroughTheCPreprocessor() throws {
        try assertLaunchScreen(project: "PreprocessedPlistProject", device: "iphone-se", points: (375, 667), scale: 2)
    }

    func testAnXcodeGenManifestNamesTheStoryboard() throws {
        let (frame, stderr) = try render(["--launch", "--project", Self.fixtures + "/XcodeGenProject"])
        XCTAssertTrue(stderr.contains("XcodeGen manifest"), stderr)
        XCTAssertLessThanOrEqual(Self.distance(frame.pixel(0, 0), Self.light), 1, "\(frame.pixel(0, 0))")
        XCTAssertLessThanOrEqual(Self.distance(frame.pixel(frame.width / 2, frame.height / 2), Self.markLight), 1)
    }

    func testXcode16SynchronisedFoldersHoldTheTargetsFiles() throws {
        try assertLaunchScreen(project: "SynchronizedFolderProject", device: "iphone-se", points: (375, 667), scale: 2)
    }

    func testSeveralTargetsEachWithItsOwnCatalog() throws {
        // The tvOS target is listed first; the iOS one is shown, with a warning naming both.
        let (phone, stderr) = try render(["--launch", "--project", Self.fixtures + "/TwoTargetsProject"])
        XCTAssertTrue(stderr.contains("2 application targets (TV, Phone); showing Phone (--target NAME for another)"), stderr)
        XCTAssertLessThanOrEqual(Self.distance(phone.pixel(0, 0), Self.light), 1, "\(phone.pixel(0, 0))")
        // Both share the storyboard; each bundles its own catalog, so the same colour name differs.
        let (tv, _) = try render(["--launch", "--project", Self.fixtures + "/TwoTargetsProject", "--target", "TV"])
        XCTAssertLessThanOrEqual(Self.distance(tv.pixel(0, 0), (0x20, 0x40, 0xC0)), 1, "\(tv.pixel(0, 0))")
        let r = try CLI.run(["render", "--launch", "--project", Self.fixtures + "/TwoTargetsProject", "--target", "Watch", "--out", temporaryPath("x.png")])
        XCTAssertTrue(r.stderr.contains("no target named 'Watch'; its application targets: TV, Phone"), r.stderr)
    }

    func testVectorImagesTemplateTintsAndDisplayP3Colours() throws {
        // An SVG logo (a red disc, 100 pt) centred 50 pt above the middle; a PDF template wordmark
        // (a red square in the middle of its 20 pt page) aspect-fit in 80 pt under it, tinted with
        // the label colour; a colour set in display P3 (0.2, 0.4, 0.8), #1B68D3 in sRGB.
        for (appearance, ink) in [("light", (0, 0, 0)), ("dark", (255, 255, 255))] {
            let (frame, stderr) = try render(["--launch", "--project", Self.fixtures + "/VectorLogoProject", "--device", "iphone-15", "--appearance", appearance])
            XCTAssertFalse(stderr.contains("not a PNG") || stderr.contains("skipped"), stderr)
            XCTAssertLessThanOrEqual(Self.distance(frame.pixel(0, 0), (0x1B, 0x68, 0xD3)), 1, "\(frame.pixel(0, 0))")
            // The disc: red at its centre (196.5, 376) and at 45 pt along its radius; background
            // in its square's corner, which a vector drawn at its own 100 px and scaled 3× would blur.
            XCTAssertLessThanOrEqual(Self.distance(frame.pixel(589, 1128), (255, 0, 0)), 1)
            XCTAssertLessThanOrEqual(Self.distance(frame.pixel(589 + 135, 1128), (255, 0, 0)), 1)
            XCTAssertLessThanOrEqual(Self.distance(frame.pixel(589 + 147, 1128 - 147), (0x1B, 0x68, 0xD3)), 1)
            // The wordmark's square, tinted: 446 + 40 = 486 pt is its centre.
            XCTAssertLessThanOrEqual(Self.distance(frame.pixel(589, 486 * 3), ink), 1, "\(appearance): \(frame.pixel(589, 486 * 3))")
            XCTAssertLessThanOrEqual(Self.distance(frame.pixel(589 + 65, 486 * 3), (0x1B, 0x68, 0xD3)), 1, "outside the square")
            // The intro starts as this launch screen: the disc is its logo, and there is no blink.
            let blink = try launchBlock(["--project", Self.fixtures + "/VectorLogoProject", "--device", "iphone-15", "--appearance", appearance])
            XCTAssertEqual(blink["differingPixels"] as? Int, 0, appearance)
        }
    }

    func testALegacyLaunchImageSetGivesTheImageOfTheDevicesSize() throws {
        // LaunchImage.launchimage holds a 750×1334 (iPhone SE @2x) and a 640×1136 image.
        let (se, _) = try render(["--launch", "--project", Self.fixtures + "/LegacyLaunchImageProject", "--device", "iphone-se"])
        XCTAssertLessThanOrEqual(Self.distance(se.pixel(0, 0), (0x2E, 0x8B, 0x57)), 1, "\(se.pixel(0, 0))")
        XCTAssertLessThanOrEqual(Self.distance(se.pixel(se.width - 1, se.height - 1), (0x2E, 0x8B, 0x57)), 1)
        // None is an iPhone 15's size: white, as iOS shows, with a warning.
        let (phone, stderr) = try render(["--launch", "--project", Self.fixtures + "/LegacyLaunchImageProject", "--device", "iphone-15"])
        XCTAssertEqual(phone.pixel(0, 0).0, 255)
        XCTAssertTrue(stderr.contains("the launch screen is white"), stderr)
    }

    func testPathsOutsideTheProjectAreRefused() throws {
        let (frame, stderr) = try render(["--launch", "--project", Self.fixtures + "/EscapingPlistProject"])
        XCTAssertTrue(stderr.contains("etc/passwd: outside the project folder"), stderr)
        XCTAssertEqual(frame.pixel(0, 0).0, 255)
        // A loop of symbolic links inside the project is passed over, not followed forever.
        let dir = temporaryPath("loop")
        try FileManager.default.copyItem(atPath: Self.fixtures + "/StoryboardProject", toPath: dir)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createSymbolicLink(atPath: dir + "/a", withDestinationPath: "b")
        try FileManager.default.createSymbolicLink(atPath: dir + "/b", withDestinationPath: "a")
        try FileManager.default.createSymbolicLink(atPath: dir + "/up", withDestinationPath: ".")
        let (looped, _) = try render(["--launch", "--project", dir])
        XCTAssertLessThanOrEqual(Self.distance(looped.pixel(0, 0), Self.light), 1)
    }

    func testExplainListsEveryElementAndWhereItsValuesCameFrom() throws {
        let r = try CLI.run(["render", "--launch", "--project", Self.fixtures + "/StoryboardProject", "--appearance", "dark", "--device", "iphone-15",
                             "--explain", "--json", "--out", temporaryPath("x.png")])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], r.stdout)
        XCTAssertEqual((json["background"] as? [String: Any])?["color"] as? String, "#1C2833FF")
        XCTAssertEqual((json["background"] as? [String: Any])?["from"] as? String, "colour set LaunchBackground")
        let elements = try XCTUnwrap(json["elements"] as? [[String: Any]])
        let image = try XCTUnwrap(elements.first { $0["element"] as? String == "imageView" })
        XCTAssertEqual(image["drawn"] as? String, "image")
        let frame = try XCTUnwrap(image["frame"] as? [String: Double])
        XCTAssertEqual(frame["x"] ?? 0, 393 / 2 - 60, accuracy: 1e-6)
        XCTAssertEqual(frame["width"], 120)
        let file = try XCTUnwrap(image["image"] as? [String: Any])
        XCTAssertTrue((file["file"] as? String)?.hasSuffix("mark-dark@3x.png") ?? false, "\(file)")
        XCTAssertEqual(file["scale"] as? Double, 3)
        XCTAssertEqual((json["skipped"] as? [Any])?.count, 0)
        let text = try CLI.run(["render", "--launch", "--project", Self.fixtures + "/StoryboardProject", "--explain", "--out", temporaryPath("x.png")])
        XCTAssertTrue(text.stdout.contains("imageView YRO-k0-Ey4 (line 19) [127.5, 273.5, 120×120]: image"), text.stdout)
    }
}
