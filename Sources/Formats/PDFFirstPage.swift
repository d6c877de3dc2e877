import CVectorImage
import Motion

/// A PDF's first page, opened by poppler-glib from the file's bytes: the one way a PDF is read
/// here, for its size (`ImageFileInfo`) and its drawing (Render's `VectorImage`), so the size a
/// layout is given is the size of what is drawn. poppler reads what a PDF reader must
/// (cross-reference streams and compressed object streams, ISO 32000-1 §7.5.7-7.5.8; incremental
/// updates, §7.5.6; a damaged cross-reference table, rebuilt from the objects).
///
/// poppler reports what it works around in a damaged file through its error callback, which
/// poppler-glib routes to GLib's log at the INFO level in the "Poppler" domain (its
/// `_poppler_error_cb`, set by every `poppler_document_new_from_*`), and GLib's default handler
/// prints INFO only when `G_MESSAGES_DEBUG` names the domain: so a damaged file prints nothing
/// and its problem comes back as this error only.
public enum PDFFirstPage {
    /// Opens the document from memory with no password and hands its first page to `use` with
    /// the page's size in points: `poppler_page_get_size` (poppler-glib 22.12 reference) gives the
    /// crop box (§14.11.2: the media box when there is none, and clipped to it), with its sides
    /// swapped when `/Rotate` (§7.7.3.3, inherited through the page tree, §7.7.3.4) is a quarter
    /// turn either way; 1 pt = 1/72 in. A page with no media box gets poppler's default, US Letter
    /// (612 × 792 pt), as it is drawn. Only the first page is loaded, however many follow: poppler
    /// reads the page tree as far as the page asked for. The page lives until `use` returns.
    ///
    /// Throws an `ImageFileError` naming `path` for a file poppler cannot read (its own reason),
    /// one encrypted with a user password (`POPPLER_ERROR_ENCRYPTED`: an app's image never comes
    /// with one), no pages, a first page poppler cannot load, and a first page whose box is empty.
    public static func open<Result>(_ bytes: [UInt8], path: String,
                                    _ use: (_ page: OpaquePointer, _ width: Double, _ height: Double) throws -> Result) throws -> Result {
        let glib = try GLibFunctions.load(), poppler = try PopplerFunctions.load()
        let data = bytes.withUnsafeBytes { glib.bytesNew($0.baseAddress, gsize($0.count)) }
        defer { glib.bytesUnref(data) }
        var error: UnsafeMutablePointer<GError>?
        guard let document = poppler.documentFromBytes(data, nil, &error) else {
            let (domain, code, message) = glib.takeError(&error)
            if domain == poppler.errorQuark() && code == Int32(POPPLER_ERROR_ENCRYPTED.rawValue) {
                throw ImageFileError(path: path, "encrypted PDF: it opens only with a password, which an app's image never has")
            }
            throw ImageFileError(path: path, "poppler cannot read the PDF: \(abbreviatedForMessage(message, limit: 200, quoted: false))")
        }
        defer { glib.objectUnref(UnsafeMutableRawPointer(document)) }
        guard poppler.pageCount(document) > 0 else { throw ImageFileError(path: path, "the PDF has no pages") }
        // A page tree that loops, or whose first leaf is no page, counts pages it cannot give.
        guard let page = poppler.page(document, 0) else { throw ImageFileError(path: path, "poppler cannot read the PDF's first page") }
        defer { glib.objectUnref(UnsafeMutableRawPointer(page)) }
        var width = 0.0, height = 0.0
        poppler.pageSize(page, &width, &height)
        guard width > 0, height > 0, width.isFinite, height.isFinite else {
            throw ImageFileError(path: path, "the PDF's first page is empty (its box is \(formatNumber(width))x\(formatNumber(height)) pt)")
        }
        return try use(page, width, height)
    }

    /// The size of the first page in points (see `open`).
    public static func size(_ bytes: [UInt8], path: String) throws -> (width: Double, height: Double) {
        try open(bytes, path: path) { _, width, height in (width, height) }
    }
}
