import Formats
import XCTest

final class PNGHeaderTests: XCTestCase {
    func size(_ bytes: [UInt8]) -> Result<(width: Int, height: Int), PNGHeader.Problem> {
        Result { () throws(PNGHeader.Problem) in try PNGHeader.size(bytes, maxSide: 8192) }
    }

    func testTheSizeIsReadFromIHDRAndOnlyFromTheFirst24Bytes() throws {
        let header = PNGHeader.bytes(width: 750, height: 1334)
        XCTAssertEqual(header.count, PNGHeader.byteCount)
        // The real header of a 1×1 PNG: signature, IHDR length 13, "IHDR", width 1, height 1.
        XCTAssertEqual(PNGHeader.bytes(width: 1, height: 1),
                       [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1])
        let (w, h) = try size(header + [8, 6, 0, 0, 0]).get()
        XCTAssertEqual(w, 750)
        XCTAssertEqual(h, 1334)
        let (maxW, maxH) = try size(PNGHeader.bytes(width: 8192, height: 1)).get()
        XCTAssertEqual(maxW, 8192)
        XCTAssertEqual(maxH, 1)
    }

    func testEachProblemIsNamed() {
        func problem(_ bytes: [UInt8]) -> PNGHeader.Problem? {
            if case let .failure(p) = size(bytes) { return p } else { return nil }
        }
        let good = PNGHeader.bytes(width: 10, height: 20)
        XCTAssertEqual(problem(Array(good.prefix(23))), .notPNG)
        XCTAssertEqual(problem([]), .notPNG)
        var wrongSignature = good; wrongSignature[1] = 0x51
        XCTAssertEqual(problem(wrongSignature), .notPNG)
        var wrongChunk = good; wrongChunk[15] = 0x54
        XCTAssertEqual(problem(wrongChunk), .notPNG)
        XCTAssertEqual(problem(PNGHeader.bytes(width: 0, height: 20)), .empty)
        XCTAssertEqual(problem(PNGHeader.bytes(width: 10, height: 0)), .empty)
        XCTAssertEqual(problem(PNGHeader.bytes(width: 9000, height: 100)), .tooLarge(width: 9000, height: 100))
        // The largest 32-bit sides are compared as they are, not wrapped to negative numbers.
        XCTAssertEqual(problem(PNGHeader.bytes(width: .max, height: .max)), .tooLarge(width: 4_294_967_295, height: 4_294_967_295))
    }
}
