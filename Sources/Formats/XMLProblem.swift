import Foundation
import Motion

/// What libxml2's error code (`xmlParserErrors`) says, for the codes a damaged document gives:
/// for Interface Builder documents (LaunchImport) and SVGs, read by `SafeXMLReader`. Other codes
/// are said in libxml2's own words (`libxml2Message`, its error's text) when it gives them.
func xmlProblem(_ code: Int, libxml2Message: String? = nil) -> String {
    switch code {
    case 3: return "no document start"
    case 4: return "the document is empty"
    case 5: return "content after the root element"
    case 9: return "an invalid character"
    case 26: return "an undeclared entity"
    case 39, 40, 41: return "a malformed attribute"
    case 68: return "a name is missing"
    case 73: return "'>' is missing"
    case 76: return "an end tag does not match its start tag"
    case 77: return "a tag is not finished: the document ends early"
    // `<?xml` where a declaration may not be (after anything else), or `<?xml?>` with nothing in it.
    case 64: return "an XML declaration that is empty or not at the very start"
    default:
        let words = libxml2Message?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return words.isEmpty ? "libxml2 error \(code)" : "libxml2 error \(code): \(abbreviatedForMessage(words, limit: 80, quoted: false))"
    }
}
