import CImGui
import Formats
import Foundation

/// The inspector's text: a TrueType font rasterised at the display's pixel density, or ImGui's
/// built-in bitmap font when the file is missing. The renderer half uploads the atlas it builds.
struct InspectorFont {
    let path: String?
    /// Text size in window units (points on HiDPI).
    let size: Double
    /// Drawable pixels per window unit the atlas was last rasterised for (0: not yet).
    private(set) var density = 0.0
    /// Whether the atlas holds the TrueType font (false: ImGui's built-in font).
    private(set) var usesTrueType = false

    init(path: String?, size: Double) {
        self.path = path
        self.size = size
    }

    /// Whether text must be rasterised again for `density` (moved to a display of another density).
    func isStale(for density: Double) -> Bool { abs(density - self.density) > 1e-3 }

    /// Rasterises the font at `density` pixels per window unit into ImGui's atlas and has
    /// `renderer` upload it. ImGui then scales text back by 1/density, so it is sharp on HiDPI.
    mutating func build(_ io: UnsafeMutablePointer<ImGuiIO>, density: Double, renderer: ImGuiSDLRenderer) throws {
        let atlas = io.pointee.Fonts!
        atlas.pointee.Clear()
        usesTrueType = false
        // A font over the limit, or not a regular file, falls back like a missing one.
        if let path, FileManager.default.isReadableFile(atPath: path),
           (try? BoundedFileReader.checkRegularFile(path, limit: .font)) != nil {
            usesTrueType = CImGuiAddFontFromFileTTF(atlas, path, Float(size * density))
        }
        if !usesTrueType { _ = CImGuiAddFontDefault(atlas) }
        // The built-in font is a 13 px bitmap: scaling it would blur it, so it is drawn at 1:1.
        io.pointee.FontGlobalScale = usesTrueType ? Float(1 / density) : 1
        try renderer.uploadFontAtlas(atlas)
        self.density = density
    }
}
