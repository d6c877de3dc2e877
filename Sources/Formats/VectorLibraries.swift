import CVectorImage

// The PDF and SVG readers' libraries, opened when the first PDF or SVG is read
// (`OnDemandLibrary`): each struct is one library's functions, typed by CVectorImage's shim.

/// GLib's and GObject's calls the PDF and SVG readers make: bytes, errors and releasing objects.
public struct GLibFunctions {
    public let bytesNew: splashlab_g_bytes_new
    public let bytesUnref: splashlab_g_bytes_unref
    public let errorFree: splashlab_g_error_free
    public let objectUnref: splashlab_g_object_unref

    init(_ lib: OnDemandLibraryHandle) throws {
        bytesNew = try lib.function("g_bytes_new")
        bytesUnref = try lib.function("g_bytes_unref")
        errorFree = try lib.function("g_error_free")
        objectUnref = try lib.function("g_object_unref")
    }

    /// GObject, which brings GLib: dlsym finds GLib's functions through it.
    static let library = OnDemandLibrary(soname: "libgobject-2.0.so.0", package: "libglib2.0-0", purpose: "to read PDF and SVG files")
    private static let loaded = library.load(GLibFunctions.init)
    public static func load() throws -> GLibFunctions { try loaded.get() }

    /// A GError's domain, code and message, freeing it.
    public func takeError(_ error: inout UnsafeMutablePointer<GError>?) -> (domain: GQuark, code: Int32, message: String) {
        guard let e = error else { return (0, 0, "no reason given") }
        defer { errorFree(e); error = nil }
        return (e.pointee.domain, e.pointee.code, e.pointee.message.map { String(cString: $0) } ?? "no reason given")
    }
}

/// poppler-glib's calls: a document from bytes, its first page, its size and its drawing.
public struct PopplerFunctions {
    public let errorQuark: splashlab_poppler_error_quark
    public let documentFromBytes: splashlab_poppler_document_new_from_bytes
    public let pageCount: splashlab_poppler_document_get_n_pages
    public let page: splashlab_poppler_document_get_page
    public let pageSize: splashlab_poppler_page_get_size
    public let renderPage: splashlab_poppler_page_render

    init(_ lib: OnDemandLibraryHandle) throws {
        errorQuark = try lib.function("poppler_error_quark")
        documentFromBytes = try lib.function("poppler_document_new_from_bytes")
        pageCount = try lib.function("poppler_document_get_n_pages")
        page = try lib.function("poppler_document_get_page")
        pageSize = try lib.function("poppler_page_get_size")
        renderPage = try lib.function("poppler_page_render")
    }

    static let library = OnDemandLibrary(soname: "libpoppler-glib.so.8", package: "libpoppler-glib8", purpose: "to read PDF files")
    private static let loaded = library.load(PopplerFunctions.init)
    public static func load() throws -> PopplerFunctions { try loaded.get() }
}

/// cairo's calls: an image surface, drawn into and read.
public struct CairoFunctions {
    public let imageSurfaceCreate: splashlab_cairo_image_surface_create
    public let surfaceStatus: splashlab_cairo_surface_status
    public let surfaceFlush: splashlab_cairo_surface_flush
    public let surfaceDestroy: splashlab_cairo_surface_destroy
    public let imageSurfaceData: splashlab_cairo_image_surface_get_data
    public let imageSurfaceStride: splashlab_cairo_image_surface_get_stride
    public let create: splashlab_cairo_create
    public let destroy: splashlab_cairo_destroy
    public let scale: splashlab_cairo_scale
    public let status: splashlab_cairo_status
    public let statusText: splashlab_cairo_status_to_string

    init(_ lib: OnDemandLibraryHandle) throws {
        imageSurfaceCreate = try lib.function("cairo_image_surface_create")
        surfaceStatus = try lib.function("cairo_surface_status")
        surfaceFlush = try lib.function("cairo_surface_flush")
        surfaceDestroy = try lib.function("cairo_surface_destroy")
        imageSurfaceData = try lib.function("cairo_image_surface_get_data")
        imageSurfaceStride = try lib.function("cairo_image_surface_get_stride")
        create = try lib.function("cairo_create")
        destroy = try lib.function("cairo_destroy")
        scale = try lib.function("cairo_scale")
        status = try lib.function("cairo_status")
        statusText = try lib.function("cairo_status_to_string")
    }

    static let library = OnDemandLibrary(soname: "libcairo.so.2", package: "libcairo2", purpose: "to draw PDF and SVG files")
    private static let loaded = library.load(CairoFunctions.init)
    public static func load() throws -> CairoFunctions { try loaded.get() }

    /// cairo's name for a status.
    public func text(_ status: cairo_status_t) -> String { statusText(status).map { String(cString: $0) } ?? "status \(status.rawValue)" }
}

/// librsvg's calls: a handle from bytes, and its document drawn.
public struct RsvgFunctions {
    public let handleFromData: splashlab_rsvg_handle_new_from_data
    public let renderDocument: splashlab_rsvg_handle_render_document

    init(_ lib: OnDemandLibraryHandle) throws {
        handleFromData = try lib.function("rsvg_handle_new_from_data")
        renderDocument = try lib.function("rsvg_handle_render_document")
    }

    static let library = OnDemandLibrary(soname: "librsvg-2.so.2", package: "librsvg2-2", purpose: "to read SVG files")
    private static let loaded = library.load(RsvgFunctions.init)
    public static func load() throws -> RsvgFunctions { try loaded.get() }
}
