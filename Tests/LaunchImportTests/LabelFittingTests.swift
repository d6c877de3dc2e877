import XCTest
@testable import LaunchImport

/// UILabel's one-line fitting: autoshrink (on when Interface Builder leaves the attribute out),
/// its minimum, then truncation by the line-break mode.
final class LabelFittingTests: XCTestCase {
    /// Every character half an em wide: widths are exact and easy to state.
    let measure: LaunchTextMeasure = { text, size, _ in (Double(text.count) * size * 0.5, size * 1.2) }

    func label(_ attributes: [String: String]) -> InterfaceBuilderElement {
        InterfaceBuilderElement(name: "label", attributes: attributes, line: 1, children: [])
    }

    func testAutoshrinkIsOnWhenTheAttributeIsLeftOutAndStopsAtTheLegacyMinimumFontSize() {
        // 40 characters at 17 pt: 340 pt in a 200 pt frame: 10 pt fits, and a 9 pt minimum allows it.
        let text = String(repeating: "a", count: 40)
        let fitted = LabelFitting.fit(text, in: 200, element: label(["minimumFontSize": "9"]), fontSize: 17, weight: .regular, lines: 1, measure: measure)
        XCTAssertEqual(fitted.fontSize, 10, accuracy: 1e-9)
        XCTAssertEqual(fitted.text, text)
        // With a 12 pt minimum it stops there and the rest is cut at the tail.
        let limited = LabelFitting.fit(text, in: 170, element: label(["minimumFontSize": "12"]), fontSize: 17, weight: .regular, lines: 1, measure: measure)
        XCTAssertEqual(limited.fontSize, 12, accuracy: 1e-9)
        XCTAssertEqual(limited.text, String(repeating: "a", count: 27) + "…")  // 28 characters of 6 pt: 168 pt
    }

    func testWithAutoshrinkOffTheLineBreakModePlacesTheEllipsis() {
        let text = "abcdefghijklmnopqrstuvwxyz"  // 26 characters of 5 pt at 10 pt: 130 pt
        func fit(_ mode: String) -> String {
            LabelFitting.fit(text, in: 50, element: label(["adjustsFontSizeToFit": "NO", "lineBreakMode": mode]), fontSize: 10, weight: .regular,
                             lines: 1, measure: measure).text
        }
        XCTAssertEqual(fit("tailTruncation"), "abcdefghi…")
        XCTAssertEqual(fit("headTruncation"), "…rstuvwxyz")
        XCTAssertEqual(fit("middleTruncation"), "abcde…wxyz")
        XCTAssertEqual(fit("clip"), text)
        // minimumScaleFactor wins over the legacy size; text that fits is left alone.
        let scaled = LabelFitting.fit(text, in: 65, element: label(["adjustsFontSizeToFit": "YES", "minimumScaleFactor": "0.5"]), fontSize: 10,
                                      weight: .regular, lines: 1, measure: measure)
        XCTAssertEqual(scaled.fontSize, 5, accuracy: 1e-9)
        XCTAssertEqual(LabelFitting.fit("abc", in: 50, element: label([:]), fontSize: 10, weight: .regular, lines: 1, measure: measure).fontSize, 10)
        // No minimum, or 0: UILabel does not scale the text down; it is cut instead.
        for attributes in [[String: String](), ["minimumScaleFactor": "0"], ["adjustsFontSizeToFit": "YES"]] {
            let unscaled = LabelFitting.fit(text, in: 50, element: label(attributes), fontSize: 10, weight: .regular, lines: 1, measure: measure)
            XCTAssertEqual(unscaled.fontSize, 10, "\(attributes)")
            XCTAssertEqual(unscaled.text, "abcdefghi…", "\(attributes)")
        }
        // Several lines wrap instead.
        XCTAssertEqual(LabelFitting.fit(text, in: 50, element: label([:]), fontSize: 10, weight: .regular, lines: 0, measure: measure).text, text)
    }
}
