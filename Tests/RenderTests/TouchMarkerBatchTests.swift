import CSDL2
import Foundation
import Geometry
@testable import Render
import Scenes
import XCTest

/// A frame of many touch markers is drawn in bounded batches, with the pixels of one batch.
final class TouchMarkerBatchTests: XCTestCase {
    override func setUp() { setenv("SDL_VIDEODRIVER", "offscreen", 1) }

    /// 400 overlapping markers of 50 px (50 segments each), half of them heads with rims: about
    /// 300,000 vertices, far more than one batch.
    static let trail: [TouchMarker] = (0..<400).map { (i: Int) -> TouchMarker in
        let x = 20 + Double(i % 40) * 4, y = 20 + Double(i / 40) * 12
        let opacity = 0.2 + Double(i % 7) / 10
        return TouchMarker(x: x, y: y, radius: 50, opacity: opacity, isHead: i % 2 == 0)
    }

    func pixels(_ groups: [[TouchMarker]], context: RenderContext, markers: TouchMarkerRenderer) throws -> [UInt8] {
        SDL_SetRenderTarget(context.renderer, nil)
        SDL_SetRenderDrawColor(context.renderer, 30, 60, 90, 255)
        SDL_RenderClear(context.renderer)
        for group in groups {
            try markers.draw(group, mapping: PointToPixel(scale: 1), deviceWidth: 200, deviceHeight: 200)
        }
        return try context.readPixels(width: 200, height: 200)
    }

    func testManyMarkersAreDrawnInBoundedBatchesWithTheSamePixels() throws {
        let context = try RenderContext(target: .offscreen(width: 200, height: 200), rendererName: nil, vsync: false)
        defer { context.close() }
        let markers = TouchMarkerRenderer(renderer: context.renderer)
        let all = try pixels([TouchMarkerBatchTests.trail], context: context, markers: markers)
        // The same markers in draws of 20, each well under a batch: the same pixels, in the same order.
        let pieces = stride(from: 0, to: 400, by: 20).map { Array(TouchMarkerBatchTests.trail[$0..<($0 + 20)]) }
        let inPieces = try pixels(pieces, context: context, markers: markers)
        XCTAssertEqual(all.count, inPieces.count)
        XCTAssertTrue(all == inPieces, "batched drawing changed pixels")
        XCTAssertNotEqual(Set(all).count, 1, "the markers drew something")
        // One marker adds at most 96 segments of a disc (9 vertices) and a ring (12).
        XCTAssertLessThanOrEqual(markers.vertexCapacity, 2 * (TouchMarkerRenderer.batchVertices + 96 * 21))
    }
}
