import App
import Formats
import CSDL2
import Foundation
import Render
import Scenes

/// Draws the built-in art: the logo, the 17 splash texts and the feed's photos. The committed
/// files in Assets/ were made by this command; it exists so the art can be remade or restyled.
func makeAssetsCommand(_ arguments: [String]) throws -> Int32 {
    let out = try MakeAssetsOptions(arguments).out
    try OutputFile.createFolder(out)
    try writePNG(drawLogo(size: 1024), width: 1024, height: 1024, to: out + "/logo.png")
    for (i, line) in splashTaglines.enumerated() {
        let (pixels, w, h) = try drawTagline(line)
        try writePNG(pixels, width: w, height: h, to: out + "/splash-text-\(i + 1).png")
    }
    for n in 1...FeedContent.photoCount {
        try writePNG(drawPhoto(n, width: 480, height: 360), width: 480, height: 360, to: out + "/photo-\(n).png")
    }
    try printOutput("wrote logo.png, \(splashTaglines.count) splash texts and \(FeedContent.photoCount) photos to \(out)")
    return 0
}

let splashTaglines = [
    "Find it nearby", "Sell it in a snap", "Good things, second time", "Your street's market", "Buy. Sell. Smile.",
    "Less waste, more finds", "Deals around the corner", "From attic to app", "Treasure, one tap away",
    "Pass it on", "Local finds, fast", "Everything has a next home", "Swap, sell, discover", "Bargains with a story",
    "Your neighbours' best", "Declutter, then relax", "Made to be used again",
]

/// The logo: a five-lobed splash with a droplet beside it. Non-convex and asymmetric, so both
/// the shape of the hole and its rotation read clearly. Alpha is coverage from 4×4 supersampling.
///
/// The splash is centred in the image: its lobes reach 0.40 × 1.24 = 0.496 of the side from the
/// centre, so the art ends inside the square on every side (a splash offset by 0.04 once ran 0.036
/// past the left and bottom edges, and the cut showed on the launch screen).
func drawLogo(size: Int) -> [UInt8] {
    func inside(_ x: Double, _ y: Double) -> Bool {
        // Unit coordinates centred on the image, y down.
        let r = (x * x + y * y).squareRoot()
        let theta = atan2(y, x)
        let lobe = 0.40 * (1 + 0.24 * cos(5 * (theta + Double.pi / 2)))
        if r <= lobe { return true }
        let dx = x - 0.37, dy = y + 0.37
        return dx * dx + dy * dy <= 0.09 * 0.09
    }
    var pixels = [UInt8](repeating: 0, count: size * size * 4)
    let n = 4
    for py in 0..<size {
        for px in 0..<size {
            var covered = 0
            for sy in 0..<n {
                for sx in 0..<n {
                    let x = (Double(px) + (Double(sx) + 0.5) / Double(n)) / Double(size) - 0.5
                    let y = (Double(py) + (Double(sy) + 0.5) / Double(n)) / Double(size) - 0.5
                    if inside(x, y) { covered += 1 }
                }
            }
            let o = (py * size + px) * 4
            pixels[o] = 255; pixels[o + 1] = 255; pixels[o + 2] = 255
            pixels[o + 3] = UInt8((covered * 255 + n * n / 2) / (n * n))
        }
    }
    return pixels
}

/// One splash text at @3x: white DejaVu Sans Bold, 19 pt, centred on a 300×32 pt canvas.
func drawTagline(_ text: String) throws -> ([UInt8], Int, Int) {
    guard TTF_WasInit() != 0 || TTF_Init() == 0 else { throw RenderError("SDL_ttf could not start: \(sdlError())") }
    let fontPath = TextRenderer.boldCandidates[0]
    do { try BoundedFileReader.checkRegularFile(fontPath, limit: .font) } catch { throw RenderError("\(fontPath): \(error)") }
    guard let font = TTF_OpenFont(fontPath, 57) else { throw RenderError("\(fontPath): \(sdlError())") }
    defer { TTF_CloseFont(font) }
    guard let rendered = TTF_RenderUTF8_Blended(font, text, SDL_Color(r: 255, g: 255, b: 255, a: 255)),
          let surface = SDL_ConvertSurfaceFormat(rendered, SDL_PIXELFORMAT_ABGR8888.rawValue, 0) else {
        throw RenderError("SDL_ttf could not render '\(text)': \(sdlError())")
    }
    SDL_FreeSurface(rendered)
    defer { SDL_FreeSurface(surface) }
    let width = 900, height = 96
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for i in stride(from: 0, to: pixels.count, by: 4) { pixels[i] = 255; pixels[i + 1] = 255; pixels[i + 2] = 255 }
    let w = Int(surface.pointee.w), h = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch)
    let base = surface.pointee.pixels!.assumingMemoryBound(to: UInt8.self)
    let x0 = (width - w) / 2, y0 = (height - h) / 2
    for y in 0..<h where y + y0 >= 0 && y + y0 < height {
        for x in 0..<w where x + x0 >= 0 && x + x0 < width {
            pixels[((y + y0) * width + x + x0) * 4 + 3] = base[y * pitch + x * 4 + 3]
        }
    }
    return (pixels, width, height)
}

/// A generated "photo" for the feed: a sky, a sun, rolling ground and an object, in one of twelve
/// palettes. Drawn art, not photographs.
func drawPhoto(_ n: Int, width: Int, height: Int) -> [UInt8] {
    let palettes: [((Double, Double, Double), (Double, Double, Double), (Double, Double, Double), (Double, Double, Double))] = [
        ((0.55, 0.78, 0.95), (0.95, 0.85, 0.70), (0.35, 0.60, 0.35), (0.85, 0.30, 0.25)),
        ((0.98, 0.80, 0.60), (0.95, 0.55, 0.45), (0.45, 0.35, 0.50), (0.20, 0.45, 0.70)),
        ((0.80, 0.90, 0.95), (0.60, 0.75, 0.90), (0.90, 0.92, 0.95), (0.25, 0.25, 0.30)),
        ((0.30, 0.35, 0.60), (0.75, 0.50, 0.70), (0.20, 0.30, 0.35), (0.95, 0.80, 0.30)),
        ((0.95, 0.93, 0.85), (0.90, 0.85, 0.70), (0.70, 0.55, 0.40), (0.30, 0.55, 0.55)),
        ((0.65, 0.85, 0.80), (0.95, 0.95, 0.85), (0.40, 0.65, 0.45), (0.80, 0.55, 0.20)),
        ((0.85, 0.75, 0.90), (0.98, 0.85, 0.85), (0.55, 0.45, 0.65), (0.95, 0.95, 0.95)),
        ((0.45, 0.70, 0.85), (0.85, 0.95, 1.00), (0.25, 0.45, 0.60), (0.95, 0.60, 0.20)),
        ((0.95, 0.70, 0.40), (0.98, 0.90, 0.60), (0.60, 0.35, 0.20), (0.20, 0.20, 0.25)),
        ((0.75, 0.80, 0.85), (0.90, 0.90, 0.88), (0.50, 0.55, 0.50), (0.70, 0.20, 0.35)),
        ((0.60, 0.85, 0.95), (0.95, 0.98, 1.00), (0.85, 0.80, 0.60), (0.10, 0.50, 0.80)),
        ((0.40, 0.30, 0.45), (0.95, 0.60, 0.50), (0.15, 0.20, 0.25), (0.95, 0.85, 0.55)),
    ]
    let (skyTop, skyBottom, ground, object) = palettes[(n - 1) % palettes.count]
    var rng = SeededGenerator(seed: UInt64(n) &* 7919)
    func unit() -> Double { Double(rng.next() % 10_000) / 10_000 }
    let sunX = 0.2 + 0.6 * unit(), sunY = 0.15 + 0.2 * unit(), sunR = 0.06 + 0.05 * unit()
    let phase = unit() * 6.28, amplitude = 0.04 + 0.05 * unit(), horizon = 0.58 + 0.1 * unit()
    let boxX = 0.25 + 0.4 * unit(), boxW = 0.18 + 0.15 * unit(), boxH = 0.16 + 0.14 * unit()
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    for py in 0..<height {
        for px in 0..<width {
            let x = Double(px) / Double(width), y = Double(py) / Double(height)
            var c = (skyTop.0 + (skyBottom.0 - skyTop.0) * y, skyTop.1 + (skyBottom.1 - skyTop.1) * y, skyTop.2 + (skyBottom.2 - skyTop.2) * y)
            let dx = (x - sunX) * Double(width) / Double(height), dy = y - sunY
            if dx * dx + dy * dy < sunR * sunR { c = (1.0, 0.95, 0.75) }
            let hill = horizon + amplitude * sin(x * 6 + phase)
            if y > hill { let shade = 0.85 + 0.15 * (1 - (y - hill)); c = (ground.0 * shade, ground.1 * shade, ground.2 * shade) }
            let boxTop = hill - boxH
            if x > boxX && x < boxX + boxW && y > boxTop && y < hill + 0.05 {
                let edge = min(x - boxX, boxX + boxW - x) < 0.01 ? 0.8 : 1.0
                c = (object.0 * edge, object.1 * edge, object.2 * edge)
            }
            let o = (py * width + px) * 4
            pixels[o] = UInt8(min(max(c.0, 0), 1) * 255); pixels[o + 1] = UInt8(min(max(c.1, 0), 1) * 255); pixels[o + 2] = UInt8(min(max(c.2, 0), 1) * 255)
        }
    }
    return pixels
}
