import Foundation
import XCTest
import TestFixtures
@testable import LaunchImport

/// The YAML under the XcodeGen reader: libyaml's parse, anchors, aliases and merge keys, the
/// scalar types XcodeGen's reader (Yams) gives, the bounds, and errors at a line and column.
/// Expected values were checked against PyYAML 6.0 (`yaml.safe_load`) when written; where Yams
/// and PyYAML differ, the table says so and follows Yams.
final class YAMLDocumentTests: XCTestCase {
    func yaml(_ text: String) throws -> YAMLNode {
        var reader = YAMLReader(path: "y.yml")
        return try reader.document(bytes: Array(text.utf8))
    }

    func value(_ text: String) throws -> [String: Any] {
        try XCTUnwrap(try yaml(text).propertyListValue as? [String: Any])
    }

    /// A property-list value as XML, keys sorted, so values built from YAML and literals compare.
    func plistText(_ value: Any?) -> String {
        guard let value, let data = try? PropertyListSerialization.data(fromPropertyList: value, format: .xml, options: 0) else { return "none" }
        return String(decoding: data, as: UTF8.self)
    }

    func testYAMLForms() throws {
        let value = try value("""
        %YAML 1.1
        ---
        a: 1   # comment
        "quoted key": 'single ''q'''
        b:
          - x
          - - nested
            - list
          -
            deep: value
        c: |-
          line one
            indented
        d: >+
          folded

        e: [1, {k: v}, "s, t", k2: v2]
        h: !!str 12
        i: !custom 12
        plain: continues
          on the next line
        url: https://example.com/a#b
        ~: null key
        ...
        """)
        XCTAssertEqual(value["a"] as? Int, 1)
        XCTAssertEqual(value["quoted key"] as? String, "single 'q'")
        XCTAssertEqual(plistText(value["b"]), plistText(["x", ["nested", "list"], ["deep": "value"]] as [Any]))
        XCTAssertEqual(value["c"] as? String, "line one\n  indented")
        XCTAssertEqual(value["d"] as? String, "folded\n\n")
        XCTAssertEqual(plistText(value["e"]), plistText([1, ["k": "v"], "s, t", ["k2": "v2"]] as [Any]))
        XCTAssertEqual(value["h"] as? String, "12", "!!str makes a string")
        XCTAssertEqual(value["i"] as? String, "12", "a tag Yams does not know makes a string")
        XCTAssertEqual(value["plain"] as? String, "continues on the next line")
        XCTAssertEqual(value["url"] as? String, "https://example.com/a#b")
        XCTAssertEqual(value["~"] as? String, "null key", "keys are their text")
        XCTAssertEqual(value.count, 11)
    }

    func testAnchorsAliasesAndMergeKeys() throws {
        let node = try yaml("""
        base: &base
          type: application
          platform: iOS
          settings: {A: 1}
        extra: &extra
          platform: tvOS
          sources: [x]
        one:
          <<: *base
          platform: macOS
        two:
          <<: [*extra, *base]
          name: Two
        three: &list [a, b]
        four: *list
        "<<": quoted
        """)
        let value = try XCTUnwrap(node.propertyListValue as? [String: Any])
        // PyYAML: one = {type: application, platform: macOS, settings: {A: 1}};
        // two = {type: application, platform: tvOS, settings: {A: 1}, sources: [x], name: Two}.
        XCTAssertEqual(plistText(value["one"]), plistText(["type": "application", "platform": "macOS", "settings": ["A": 1]] as [String: Any]),
                       "the mapping's own key wins over the merged one")
        XCTAssertEqual(plistText(value["two"]),
                       plistText(["type": "application", "platform": "tvOS", "settings": ["A": 1], "sources": ["x"], "name": "Two"] as [String: Any]),
                       "of a list of merged mappings, the earlier wins")
        XCTAssertEqual(node["one"]?.mappingKeys, ["type", "settings", "platform"], "merged keys first, each once, then the mapping's own")
        XCTAssertEqual(value["four"] as? [String], ["a", "b"], "an alias is its anchor's value")
        XCTAssertEqual(value["<<"] as? String, "quoted", "a quoted << is a plain key")
        XCTAssertEqual(node["one"]?["type"]?.line, 2, "an alias's copy keeps where its anchor was written")
    }

    func testAnXcodeGenSpecWithAnchorsAndMergeKeys() throws {
        let spec = try XcodeGenManifest.parse(bytes: Array("""
        name: Shared
        targetDefaults: &defaults
          type: application
          platform: iOS
          info:
            path: App/Info.plist
            properties: &launch
              UILaunchStoryboardName: Launch
        targets:
          App:
            <<: *defaults
            sources: [App]
          Widget:
            <<: *defaults
            type: app-extension
            info:
              path: Widget/Info.plist
              properties: *launch
        """.utf8), path: "project.yml")
        XCTAssertEqual(spec.targets.map(\.name), ["App", "Widget"])
        XCTAssertEqual(spec.applicationTargets.map(\.name), ["App"])
        XCTAssertEqual(spec.targets[0].platform, .iOS)
        XCTAssertEqual(spec.targets[0].infoPath, "App/Info.plist")
        XCTAssertEqual(spec.targets[0].sources, ["App"])
        XCTAssertEqual(spec.targets[1].infoPath, "Widget/Info.plist")
        XCTAssertEqual(spec.targets[1].infoProperties["UILaunchStoryboardName"] as? String, "Launch")
    }

    /// Plain scalars as Yams types them. The PyYAML column is what `yaml.safe_load` gave for the
    /// same text, where it differs (nil: the same as Yams).
    func testScalarTypingFollowsYams() throws {
        /// `integerPast64Bits`: PyYAML's integers are unbounded; `refused`: PyYAML has no constructor
        /// for YAML 1.1's `=` (value) type and refuses the file.
        enum Typed: Equatable { case string, null, bool(Bool), int(Int), float(Double), date(String), integerPast64Bits, refused }
        let table: [(text: String, yams: Typed, pyyaml: Typed?)] = [
            ("true", .bool(true), nil), ("True", .bool(true), nil), ("TRUE", .bool(true), nil),
            ("yes", .bool(true), nil), ("Yes", .bool(true), nil), ("on", .bool(true), nil), ("ON", .bool(true), nil),
            ("false", .bool(false), nil), ("no", .bool(false), nil), ("No", .bool(false), nil), ("off", .bool(false), nil),
            ("y", .string, nil), ("n", .string, nil), ("tRue", .string, nil),
            ("~", .null, nil), ("null", .null, nil), ("Null", .null, nil), ("NULL", .null, nil), ("", .null, nil),
            ("017", .int(15), nil), ("0o17", .int(15), .string), ("0x1F", .int(31), nil), ("-0x1F", .int(-31), nil),
            ("0b101", .int(5), nil), ("1_000", .int(1000), nil), ("+12", .int(12), nil), ("-12", .int(-12), nil),
            ("0", .int(0), nil), ("-0", .string, .int(0)), ("1:30", .int(90), nil), ("190:20:30", .int(685_230), nil),
            ("12345678901234567890", .string, .integerPast64Bits),
            ("08", .float(8), .string), ("09.5", .float(9.5), nil), ("1.5", .float(1.5), nil), ("1e3", .float(1000), .string),
            ("1.0e+3", .float(1000), nil), (".5", .float(0.5), nil), (".5e3", .float(500), .string), ("0.", .float(0), nil),
            ("1_000.5", .string, .float(1000.5)), ("-.inf", .float(-.infinity), nil), (".inf", .float(.infinity), nil),
            ("2001-12-14", .date("2001-12-14T00:00:00Z"), nil),
            ("2001-12-14t21:59:43.10-05:00", .date("2001-12-15T02:59:43Z"), nil),
            ("2001-1-5", .string, nil), ("1.2.3", .string, nil), ("=", .string, .refused), ("<<", .string, nil),
            ("iOS", .string, nil), ("$(SRCROOT)", .string, nil),
        ]
        let dateFormat = ISO8601DateFormatter()
        for row in table {
            let node = try yaml(row.text.isEmpty ? "k:" : "k: " + row.text)
            let typed: Typed
            switch node["k"] {
            case .scalar(_, .string, _)?: typed = .string
            case let .scalar(_, .bool(flag), _)?: typed = .bool(flag)
            case let .scalar(_, .int(number), _)?: typed = .int(number)
            case let .scalar(_, .float(number), _)?: typed = .float(number)
            case let .scalar(_, .timestamp(date), _)?: typed = .date(dateFormat.string(from: date))
            case .null?: typed = .null
            default: XCTFail("\(row.text): no scalar"); continue
            }
            XCTAssertEqual(typed, row.yams, row.text)
            if let pyyaml = row.pyyaml { XCTAssertNotEqual(pyyaml, row.yams, "\(row.text): PyYAML's differs, or the row should say nil") }
        }
        XCTAssertEqual(try value("k: .NaN")["k"].map { ($0 as? Double)?.isNaN }, true)
        XCTAssertNotNil(try value("k: 2001-12-14t21:59:43.10-05:00")["k"] as? Date, "an Info.plist date")
        // A quoted scalar is a string; a tag names the type.
        let tagged = try value("a: '017'\nb: \"yes\"\nc: !!int 017\nd: !!float 1\ne: !!bool yes\nf: !!int x\ng: ! 12\n")
        XCTAssertEqual(tagged["a"] as? String, "017")
        XCTAssertEqual(tagged["b"] as? String, "yes")
        XCTAssertEqual(tagged["c"] as? Int, 15)
        XCTAssertEqual(tagged["d"] as? Double, 1)
        XCTAssertEqual(tagged["e"] as? Bool, true)
        XCTAssertEqual(tagged["f"] as? String, "x", "a text that is not its tag's type stays a string")
        XCTAssertEqual(tagged["g"] as? String, "12", "the non-specific tag makes a string")
    }

    func testBadYAMLIsRefusedAtItsLineAndColumn() {
        assertRefusals([
            Refusal("a: [1, 2\nb: 3\n", "y.yml:2:2: did not find expected ',' or ']' (while parsing a flow sequence at line 1, column 4)"),
            Refusal("a: b: c\n", "y.yml:1:5: mapping values are not allowed in this context"),
            Refusal("a:\n\tb: 1\n", "y.yml:2:1: found character that cannot start any token"),
            Refusal("a: 'open\n", "y.yml:2:1: found unexpected end of stream"),
            Refusal("a:\n  b: 1\n c: 2\n", "y.yml:3:2: did not find expected key"),
            Refusal("a: \"\\q\"\n", "y.yml:1:5: found unknown escape character (while parsing a quoted scalar at line 1, column 4)"),
            Refusal("a: *nothing\n", "y.yml:1:4: the alias *nothing names no anchor before it"),
            Refusal("a: &x [*x]\n", "y.yml:1:8: the alias *x names no anchor before it"),
            Refusal("a: &s text\nb:\n  <<: *s\n", "y.yml:3:7: a merge key `<<` takes a mapping or a list of mappings"),
            Refusal(String(repeating: "[", count: 100) + String(repeating: "]", count: 100), "y.yml:1:65: values nest deeper than 64 levels"),
            Refusal("- " + String(repeating: "- ", count: 100) + "x", "y.yml:1:129: values nest deeper than 64 levels"),
            Refusal((0..<100).map { String(repeating: " ", count: $0) + "k\($0):" }.joined(separator: "\n"),
                    "y.yml:65:65: values nest deeper than 64 levels"),
        ], match: .prefix) { _ = try self.yaml($0) }
        var reader = YAMLReader(path: "y.yml")
        XCTAssertThrowsError(try reader.document(bytes: [0x61, 0x3A, 0x20, 0xFF])) { error in
            XCTAssertEqual("\(error)", "y.yml: is not UTF-8 text")
        }
        XCTAssertEqual(try XcodeGenManifest.parse(bytes: Array("a: 1\n---\nb: 2\n".utf8), path: "p.yml").warnings,
                       ["p.yml:2: only the first YAML document is read"])
    }

    func testXcodeGenSpecsAreBounded() throws {
        let tooLarge = [UInt8](repeating: 0x20, count: XcodeGenManifest.sizeLimit.bytes + 1)
        XCTAssertThrowsError(try XcodeGenManifest.parse(bytes: tooLarge, path: "p.yml")) { error in
            XCTAssertEqual("\(error)", "p.yml: is \(tooLarge.count) bytes; an XcodeGen spec over 1 MiB is refused")
        }
        // More values than the limit, in a file under the size limit: the document, `a` and the
        // list are three, so the item past the limit is the (limit - 2)th, two columns apart.
        let many = "a: [" + String(repeating: "1,", count: YAMLReader.maximumNodes) + "]"
        XCTAssertThrowsError(try XcodeGenManifest.parse(bytes: Array(many.utf8), path: "p.yml")) { error in
            XCTAssertEqual("\(error)", "p.yml:1:\(5 + 2 * (YAMLReader.maximumNodes - 3)): more than \(YAMLReader.maximumNodes) values")
        }
        // A billion laughs: each alias counts the values it copies, so the file is refused at the
        // alias that passes the limit (`e` holds 111,111 values; `f`'s second `*e` passes it), at once.
        var laughs = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for (i, name) in "bcdefghij".enumerated() {
            let previous = Array("abcdefghij")[i]
            laughs += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]\n"
        }
        laughs += "targets:\n  App:\n    type: application\n    info:\n      properties:\n        Laughs: *j\n"
        let start = Date()
        XCTAssertThrowsError(try XcodeGenManifest.parse(bytes: Array(laughs.utf8), path: "p.yml")) { error in
            XCTAssertEqual("\(error)", "p.yml:6:12: aliases expand to more than \(YAMLReader.maximumNodes) values")
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 1)
        // Templates copy nodes per target; a spec cannot multiply them past the limit.
        var templated = "targetTemplates:\n  T:\n    sources: [" + Array(repeating: "s", count: 5_000).joined(separator: ", ") + "]\ntargets:\n"
        for i in 0..<200 { templated += "  A\(i): {templates: [T]}\n" }
        XCTAssertThrowsError(try XcodeGenManifest.parse(bytes: Array(templated.utf8), path: "p.yml")) { error in
            XCTAssertTrue("\(error)".contains("templates expand to more than \(YAMLReader.maximumNodes) values"), "\(error)")
        }
    }
}
