import CLibXML2

/// The one XML reader: libxml2's SAX2 parser over a document's bytes, for storyboards, xibs and
/// the root of an SVG. It is safe by construction rather than by a scan of the bytes beforehand:
/// - no network and no external DTD or entity is ever loaded (`XML_PARSE_NONET`, and no
///   `externalSubset`, `resolveEntity` or `getEntity` callback, so only the five predefined
///   entities and character references expand);
/// - a document type declaration is refused, or read only without an internal subset, so no
///   entity is ever declared: there is nothing to expand, let alone exponentially;
/// - processing instructions after the XML declaration are refused (these formats have none);
/// - the caller's handler sees each start and end tag and may stop the read, so element counts and
///   depth are bounded as they are read, before the tree is built.
///
/// Names and attributes come as Foundation's `XMLParser` gave them without namespace processing:
/// an element or attribute with a prefix is `prefix:name`, and namespace declarations are the
/// attributes `xmlns` and `xmlns:prefix`.
public enum SafeXMLReader {
    /// What the reader refuses, in the caller's words.
    public struct Rules: Sendable {
        /// A processing instruction after the XML declaration.
        public var processingInstruction: String
        /// Any `<!DOCTYPE …>`; nil reads one without an internal subset.
        public var documentType: String?
        /// A `<!DOCTYPE … [ … ]>` whose internal subset declares anything (entities live there).
        public var internalSubset: String

        public init(processingInstruction: String, documentType: String?, internalSubset: String) {
            self.processingInstruction = processingInstruction; self.documentType = documentType; self.internalSubset = internalSubset
        }
    }

    /// A start tag: its name, its attributes, and the line the parser was on when the tag ended
    /// (the line Foundation's `XMLParser.lineNumber` gave).
    public struct StartTag: Sendable {
        public var name: String
        public var attributes: [String: String]
        public var line: Int
    }

    public enum Event: Sendable {
        case start(StartTag)
        case end
    }

    /// What the handler answers: read on, or stop here (the document is not read further and no
    /// error is raised for what follows).
    public enum Next: Sendable { case `continue`, stop }

    /// Why a read failed, with the line; `message` is the whole text after "FILE:LINE: ".
    public struct Failure: Error, Equatable, Sendable {
        public var line: Int
        public var message: String
        public init(line: Int, message: String) { self.line = line; self.message = message }
    }

    /// Reads `bytes`, handing each start and end tag to `handle` in document order. A document
    /// that is not well-formed, or that holds what `rules` refuse, throws a `Failure` at its line;
    /// an error `handle` throws is rethrown as it is.
    public static func read(_ bytes: [UInt8], rules: Rules, handle: @escaping (Event) throws -> Next) throws {
        _ = initialized
        let state = ReadState(rules: rules, handle: handle)
        var sax = xmlSAXHandler()
        sax.initialized = UInt32(XML_SAX2_MAGIC)
        sax.startElementNs = { context, localName, prefix, _, namespaceCount, namespaces, attributeCount, _, attributes in
            guard let context, let localName else { return }
            ReadState.from(context).start(localName: localName, prefix: prefix, namespaceCount: Int(namespaceCount), namespaces: namespaces,
                                          attributeCount: Int(attributeCount), attributes: attributes)
        }
        sax.endElementNs = { context, _, _, _ in
            guard let context else { return }
            ReadState.from(context).end()
        }
        sax.processingInstruction = { context, _, _ in
            guard let context else { return }
            let state = ReadState.from(context)
            state.refuse(state.rules.processingInstruction)
        }
        sax.internalSubset = { context, _, _, _ in
            guard let context else { return }
            let state = ReadState.from(context)
            state.documentTypeLine = state.line
            if let refusal = state.rules.documentType { state.refuse(refusal) }
        }
        // Every declaration an internal subset may hold: any one means the subset is not empty.
        sax.entityDecl = { context, _, _, _, _, _ in context.map { ReadState.from($0).refuseInternalSubset() } }
        sax.elementDecl = { context, _, _, _ in context.map { ReadState.from($0).refuseInternalSubset() } }
        sax.attributeDecl = { context, _, _, _, _, _, _ in context.map { ReadState.from($0).refuseInternalSubset() } }
        sax.notationDecl = { context, _, _, _ in context.map { ReadState.from($0).refuseInternalSubset() } }
        sax.unparsedEntityDecl = { context, _, _, _, _ in context.map { ReadState.from($0).refuseInternalSubset() } }
        sax.serror = { context, error in
            guard let context, let error else { return }
            let words = error.pointee.message.map { String(cString: $0) }
            ReadState.from(context).parserError(code: Int(error.pointee.code), line: Int(error.pointee.line), level: error.pointee.level, words: words)
        }
        let box = Unmanaged.passRetained(state)
        defer { box.release() }
        guard let parser = xmlCreatePushParserCtxt(&sax, box.toOpaque(), nil, 0, nil) else {
            throw Failure(line: 1, message: "libxml2 could not start a parser (out of memory?)")
        }
        defer { xmlFreeParserCtxt(parser) }
        state.parser = parser
        // NOENT: without it libxml2 hands `&amp;` in an attribute on as `&#38;`; with it, as `&`
        // (as Foundation's XMLParser did). No entity can be declared here, so nothing else expands.
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOENT.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        _ = xmlCtxtUseOptions(parser, options)
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                _ = xmlParseChunk(parser, chars.baseAddress, Int32(chars.count), 1)
            }
        }
        if let thrown = state.thrown { throw thrown }
        if let failure = state.failure { throw failure }
    }

    /// libxml2 is set up once per process before any thread parses (its documented rule for
    /// threaded programs).
    private static let initialized: Void = xmlInitParser()
}

/// One read's state, reached from libxml2's callbacks through their context pointer.
private final class ReadState {
    let rules: SafeXMLReader.Rules
    let handle: (SafeXMLReader.Event) throws -> SafeXMLReader.Next
    var parser: xmlParserCtxtPtr?
    var failure: SafeXMLReader.Failure?
    var thrown: Error?
    var documentTypeLine: Int?
    private var stopped = false

    init(rules: SafeXMLReader.Rules, handle: @escaping (SafeXMLReader.Event) throws -> SafeXMLReader.Next) {
        self.rules = rules; self.handle = handle
    }

    static func from(_ context: UnsafeMutableRawPointer) -> ReadState { Unmanaged<ReadState>.fromOpaque(context).takeUnretainedValue() }

    /// The line the parser is on.
    var line: Int { max(Int(parser?.pointee.input?.pointee.line ?? 1), 1) }

    func start(localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?, namespaceCount: Int,
               namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, attributeCount: Int,
               attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        guard !stopped else { return }
        var attributeValues: [String: String] = [:]
        if let namespaces {
            for i in 0..<namespaceCount {
                let name = namespaces[2 * i].map { "xmlns:" + String(cString: $0) } ?? "xmlns"
                attributeValues[name] = namespaces[2 * i + 1].map { String(cString: $0) } ?? ""
            }
        }
        if let attributes {
            // Five pointers an attribute: local name, prefix, URI, value, and the value's end.
            for i in 0..<attributeCount {
                guard let local = attributes[5 * i] else { continue }
                var name = String(cString: local)
                if let prefix = attributes[5 * i + 1], prefix.pointee != 0 { name = String(cString: prefix) + ":" + name }
                guard let value = attributes[5 * i + 3], let end = attributes[5 * i + 4] else { continue }
                attributeValues[name] = String(decoding: UnsafeBufferPointer(start: value, count: max(end - value, 0)), as: UTF8.self)
            }
        }
        var name = String(cString: localName)
        if let prefix { name = String(cString: prefix) + ":" + name }
        deliver(.start(SafeXMLReader.StartTag(name: name, attributes: attributeValues, line: line)))
    }

    func end() {
        guard !stopped else { return }
        deliver(.end)
    }

    private func deliver(_ event: SafeXMLReader.Event) {
        do {
            if try handle(event) == .stop { stop() }
        } catch {
            thrown = error
            stop()
        }
    }

    func refuse(_ message: String) {
        guard !stopped else { return }
        failure = SafeXMLReader.Failure(line: line, message: message)
        stop()
    }

    func refuseInternalSubset() {
        guard !stopped else { return }
        failure = SafeXMLReader.Failure(line: documentTypeLine ?? line, message: rules.internalSubset)
        stop()
    }

    /// The first fatal error libxml2 raises (every well-formedness error is fatal) ends the read.
    /// Errors it reads past are not refused: an undefined namespace prefix (`xlink:href` with no
    /// `xmlns:xlink`, common in hand-written SVGs) or an entity an external DTD might declare,
    /// which is left unexpanded, since no DTD is loaded.
    func parserError(code: Int, line errorLine: Int, level: xmlErrorLevel, words: String?) {
        guard !stopped, level == XML_ERR_FATAL else { return }
        failure = SafeXMLReader.Failure(line: max(errorLine, 1), message: Self.message(code, words: words))
        stop()
    }

    private func stop() {
        stopped = true
        if let parser { xmlStopParser(parser) }
    }

    /// libxml2's `xmlParserErrors`: the XML declaration's own errors in the words used before
    /// libxml2 read these documents, the rest as `xmlProblem` says.
    static func message(_ code: Int, words: String?) -> String {
        switch code {
        case Int(XML_ERR_VERSION_MISSING.rawValue), Int(XML_ERR_XMLDECL_NOT_FINISHED.rawValue):
            return "the XML declaration has no version or no end"
        default:
            return "not a valid XML document (\(xmlProblem(code, libxml2Message: words)))"
        }
    }
}
