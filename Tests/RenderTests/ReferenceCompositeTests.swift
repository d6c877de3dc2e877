import Render
import XCTest

/// The preview and a reference on one screen, on bytes: the wipe, the overlay and the difference.
final class ReferenceCompositeTests: XCTestCase {
    /// A `width` × 1 strip of one colour.
    func row(_ width: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8) -> [UInt8] { Array((0..<width).flatMap { _ in [r, g, b, 255] }) }

    func testTheWipeShowsThePreviewLeftOfTheDividerAndTheReferenceFromIt() {
        let preview = row(8, 10, 20, 30), reference = row(8, 200, 100, 50)
        let out = ReferenceComposite.wipe(preview: preview, reference: reference, width: 8, height: 1, dividerX: 4, lineWidth: 2)
        let d = ReferenceComposite.dividerColour
        XCTAssertEqual(Array(out[0..<12]), Array(preview[0..<12]), "pixels 0 to 2: the preview")
        XCTAssertEqual(Array(out[12..<20]), [d.r, d.g, d.b, 255, d.r, d.g, d.b, 255], "pixels 3 and 4: the 2 px line at the divider")
        XCTAssertEqual(Array(out[20..<32]), Array(reference[20..<32]), "pixels 5 to 7: the reference")
        XCTAssertEqual(ReferenceComposite.wipe(preview: preview, reference: reference, width: 8, height: 1, dividerX: 0, lineWidth: 0).prefix(4).map { $0 },
                       [200, 100, 50, 255], "a divider at 0: all reference")
    }

    func testTheOverlayMixesByOpacityAndTheDifferenceIsBlackWhereTheyAgree() {
        let preview: [UInt8] = [0, 100, 255, 255, 40, 40, 40, 255], reference: [UInt8] = [255, 100, 0, 128, 40, 40, 40, 255]
        XCTAssertEqual(ReferenceComposite.overlay(preview: preview, reference: reference, opacity: 0.5), [128, 100, 128, 255, 40, 40, 40, 255])
        XCTAssertEqual(ReferenceComposite.overlay(preview: preview, reference: reference, opacity: 0), preview)
        XCTAssertEqual(ReferenceComposite.difference(preview: preview, reference: reference), [255, 0, 255, 255, 0, 0, 0, 255])
    }
}
