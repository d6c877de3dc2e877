import XCTest
@testable import Formats

/// The one XML reader: tags as Foundation's XMLParser named them, lines, stopping, and what it refuses.
final class SafeXMLReaderTests: XCTestCase {
    private let rules = SafeXMLReader.Rules(processingInstruction: "a PI", documentType: nil, internalSubset: "an internal subset")

    private func tags(_ text: String, rules: SafeXMLReader.Rules? = nil, stopAfter: Int = .max) throws -> [SafeXMLReader.StartTag] {
        var seen: [SafeXMLReader.StartTag] = []
        try SafeXMLReader.read(Array(text.utf8), rules: rules ?? self.rules) { event in
            if case let .start(tag) = event { seen.append(tag) }
            return seen.count >= stopAfter ? .stop : .continue
        }
        return seen
    }

    private func failure(_ text: String, rules: SafeXMLReader.Rules? = nil) -> SafeXMLReader.Failure? {
        do { _ = try tags(text, rules: rules); return nil } catch { return error as? SafeXMLReader.Failure }
    }

    func testNamesAttributesAndNamespacesAsXMLParserGaveThem() throws {
        let found = try tags("<svg:svg xmlns:svg='http://www.w3.org/2000/svg' xmlns='urn:d' xlink:href='#a' a='&lt;&#65;&amp;'><b/></svg:svg>")
        XCTAssertEqual(found.map(\.name), ["svg:svg", "b"])
        XCTAssertEqual(found[0].attributes, ["xmlns:svg": "http://www.w3.org/2000/svg", "xmlns": "urn:d", "xlink:href": "#a", "a": "<A&"])
    }

    func testATagsLineIsWhereItEnds() throws {
        let found = try tags("<document>\n<view\n id='a'>\n</view>\n<label/></document>")
        XCTAssertEqual(found.map(\.line), [1, 3, 5])
    }

    func testStoppingLeavesTheRestUnread() throws {
        XCTAssertEqual(try tags("<a><b/><c></a>", stopAfter: 2).map(\.name), ["a", "b"], "the mismatched tag after the stop is not an error")
        XCTAssertEqual(failure("<a><b/><c></a>")?.message, "not a valid XML document (an end tag does not match its start tag)")
    }

    func testAnErrorTheHandlerThrowsComesBackAsItIs() {
        struct Refused: Error {}
        XCTAssertThrowsError(try SafeXMLReader.read(Array("<a><b/></a>".utf8), rules: rules) { event in
            if case let .start(tag) = event, tag.name == "b" { throw Refused() }
            return .continue
        }) { XCTAssertTrue($0 is Refused, "\($0)") }
    }

    func testEntitiesCannotBeDeclaredAndNothingOutsideIsLoaded() throws {
        let laughs = "<?xml version='1.0'?>\n<!DOCTYPE lolz [\n<!ENTITY lol 'lol'>\n<!ENTITY lol2 '&lol;&lol;&lol;'>\n]>\n<lolz>&lol2;</lolz>"
        XCTAssertEqual(failure(laughs), SafeXMLReader.Failure(line: 2, message: "an internal subset"))
        // An external DTD is named, never read: the entity it might declare stays undeclared.
        XCTAssertEqual(try tags("<!DOCTYPE svg SYSTEM '/etc/passwd'>\n<svg/>").map(\.name), ["svg"])
        XCTAssertEqual(try tags("<!DOCTYPE svg SYSTEM 'http://example.invalid/x.dtd'>\n<svg a='1'>&x;</svg>").map(\.name), ["svg"])
        XCTAssertEqual(failure("<svg>&x;</svg>")?.message, "not a valid XML document (an undeclared entity)")
        let strict = SafeXMLReader.Rules(processingInstruction: "a PI", documentType: "a DOCTYPE", internalSubset: "an internal subset")
        XCTAssertEqual(failure("\n<!DOCTYPE d>\n<d/>", rules: strict), SafeXMLReader.Failure(line: 2, message: "a DOCTYPE"))
    }

    func testProcessingInstructionsAfterTheDeclarationAreRefused() {
        XCTAssertEqual(failure("<?xml version='1.0'?>\n<a>\n<?pi?></a>"), SafeXMLReader.Failure(line: 3, message: "a PI"))
        XCTAssertEqual(failure("<a/>\n<?xml version='1.0'?>")?.line, 2)
    }
}
