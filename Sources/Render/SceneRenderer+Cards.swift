import CSDL2
import Geometry
import Scenes

// MARK: Cards, the dim and the panel

extension SceneRenderer {
    /// A card's detail snapshot in its frame: opaque, with its rounded outline as geometry, so no
    /// blending is needed.
    func drawCardSnapshot(_ index: Int, frame: Rect, radius: Double, _ m: PointToPixel) throws {
        let texture = try snapshot(index)
        try fillRoundedRect(frame, radius: radius, color: .white, texture: texture, m, blend: SDL_BLENDMODE_NONE)
    }

    /// A card's detail screen drawn from its elements.
    func drawDetail(_ index: Int, _ m: PointToPixel) throws {
        for element in feedLayout.detail(index).elements { try draw(element, m) }
    }

    /// The panel's dim over the screen down to `bottom`.
    func drawDim(alpha: UInt8, bottom: Double, _ m: PointToPixel) {
        fillRect(Rect(x: 0, y: 0, width: deviceWidth, height: bottom), Color(0, 0, 0, alpha), m)
    }

    /// The panel, drawn from its elements at its top, snapped to a whole pixel as a layer's frame
    /// is: an opaque fill and a few cached texts cost less a frame than copying a texture of the
    /// panel's size (ratio p50 about 1.45 -> 1.1 at @3x), and hold 12 MB less.
    func drawPanel(top: Double, height: Double, _ m: PointToPixel) throws {
        let layout = PanelLayout(width: deviceWidth, height: height)
        let at = PointToPixel(scale: m.scale, offsetX: m.offsetX, offsetY: (m.offsetY + top * m.scale).rounded())
        for element in layout.elements { try draw(element, at) }
    }

    /// The detail screen of card `index` rendered to a texture at the screen's pixel size, the
    /// snapshot a present animator grows from the card.
    func snapshot(_ index: Int) throws -> Texture {
        if let t = snapshots[index] { return t }
        snapshots.makeRoom()
        context.releaseRetiredTargets()
        let screen = screenPixels
        let t = try makeTargetTexture(width: screen.width, height: screen.height, blend: SDL_BLENDMODE_BLEND, what: "a snapshot texture")
        try drawOffscreen(into: t) {
            for element in feedLayout.detail(index).elements { try draw(element, mapping.local) }
        }
        snapshots.insert(t, for: index)
        return t
    }
}
