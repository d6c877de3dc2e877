import Foundation

/// PDFs written object by object with a correct cross-reference table (ISO 32000-1 §7.5.4):
/// a catalog, a page tree, pages and one content stream that every page draws.
public enum PDFWriter {
    public static func document(_ objects: [String]) -> [UInt8] {
        var out = Array("%PDF-1.4\n".utf8)
        var offsets: [Int] = []
        for (i, body) in objects.enumerated() {
            offsets.append(out.count)
            out += Array("\(i + 1) 0 obj\n\(body)\nendobj\n".utf8)
        }
        let xref = out.count
        var table = "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { table += String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n" }
        table += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return out + Array(table.utf8)
    }

    /// `document` (as `document(_:)` writes it) with an incremental update appended (ISO 32000-1
    /// §7.5.6): the objects given by number, redefined, with their own cross-reference section,
    /// whose trailer points back at the one before with `/Prev`.
    public static func updated(_ document: [UInt8], objects: [Int: String]) -> [UInt8] {
        let text = String(decoding: document, as: UTF8.self)
        let previous = text.components(separatedBy: "startxref\n").last.flatMap { Int($0.prefix { $0.isNumber }) } ?? 0
        let size = text.components(separatedBy: "/Size ").last.flatMap { Int($0.prefix { $0.isNumber }) } ?? 0
        var out = document
        var table = "xref\n0 1\n0000000000 65535 f \n"
        for (number, body) in objects.sorted(by: { $0.key < $1.key }) {
            table += "\(number) 1\n" + String(repeating: "0", count: 10 - String(out.count).count) + "\(out.count) 00000 n \n"
            out += Array("\(number) 0 obj\n\(body)\nendobj\n".utf8)
        }
        let xref = out.count
        table += "trailer\n<< /Size \(max(size, (objects.keys.max() ?? 0) + 1)) /Root 1 0 R /Prev \(previous) >>\nstartxref\n\(xref)\n%%EOF\n"
        return out + Array(table.utf8)
    }

    /// `count` pages drawing `content`: the first with `firstBox`, the others inheriting `otherBox`.
    public static func pages(count: Int, firstBox: String, otherBox: String, content: String) -> [UInt8] {
        let kids = (0..<count).map { "\($0 + 4) 0 R" }.joined(separator: " ")
        let inherited = otherBox.isEmpty ? "" : "/MediaBox [\(otherBox)] "
        var objects = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [\(kids)] /Count \(count) \(inherited)>>",
                       "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream"]
        objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [\(firstBox)] /Contents 3 0 R /Resources << >> >>")
        for _ in 1..<max(count, 1) { objects.append("<< /Type /Page /Parent 2 0 R /Contents 3 0 R /Resources << >> >>") }
        return document(objects)
    }
}
