import Foundation
import XCTest
import TestFixtures
@testable import LaunchImport

/// The project file reader (`project.pbxproj`), build settings as Xcode resolves them, and the
/// XcodeGen spec reader, on hand-written fixtures (Tests/Fixtures/ProjectFiles), one per feature,
/// and on inputs they must refuse.
final class XcodeProjectFileTests: XCTestCase {
    static let fixtures = fixtureFolder("ProjectFiles")

    func fixture(_ name: String) throws -> [UInt8] { try fixtureBytes(name, in: Self.fixtures) }

    func project(_ name: String) throws -> XcodeProjectFile {
        try XcodeProjectFile.parse(bytes: fixture(name), path: "Demo.xcodeproj/project.pbxproj")
    }

    /// A property-list value as XML, keys sorted, so values built from YAML and literals compare.
    func plistText(_ value: Any?) -> String {
        guard let value, let data = try? PropertyListSerialization.data(fromPropertyList: value, format: .xml, options: 0) else { return "none" }
        return String(decoding: data, as: UTF8.self)
    }

    func target(_ file: XcodeProjectFile, _ name: String, line: UInt = #line) throws -> XcodeTarget {
        try XCTUnwrap(file.targets.first { $0.name == name }, "no target \(name)", line: line)
    }

    // MARK: Targets, groups and resources

    func testTargetsComeInTheProjectsOrderAndOnlyNativeOnes() throws {
        let file = try project("Classic.pbxproj")
        XCTAssertEqual(file.targets.map(\.name), ["Demo", "Kit", "DemoTests"], "the aggregate target Lint builds no bundle")
        XCTAssertEqual(file.applicationTargets.map(\.name), ["Demo"])
        XCTAssertEqual(file.targets.map(\.productType), ["com.apple.product-type.application", "com.apple.product-type.framework",
                                                         "com.apple.product-type.bundle.unit-test"])
        XCTAssertEqual(file.warnings, [])
    }

    func testResourcesResolveThroughTheGroupTree() throws {
        let demo = try target(project("Classic.pbxproj"), "Demo")
        XCTAssertEqual(demo.resourceFiles, [
            // A variant group is its localizations' files, each under the group's folder.
            "Demo App/Base.lproj/LaunchScreen.storyboard", "Demo App/fr.lproj/LaunchScreen.strings",
            "Demo App/Assets.xcassets",
            // A group with a name and no path adds no folder.
            "Demo App/Launch Images/Splash.png",
            // SOURCE_ROOT is the project root whatever group holds the file.
            "Shared/Shared.xcassets",
            "/Users/someone/Artwork/Logo.pdf",
            // A package product is no file; a folder reference and a Core Data model are.
            "Demo App/Fonts", "Demo App/Model.xcdatamodeld",
        ])
        // `Demo App/../Modules/Kit` is tidied.
        XCTAssertEqual(try target(project("Classic.pbxproj"), "Kit").resourceFiles, ["Modules/Kit/Kit.xcassets"])
        XCTAssertEqual(XcodeProjectFile.containedPath("/Users/someone/Artwork/Logo.pdf"), nil, "an absolute file is the caller's to refuse")
    }

    func testSettingsAreTheDefaultConfigurationsOverTheProjects() throws {
        let file = try project("Classic.pbxproj")
        let demo = try target(file, "Demo")
        XCTAssertEqual(demo.configurationName, "Release", "the list's defaultConfigurationName")
        XCTAssertEqual(demo.platform, .iOS, "SDKROOT comes from the project's level")
        let settings = demo.settings
        XCTAssertEqual(settings.infoPlistFile, "Demo App/Info.plist", "$(SRCROOT)/$(APP_FOLDER)/Info.plist, Release's, tidied")
        XCTAssertEqual(settings.value("PRODUCT_NAME"), "Demo App")
        XCTAssertEqual(settings.value("PRODUCT_BUNDLE_IDENTIFIER"), "com.example.Demo-App", ":rfc1034identifier")
        XCTAssertEqual(settings.value("SWIFT_FLAGS_BASE"), "-DPROJECT -DAPP", "$(inherited) is the project's value")
        XCTAssertEqual(settings.values("LD_RUNPATH_SEARCH_PATHS"), ["@executable_path/Frameworks"])
        XCTAssertEqual(settings.rawValue("LD_RUNPATH_SEARCH_PATHS"), .list(["$(inherited)", "@executable_path/Frameworks"]))
        XCTAssertEqual(settings.value("VALIDATE_PRODUCT"), "YES", "the project's Release, matched by name")
        XCTAssertNil(settings.value("UNSET"))
        XCTAssertEqual(settings.value("PROJECT_NAME"), "Demo", "from the .xcodeproj's name")
        XCTAssertEqual(settings.value("CONFIGURATION"), "Release")
        // No default configuration: Release; a default that names one: that one.
        XCTAssertEqual(try target(file, "Kit").settings.infoPlistFile, "Kit/Info.plist")
        XCTAssertEqual(try target(file, "DemoTests").configurationName, "Debug")
        XCTAssertEqual(try target(file, "DemoTests").settings.infoPlistFile, "DemoTests/Info.plist")
        XCTAssertEqual(try target(file, "DemoTests").settings.value("VALIDATE_PRODUCT"), nil, "the project's Debug lies under it")
    }

    func testConditionalSettingsAndTheInfoPlistTheyGenerate() throws {
        let app = try target(project("GeneratedInfoPlist.pbxproj"), "App")
        let settings = app.settings
        XCTAssertTrue(settings.generatesInfoPlist)
        XCTAssertTrue(settings.preprocessesInfoPlist)
        XCTAssertEqual(settings.infoPlistFile, "App/Info.plist")
        XCTAssertEqual(settings.value("INFOPLIST_FILE", sdk: "iphonesimulator17.2"), "App/Simulator-Info.plist", "[sdk=iphonesimulator*]")
        XCTAssertEqual(settings.infoPlistPrefixHeader, "Config/InfoPlist.h", "$(PROJECT_DIR) is the project root")
        XCTAssertEqual(settings.infoPlistPreprocessorDefinitions, ["APP_NAME=\"My App\"", "DEBUG_MENU=0", "BETA"])

        let keys = settings.generatedInfoPlistKeys()
        XCTAssertEqual(keys["UILaunchScreen"] as? [String: String], [:], "UILaunchScreen_Generation[sdk=iphoneos*] = YES")
        XCTAssertEqual(keys["UIApplicationSceneManifest"] as? [String: Bool], ["UIApplicationSupportsMultipleScenes": true])
        XCTAssertEqual(keys["UILaunchStoryboardName"] as? String, "Launch Screen")
        XCTAssertEqual(keys["UIStatusBarHidden"] as? Bool, true)
        XCTAssertEqual(keys["UIRequiresFullScreen"] as? Bool, false)
        XCTAssertEqual(keys["UIUserInterfaceStyle"] as? String, "Dark")
        XCTAssertEqual(keys["UIStatusBarStyle"] as? String, "UIStatusBarStyleDefault",
                       "the target's plain value hides the project's conditional one")
        XCTAssertEqual(keys["UISupportedInterfaceOrientations~ipad"] as? [String],
                       ["UIInterfaceOrientationPortrait", "UIInterfaceOrientationLandscapeLeft"])
        XCTAssertEqual(keys["UISupportedInterfaceOrientations~iphone"] as? [String], ["UIInterfaceOrientationPortrait"])
        XCTAssertEqual(keys["CFBundleDisplayName"] as? String, "App", "expanded: $(PRODUCT_NAME) is $(TARGET_NAME)")
        XCTAssertEqual(keys["NSCameraUsageDescription"] as? String, "Scans codes", "[config=Release]")
        XCTAssertEqual(keys.count, 11)

        let tv = settings.generatedInfoPlistKeys(sdk: "appletvos")
        XCTAssertNil(tv["UILaunchScreen"], "no condition matches appletvos and there is no plain value")
        XCTAssertEqual(tv["UIUserInterfaceStyle"] as? String, "Light")
    }

    func testSynchronizedFoldersAndTheirExceptions() throws {
        let file = try project("SynchronizedFolders.pbxproj")
        let notes = try target(file, "Notes")
        XCTAssertEqual(notes.synchronizedFolders, ["Notes", "Sources/Shared Code"])
        XCTAssertEqual(notes.synchronizedFolderExceptions, ["Notes/Info.plist", "Notes/Preview Content/Preview.xcassets"],
                       "only the exceptions for this target")
        XCTAssertEqual(notes.resourceFiles, [])
        XCTAssertEqual(notes.platform, .unknown, "its SDK is in its .xcconfig")
        XCTAssertEqual(notes.baseConfigurationFiles, ["Config/Project.xcconfig", "Config/Notes/Notes.xcconfig"])
        let widget = try target(file, "Widget")
        XCTAssertEqual(widget.synchronizedFolders, ["Sources/Shared Code"])
        XCTAssertEqual(widget.synchronizedFolderExceptions, [])
        XCTAssertFalse(widget.isApplication)
        XCTAssertEqual(file.applicationTargets.map(\.name), ["Notes"])
    }

    /// Reads a fixture by its path relative to the fixtures' folder, nil when it is not there.
    func readFixture(_ path: String) -> [UInt8]? {
        (try? Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/" + path))).map { [UInt8]($0) }
    }

    func testBaseConfigurationFilesGoUnderTheirConfigurations() throws {
        var notes = try target(project("SynchronizedFolders.pbxproj"), "Notes")
        for file in notes.baseConfigurationFiles {
            XCTAssertTrue(notes.addBaseConfiguration(try XCConfigFile.settings(of: file, read: readFixture), file: file), file)
        }
        XCTAssertFalse(notes.addBaseConfiguration([:], file: "Other.xcconfig"))
        XCTAssertEqual(notes.platform, .iOS, "SDKROOT = auto and SUPPORTED_PLATFORMS from Notes.xcconfig")
        let settings = notes.settings
        XCTAssertEqual(settings.levelCount, 4)
        XCTAssertEqual(settings.value("SWIFT_FLAGS_BASE"), "-DPROJECT -DSHARED -DNOTES",
                       "$(inherited) after an include is the included value; the rest comes from the level below")
        XCTAssertEqual(settings.value("PRODUCT_NAME"), "Notes Shared")
        XCTAssertEqual(settings.generatedInfoPlistKeys()["UILaunchStoryboardName"] as? String, "Launch", "the comment is not the value")
        XCTAssertEqual(settings.value("HOMEPAGE"), "https://example.com", "$() keeps // from starting a comment")
        XCTAssertEqual(settings.value("OTHER"), "device", "a trailing semicolon is dropped")
        XCTAssertEqual(settings.infoPlistFile, "Notes/Info.plist", "the target's own level is still on top")
    }

    func testBadConfigurationFiles() {
        let files: [String: String] = [
            "a.xcconfig": "#include \"b.xcconfig\"\n",
            "b.xcconfig": "X = 1\n#include \"a.xcconfig\"\n",
            "missing.xcconfig": "X = 1\n#include \"nowhere.xcconfig\"\n",
            "bad.xcconfig": "X = 1\n\nnot a setting\n",
            "badname.xcconfig": "A B = 1\n",
            "unquoted.xcconfig": "#include b.xcconfig\n",
            "self.xcconfig": String(repeating: "#include? \"self.xcconfig\"\n", count: 2),
        ]
        func read(_ path: String) -> [UInt8]? { files[path].map { Array($0.utf8) } }
        assertRefusals([
            Refusal("a.xcconfig", "b.xcconfig:2: 'a.xcconfig' includes itself"),
            Refusal("missing.xcconfig", "missing.xcconfig:2: includes 'nowhere.xcconfig', which is not there"),
            Refusal("bad.xcconfig", "bad.xcconfig:3: expected `NAME = value` or `#include \"file\"`"),
            Refusal("badname.xcconfig", "badname.xcconfig:1: 'A B' is not a setting's name"),
            Refusal("unquoted.xcconfig", "unquoted.xcconfig:1: an #include names its file in double quotes"),
            Refusal("self.xcconfig", "self.xcconfig:1: 'self.xcconfig' includes itself"),
            Refusal("none.xcconfig", "none.xcconfig: the configuration file is not there"),
        ], match: .prefix) { _ = try XCConfigFile.settings(of: $0, read: read) }
        // A diamond of includes read over and over is bounded.
        var diamond: [String: [UInt8]] = [:]
        for level in 0..<15 {
            diamond["d\(level).xcconfig"] = Array((String(repeating: "#include \"d\(level + 1).xcconfig\"\n", count: 4) + "K\(level) = v\n").utf8)
        }
        diamond["d15.xcconfig"] = Array("LEAF = 1\n".utf8)
        XCTAssertThrowsError(try XCConfigFile.settings(of: "d0.xcconfig", read: { diamond[$0] })) { error in
            XCTAssertTrue("\(error)".hasSuffix("its includes hold more than \(XCConfigFile.maximumLines) lines"), "\(error)")
        }
    }

    func testPlatformsAndTheProjectDirectory() throws {
        let file = try project("Platforms.pbxproj")
        XCTAssertEqual(file.projectDirectory, "Apps")
        let platforms = Dictionary(uniqueKeysWithValues: file.targets.map { ($0.name, $0.platform) })
        XCTAssertEqual(platforms, ["Phone": .iOS, "TV": .tvOS, "Watch App": .watchOS, "Vision": .visionOS, "Mac": .macOS,
                                   "Spatial": .visionOS, "Family": .iOS, "Clip": .iOS, "Tool": .macOS])
        XCTAssertEqual(file.applicationTargets.map(\.name), ["Phone", "TV", "Watch App", "Vision", "Mac", "Spatial", "Family", "Clip"])
        // The project root is projectDirPath: SRCROOT and the group tree start there.
        XCTAssertEqual(try target(file, "Phone").settings.infoPlistFile, "Apps/Phone/Info.plist")
        let tv = try target(file, "TV")
        XCTAssertEqual(tv.settings.infoPlistFile, "TV/Info.plist", "the computed properties read the target's own SDK")
        XCTAssertNil(tv.settings.value("INFOPLIST_FILE"), "iphoneos, the default, matches no condition")
        XCTAssertEqual(tv.resourceFiles, ["Apps/TV/TVLaunch.storyboard"])
        XCTAssertEqual(XcodePlatform(sdkName: "iphonesimulator17.2"), .iOS)
        XCTAssertNil(XcodePlatform(sdkName: "auto"))
    }

    // MARK: Build settings

    func settings(_ levels: [[String: BuildSettingValue]]) -> BuildSettings {
        BuildSettings(levels: levels, targetName: "My App", configurationName: "Debug")
    }

    func testExpansionForms() {
        let s = settings([["A": .string("a"), "NAME": .string("N"), "A_N": .string("an"), "EMPTY": .string("")]])
        XCTAssertEqual(s.expanded("$(A) ${A} $A $A_N $(A_$(NAME)) $$A"), "a a a an an $A")
        XCTAssertEqual(s.expanded("$(UNDEFINED)x${ALSO_UNDEFINED}"), "x", "undefined is empty")
        XCTAssertEqual(s.expanded("$(SRCROOT)/$(PROJECT_DIR)/$(SOURCE_ROOT)"), "././.")
        XCTAssertEqual(s.expanded("$(TARGET_NAME)|$(PRODUCT_NAME)|$(CONFIGURATION)"), "My App|My App|Debug")
        XCTAssertEqual(s.expanded("$(PRODUCT_NAME:rfc1034identifier)|$(PRODUCT_NAME:c99extidentifier)|$(A:upper)"), "My-App|My_App|A")
        XCTAssertEqual(s.expanded("$(EMPTY:default=fallback)|$(A:default=unused)"), "fallback|a")
        XCTAssertEqual(s.expanded("$(PLATFORM_NAME)$(EFFECTIVE_PLATFORM_NAME)", sdk: "iphonesimulator17.2"), "iphonesimulator-iphonesimulator")
        XCTAssertEqual(s.expanded("$(A:unknownop)"), "a", "an unknown operator leaves the value")
        XCTAssertEqual(s.expanded("$(A"), "$(A", "an unclosed reference stays as written")
        XCTAssertEqual(s.expanded("cost: $5 and $"), "cost: $5 and $")
    }

    func testInheritedAndSelfReferenceReachTheLevelBelow() {
        let s = settings([["FLAGS": .string("-a"), "VERSION": .string("1.0")],
                          ["FLAGS": .list(["$(inherited)", "-b"]), "VERSION": .string("$(VERSION)")],
                          ["FLAGS": .string("$(inherited) -c")]])
        XCTAssertEqual(s.value("FLAGS"), "-a -b -c")
        XCTAssertEqual(s.value("VERSION"), "1.0", "a setting's reference to itself is its inherited value")
        XCTAssertEqual(s.expanded("$(inherited)"), "", "no setting to inherit outside one")
        XCTAssertEqual(s.levelCount, 3)
    }

    func testConditionsPickTheMostSpecificMatch() {
        let s = settings([["KEY": .string("plain"), "KEY[sdk=*]": .string("any sdk"), "KEY[sdk=iphoneos*]": .string("device"),
                           "KEY[sdk=iphoneos*][arch=arm64]": .string("device arm64"), "KEY[sdk=macosx*]": .string("mac"),
                           "OTHER[config=Release]": .string("release"), "OTHER[config=Debug]": .string("debug"),
                           "ODD[variant=normal]": .string("normal"), "ODD[unknown=x]": .string("never"),
                           "BROKEN[sdk=iphoneos": .string("broken")]])
        XCTAssertEqual(s.value("KEY"), "device arm64")
        XCTAssertEqual(s.value("KEY", sdk: "iphonesimulator"), "any sdk")
        XCTAssertEqual(s.value("KEY", sdk: "macosx14.0"), "mac")
        XCTAssertEqual(s.value("OTHER"), "debug")
        XCTAssertEqual(s.value("ODD"), "normal")
        XCTAssertNil(s.value("BROKEN"), "a key whose brackets do not close is no condition")
        XCTAssertTrue(BuildSettings.glob("iphone*", matches: "iphoneos17.2"))
        XCTAssertTrue(BuildSettings.glob("i?hone*os", matches: "iphone-os"))
        XCTAssertFalse(BuildSettings.glob("iphoneos", matches: "iphoneos17"))
        XCTAssertFalse(BuildSettings.glob(String(repeating: "*a", count: 200), matches: String(repeating: "a", count: 300)))
    }

    func testCyclesAndExponentialReferencesEndQuickly() {
        let cycle = settings([["A": .string("x$(B)"), "B": .string("y$(A)"), "C": .string("$(C)$(C)")]])
        XCTAssertEqual(cycle.value("A"), "xy", "the reference back to A is empty")
        XCTAssertEqual(cycle.value("C"), "", "a self-reference at the lowest level inherits nothing")
        // V0 = x; Vn = $(Vn-1)$(Vn-1): 2^40 bytes if expanded in full.
        var doubling: [String: BuildSettingValue] = ["V0": .string("x")]
        for n in 1...40 { doubling["V\(n)"] = .string("$(V\(n - 1))$(V\(n - 1))") }
        let start = Date()
        let value = settings([doubling]).value("V40") ?? ""
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        XCTAssertLessThanOrEqual(value.utf8.count, BuildSettings.maximumLength)
        XCTAssertTrue(value.allSatisfy { $0 == "x" })
        // References nested deeper than the limit stop there.
        var chain: [String: BuildSettingValue] = ["L0": .string("end")]
        for n in 1...100 { chain["L\(n)"] = .string("$(L\(n - 1))") }
        XCTAssertEqual(settings([chain]).value("L100"), "")
        XCTAssertEqual(settings([chain]).value("L10"), "end")
    }

    func testWordsSplitAsXcodeSplitsLists() {
        XCTAssertEqual(BuildSettings.words(#"a  "b c" 'd e' f\ g "h\"i""#), ["a", "b c", "d e", "f g", "h\"i"])
        XCTAssertEqual(BuildSettings.words("  "), [])
        XCTAssertEqual(BuildSettings.words(#""""#), [""])
        let items = ["plain", "with space", "quote\"d", "back\\slash", ""]
        XCTAssertEqual(BuildSettings.words(BuildSettingValue.list(items).text), items, "a list's text splits back into the list")
    }

    func testContainedPathRefusesWhatLeavesTheProject() {
        XCTAssertEqual(XcodeProjectFile.containedPath("App/./Info.plist"), "App/Info.plist")
        XCTAssertEqual(XcodeProjectFile.containedPath("App/../Other/Info.plist"), "Other/Info.plist")
        XCTAssertEqual(XcodeProjectFile.containedPath("a//b/"), "a/b")
        for escaping in ["../../etc/passwd", "/etc/passwd", "~/Info.plist", "b/../~/x", "a/../../b", "..", "", ".", "./", "a/\0b"] {
            XCTAssertNil(XcodeProjectFile.containedPath(escaping), escaping)
        }
        XCTAssertEqual(XcodeProjectFile.normalizedPath("/../a/./b/.."), "/a")
        XCTAssertEqual(XcodeProjectFile.normalizedPath("../a/../../b"), "../../b")
        // The reader returns an escaping INFOPLIST_FILE as written; the caller refuses it.
        let s = settings([["INFOPLIST_FILE": .string("$(SRCROOT)/../../etc/passwd")]])
        XCTAssertEqual(s.infoPlistFile, "../../etc/passwd")
        XCTAssertNil(s.infoPlistFile.flatMap(XcodeProjectFile.containedPath))
    }

    // MARK: Refusals

    /// A project file around the given objects, with the rootObject given.
    func pbxproj(_ objects: String, root: String = "P") -> [UInt8] {
        Array("// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjects = {\n\(objects)\n\t};\n\trootObject = \(root);\n}\n".utf8)
    }

    let minimalProject = "\t\tP = {isa = PBXProject; buildConfigurationList = PL; mainGroup = G; targets = (T); };\n"
        + "\t\tPL = {isa = XCConfigurationList; buildConfigurations = (C); };\n"
        + "\t\tC = {isa = XCBuildConfiguration; buildSettings = {}; name = Release; };\n"
        + "\t\tG = {isa = PBXGroup; children = (); sourceTree = \"<group>\"; };\n"
    let appTarget = "\t\tT = {isa = PBXNativeTarget; name = App; buildConfigurationList = PL; buildPhases = (); productType = \"com.apple.product-type.application\"; };\n"

    func testTheMinimalProjectReads() throws {
        let file = try XcodeProjectFile.parse(bytes: pbxproj(minimalProject + appTarget), path: "p")
        XCTAssertEqual(file.targets.map(\.name), ["App"])
        XCTAssertEqual(file.targets[0].platform, .unknown)
    }

    func testBadProjectFilesAreRefusedWithTheirLine() {
        let path = "App.xcodeproj/project.pbxproj"
        assertRefusals([
            Refusal(Array("{\n a = b;\n c = (1, 2\n;\n}\n".utf8), "\(path):4: not a property list (Expected terminating ')' for array at line 4)"),
            Refusal(Array("{\n\ta = b\n\tc = d;\n}\n".utf8), "\(path):3: not a property list"),
            Refusal(Array("{\n a = \"never closed;\n}\n".utf8), "\(path):2: not a property list (Unterminated quoted string"),
            Refusal(Array("".utf8), "\(path): not a property list"),
            Refusal(Array("bplist00\u{0}".utf8), "a binary property list"),
            Refusal(Array("(a, b)".utf8), "\(path): the top level is not a dictionary"),
            Refusal(Array("{rootObject = P;}".utf8), "has no objects dictionary"),
            Refusal(Array("{objects = (a); rootObject = P;}".utf8), "objects is not a dictionary"),
            Refusal(Array("{objects = {};}".utf8), "has no rootObject"),
            Refusal(Array("{objects = {}; rootObject = (P);}".utf8), "rootObject is not an object identifier"),
            Refusal(pbxproj(""), "\(path): rootObject names 'P', which is not in objects"),
            Refusal(pbxproj("\t\tP = \"a string\";\n"), "\(path):5: object 'P' is not a dictionary"),
            Refusal(pbxproj("\t\tP = {isa = PBXGroup; };\n"), "\(path):5: rootObject names 'P', which is 'PBXGroup', not PBXProject"),
            Refusal(pbxproj(minimalProject), "the project's targets names 'T', which is not in objects"),
            Refusal(pbxproj(minimalProject + "\t\tT = {isa = PBXNativeTarget; buildConfigurationList = PL; };\n"), "a native target has no name"),
            Refusal(pbxproj(minimalProject + "\t\tT = {isa = PBXNativeTarget; name = App; };\n"), "\(path):9: target 'App' has no buildConfigurationList"),
            Refusal(pbxproj(minimalProject + "\t\tT = {isa = PBXNativeTarget; name = App; buildConfigurationList = NOPE; };\n"),
                    "the configuration list of target 'App' names 'NOPE', which is not in objects"),
            Refusal(pbxproj(minimalProject + "\t\tT = {isa = PBXNativeTarget; name = App; buildConfigurationList = C; };\n"),
                    "which is 'XCBuildConfiguration', not XCConfigurationList"),
            Refusal(pbxproj(minimalProject + "\t\tT = {isa = PBXNativeTarget; name = App; buildConfigurationList = PL; buildPhases = (X); };\n"),
                    "the build phases of target 'App' names 'X', which is not in objects"),
            Refusal(pbxproj(minimalProject + "\t\tT = {isa = PBXNativeTarget; name = App; buildConfigurationList = PL; buildPhases = X; };\n"),
                    "\(path):9: buildPhases is not a list"),
            Refusal(pbxproj(minimalProject.replacingOccurrences(of: "buildSettings = {}", with: "buildSettings = (a)") + appTarget),
                    "\(path):7: buildSettings is not a dictionary"),
            Refusal(pbxproj(minimalProject.replacingOccurrences(of: "children = ()", with: "children = x") + appTarget),
                    "a group's children must be a list"),
            Refusal(pbxproj(minimalProject.replacingOccurrences(of: "targets = (T)", with: "targets = ((T))") + appTarget),
                    "targets holds something that is not an object identifier"),
        ], match: .contains) { _ = try XcodeProjectFile.parse(bytes: $0, path: path) }
    }

    func testGroupCyclesAreRefused() {
        let selfCycle = minimalProject.replacingOccurrences(of: "children = ()", with: "children = (G)") + appTarget
        let ancestorCycle = minimalProject.replacingOccurrences(of: "children = ()", with: "children = (H)") + appTarget
            + "\t\tH = {isa = PBXGroup; children = (I); path = h; sourceTree = \"<group>\"; };\n"
            + "\t\tI = {isa = PBXGroup; children = (F, H); path = i; sourceTree = \"<group>\"; };\n"
            + "\t\tF = {isa = PBXFileReference; path = f; sourceTree = \"<group>\"; };\n"
        assertRefusals([
            Refusal(pbxproj(selfCycle), "p:8: group 'G' lists itself or a group that holds it among its children"),
            Refusal(pbxproj(ancestorCycle), "p:11: group 'H' lists itself or a group that holds it among its children"),
        ], match: .prefix) { _ = try XcodeProjectFile.parse(bytes: $0, path: "p") }
    }

    func testSharedGroupsAndMissingFilesAreWarningsNotErrors() throws {
        let objects = minimalProject.replacingOccurrences(of: "children = ()", with: "children = (H, H2, GONE)")
            + appTarget.replacingOccurrences(of: "buildPhases = ()", with: "buildPhases = (R)")
            + "\t\tH = {isa = PBXGroup; children = (F); path = h; sourceTree = \"<group>\"; };\n"
            + "\t\tH2 = {isa = PBXGroup; children = (F); path = h2; sourceTree = \"<group>\"; };\n"
            + "\t\tF = {isa = PBXFileReference; path = LaunchScreen.storyboard; sourceTree = \"<group>\"; };\n"
            + "\t\tR = {isa = PBXResourcesBuildPhase; files = (B1, B2, B3); };\n"
            + "\t\tB1 = {isa = PBXBuildFile; fileRef = F; };\n"
            + "\t\tB2 = {isa = PBXBuildFile; fileRef = MISSING; };\n"
        let file = try XcodeProjectFile.parse(bytes: pbxproj(objects), path: "p")
        XCTAssertEqual(file.targets[0].resourceFiles, ["h/LaunchScreen.storyboard"], "the first group that lists it")
        XCTAssertEqual(file.warnings.count, 4, "\(file.warnings)")
        XCTAssertTrue(file.warnings.allSatisfy { $0.hasPrefix("p: ") })
    }

    func testObjectCountAndSizeAreBounded() throws {
        // Over the limit (made small here): refused before any target is read.
        XCTAssertThrowsError(try XcodeProjectFile.parse(bytes: pbxproj(minimalProject + appTarget), path: "p", maximumObjects: 4)) { error in
            XCTAssertEqual("\(error)", "p: holds 5 objects; more than 4 are refused")
        }
        let tooLarge = [UInt8](repeating: 0x20, count: XcodeProjectFile.sizeLimit.bytes + 1)
        XCTAssertThrowsError(try XcodeProjectFile.parse(bytes: tooLarge, path: "p")) { error in
            XCTAssertTrue("\(error)".contains("over 16 MiB is refused"), "\(error)")
        }
    }

    /// `maximumObjects` objects, the most the reader takes, read in bounded time: 100 groups of
    /// 1,000 files each, almost every file in the Copy Bundle Resources phase.
    func testTwoHundredThousandObjectsReadInBoundedTime() throws {
        let groups = 100, filesPerGroup = 1_000
        let buildFiles = XcodeProjectFile.maximumObjects - 6 - groups - groups * filesPerGroup
        var text = "{objects = {\n" + minimalProject.replacingOccurrences(of: "children = ()", with: "children = (" + (0..<groups).map { "g\($0)" }.joined(separator: ", ") + ")")
            + appTarget.replacingOccurrences(of: "buildPhases = ()", with: "buildPhases = (R)")
        text.reserveCapacity(XcodeProjectFile.maximumObjects * 60)
        for g in 0..<groups {
            text += "g\(g) = {isa = PBXGroup; path = \"Group \(g)\"; children = (" + (0..<filesPerGroup).map { "f\(g)_\($0)" }.joined(separator: ", ") + "); };\n"
            for f in 0..<filesPerGroup { text += "f\(g)_\(f) = {isa = PBXFileReference; path = \"Image \(f).png\"; sourceTree = \"<group>\"; };\n" }
        }
        text += "R = {isa = PBXResourcesBuildPhase; files = (" + (0..<buildFiles).map { "b\($0)" }.joined(separator: ", ") + "); };\n"
        for b in 0..<buildFiles { text += "b\(b) = {isa = PBXBuildFile; fileRef = f\(b / filesPerGroup)_\(b % filesPerGroup); };\n" }
        text += "}; rootObject = P;}\n"
        let bytes = Array(text.utf8)
        XCTAssertLessThan(bytes.count, XcodeProjectFile.sizeLimit.bytes)
        let start = Date()
        let file = try XcodeProjectFile.parse(bytes: bytes, path: "p")
        let seconds = Date().timeIntervalSince(start)
        XCTAssertEqual(file.targets.first?.resourceFiles.count, buildFiles)
        XCTAssertEqual(file.targets.first?.resourceFiles.last, "Group 99/Image \((buildFiles - 1) % filesPerGroup).png")
        XCTAssertLessThan(seconds, 60, "Foundation reads this in a few seconds; the reader's own walk is linear")
    }

    /// Targets that share a build phase list its files once each: bounded over all targets.
    func testTargetsSharingResourcesAreBoundedTogether() {
        let files = 20_000, targets = 12
        var objects = minimalProject.replacingOccurrences(of: "targets = (T)", with: "targets = (" + (0..<targets).map { "T\($0)" }.joined(separator: ", ") + ")")
        for t in 0..<targets {
            objects += appTarget.replacingOccurrences(of: "T = {", with: "T\(t) = {").replacingOccurrences(of: "buildPhases = ()", with: "buildPhases = (R)")
        }
        objects += "R = {isa = PBXResourcesBuildPhase; files = (" + (0..<files).map { "b\($0)" }.joined(separator: ", ") + "); };\n"
        for f in 0..<files { objects += "b\(f) = {isa = PBXBuildFile; fileRef = f\(f); };\nf\(f) = {isa = PBXFileReference; path = a.png; };\n" }
        XCTAssertThrowsError(try XcodeProjectFile.parse(bytes: pbxproj(objects), path: "p")) { error in
            XCTAssertTrue("\(error)".hasSuffix("the targets list more than 200000 resource files and folders between them"), "\(error)")
        }
    }

    /// Nesting and long paths would make resolved paths grow with the square of the file.
    func testDeepGroupsAndLongPathsAreBounded() throws {
        let depth = XcodeProjectFile.maximumGroupDepth + 10
        var chain = minimalProject.replacingOccurrences(of: "children = ()", with: "children = (g0)") + appTarget
        for i in 0..<depth { chain += "\t\tg\(i) = {isa = PBXGroup; path = g; children = (g\(i + 1)); };\n" }
        XCTAssertThrowsError(try XcodeProjectFile.parse(bytes: pbxproj(chain), path: "p")) { error in
            XCTAssertTrue("\(error)".hasSuffix("groups nest deeper than \(XcodeProjectFile.maximumGroupDepth)"), "\(error)")
        }
        let long = String(repeating: "x", count: XcodeProjectFile.maximumPathLength)
        let objects = minimalProject.replacingOccurrences(of: "children = ()", with: "children = (L)")
            + appTarget.replacingOccurrences(of: "buildPhases = ()", with: "buildPhases = (R)")
            + "\t\tL = {isa = PBXGroup; path = \(long); children = (F); };\n"
            + "\t\tF = {isa = PBXFileReference; path = f.png; };\n"
            + "\t\tR = {isa = PBXResourcesBuildPhase; files = (B); };\n"
            + "\t\tB = {isa = PBXBuildFile; fileRef = F; };\n"
        let file = try XcodeProjectFile.parse(bytes: pbxproj(objects), path: "p")
        XCTAssertEqual(file.targets[0].resourceFiles, [])
        XCTAssertEqual(file.warnings.count, 1)
        XCTAssertTrue(file.warnings[0].contains("over 1024, is left out"), file.warnings[0])
    }

    func testTheLineOfAnObject() {
        let text = Array("{\n\tobjects = {\n\t\tAB /* c */ = {};\n\t\t\"Q R\" = {};\n\t\tABC = {};\n\t};\n}".utf8)
        XCTAssertEqual(XcodeProjectReader.line(ofObject: "AB", in: text), 3)
        XCTAssertEqual(XcodeProjectReader.line(ofObject: "Q R", in: text), 4)
        XCTAssertEqual(XcodeProjectReader.line(ofObject: "ABC", in: text), 5)
        XCTAssertNil(XcodeProjectReader.line(ofObject: "A", in: text))
    }

    // MARK: XcodeGen

    func testXcodeGenProjectSpec() throws {
        let spec = try XcodeGenManifest.parse(bytes: fixture("project.yml"), path: "project.yml")
        XCTAssertEqual(spec.name, "Demo")
        XCTAssertEqual(spec.includes, ["Shared/base.yml", "Modules/modules.yml"])
        XCTAssertEqual(spec.targets.map(\.name), ["Demo", "Kit_iOS", "Kit_tvOS", "Player"])
        XCTAssertEqual(spec.applicationTargets.map(\.name), ["Demo", "Player"])
        XCTAssertEqual(spec.warnings, [])

        let demo = spec.targets[0]
        XCTAssertEqual(demo.type, "application", "from the template")
        XCTAssertEqual(demo.productType, "com.apple.product-type.application")
        XCTAssertEqual(demo.platform, .iOS, "supportedDestinations: [iOS, macOS]")
        XCTAssertEqual(demo.configurationName, "Release", "options.defaultConfig")
        XCTAssertEqual(demo.sources, ["Demo/Sources", "Blue/Resources", "Demo/LaunchScreen.storyboard"],
                       "the template's sources with ${target_name} and attributes replaced, then the target's")
        let settings = demo.settings
        XCTAssertEqual(settings.infoPlistFile, "Demo/Info.plist")
        XCTAssertTrue(settings.generatesInfoPlist)
        XCTAssertEqual(settings.value("PRODUCT_BUNDLE_IDENTIFIER"), "com.example.Demo")
        XCTAssertEqual(settings.value("VALIDATE_PRODUCT"), "YES", "the project's `release` configs entry; true is YES")
        XCTAssertEqual(settings.value("MARKETING_VERSION"), "1.0")
        let keys = settings.generatedInfoPlistKeys()
        XCTAssertEqual(keys["UILaunchStoryboardName"] as? String, "ReleaseLaunch", "`Release` names the configuration exactly")
        XCTAssertEqual(keys["UILaunchScreen"] as? [String: String], [:])
        XCTAssertEqual(keys["UIUserInterfaceStyle"] as? String, "Dark", "from a group a group includes")
        XCTAssertEqual(keys["UIStatusBarHidden"] as? Bool, false)

        let kitTV = spec.targets[2]
        XCTAssertEqual(kitTV.platform, .tvOS)
        XCTAssertEqual(kitTV.sources, ["Kit/tvOS"])
        XCTAssertEqual(kitTV.settings.infoPlistFile, "Kit/Info-tvOS.plist")
        XCTAssertEqual(kitTV.settings.value("PRODUCT_NAME"), "Kit")

        let player = spec.targets[3]
        XCTAssertEqual(player.platform, .tvOS)
        XCTAssertEqual(player.infoPath, "Player/Info.plist")
        XCTAssertEqual(player.settings.infoPlistFile, "Player/Info.plist", "XcodeGen sets INFOPLIST_FILE to the plist it writes")
        let properties = player.infoProperties
        XCTAssertEqual(plistText(properties["UILaunchScreen"]),
                       plistText(["UIColorName": "LaunchBackground", "UIImageRespectsSafeAreaInsets": true] as [String: Any]))
        XCTAssertEqual(properties["CFBundleVersion"] as? String, "42", "quoted stays a string")
        XCTAssertEqual(properties["LSMinimumSystemVersion"] as? Double, 12.5)
        XCTAssertEqual(properties["Count"] as? Int, 3)
        XCTAssertEqual(properties["UIRequiredDeviceCapabilities"] as? [String], ["arm64", "metal"])
        XCTAssertEqual(properties["NSQuoted"] as? String, "it's")
        XCTAssertNil(properties["Empty"])
        XCTAssertEqual(properties.count, 7)
    }

    func testXcodeGenTargetSpecPathsAreRelativeToItsFolder() throws {
        let spec = try XcodeGenManifest.parse(bytes: fixture("target.yml"), path: "Chat/SupportingFiles/target.yml")
        let chat = try XCTUnwrap(spec.targets.first)
        XCTAssertEqual(chat.infoPath, "Chat/SupportingFiles/Info.plist")
        XCTAssertEqual(chat.settings.infoPlistFile, "Chat/SupportingFiles/Info.plist")
        XCTAssertEqual(chat.sources, ["Chat/Sources", "Chat/Resources"])
        XCTAssertEqual(chat.settings.rawValue("OTHER_SWIFT_FLAGS"), .list(["-DMAIN_APP"]))
        XCTAssertEqual(chat.configurationName, "Debug", "no configs and no defaultConfig: the first by name")
        let properties = chat.infoProperties
        XCTAssertEqual(properties["UILaunchScreen"] as? [String: String], ["UIColorName": "colors/background-color"])
        XCTAssertEqual(plistText(properties["CFBundleURLTypes"]),
                       plistText([["CFBundleTypeRole": "Editor", "CFBundleURLSchemes": ["$(BUNDLE_ID)", "chat"]] as [String: Any]]),
                       "a flow collection over lines, with a comment inside")
        XCTAssertEqual(properties["UIApplicationSceneManifest"] as? [String: Bool], ["UIApplicationSupportsMultipleScenes": true])
        XCTAssertEqual(properties["UIBackgroundModes"] as? [String], ["audio", "fetch"], "a trailing comma")
        XCTAssertEqual(plistText(properties["UTExportedTypeDeclarations"]),
                       plistText([["UTTypeConformsTo": ["public.text"], "UTTypeDescription": "Mention Pills"] as [String: Any]]),
                       "a list at its key's indentation, of compact mappings")
        XCTAssertEqual(properties["NSCameraUsageDescription"] as? String, "To take pictures, $(APP_NAME) needs the camera.")
        XCTAssertEqual(properties["Escapes"] as? String, "tab\there é \"q\"")
        XCTAssertEqual(properties["Folded"] as? String, "one two\nthree\n")
    }

    func testXcodeGenSpecShapesItRefuses() {
        assertRefusals([
            Refusal("- a\n- b\n", "p.yml:1: the top level of an XcodeGen spec must be a mapping"),
            Refusal("targets:\n  App: [1]\n", "p.yml:2: target 'App' must be a mapping"),
            Refusal("targets:\n  App:\n    settings: [1]\n", "p.yml:3: settings must be a mapping"),
            Refusal("targets:\n  App:\n    info: plist\n", "p.yml:3: target 'App''s info must be a mapping"),
            Refusal("targets:\n  App:\n    info:\n      properties: [a]\n", "p.yml:4: target 'App''s info properties must be a mapping"),
        ], match: .prefix) { _ = try XcodeGenManifest.parse(bytes: Array($0.utf8), path: "p.yml") }
        XCTAssertEqual(try XcodeGenManifest.parse(bytes: [], path: "p.yml").targets.count, 0, "an empty spec has no targets")
    }
}
