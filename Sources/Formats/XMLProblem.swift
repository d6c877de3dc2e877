/// What libxml2's error code (`xmlParserErrors`, which `XMLParser` passes on) says, for the
/// codes a damaged document gives: for Interface Builder documents (LaunchImport) and SVG roots.
public func xmlProblem(_ code: Int) -> String {
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
    default: return "libxml2 error \(code)"
    }
}
