import Exports
import Formats
import Foundation
import Scenes
import TestFixtures
import XCTest

/// The repository's root, from this file's place in it.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Images for exports that inline them: a few distinct bytes each, so a page can be checked for
/// where each went without drawing anything.
struct FixtureImages: ExportImages {
    func logo() throws -> [UInt8] { Array("logo".utf8) }
    func splashText() throws -> [UInt8] { Array("text".utf8) }
    func screen() throws -> [UInt8] { Array("screen".utf8) }
    func launchScreen(on device: Device) throws -> [UInt8] { Array("launch \(device.name)".utf8) }
}

/// The timings file at `path`, as the app reads it.
func readTimings(_ path: String) throws -> Timings { try Timings.parse(text: String(contentsOfFile: path, encoding: .utf8), path: path) }

/// What `splashlab export` reads, for the default device (the 667 pt design reference) and the
/// fallback launch screen.
func exportSource(timingsPath path: String, page: Bool = false) throws -> ExportSource {
    let device = try XCTUnwrap(Device.named(Device.defaultName))
    return ExportSource(splash: fixtureSplash(on: device, timings: try readTimings(path)), timingsPath: path, launch: .white,
                        launchDescription: .fallback, page: page, images: FixtureImages())
}

/// The export the command line names, of the timings at `path`, through the path `splashlab
/// export` takes: the target resolved by name from the table, then run.
func exportText(_ arguments: [String], timings path: String, targets: ExportTargets = .standard,
                file: StaticString = #filePath, line: UInt = #line) throws -> String {
    let (target, options) = try targets.resolve(arguments)
    guard case let .text(text) = try target.export(try exportSource(timingsPath: path, page: options.contains("--html"))) else {
        XCTFail("export \(target.name) writes no text", file: file, line: line)
        return ""
    }
    return text
}

/// The default timings file.
let defaultTimingsPath = repositoryRoot.appendingPathComponent("Assets/timings.json").path

/// A file in a temporary folder removed after the test.
func temporaryFile(_ test: XCTestCase, named name: String, contents: String) throws -> String {
    let dir = NSTemporaryDirectory() + "splashlab-exports-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let path = dir + "/" + name
    try contents.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

/// `swiftc ARGUMENTS` from the PATH (as `make test` has it): its exit status and what it said.
func swiftc(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let said = Pipe(), process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swiftc"] + arguments
    (process.standardOutput, process.standardError) = (said, said)
    try process.run()
    let output = String(decoding: said.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, output)
}

/// Generated Swift checked by the compiler: `-parse` (it is Swift at all), then `-typecheck`
/// against the declarations it uses, restated in Tests/Fixtures since UIKit and SwiftUI do not
/// exist on Linux (Foundation stands in for their re-export of it).
func assertCompiles(_ source: String, importing module: String, declarations: String, _ test: XCTestCase,
                    file: StaticString = #filePath, line: UInt = #line) throws {
    let path = try temporaryFile(test, named: "Export.swift", contents: source.replacingOccurrences(of: "import \(module)", with: "import Foundation"))
    let parse = try swiftc(["-parse", path])
    XCTAssertEqual(parse.status, 0, parse.output, file: file, line: line)
    let typecheck = try swiftc(["-typecheck", repositoryRoot.appendingPathComponent("Tests/Fixtures/\(declarations)").path, path])
    XCTAssertEqual(typecheck.status, 0, typecheck.output, file: file, line: line)
}
