import CVectorImage
import Formats
import Foundation

/// PDF and SVG images rasterized at the pixel size they are shown at: a PDF's first page through
/// poppler-glib, an SVG through librsvg, both drawing into a cairo image surface, whose
/// premultiplied pixels are turned into the straight RGBA the rest of the renderer uses.
enum VectorImage {
    /// The pixel size a vector image is rasterized at for a requested size: each side at most
    /// `AssetCatalog.maxImageSide` and the whole at most `AssetCatalog.maximumImagePixels`,
    /// shrunk proportionally when over either, so a 100,000 pt page or a view stretched past the
    /// screen costs at most 64 MiB of pixels, the most any image here may. At least 1 px a side.
    static func rasterSize(width: Double, height: Double) -> (width: Int, height: Int) {
        let w = width.isFinite && width > 1 ? width : 1, h = height.isFinite && height > 1 ? height : 1
        let side = Double(AssetCatalog.maxImageSide), pixels = Double(AssetCatalog.maximumImagePixels)
        let scale = min(1, side / w, side / h, (pixels / w / h).squareRoot())
        var outW = min(max(Int((w * scale).rounded()), 1), AssetCatalog.maxImageSide)
        var outH = min(max(Int((h * scale).rounded()), 1), AssetCatalog.maxImageSide)
        // Rounding up may pass the pixel limit by a row; the limit holds exactly.
        if outW * outH > AssetCatalog.maximumImagePixels { outH = max(AssetCatalog.maximumImagePixels / outW, 1) }
        if outW * outH > AssetCatalog.maximumImagePixels { outW = max(AssetCatalog.maximumImagePixels / outH, 1) }
        return (outW, outH)
    }

    /// The image drawn to fill `pixelSize` (stretched if its aspect differs, as UIKit's
    /// `scaleToFill` draws it), or at its own size in points, 1 px to the point, when nil.
    static func rasterize(_ bytes: [UInt8], info: ImageFileInfo, pixelSize: (width: Int, height: Int)?, path: String) throws -> DecodedImage {
        let requested = pixelSize.map { (Double($0.width), Double($0.height)) } ?? (info.width.rounded(.up), info.height.rounded(.up))
        let (width, height) = rasterSize(width: requested.0, height: requested.1)
        let pixels: [UInt8]
        switch info.kind {
        case .pdf: pixels = try renderPDF(bytes, width: width, height: height, path: path)
        case .svg: pixels = try renderSVG(bytes, size: (info.width, info.height), width: width, height: height, path: path)
        default: throw RenderError("\(path): a \(info.kind.name) image is not a vector image")
        }
        return DecodedImage(pixels: pixels, width: width, height: height, path: path, kind: info.kind)
    }

    /// The first page (`PDFFirstPage`, as `ImageFileInfo` sized it), scaled to fill `width` ×
    /// `height` pixels. poppler draws a page at 72 dpi (1 pt to a cairo unit) in its crop box,
    /// turned by its `/Rotate`, with no background, so what the page does not paint stays
    /// transparent (poppler-glib 22.12 reference: `poppler_page_render`, `poppler_page_get_size`).
    static func renderPDF(_ bytes: [UInt8], width: Int, height: Int, path: String) throws -> [UInt8] {
        do {
            let poppler = try PopplerFunctions.load()
            return try PDFFirstPage.open(bytes, path: path) { page, pageWidth, pageHeight in
                try drawWithCairo(width: width, height: height, path: path) { cairo, context in
                    cairo.scale(context, Double(width) / pageWidth, Double(height) / pageHeight)
                    poppler.renderPage(page, context)
                }
            }
        } catch let error as ImageFileError { throw RenderError("\(error)") }
    }

    /// The whole document fitted to its own size (`size`, in CSS pixels, as `ImageFileInfo` reads
    /// it), scaled to fill `width` × `height` pixels (librsvg 2.54 reference:
    /// `rsvg_handle_render_document` scales the document proportionally into the viewport, so the
    /// viewport is the document's own size and cairo's transform does any stretching).
    ///
    /// The handle comes from `rsvg_handle_new_from_data`: no base file and no flags. With no base
    /// file librsvg loads no external resource at all (an `<image>`, `<use>` or stylesheet
    /// `href` to a file, relative or absolute, or to the network), only `data:` URLs (RsvgHandle,
    /// "Security and locations of referenced files"); without `RSVG_HANDLE_FLAG_UNLIMITED` its
    /// XML parser keeps libxml2's limits against huge documents and entity expansion.
    static func renderSVG(_ bytes: [UInt8], size: (width: Double, height: Double), width: Int, height: Int, path: String) throws -> [UInt8] {
        let glib = try GLibFunctions.load(), rsvg = try RsvgFunctions.load()
        var error: UnsafeMutablePointer<GError>?
        let loaded = bytes.withUnsafeBufferPointer { rsvg.handleFromData($0.baseAddress, gsize($0.count), &error) }
        guard let handle = loaded else { throw RenderError("\(path): librsvg cannot read the SVG: \(glib.takeError(&error).message)") }
        defer { glib.objectUnref(UnsafeMutableRawPointer(handle)) }
        return try drawWithCairo(width: width, height: height, path: path) { cairo, context in
            cairo.scale(context, Double(width) / size.width, Double(height) / size.height)
            var viewport = RsvgRectangle(x: 0, y: 0, width: size.width, height: size.height)
            guard rsvg.renderDocument(handle, context, &viewport, &error) != 0 else {
                throw RenderError("\(path): librsvg cannot draw the SVG: \(glib.takeError(&error).message)")
            }
        }
    }

    /// A transparent ARGB32 cairo surface of `width` × `height`, drawn into by `draw` (given cairo's
    /// functions and the surface's context), as straight RGBA bytes.
    static func drawWithCairo(width: Int, height: Int, path: String, _ draw: (CairoFunctions, OpaquePointer) throws -> Void) throws -> [UInt8] {
        let cairo = try CairoFunctions.load()
        guard let surface = cairo.imageSurfaceCreate(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            throw RenderError("\(path): cairo could not make a \(width)x\(height) surface")
        }
        defer { cairo.surfaceDestroy(surface) }
        let status = cairo.surfaceStatus(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError("\(path): cairo could not make a \(width)x\(height) surface: \(cairo.text(status))")
        }
        guard let context = cairo.create(surface) else { throw RenderError("\(path): cairo could not draw on its surface") }
        do {
            defer { cairo.destroy(context) }
            try draw(cairo, context)
            let drawn = cairo.status(context)
            guard drawn == CAIRO_STATUS_SUCCESS else { throw RenderError("\(path): cairo failed drawing: \(cairo.text(drawn))") }
        }
        cairo.surfaceFlush(surface)
        guard let data = cairo.imageSurfaceData(surface) else { throw RenderError("\(path): cairo's surface has no pixels") }
        return straightRGBA(UnsafeRawPointer(data), width: width, height: height, stride: Int(cairo.imageSurfaceStride(surface)))
    }

    /// Cairo's `CAIRO_FORMAT_ARGB32` is a 32-bit word per pixel in the machine's byte order,
    /// alpha in the top byte, colour premultiplied by alpha (cairo reference, cairo_format_t);
    /// textures here take bytes R, G, B, A with straight alpha (SDL's ABGR8888 on a
    /// little-endian machine, as `ImageLibrary.decode` makes). Each channel is divided by alpha,
    /// rounded to nearest; a transparent pixel is 0, 0, 0, 0.
    static func straightRGBA(_ data: UnsafeRawPointer, width: Int, height: Int, stride: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        out.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for y in 0..<height {
                let row = data + y * stride
                var o = base + y * width * 4
                for x in 0..<width {
                    let word = row.load(fromByteOffset: x * 4, as: UInt32.self)
                    let a = word >> 24
                    if a == 255 {
                        o[0] = UInt8(truncatingIfNeeded: word >> 16); o[1] = UInt8(truncatingIfNeeded: word >> 8); o[2] = UInt8(truncatingIfNeeded: word)
                        o[3] = 255
                    } else if a > 0 {
                        func straight(_ c: UInt32) -> UInt8 { UInt8(min((c * 255 + a / 2) / a, 255)) }
                        o[0] = straight(word >> 16 & 0xFF); o[1] = straight(word >> 8 & 0xFF); o[2] = straight(word & 0xFF)
                        o[3] = UInt8(a)
                    }
                    o += 4
                }
            }
        }
        return out
    }
}
