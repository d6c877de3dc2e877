import Exports
import Formats
import Scenes
import XCTest

/// The one table of export targets, which the command line, `--help` and README read, and what
/// adding a target takes: one conformance and one line in a table.
final class ExportTargetsTests: XCTestCase {
    func testEveryTargetHasItsOwnName() {
        let names = ExportTargets.standard.names
        XCTAssertEqual(names, ["swift", "swiftui", "css", "compose", "launch"])
        XCTAssertEqual(Set(names).count, names.count)
        XCTAssertEqual(ExportTargets.standard.namesInProse, "swift, swiftui, css, compose or launch")
    }

    func testTheCommandLineNamesATargetOrIsRefusedWithTheNames() throws {
        let (target, options) = try ExportTargets.standard.resolve(["css", "--html", "--seed", "3"])
        XCTAssertEqual(target.name, "css")
        XCTAssertEqual(options, ["--html", "--seed", "3"])
        XCTAssertThrowsError(try ExportTargets.standard.resolve(["kotlin"])) { error in
            XCTAssertEqual(error as? ExportTargetError, .unknown("kotlin", expected: "swift, swiftui, css, compose or launch"))
            XCTAssertEqual("\(error)", "unknown export 'kotlin'; expected swift, swiftui, css, compose or launch")
        }
        XCTAssertThrowsError(try ExportTargets.standard.resolve(["--timings", "x.json"])) { error in
            XCTAssertEqual("\(error)", "export needs what to export: swift, swiftui, css, compose or launch")
        }
    }

    /// A target a test defines: every constant as `name = value`, from the export model alone.
    struct PlainTextExport: ExportTarget {
        let command = ExportCommandLine(name: "plain", options: .timings)

        func export(_ source: ExportSource) throws -> ExportOutput {
            let model = ExportModel(timings: source.timings, screenHeight: source.splash.device.height)
            return .text(model.constants.map { "\($0.name) = \($0.value.json.text)" }.joined(separator: "\n"))
        }
    }

    /// The sample target is one type and one line added to the table; it is then found by name and
    /// run as the command runs every target, and the table's names (which `--help` and the
    /// refusal of an unknown name print) include it.
    func testATargetIsOneTypeAndOneRegistryLine() throws {
        let targets = ExportTargets.standard.adding(PlainTextExport())
        XCTAssertEqual(targets.names.last, "plain")
        XCTAssertTrue(targets.namesInProse.hasSuffix("launch or plain"))
        let text = try exportText(["plain"], timings: defaultTimingsPath, targets: targets)
        XCTAssertTrue(text.contains("logoDuration = 0.3"), text)
        XCTAssertTrue(text.contains("holeScales = [1, 0.85, 18]"), text)
        XCTAssertFalse(text.contains("lint"), "lint thresholds tune the checker, not the animation")
        XCTAssertThrowsError(try exportText(["plain"], timings: defaultTimingsPath), "the standard table does not list it")
    }

    /// The launch images: one file a device preset and orientation, each drawn by the caller.
    func testLaunchImagesAreOneFileADeviceAndOrientation() throws {
        guard case let .files(files, description) = try XCTUnwrap(ExportTargets.standard.target(named: "launch")).export(try exportSource(timingsPath: defaultTimingsPath)) else {
            return XCTFail("export launch writes files")
        }
        XCTAssertEqual(files.count, Device.presets.count * 2)
        XCTAssertEqual(description, "launch images (\(Device.presets.count) devices × 2 orientations)")
        XCTAssertEqual(files.first?.name, "launch-iphone-se-portrait.png")
        XCTAssertEqual(try files.first.map { try $0.contents() }, Array("launch iphone-se".utf8))
        XCTAssertEqual(Set(files.map(\.name)).count, files.count)
    }

    /// The page inlines the images it is given as `data:` URLs, with `state`'s layer names as ids.
    func testThePageInlinesItsImages() throws {
        let page = try exportText(["css", "--html"], timings: defaultTimingsPath)
        for id in ["logo", "text", "backdrop", "backdropText", "feed", "hole", "holeLogo", "splash"] {
            XCTAssertTrue(page.contains("id=\"\(id)\""), "the page has no #\(id)")
        }
        for bytes in ["logo", "text", "screen"] {
            XCTAssertTrue(page.contains("data:image/png;base64," + Data(bytes.utf8).base64EncodedString()), "\(bytes) is not inlined")
        }
    }
}
