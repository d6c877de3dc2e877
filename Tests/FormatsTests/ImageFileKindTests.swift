import Foundation
import XCTest
import TestFixtures
@testable import Formats

/// Image files told by their bytes, and their sizes read without decoding: PNG, JPEG and GIF
/// headers, a PDF's first page, an SVG's root; and what is refused, with the file named.
final class ImageFileKindTests: XCTestCase {
    static let fixtures = fixtureFolder("VectorImages")

    func fixture(_ name: String) throws -> [UInt8] { try fixtureBytes(name, in: Self.fixtures) }

    func info(_ text: String, path: String = "image.svg") throws -> ImageFileInfo { try ImageFileInfo.read(Array(text.utf8), path: path) }

    func size(_ info: ImageFileInfo) -> [Double] { [info.width, info.height] }

    // MARK: Kinds

    func testKindsAreToldByContentNotName() throws {
        XCTAssertEqual(ImageFileKind.sniff(try fixture("palette-alpha.png")), .png)
        XCTAssertEqual(ImageFileKind.sniff(try fixture("jpeg-named.png")), .jpeg, "JPEG data behind a .png name")
        XCTAssertEqual(ImageFileKind.sniff(try fixture("green.gif")), .gif)
        XCTAssertEqual(ImageFileKind.sniff(try fixture("red-square.pdf")), .pdf)
        XCTAssertEqual(ImageFileKind.sniff(try fixture("red-square.svg")), .svg)
        XCTAssertEqual(ImageFileKind.sniff(Array("junk before the header\n%PDF-1.7\n".utf8)), .pdf, "a header within the first 1024 bytes")
        XCTAssertNil(ImageFileKind.sniff(Array(repeating: 0x20, count: 1024) + Array("%PDF-1.7".utf8)), "past the first 1024 bytes")
        XCTAssertEqual(ImageFileKind.sniff([0xEF, 0xBB, 0xBF] + Array("<?xml version='1.0'?>\n<!-- made by hand -->\n<!DOCTYPE svg>\n<svg/>".utf8)), .svg)
        XCTAssertEqual(ImageFileKind.sniff(Array("<svg:svg xmlns:svg='http://www.w3.org/2000/svg'/>".utf8)), .svg, "a namespace prefix")
        XCTAssertNil(ImageFileKind.sniff(Array("<html><svg/></html>".utf8)))
        XCTAssertNil(ImageFileKind.sniff(Array("<svgfont/>".utf8)))
        XCTAssertNil(ImageFileKind.sniff([]))
        XCTAssertNil(ImageFileKind.sniff(Array("II*\0".utf8)), "TIFF is not read")
        XCTAssertTrue(ImageFileKind.pdf.isVector && ImageFileKind.svg.isVector && !ImageFileKind.jpeg.isVector)
    }

    func testAFileOfNoSupportedKindIsRefusedByName() {
        for bytes in [[], Array("hello".utf8), [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0]] as [[UInt8]] {
            XCTAssertThrowsError(try ImageFileInfo.read(bytes, path: "Logo.imageset/logo.png")) {
                XCTAssertEqual("\($0)", "Logo.imageset/logo.png: not a PNG, JPEG, GIF, PDF or SVG image")
            }
        }
    }

    /// Rasters under the 80 MiB image limit, everything else (which can only be PDF or SVG) under the vector one.
    func testTheSizeLimitFollowsTheFirstBytes() throws {
        XCTAssertEqual(ImageFileKind.sizeLimit(head: try fixture("jpeg-named.png")), .image)
        XCTAssertEqual(ImageFileKind.sizeLimit(head: Array(try fixture("palette-alpha.png").prefix(8))), .image)
        XCTAssertEqual(ImageFileKind.sizeLimit(head: try fixture("red-square.pdf")), .vectorImage)
        XCTAssertEqual(ImageFileKind.sizeLimit(head: Array("<svg".utf8)), .vectorImage)
        XCTAssertEqual(FileSizeLimit.vectorImage.bytes, 16 << 20)
    }

    // MARK: Raster sizes

    func testRasterSizesComeFromTheirHeaders() throws {
        XCTAssertEqual(try ImageFileInfo.read(try fixture("palette-alpha.png"), path: "p.png"), ImageFileInfo(kind: .png, width: 4, height: 2))
        XCTAssertEqual(try ImageFileInfo.read(try fixture("jpeg-named.png"), path: "j.png"), ImageFileInfo(kind: .jpeg, width: 8, height: 6))
        XCTAssertEqual(try ImageFileInfo.read(try fixture("green.gif"), path: "g.gif"), ImageFileInfo(kind: .gif, width: 5, height: 3))
        // A progressive JPEG (SOF2) after an APP1 segment and fill bytes before its marker.
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x04, 0xAA, 0xBB, 0xFF, 0xFF, 0xC2, 0x00, 0x11, 0x08, 0x01, 0x2C, 0x02, 0x58, 0x03]
        XCTAssertEqual(size(try ImageFileInfo.read(jpeg, path: "p.jpg")), [600, 300])
        // The 2x and 3x files of a raster have their pixels over the scale in points; a vector's points are its own.
        XCTAssertTrue(ImageFileInfo(kind: .png, width: 300, height: 150).pointSize(scale: 3) == (100, 50))
        XCTAssertTrue(ImageFileInfo(kind: .pdf, width: 300, height: 150).pointSize(scale: 3) == (300, 150))
    }

    func testBrokenRasterHeadersAreRefused() {
        assertRefusals([
            Refusal(Array(ImageFileKind.pngSignature) + [0, 0, 0, 13], "a.png: a PNG signature without an IHDR chunk"),
            Refusal(PNGHeader.bytes(width: 0, height: 4), "a.png: the PNG header gives an empty image"),
            Refusal([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02], "a.png: a JPEG with no frame header before its image data"),
            Refusal([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A], "a.png: a JPEG that ends before its frame header"),
            Refusal([0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x00, 0x00, 0x10, 0x03], "the JPEG frame header gives 16x0 px"),
            Refusal([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01], "a marker segment of length 1"),
            Refusal(Array("GIF89a".utf8) + [1, 0], "a.png: a GIF that ends before its logical screen size"),
            Refusal(Array("GIF89a".utf8) + [0, 0, 3, 0], "the GIF header gives 0x3 px"),
        ]) { _ = try ImageFileInfo.read($0, path: "a.png") }
    }

    // MARK: PDF

    func testPDFSizeIsTheFirstPagesBox() throws {
        XCTAssertEqual(try ImageFileInfo.read(try fixture("red-square.pdf"), path: "r.pdf"), ImageFileInfo(kind: .pdf, width: 20, height: 20))
        // The media box inherited from the page tree (30 pt high), the crop box cutting it to 12,
        // a quarter turn: 12 wide, 20 high, as poppler sizes it.
        XCTAssertEqual(size(try ImageFileInfo.read(try fixture("inherited-cropped-rotated.pdf"), path: "i.pdf")), [12, 20])
        // Corners in either order, fractions, negative origins, a box by reference, comments; the
        // crop box clipped to the media box (§14.11.2).
        let page = "<< /Type /Page /Parent 2 0 R /MediaBox 5 0 R /CropBox [ 110.5 -20 -10.25 40 ] % the crop\n >>"
        let pdf = PDFWriter.document(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", page, "<< >>",
                                       "[-50 -50 100 100]"])
        XCTAssertEqual(size(try ImageFileInfo.read(pdf, path: "c.pdf")), [110.25, 60])
        // /Rotate inherited from the page tree, a negative quarter turn (§7.7.3.3: a multiple of 90).
        let turned = PDFWriter.document(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 /Rotate -270 >>",
                                          "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 30 10] >>"])
        XCTAssertEqual(size(try ImageFileInfo.read(turned, path: "t.pdf")), [10, 30])
        // No media box, or one that is not four numbers: poppler's default, US Letter, as it is drawn.
        for box in ["", "/MediaBox [0 0 a 10]"] {
            let letter = PDFWriter.document(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                                              "<< /Type /Page /Parent 2 0 R \(box) >>"])
            XCTAssertEqual(size(try ImageFileInfo.read(letter, path: "l.pdf")), [612, 792], box)
        }
    }

    /// PDF 1.5's compressed object streams and cross-reference stream (ISO 32000-1 §7.5.7,
    /// §7.5.8), which most PDF writers use today: the catalog, page tree and page are all inside
    /// the compressed stream (qpdf --object-streams=generate, see make-fixtures.py).
    func testAPDFInCompressedObjectStreamsIsRead() throws {
        let bytes = try fixture("object-streams.pdf")
        XCTAssertTrue(String(decoding: bytes, as: UTF8.self).contains("/Type /ObjStm"))
        XCTAssertEqual(try ImageFileInfo.read(bytes, path: "o.pdf"), ImageFileInfo(kind: .pdf, width: 12, height: 20))
    }

    /// Of a thousand pages, the first one's size: the page tree is walked to its first leaf,
    /// however many pages follow.
    func testAThousandPagePDFGivesItsFirstPage() throws {
        let pdf = PDFWriter.pages(count: 1000, firstBox: "0 0 300 200", otherBox: "0 0 612 792", content: "")
        XCTAssertGreaterThan(pdf.count, 50_000)
        XCTAssertEqual(size(try ImageFileInfo.read(pdf, path: "many.pdf")), [300, 200])
    }

    func testPDFPageTreesInEveryOrder() throws {
        // The first kid is an empty subtree: the first page is in the next one.
        let nested = PDFWriter.document([
            "<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 1 >>",
            "<< /Type /Pages /Parent 2 0 R /Kids [] /Count 0 >>", "<< /Type /Pages /Parent 2 0 R /Kids [5 0 R] /Count 1 /MediaBox [0 0 7 9] >>",
            "<< /Type /Page /Parent 4 0 R >>",
        ])
        XCTAssertEqual(size(try ImageFileInfo.read(nested, path: "n.pdf")), [7, 9])
        // An incremental update redefines the page (§7.5.6): the update's definition is the one read.
        let original = PDFWriter.document(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                                            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] >>"])
        let updated = PDFWriter.updated(original, objects: [3: "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 44 33] >>"])
        XCTAssertEqual(size(try ImageFileInfo.read(updated, path: "u.pdf")), [44, 33])
        // A cross-reference offset that points nowhere (a file edited by hand): poppler rebuilds
        // the table from the objects, as readers do.
        let moved = Array(String(decoding: original, as: UTF8.self).replacingOccurrences(of: "startxref\n", with: "startxref\n9").utf8)
        XCTAssertEqual(size(try ImageFileInfo.read(moved, path: "m.pdf")), [10, 10])
    }

    func testPDFsPopplerCannotSizeSaySo() throws {
        assertRefusals([
            // No trailer, no catalog, nothing to rebuild a document from.
            Refusal(Array("%PDF-1.4\n7 0 obj << /Type /Page /MediaBox [0 0 8 4] >> endobj\n".utf8),
                    "x.pdf: poppler cannot read the PDF: PDF document is damaged"),
            Refusal(Array("%PDF-1.4\n".utf8), "x.pdf: poppler cannot read the PDF: PDF document is damaged"),
            // A page tree that is its own kid: counted, but no page comes of it; an error, not a hang.
            Refusal(PDFWriter.document(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [2 0 R] /Count 1 >>"]),
                    "x.pdf: poppler cannot read the PDF's first page"),
            Refusal(PDFWriter.document(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [] /Count 0 >>"]),
                    "x.pdf: the PDF has no pages"),
            Refusal(PDFWriter.document(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                                         "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 0 10] >>"]),
                    "x.pdf: the PDF's first page is empty (its box is 0x10 pt)"),
            // Object streams that are not there (the fuzz corpus's object-streams.pdf).
            Refusal(Array("%PDF-1.5\n1 0 obj << /Type /ObjStm /N 3 /First 20 /Filter /FlateDecode /Length 0 >> stream\nendstream endobj\n2 0 obj << /Type /XRef /Root 5 0 R >> endobj\n".utf8),
                    "x.pdf: poppler cannot read the PDF: PDF document is damaged"),
        ], match: .prefix) { _ = try ImageFileInfo.read($0, path: "x.pdf") }
    }

    /// Encrypted with a user password (the standard security handler, §7.6.3): no reader opens
    /// it without the password, which an app's image never has.
    func testAnEncryptedPDFIsRefusedByName() throws {
        XCTAssertThrowsError(try ImageFileInfo.read(try fixture("encrypted.pdf"), path: "e.pdf")) {
            XCTAssertEqual("\($0)", "e.pdf: encrypted PDF: it opens only with a password, which an app's image never has")
        }
    }

    /// poppler reports what it works around through GLib's log at the INFO level, which prints
    /// nothing unless G_MESSAGES_DEBUG asks for it: reading damaged PDFs writes nothing to stderr.
    func testDamagedPDFsPrintNothing() throws {
        // G_MESSAGES_DEBUG would ask GLib to print that log (GLib reads it at each message): the
        // test runs as a user's process does, without it, and puts it back after.
        let debug = getenv("G_MESSAGES_DEBUG").map { String(cString: $0) }
        unsetenv("G_MESSAGES_DEBUG")
        defer { if let debug { setenv("G_MESSAGES_DEBUG", debug, 1) } }
        let damaged = [Array("%PDF-1.4\n7 0 obj << /Type /Page >> endobj\n".utf8),
                       PDFWriter.document(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [2 0 R] /Count 1 >>"]),
                       Array(String(decoding: PDFWriter.document(["<< /Type /Catalog /Pages 2 0 R >>"]), as: UTF8.self)
                           .replacingOccurrences(of: "startxref\n", with: "startxref\n9").utf8)]
        let printed = try standardErrorOutput { for bytes in damaged { _ = try? ImageFileInfo.read(bytes, path: "d.pdf") } }
        XCTAssertEqual(printed, "")
    }

    /// What `body` writes to the process's standard error (file descriptor 2), through a file.
    func standardErrorOutput(_ body: () throws -> Void) throws -> String {
        let path = try makeTemporaryFolder("pdf-stderr", removedAfter: self) + "/stderr"
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        XCTAssertGreaterThanOrEqual(file, 0)
        fflush(stderr)
        let saved = dup(2)
        dup2(file, 2)
        do {
            defer { fflush(stderr); dup2(saved, 2); close(saved); close(file) }
            try body()
        }
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    // MARK: SVG

    func testSVGSizeFromWidthHeightAndViewBox() throws {
        XCTAssertEqual(try ImageFileInfo.read(try fixture("red-square.svg"), path: "r.svg"), ImageFileInfo(kind: .svg, width: 20, height: 20))
        // CSS units: 96 px to the inch; 72pt is 96 px, which iOS draws as 96 points.
        XCTAssertEqual(size(try info("<svg width='72pt' height='30px'/>")), [96, 30])
        XCTAssertEqual(size(try info("<svg width=' 1in ' height='25.4mm'/>")), [96, 96])
        XCTAssertEqual(size(try info("<svg width='6pc' height='2.54cm'/>")), [96, 96])
        XCTAssertEqual(size(try info("<svg width='1e2' height='50'/>")), [100, 50])
        // Percentages, font units, auto or nothing: the viewBox's size, or its ratio from the other side.
        XCTAssertEqual(size(try info("<svg width='100%' height='100%' viewBox='0 0 40 10'/>")), [40, 10])
        XCTAssertEqual(size(try info("<svg viewBox='-5,-5,40,10'/>")), [40, 10])
        XCTAssertEqual(size(try info("<svg width='80' viewBox='0 0 40 10'/>")), [80, 20])
        XCTAssertEqual(size(try info("<svg height='5em' width='auto' viewBox='0 0 40 10'/>")), [40, 10])
        XCTAssertEqual(size(try info("<svg height='30' viewBox='0 0 40 10'/>")), [120, 30])
        XCTAssertEqual(size(try info("<s:svg xmlns:s='http://www.w3.org/2000/svg' width='3' height='4'/>")), [3, 4])
        // A DOCTYPE naming SVG 1.1's external DTD, as design tools write: allowed, and never loaded.
        XCTAssertEqual(size(try ImageFileInfo.read(try fixture("external-references.svg"), path: "e.svg")), [96, 48])
    }

    func testSVGsWithoutAUsableSizeAreRefused() {
        assertRefusals([
            Refusal("<svg/>", "image.svg:1: the SVG gives no size: its root needs a width and a height in absolute units, or a viewBox"),
            Refusal("<svg width='10'/>", "the SVG gives no size"),
            Refusal("<svg width='50%' height='10'/>", "the SVG gives no size"),
            Refusal("<svg width='0' height='10'/>", "image.svg:1: the root's width is 0, which draws nothing"),
            Refusal("<svg width='-3' height='10'/>", "the root's width is -3, which draws nothing"),
            Refusal("<svg width='ten' height='10'/>", "the root's width 'ten' is not a length"),
            Refusal("<svg width='1e400' height='10'/>", "is not a length"),
            Refusal("<svg viewBox='0 0 10'/>", "the root's viewBox '0 0 10' is not four numbers"),
            Refusal("<svg viewBox='0 0 10 0'/>", "the root's viewBox has a width or height of 0 or less"),
            Refusal("\n<svg width=1 height=1/>", "image.svg:2: not a valid XML document (a malformed attribute)"),
        ]) { _ = try self.info($0) }
    }

    /// An internal subset (where entities are declared) is refused as the reader meets it; so are
    /// processing instructions past the XML declaration, text that is not UTF-8, and a document
    /// that is not well-formed anywhere, past the root too.
    func testSVGDeclarationsAndDamageAreRefusedWithTheirLine() throws {
        XCTAssertThrowsError(try ImageFileInfo.read(try fixture("billion-laughs.svg"), path: "bomb.svg")) {
            XCTAssertTrue("\($0)".hasPrefix("bomb.svg:2: a document type declaration with an internal subset"), "\($0)")
        }
        assertRefusals([
            Refusal("<svg width='1' height='1'>\n<!ENTITY a 'b'></svg>", "image.svg:2: not a valid XML document (libxml2 error 1: internal error: detected an error in element content)"),
            Refusal("<svg width='1' height='1'>\n<g>\n<rect></g></svg>", "image.svg:3: not a valid XML document (an end tag does not match its start tag)"),
            Refusal("<!DOCTYPE svg [\n]>\n<svg width='1' height='1'>&a;</svg>", "image.svg:3: not a valid XML document (an undeclared entity)"),
            Refusal("<?xml version='1.0'?>\n<?xml-stylesheet href='a.css'?><svg/>", "image.svg:2: a processing instruction (<?...?>) after the XML declaration"),
            Refusal("<?xml encoding='UTF-8'?><svg/>", "image.svg:1: the XML declaration has no version or no end"),
            Refusal("<?xml version='1.0' encoding='ISO-8859-1'?><svg/>", "image.svg:1: declares encoding ISO-8859-1; SVG images are read as UTF-8"),
        ]) { _ = try self.info($0) }
        XCTAssertThrowsError(try ImageFileInfo.read(Array("<svg width='1'\n height='1'>".utf8) + [0xC3, 0x28] + Array("</svg>".utf8), path: "l.svg")) {
            XCTAssertEqual("\($0)", "l.svg:2: not UTF-8 text (SVG images are read as UTF-8)")
        }
        // Comments and CDATA sections may hold anything, `<!` included.
        let styled = "<svg width='2' height='3'><!-- <!ENTITY no> --><style><![CDATA[ a::after { content: '<!x>' } ]]></style></svg>"
        XCTAssertEqual(size(try info(styled)), [2, 3])
    }
}

