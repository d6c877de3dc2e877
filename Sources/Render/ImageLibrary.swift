import Formats
import CSDL2
import Foundation
import Geometry
import Scenes

/// A decoded image as RGBA bytes, with the file it came from.
struct DecodedImage {
    var pixels: [UInt8]
    var width: Int
    var height: Int
    var path: String
}

/// The logo decoded and its outline traced, work for the CPU alone, begun on another thread
/// while the main thread brings up the GL context: the 1024 px logo's decode and trace take about
/// 20 ms, and the context 40-60 ms under llvmpipe, all before the first frame. `ImageLibrary`
/// waits for it when it prepares the logo. Start it after `RenderContext.startSDL` (SDL_image
/// must be started first).
public final class LogoPreparation: @unchecked Sendable {
    /// The file it reads, as the catalog resolves it (the user's logo, or the built-in one).
    let path: String
    private let finished = DispatchSemaphore(value: 0)
    private var outcome: Result<(image: DecodedImage, outline: LogoOutline), Error>?

    public init(catalog: AssetCatalog) {
        var catalog = catalog
        path = catalog.path(AssetCatalog.fileName(.logo))
        Thread.detachNewThread { [self] in
            outcome = Result { let image = try ImageLibrary.decode(path); return (image, try ImageLibrary.traceLogo(image, path: path)) }
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

/// Loads and checks PNGs through SDL_image, and keeps the textures made from them.
/// Images are decoded on first use, so the first frame waits only for what it shows.
public final class ImageLibrary {
    let context: RenderContext
    public private(set) var catalog: AssetCatalog
    /// The logo's decode and trace, begun early on another thread; nil to do them in `prepareLogo`.
    let logoPreparation: LogoPreparation?
    private var textures: [ImageRef: Texture] = [:]
    private var outline: LogoOutline?
    private var launchImageTextures: [String: Texture] = [:]
    /// The pixel size the logo is drawn at, at most; the 1024 px source is box-filtered down to it
    /// once, because GPU bilinear sampling of a 6× larger image shimmers at the edges.
    let logoPixelSize: Int

    public init(context: RenderContext, catalog: AssetCatalog, logoPixelSize: Int, logoPreparation: LogoPreparation? = nil) {
        self.context = context
        self.catalog = catalog
        self.logoPreparation = logoPreparation
        self.logoPixelSize = min(max(logoPixelSize, 8), AssetCatalog.maxImageSide)
    }

    /// Decodes a PNG as RGBA, refusing files and images over the size limits before decoding them.
    /// The bytes are read once, bounded, and decoded from memory, so the size checked is the size
    /// decoded.
    static func decode(_ path: String) throws -> DecodedImage {
        guard FileManager.default.fileExists(atPath: path) else { throw RenderError("\(path): file not found") }
        let bytes: [UInt8]
        do {
            try BoundedFileReader.checkRegularFile(path, limit: .image)
            bytes = try BoundedFileReader.read(path, limit: .image)
        } catch { throw RenderError("\(path): \(error)") }
        let (headerWidth, headerHeight) = try AssetCatalog.pngSize(header: bytes, path: path)
        let decoded = bytes.withUnsafeBytes { raw in IMG_Load_RW(SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)), 1) }
        guard let loaded = decoded else { throw RenderError("\(path): cannot decode the PNG: \(sdlError())") }
        defer { SDL_FreeSurface(loaded) }
        guard Int(loaded.pointee.w) == headerWidth, Int(loaded.pointee.h) == headerHeight else {
            throw RenderError("\(path): decoded as \(loaded.pointee.w)x\(loaded.pointee.h) px, but its header says \(headerWidth)x\(headerHeight)")
        }
        let hasAlpha = loaded.pointee.format.pointee.Amask != 0 || loaded.pointee.format.pointee.palette != nil
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
        return DecodedImage(pixels: pixels, width: w, height: h, path: path)
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
            image = try ImageLibrary.decode(path)
            outline = try ImageLibrary.traceLogo(image, path: path)
        }
        textures[.logo] = try makeTexture(ImageLibrary.boxDownscale(image, to: logoPixelSize))
    }

    /// The logo's outline alone, with no renderer: what `lint` checks the hole's coverage with.
    public static func logoOutline(catalog: AssetCatalog) throws -> LogoOutline {
        // `path` records fallbacks to the built-in assets for the catalog's warnings; a copy's are not needed here.
        var catalog = catalog
        let path = catalog.path(AssetCatalog.fileName(.logo))
        return try traceLogo(decode(path), path: path)
    }

    /// Checks that the logo's alpha channel makes a shape, and traces its outline.
    static func traceLogo(_ image: DecodedImage, path: String) throws -> LogoOutline {
        var alpha = [UInt8](repeating: 0, count: image.width * image.height)
        var transparent = 0
        for i in 0..<alpha.count {
            alpha[i] = image.pixels[i * 4 + 3]
            if alpha[i] < 128 { transparent += 1 }
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

    public func launchImageTexture(_ path: String) throws -> Texture {
        if let t = launchImageTextures[path] { return t }
        let t = try makeTexture(try ImageLibrary.decode(path))
        launchImageTextures[path] = t
        return t
    }

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
        return DecodedImage(pixels: out, width: w, height: h, path: image.path)
    }
}
