import XCTest
@testable import Recording

/// review.json embedded in the page: nothing a comment says can close or comment out its script
/// element, and everything else passes through as it was.
final class ReviewScriptSafeTests: XCTestCase {
    func testMarkupAndLineSeparatorsAreEscapedAndTheRestKept() {
        XCTAssertEqual(ReviewPageTemplate.scriptSafe("</script><!--&"), #"\u003c/script\u003e\u003c!--\u0026"#)
        XCTAssertEqual(ReviewPageTemplate.scriptSafe("a\u{2028}b\u{2029}c"), #"a\u2028b\u2029c"#)
        let kept = "{\"t\": 2.5, \"text\": \"%'=;?@ é \u{2027}\u{202A} 日本\"}"
        XCTAssertEqual(ReviewPageTemplate.scriptSafe(kept), kept)
    }
}
