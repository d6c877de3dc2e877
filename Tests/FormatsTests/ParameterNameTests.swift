import Foundation
import XCTest

/// Each parameter's Swift name (the field `TimingsSchema.parameters` reads, e.g. `logoDuration`,
/// `heightFraction`) is written only in its declaration (`Timings.swift`, `TimingsSchema.swift`)
/// and its table entry (`SplashTracks.swift`, `InteractionMotions.swift`); everything else reads
/// it through the table, so adding or renaming a parameter touches those files alone.
final class ParameterNameTests: XCTestCase {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")
    static let allowed: Set<String> = ["Formats/Timings.swift", "Formats/TimingsSchema.swift", "Formats/SplashTracks.swift",
                                       "Formats/InteractionMotions.swift"]

    /// (section, field) for every parameter, read from the declaration's key paths and closures,
    /// and from the spring entries (`section: \\.panel, readResponse: \\.springResponse, ...`) that
    /// declare each spring's two fields once.
    func declaredFields() throws -> [(section: String, name: String)] {
        let schema = try String(contentsOf: Self.sources.appendingPathComponent("Formats/TimingsSchema.swift"), encoding: .utf8)
        let regex = try NSRegularExpression(pattern: #"(?:\\|\$0|\bt)\.(splash|card|panel|scroll)\.([A-Za-z]+)"#)
        var out: [(String, String)] = []
        for m in regex.matches(in: schema, range: NSRange(schema.startIndex..., in: schema)) {
            let section = String(schema[Range(m.range(at: 1), in: schema)!]), name = String(schema[Range(m.range(at: 2), in: schema)!])
            if !out.contains(where: { $0 == (section, name) }) { out.append((section, name)) }
        }
        let motions = try String(contentsOf: Self.sources.appendingPathComponent("Formats/InteractionMotions.swift"), encoding: .utf8)
        let spring = try NSRegularExpression(pattern: #"section: \\\.(panel|scroll),\s*readResponse: \\\.([A-Za-z]+), readDampingFraction: \\\.([A-Za-z]+)"#)
        for m in spring.matches(in: motions, range: NSRange(motions.startIndex..., in: motions)) {
            let section = String(motions[Range(m.range(at: 1), in: motions)!])
            for group in [2, 3] {
                let name = String(motions[Range(m.range(at: group), in: motions)!])
                if !out.contains(where: { $0 == (section, name) }) { out.append((section, name)) }
            }
        }
        return out
    }

    func testEveryDeclaredParameterIsFound() throws {
        let fields = try declaredFields()
        for expected in [("splash", "logoDuration"), ("card", "duration"), ("panel", "heightFraction"), ("panel", "completion"),
                         ("panel", "springDampingFraction"), ("scroll", "decelerationRate")] {
            XCTAssertTrue(fields.contains { $0 == expected }, "\(expected) not found in the declaration")
        }
        XCTAssertGreaterThanOrEqual(fields.count, 40)
    }

    func testParameterNamesAppearOnlyInTheirDeclarationAndTable() throws {
        let fields = try declaredFields()
        var found: [String] = []
        let files = FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        XCTAssertGreaterThan(files.count, 50)
        for file in files {
            let relative = String(file.path.dropFirst(Self.sources.path.count + 1))
            guard !Self.allowed.contains(relative) else { continue }
            let code = Self.codeOnly(try String(contentsOf: file, encoding: .utf8))
            for (section, name) in fields {
                // A compound name (`heightFraction`) is a parameter's wherever it is a member; a
                // plain word (`duration`, `curve`) only where it is reached through its section or
                // through a model's section timings.
                var patterns = [#"\b\#(section)\.\#(name)\b"#, #"\btimings\.\#(name)\b"#]
                if name.contains(where: \.isUppercase) { patterns.append(#"\.\#(name)\b"#) }
                for pattern in patterns {
                    let regex = try NSRegularExpression(pattern: pattern)
                    for m in regex.matches(in: code, range: NSRange(code.startIndex..., in: code)) {
                        let line = code[..<Range(m.range, in: code)!.lowerBound].filter { $0 == "\n" }.count + 1
                        let finding = "\(relative):\(line): \(name)"
                        if !found.contains(finding) { found.append(finding) }
                    }
                }
            }
        }
        XCTAssertEqual(found, [], "parameters named outside their declaration and table:\n" + found.joined(separator: "\n"))
    }

    func testCodeOnlyKeepsInterpolationsAndDropsTextAndComments() {
        let source = #"""
        let a = t.panel.maxDim // t.panel.curve
        let b = "panel.duration \(t.card.curve) x"
        let c = """
            panel.heightFraction \(number(t.scroll.bounceResponse))
            """
        """#
        let code = Self.codeOnly(source)
        XCTAssertTrue(code.contains("t.panel.maxDim"))
        XCTAssertFalse(code.contains("panel.curve"))
        XCTAssertFalse(code.contains("panel.duration"))
        XCTAssertTrue(code.contains("t.card.curve"))
        XCTAssertFalse(code.contains("heightFraction"))
        XCTAssertTrue(code.contains("t.scroll.bounceResponse"))
        XCTAssertEqual(code.filter { $0 == "\n" }.count, source.filter { $0 == "\n" }.count)
    }

    /// The source with comments and the text of string literals blanked (interpolations kept,
    /// line breaks kept so line numbers hold): a path like "panel.curve" or a generated Swift
    /// text is not a use of the field.
    static func codeOnly(_ source: String) -> String {
        enum Mode { case code(depth: Int), string(multiline: Bool), lineComment, blockComment }
        var stack: [Mode] = [.code(depth: 0)]
        var out = ""
        let chars = Array(source)
        var i = 0
        func at(_ k: Int, _ s: String) -> Bool {
            let s = Array(s)
            return k + s.count <= chars.count && Array(chars[k..<k + s.count]) == s
        }
        while i < chars.count {
            let c = chars[i]
            switch stack.last! {
            case let .code(depth):
                if at(i, "//") { stack.append(.lineComment); i += 2; continue }
                if at(i, "/*") { stack.append(.blockComment); i += 2; continue }
                if at(i, "\"\"\"") { stack.append(.string(multiline: true)); out += "\"\"\""; i += 3; continue }
                if c == "\"" { stack.append(.string(multiline: false)); out.append(c); i += 1; continue }
                if c == "(" { stack[stack.count - 1] = .code(depth: depth + 1) }
                if c == ")" {
                    if depth == 0 && stack.count > 1 { stack.removeLast(); out.append(c); i += 1; continue }
                    stack[stack.count - 1] = .code(depth: depth - 1)
                }
                out.append(c); i += 1
            case let .string(multiline):
                if at(i, "\\(") { stack.append(.code(depth: 0)); out += "\\("; i += 2; continue }
                if c == "\\" { out += "  "; i += 2; continue }
                if multiline && at(i, "\"\"\"") { stack.removeLast(); out += "\"\"\""; i += 3; continue }
                if !multiline && c == "\"" { stack.removeLast(); out.append(c); i += 1; continue }
                out.append(c == "\n" ? "\n" : " "); i += 1
            case .lineComment:
                if c == "\n" { stack.removeLast(); out.append(c) }
                i += 1
            case .blockComment:
                if at(i, "*/") { stack.removeLast(); i += 2; continue }
                if c == "\n" { out.append(c) }
                i += 1
            }
        }
        return out
    }
}
