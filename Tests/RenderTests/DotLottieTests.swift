import DotLottie
import Formats
import Foundation
import XCTest
@testable import Render

/// `.lottie` files (dotLottie) drawn as their Lottie JSON is, and refused, naming the file and the
/// entry, when they are not dotLottie files or hold more than a dotLottie file may.
final class DotLottieTests: XCTestCase {
    static let fixtures = RenderHarness.repositoryRoot.appendingPathComponent("Tests/Fixtures/Intro").path

    func fixture(_ name: String) -> String { Self.fixtures + "/" + name }

    func testADotLottieIsDrawnAsItsAnimation() throws {
        let archived = try LottieAnimation(path: fixture("red-square.lottie"))
        let plain = try LottieAnimation(path: fixture("red-square.json"))
        XCTAssertEqual(archived.summary.markers, plain.summary.markers)
        XCTAssertEqual(archived.frameCount, plain.frameCount)
        for frame in [0, 14, 29] {
            XCTAssertEqual(archived.render(frame: frame, width: 80, height: 80), plain.render(frame: frame, width: 80, height: 80))
        }
    }

    /// The manifest's activeAnimationId picks the second animation, whose image lies in images/:
    /// it is embedded, so rlottie draws it as the JSON with the image embedded draws.
    func testTheActiveAnimationIsDrawnWithTheArchivesImages() throws {
        let archived = try DotLottieArchive.load(path: fixture("two-animations.lottie"))
        XCTAssertEqual(archived.id, "green")
        XCTAssertEqual(archived.jsonPath, fixture("two-animations.lottie") + "/animations/green.json")
        XCTAssertEqual(archived.summary.warnings, [])
        let animation = try LottieAnimation(path: fixture("two-animations.lottie"))
        let embedded = try LottieAnimation(path: fixture("embedded-image.json"))
        XCTAssertEqual(animation.render(frame: 0, width: 100, height: 100), embedded.render(frame: 0, width: 100, height: 100))
    }

    func testBadArchivesAreRefusedNamingTheFileAndEntry() {
        let cases: [(String, String, UInt)] = [
            ("not-a-zip.lottie", "not-a-zip.lottie: not a dotLottie file: not a zip archive", #line),
            ("no-manifest.lottie", "no-manifest.lottie: no manifest.json: a dotLottie file holds manifest.json and animations/NAME.json", #line),
            ("missing-animation.lottie",
             "missing-animation.lottie/manifest.json:6:10: the manifest names the animation 'ghost', but the archive has no animations/ghost.json", #line),
            ("zip-bomb.lottie",
             "zip-bomb.lottie: the entry 'animations/red.json' is 30.0 MiB uncompressed, more than the 25 MiB an entry may be", #line),
            ("escaping-entry.lottie", "escaping-entry.lottie: the entry '../evil.json' lies outside the archive's folder", #line),
        ]
        for (name, message, line) in cases {
            XCTAssertThrowsError(try LottieAnimation(path: fixture(name)), name, line: line) { error in
                XCTAssertEqual("\(error)".replacingOccurrences(of: Self.fixtures + "/", with: ""), message, line: line)
            }
        }
    }

    /// The entry count and the total are checked from the directory, before anything is read.
    func testTheEntryCountAndTheTotalAreBounded() throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: fixture("two-animations.lottie"))))
        let fewEntries = DotLottieLimits(maximumEntries: 3, maximumEntryBytes: 1 << 20, maximumTotalBytes: 1 << 20)
        XCTAssertThrowsError(try DotLottieArchive.read(bytes: bytes, path: "t.lottie", limits: fewEntries)) { error in
            XCTAssertEqual("\(error)", "t.lottie: the archive has 4 entries, more than the 3 a dotLottie file may have")
        }
        let smallTotal = DotLottieLimits(maximumEntries: 10, maximumEntryBytes: 1 << 20, maximumTotalBytes: 3000)
        XCTAssertThrowsError(try DotLottieArchive.read(bytes: bytes, path: "t.lottie", limits: smallTotal)) { error in
            XCTAssertEqual("\(error)", "t.lottie: the entries up to 'animations/green.json' hold 4873 bytes uncompressed, more than the 3000 bytes a dotLottie file may hold")
        }
    }

    /// A manifest whose animation id would climb out of animations/ is refused at the id.
    func testAnAnimationIdThatIsNotAFileNameIsRefused() throws {
        let manifest = #"{"animations":[{"id":"../red"}]}"#
        let bytes = try Self.zip([("manifest.json", manifest)])
        XCTAssertThrowsError(try DotLottieArchive.read(bytes: bytes, path: "t.lottie")) { error in
            XCTAssertEqual("\(error)", "t.lottie/manifest.json:1:22: the animation id '../red' is not a file name")
        }
    }

    /// A stored (uncompressed) zip of text entries, as APPNOTE.TXT lays one out: a local header and
    /// the data for each entry, then the central directory and its end record.
    static func zip(_ entries: [(String, String)]) throws -> [UInt8] {
        var out: [UInt8] = [], directory: [UInt8] = []
        func le(_ value: Int, _ bytes: Int) -> [UInt8] { (0..<bytes).map { UInt8((value >> (8 * $0)) & 255) } }
        for (name, text) in entries {
            let data = Array(text.utf8), nameBytes = Array(name.utf8)
            let crc = Int(crc32(data))
            let offset = out.count
            out += [0x50, 0x4B, 0x03, 0x04] + le(20, 2) + le(0, 2) + le(0, 2) + le(0, 4) + le(crc, 4) + le(data.count, 4) + le(data.count, 4)
                + le(nameBytes.count, 2) + le(0, 2) + nameBytes + data
            directory += [0x50, 0x4B, 0x01, 0x02] + le(20, 2) + le(20, 2) + le(0, 2) + le(0, 2) + le(0, 4) + le(crc, 4)
                + le(data.count, 4) + le(data.count, 4) + le(nameBytes.count, 2) + le(0, 2) + le(0, 2) + le(0, 2) + le(0, 2)
                + le(0, 4) + le(offset, 4) + nameBytes
        }
        let directoryOffset = out.count
        out += directory
        out += [0x50, 0x4B, 0x05, 0x06] + le(0, 2) + le(0, 2) + le(entries.count, 2) + le(entries.count, 2)
            + le(directory.count, 4) + le(directoryOffset, 4) + le(0, 2)
        return out
    }

    /// CRC-32 (ISO 3309, the polynomial 0xEDB88320 reflected), as zip records it.
    static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
