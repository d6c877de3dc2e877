import Formats
import CSDL2
import Foundation
import Geometry
import Scenes

/// A decoded image as straight (not premultiplied) RGBA bytes, row by row, with the file it came
/// from and what that file is.
public struct DecodedImage: Sendable {
    public var pixels: [UInt8]
    public var width: Int
    public var height: Int
    public var path: String
    public var kind: ImageFileKind
}

/// The logo decoded and its outline traced, work for the CPU alone, begun on another thread
/// while the main thread brings up the GL context: the 1024 px logo's decode and trace take about
/// 20 ms, and the context 40-60 ms under llvmpipe, all before the first frame. `ImageLibrary`
/// waits for it when it prepares the logo. Start it after `SDLSession.start` (SDL_image
/// must be started first).
public final class LogoPreparation: @unchecked Sendable {
    /// The file it reads, as the catalog resolves it (the user's logo, or the built-in one).
    let path: String
    private let finished = DispatchSemaphore(value: 0)
    private var outcome: Result<(image: DecodedImage, outline: LogoOutline), Error>?

    public init(catalog: AssetCatalog) {
        var catalog = catalog
        path = catalog.path(AssetCatalog.fileName(.logo))
        let opaqueAsRectangle = path == catalog.logoOverride
        Thread.detachNewThread { [self] in
            outcome = Result { let image = try ImageLibrary.decodeLogo(path); return (image, try ImageLibrary.traceLogo(image, path: path, opaqueAsRectangle: opaqueAsRectangle)) }
            finished.signal()
        }
    }

    /// Waits for the work (the semaphore's signal orders its writes before this read) and hands
    /// it over once: the 4 MB decoded logo is not kept alive here after. Nil when taken already.
    func take() throws -> (image: DecodedImage, outline: LogoOutline)? {
        finished.wait()
        defer { finished.signal() }
        guard let taken = outcome else { return nil }
        outcome = nil
        return try taken.get()
    }
}

/// Loads and checks images, and keeps the textures made from them: PNG, JPEG and GIF through
/// SDL_image, PDF and SVG rasterized at the size they are drawn at (`VectorImage`).
/// Images are decoded on first use, so the first frame waits only for what it shows.
public final class ImageLibrary {
    let context: RenderContext
    public private(set) var catalog: AssetCatalog
    /// The logo's decode and trace, begun early on another thread; nil to do them in `prepareLogo`.
    let logoPreparation: LogoPreparation?
    private var textures: [ImageRef: Texture] = [:]
    private var outline: LogoOutline?
    /// A launch screen's images by file, pixel size (vectors only: a raster has one texture at its
    /// own size) and tint.
    private var launchImageTextures: [LaunchImageKey: Texture] = [:]
    /// What each launch screen file turned out to be, so a raster's key drops the pixel size.
    private var launchImageKinds: [String: ImageFileKind] = [:]
    /// When each vector texture was last asked for, to let go of the least recent sizes.
    private var vectorTextureUses: [LaunchImageKey: Int] = [:]
    private var launchImageRequests = 0
    /// The sizes of one vector image (and tint) kept at once: a launch screen draws each at one
    /// size, or at a few when the same file sits in several views; a resized window or another
    /// scale adds sizes that are let go of once they are the least recently drawn.
    static let vectorSizesKept = 4

    struct LaunchImageKey: Hashable {
        var path: String
        var pixelWidth: Int?
        var pixelHeight: Int?
        var tint: Color?
    }

    /// The pixel size the logo is drawn at, at most; the 1024 px source is box-filtered down to it
    /// once, because GPU bilinear sampling of a 6× larger image shimmers at the edges.
    let logoPixelSize: Int

    public init(context: RenderContext, catalog: AssetCatalog, logoPixelSize: Int, logoPreparation: LogoPreparation? = nil) {
        self.context = context
        self.catalog = catalog
        self.logoPreparation = logoPreparation
        self.logoPixelSize = min(max(logoPixelSize, 8), AssetCatalog.maxImageSide)
    }

    /// Decodes an image file as straight RGBA, at its own size; a vector image at its size in
    /// points, one pixel to the point.
    static func decode(_ path: String) throws -> DecodedImage { try decode(path, pixelSize: nil) }

    /// The longest side a vector logo is rasterized at: the built-in logo's 1024 px, which the hole's
    /// outline is traced from and which is box-filtered down to the size it is drawn at.
    static let vectorLogoSide = 1024

    /// The logo's pixels: a raster at its own size, a vector (a project's PDF or SVG launch logo)
    /// at `vectorLogoSide` on its longer side, so the hole's edge stays sharp as it grows.
    static func decodeLogo(_ path: String) throws -> DecodedImage {
        let natural = try decode(path, pixelSize: nil)
        guard natural.kind.isVector, natural.width > 0, natural.height > 0 else { return natural }
        let scale = Double(vectorLogoSide) / Double(max(natural.width, natural.height))
        return try decode(path, pixelSize: (max(Int((Double(natural.width) * scale).rounded()), 1), max(Int((Double(natural.height) * scale).rounded()), 1)))
    }

    /// Decodes any supported image as straight RGBA, by what its bytes are, whatever its name:
    /// PNG, JPEG and GIF through SDL_image at their own size; a PDF's first page or an SVG
    /// rasterized to fill `pixelSize` (the size it is drawn at on the device: its rectangle in
    /// points times the device's scale), or at its size in points when nil. A vector raster is
    /// held to `AssetCatalog.maxImageSide` a side and `AssetCatalog.maximumImagePixels`
    /// (`VectorImage.rasterSize`). Files and images over the size limits are refused before
    /// decoding: the file's size against its kind's limit (`FileSizeLimit.image` for a raster's
    /// signature, the smaller `FileSizeLimit.vectorImage` for anything else) before it is read,
    /// a raster's header size before its pixels. The bytes are read once, bounded, and decoded
    /// from memory, so the size checked is the size decoded. Every error names the file.
    public static func decode(_ path: String, pixelSize: (width: Int, height: Int)?) throws -> DecodedImage {
        guard FileManager.default.fileExists(atPath: path) else { throw RenderError("\(path): file not found") }
        let bytes: [UInt8]
        do {
            try BoundedFileReader.checkRegularFile(path, limit: .image)
            let limit = ImageFileKind.sizeLimit(head: readHead(path))
            try BoundedFileReader.checkRegularFile(path, limit: limit)
            bytes = try BoundedFileReader.read(path, limit: limit)
        } catch { throw RenderError("\(path): \(error)") }
        let info: ImageFileInfo
        do { info = try ImageFileInfo.read(bytes, path: path) } catch { throw RenderError("\(error)") }
        if info.kind.isVector { return try VectorImage.rasterize(bytes, info: info, pixelSize: pixelSize, path: path) }
        return try decodeRaster(bytes, info: info, path: path)
    }

    /// The file's first bytes, enough to tell a raster's signature (`ImageFileKind.sizeLimit`);
    /// none when it cannot be opened, which the bounded read after it then reports.
    private static func readHead(_ path: String) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        return [UInt8](handle.readData(ofLength: ImageFileKind.headByteCount))
    }

    /// Refuses an image over the side or pixel limit, from its header's size.
    static func checkRasterSize(width w: Int, height h: Int, path: String) throws {
        guard w <= AssetCatalog.maxImageSide, h <= AssetCatalog.maxImageSide else {
            throw RenderError("\(path): image is \(w)x\(h) px; images over \(AssetCatalog.maxImageSide) px on a side are refused")
        }
        guard w * h <= AssetCatalog.maximumImagePixels else {
            throw RenderError("\(path): image is \(w)x\(h) px; images over \(AssetCatalog.maximumImagePixels / 1_048_576) Mpx (\(AssetCatalog.maximumImagePixels) pixels) are refused")
        }
    }

    /// PNG, JPEG or GIF through SDL_image (`IMG_Load_RW` tells the format by content, and loads
    /// its JPEG and GIF support when first asked), converted to ABGR8888, which is bytes R, G,
    /// B, A in memory on a little-endian machine. A palette PNG's per-entry alpha (tRNS) comes
    /// through the conversion; an image without alpha is made opaque.
    private static func decodeRaster(_ bytes: [UInt8], info: ImageFileInfo, path: String) throws -> DecodedImage {
        let headerWidth = Int(info.width), headerHeight = Int(info.height)
        try checkRasterSize(width: headerWidth, height: headerHeight, path: path)
        let decoded = bytes.withUnsafeBytes { raw in IMG_Load_RW(SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)), 1) }
        guard let loaded = decoded else { throw RenderError("\(path): cannot decode the \(info.kind.name): \(sdlError())") }
        defer { SDL_FreeSurface(loaded) }
        // A GIF's first frame may be smaller than its logical screen; PNG and JPEG decode at their header's size.
        guard info.kind == .gif || (Int(loaded.pointee.w) == headerWidth && Int(loaded.pointee.h) == headerHeight) else {
            throw RenderError("\(path): decoded as \(loaded.pointee.w)x\(loaded.pointee.h) px, but its header says \(headerWidth)x\(headerHeight)")
        }
        try checkRasterSize(width: Int(loaded.pointee.w), height: Int(loaded.pointee.h), path: path)
        let hasAlpha = loaded.pointee.format.pointee.Amask != 0 || loaded.pointee.format.pointee.palette != nil
            || SDL_HasColorKey(loaded) == SDL_TRUE
        guard let rgba = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ABGR8888.rawValue, 0) else {
            throw RenderError("\(path): cannot convert the image: \(sdlError())")
        }
        defer { SDL_FreeSurface(rgba) }
        let w = Int(rgba.pointee.w), h = Int(rgba.pointee.h), pitch = Int(rgba.pointee.pitch)
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        guard let base = rgba.pointee.pixels?.assumingMemoryBound(to: UInt8.self) else {
            throw RenderError("\(path): the decoded image has no pixels")
        }
        pixels.withUnsafeMutableBufferPointer { out in
            for row in 0..<h { memcpy(out.baseAddress! + row * w * 4, base + row * pitch, w * 4) }
        }
        if !hasAlpha { for i in stride(from: 3, to: pixels.count, by: 4) { pixels[i] = 255 } }
        return DecodedImage(pixels: pixels, width: w, height: h, path: path, kind: info.kind)
    }

    /// UIKit's template rendering (`UIImage.RenderingMode.alwaysTemplate` in a view with a
    /// `tintColor`): every pixel takes the tint's colour, and its alpha is its own times the
    /// tint's.
    static func tinted(_ image: DecodedImage, _ tint: Color) -> DecodedImage {
        var out = image
        let alpha = UInt32(tint.a)
        out.pixels.withUnsafeMutableBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) {
                p[i] = tint.r; p[i + 1] = tint.g; p[i + 2] = tint.b
                p[i + 3] = UInt8((UInt32(p[i + 3]) * alpha + 127) / 255)
            }
        }
        return out
    }

    func makeTexture(_ image: DecodedImage) throws -> Texture {
        let texture = try context.makeTexture(width: image.width, height: image.height, access: SDL_TEXTUREACCESS_STATIC,
                                              blend: SDL_BLENDMODE_BLEND, what: "a texture for \(image.path)")
        image.pixels.withUnsafeBytes { _ = SDL_UpdateTexture(texture.handle, nil, $0.baseAddress, Int32(image.width * 4)) }
        return texture
    }

    /// Whether an image is decoded and on the GPU already.
    func isLoaded(_ ref: ImageRef) -> Bool { textures[ref] != nil }

    /// Whether the logo's outline is traced already.
    var isLogoPrepared: Bool { outline != nil }

    /// Loads the logo, checks that its alpha channel makes a shape, and traces its outline.
    public func prepareLogo() throws {
        if outline != nil { return }
        let path = catalog.path(AssetCatalog.fileName(.logo))
        let image: DecodedImage
        if let early = logoPreparation, early.path == path, let prepared = try early.take() {
            (image, outline) = prepared
        } else {
            image = try ImageLibrary.decodeLogo(path)
            outline = try ImageLibrary.traceLogo(image, path: path, opaqueAsRectangle: path == catalog.logoOverride)
        }
        // A project's template image as the logo keeps its tint, as the launch screen draws it.
        let shown = path == catalog.logoOverride ? catalog.logoTint.map { ImageLibrary.tinted(image, $0) } ?? image : image
        textures[.logo] = try makeTexture(ImageLibrary.boxDownscale(shown, to: logoPixelSize))
    }

    /// The logo's outline alone, with no renderer: what `lint` checks the hole's coverage with.
    public static func logoOutline(catalog: AssetCatalog) throws -> LogoOutline {
        // `path` records fallbacks to the built-in assets for the catalog's warnings; a copy's are not needed here.
        var catalog = catalog
        let path = catalog.path(AssetCatalog.fileName(.logo))
        return try traceLogo(decodeLogo(path), path: path, opaqueAsRectangle: path == catalog.logoOverride)
    }

    /// Whether any pixel is at least half opaque: what the logo's tracing counts as its shape.
    public static func hasVisiblePixel(_ image: DecodedImage) -> Bool {
        var i = 3
        while i < image.pixels.count {
            if image.pixels[i] >= 128 { return true }
            i += 4
        }
        return false
    }

    /// Checks that the logo's alpha channel makes a shape, and traces its outline.
    /// A project's launch image may be opaque (an app icon as the logo): with `opaqueAsRectangle`
    /// its hole is its rectangle, traced from its alpha with the outermost pixels made clear.
    static func traceLogo(_ image: DecodedImage, path: String, opaqueAsRectangle: Bool = false) throws -> LogoOutline {
        var alpha = [UInt8](repeating: 0, count: image.width * image.height)
        var transparent = 0
        for i in 0..<alpha.count {
            alpha[i] = image.pixels[i * 4 + 3]
            if alpha[i] < 128 { transparent += 1 }
        }
        if transparent == 0 && opaqueAsRectangle && image.width > 2 && image.height > 2 {
            for x in 0..<image.width { alpha[x] = 0; alpha[(image.height - 1) * image.width + x] = 0 }
            for y in 0..<image.height { alpha[y * image.width] = 0; alpha[y * image.width + image.width - 1] = 0 }
            transparent = 2 * (image.width + image.height) - 4
        }
        guard transparent > 0 else {
            throw RenderError("\(path): the logo has no transparent pixels (no alpha channel); its alpha is the hole's shape")
        }
        guard transparent < alpha.count else { throw RenderError("\(path): the logo is fully transparent") }
        let traced = LogoOutline(alpha: alpha, width: image.width, height: image.height)
        guard !traced.fillTriangles.isEmpty else { throw RenderError("\(path): no outline could be traced from the logo's alpha") }
        return traced
    }

    public func logoOutline() throws -> LogoOutline {
        try prepareLogo()
        guard let outline else { throw RenderError("the logo's outline could not be traced") }
        return outline
    }

    /// The texture for an image, decoded on first use.
    public func texture(_ ref: ImageRef) throws -> Texture {
        if ref == .logo { try prepareLogo() }
        if let t = textures[ref] { return t }
        let image = try ImageLibrary.decode(catalog.path(AssetCatalog.fileName(ref)))
        let t = try makeTexture(image)
        textures[ref] = t
        return t
    }

    /// The texture of a launch screen's image: a raster at its own size, a vector rasterized at
    /// `pixelSize` (the pixels it covers on the device; nil: its size in points), either tinted
    /// when `tint` is given (`tinted`). Decoded on first use and kept by file, size for vectors,
    /// and tint.
    public func launchImageTexture(_ path: String, pixelSize: (width: Int, height: Int)? = nil, tint: Color? = nil) throws -> Texture {
        launchImageRequests += 1
        func key(_ kind: ImageFileKind) -> LaunchImageKey {
            kind.isVector ? LaunchImageKey(path: path, pixelWidth: pixelSize?.width, pixelHeight: pixelSize?.height, tint: tint)
                : LaunchImageKey(path: path, tint: tint)
        }
        if let kind = launchImageKinds[path], let t = launchImageTextures[key(kind)] {
            if kind.isVector { vectorTextureUses[key(kind)] = launchImageRequests }
            return t
        }
        var image = try ImageLibrary.decode(path, pixelSize: pixelSize)
        if let tint { image = ImageLibrary.tinted(image, tint) }
        let t = try makeTexture(image)
        let made = key(image.kind)
        launchImageKinds[path] = image.kind
        launchImageTextures[made] = t
        if image.kind.isVector {
            vectorTextureUses[made] = launchImageRequests
            let sizes = vectorTextureUses.keys.filter { $0.path == path && $0.tint == tint }
            if sizes.count > ImageLibrary.vectorSizesKept,
               let oldest = sizes.min(by: { vectorTextureUses[$0, default: 0] < vectorTextureUses[$1, default: 0] }) {
                vectorTextureUses[oldest] = nil
                launchImageTextures[oldest] = nil
            }
        }
        return t
    }

    /// How many launch screen textures are kept, for the cache's tests.
    var launchImageTextureCount: Int { launchImageTextures.count }

    /// Area-average downscale with premultiplied alpha, so the edges of a shrunken logo are neither
    /// jagged nor darkened.
    static func boxDownscale(_ image: DecodedImage, to target: Int) -> DecodedImage {
        guard image.width > target || image.height > target else { return image }
        let scale = Double(target) / Double(max(image.width, image.height))
        let w = max(Int((Double(image.width) * scale).rounded()), 1), h = max(Int((Double(image.height) * scale).rounded()), 1)
        var out = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            let y0 = y * image.height / h, y1 = max((y + 1) * image.height / h, y0 + 1)
            for x in 0..<w {
                let x0 = x * image.width / w, x1 = max((x + 1) * image.width / w, x0 + 1)
                var r = 0, g = 0, b = 0, a = 0
                for sy in y0..<y1 {
                    var i = (sy * image.width + x0) * 4
                    for _ in x0..<x1 {
                        let alpha = Int(image.pixels[i + 3])
                        r += Int(image.pixels[i]) * alpha; g += Int(image.pixels[i + 1]) * alpha; b += Int(image.pixels[i + 2]) * alpha
                        a += alpha
                        i += 4
                    }
                }
                let o = (y * w + x) * 4
                let count = (y1 - y0) * (x1 - x0)
                if a > 0 {
                    out[o] = UInt8(r / a); out[o + 1] = UInt8(g / a); out[o + 2] = UInt8(b / a)
                }
                out[o + 3] = UInt8((a + count / 2) / count)
            }
        }
        return DecodedImage(pixels: out, width: w, height: h, path: image.path, kind: image.kind)
    }
}
