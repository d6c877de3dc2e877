import CSDL2
import Geometry
import Scenes

extension PixelRect {
    /// The part of this rectangle inside `other` (empty, at this one's origin, when they do not meet).
    public func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(x + width, other.x + other.width), y1 = min(y + height, other.y + other.height)
        guard x1 > x0, y1 > y0 else { return PixelRect(x: x, y: y, width: 0, height: 0) }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

/// The B side of a comparison: a scene of the same moment, or a picture drawn over the device's
/// screen (a screen recording's frame, `ReferenceFrameTexture`).
public enum CompareSide {
    case scene(Scene)
    case image(OpaquePointer)
}

/// A and B on one device screen: a wipe (A left of a divider, B right of it), B over A at an
/// opacity, or their difference |A − B|, each frame from the two scenes of the same moment.
public final class CompareCompositor {
    let scenes: SceneRenderer
    private var textureA: Texture?
    private var textureB: Texture?
    /// The one-pass difference under desktop GL (`GLDifferencePass`), made at the first
    /// difference drawn; `.some(nil)` where the renderer has none.
    private var differencePass: GLDifferencePass??
    /// False draws the difference with SDL's blending under every renderer: the reference the
    /// one-pass shader is checked against.
    var drawsDifferenceInOnePass = true
    /// The scene `textureA` holds from the last one-pass difference, with where it was drawn.
    /// An equal scene at the same place is the same picture (what the preview shows is a
    /// function of its scene), so a preview at rest beside a recording that plays (the hold
    /// before the hole, the settled feed) is not drawn again every frame: under llvmpipe that
    /// was 0.2 ms of the main thread and 0.5 ms of the rasterizer a frame at 1920x1080. Nil
    /// after `forgetDrawnScenes()`, and after the blend passes, which draw into the texture.
    private var sceneInTextureA: (scene: Scene, mapping: PointToPixel, screen: PixelRect)?
    /// How many times A was drawn into `textureA`, for the tests.
    private(set) var drawsOfA = 0

    public init(scenes: SceneRenderer) { self.scenes = scenes }

    /// Draws every scene again from the next frame on: something besides the scenes changed
    /// what they look like (an appearance, an asset, the timings), or may have.
    public func forgetDrawnScenes() { sceneInTextureA = nil }

    private var renderer: OpaquePointer { scenes.context.renderer }

    /// A, then B clipped to the right of `dividerX` (output pixels): a scene B over A on the whole
    /// screen, a picture beside A drawn only left of the divider.
    public func drawWipe(a: Scene, b: CompareSide, mapping: PointToPixel, dividerX: Int) throws {
        scenes.setMapping(mapping)
        let screen = scenes.screenPixels
        let right = PixelRect(x: dividerX, y: screen.y, width: max(screen.x + screen.width - dividerX, 0), height: screen.height)
        switch b {
        case let .scene(scene):
            try scenes.draw(a, clearing: true)
            scenes.clipLimit = right
            defer { scenes.clipLimit = nil }
            try scenes.draw(scene, clearing: false)
        case let .image(texture):
            // A only left of the divider: the picture covers the rest, and under software GL
            // every pixel drawn twice is the frame's cost.
            scenes.clipLimit = PixelRect(x: screen.x, y: screen.y, width: max(dividerX - screen.x, 0), height: screen.height)
            defer { scenes.clipLimit = nil }
            try scenes.draw(a, clearing: true)
            var clip = SDL_Rect(x: Int32(right.x), y: Int32(right.y), w: Int32(right.width), h: Int32(right.height))
            SDL_RenderSetClipRect(renderer, &clip)
            defer { SDL_RenderSetClipRect(renderer, nil) }
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
            copy(texture, to: screen)
        }
    }

    /// B's pixels as a texture of the screen's size: a scene drawn into `textureB`, or the picture.
    private func texture(_ b: CompareSide, mapping: PointToPixel) throws -> OpaquePointer? {
        switch b {
        case let .scene(scene): return try render(scene, into: \.textureB, mapping: mapping).handle
        case let .image(texture): return texture
        }
    }

    /// A on the screen, then B over it at `opacity`.
    public func drawOverlay(a: Scene, b: CompareSide, mapping: PointToPixel, opacity: Double) throws {
        scenes.setMapping(mapping)
        try scenes.draw(a, clearing: true)
        guard let handle = try texture(b, mapping: mapping) else { return }
        SDL_SetTextureBlendMode(handle, SDL_BLENDMODE_BLEND)
        SDL_SetTextureAlphaMod(handle, UInt8((min(max(opacity, 0), 1) * 255).rounded()))
        copy(handle, to: scenes.screenPixels)
        SDL_SetTextureAlphaMod(handle, 255)
    }

    /// |A − B| per channel: in one pass of a shader under desktop GL, the window's renderer
    /// (`GLDifferencePass`); else max(B − A, 0) + max(A − B, 0), with the reverse-subtract blend that
    /// GL renderers have (`SDL_ComposeCustomBlendMode`). False where the renderer lacks it (the
    /// software renderer); the screen then shows A.
    ///
    /// The blend passes are four copies of the screen's size: B, less A, on the screen; A's texture less B; that added
    /// to the screen. Under software GL each is a pass over every pixel of the screen, and a fifth
    /// (B kept in a texture of its own to subtract A from) held the workbench under 58 fps with a
    /// reference beside it. One of the two clamped terms is 0 at every channel, so the order of
    /// the sum cannot change a value.
    public func drawDifference(a: Scene, b: CompareSide, mapping: PointToPixel) throws -> Bool {
        scenes.setMapping(mapping)
        let screen = scenes.screenPixels
        let ta: Texture
        if let kept = sceneInTextureA, let texture = textureA, kept.scene == a, kept.mapping == mapping, kept.screen == screen {
            ta = texture
        } else {
            sceneInTextureA = nil
            ta = try render(a, into: \.textureA, mapping: mapping)
            drawsOfA += 1
        }
        let sceneA = a, tb = try texture(b, mapping: mapping)
        guard let a = ta.handle, let b = tb else { return false }
        // The alpha takes the same operation as the colour: SDL's opengl renderer refuses a mode
        // whose two operations differ (it sets one glBlendEquation). dst·1 − src·0 keeps dst's alpha.
        let subtract = SDL_ComposeCustomBlendMode(SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE, SDL_BLENDOPERATION_REV_SUBTRACT,
                                                  SDL_BLENDFACTOR_ZERO, SDL_BLENDFACTOR_ONE, SDL_BLENDOPERATION_REV_SUBTRACT)
        let add = SDL_ComposeCustomBlendMode(SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE, SDL_BLENDOPERATION_ADD,
                                             SDL_BLENDFACTOR_ZERO, SDL_BLENDFACTOR_ONE, SDL_BLENDOPERATION_ADD)
        SDL_SetRenderTarget(renderer, nil)
        // The whole output black first (SDL_RenderClear ignores the clip rectangle): the screen's
        // surroundings are the frame's to draw over, as after any first scene drawn.
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
        SDL_RenderClear(renderer)
        if drawsDifferenceInOnePass {
            if differencePass == nil { differencePass = .some(GLDifferencePass(context: scenes.context)) }
            if let pass = differencePass ?? nil,
               pass.draw(a: a, b: b, over: screen, outputSize: scenes.context.outputSize, renderer: renderer) {
                sceneInTextureA = (sceneA, mapping, screen)
                return true
            }
        }
        // The blend passes draw into A's texture.
        sceneInTextureA = nil
        // The screen: A where the renderer cannot subtract, else B − A clamped at 0.
        var clip = SDL_Rect(x: Int32(screen.x), y: Int32(screen.y), w: Int32(screen.width), h: Int32(screen.height))
        SDL_RenderSetClipRect(renderer, &clip)
        defer { SDL_RenderSetClipRect(renderer, nil) }
        guard SDL_SetTextureBlendMode(a, subtract) == 0, SDL_SetTextureBlendMode(b, subtract) == 0 else {
            SDL_SetTextureBlendMode(a, SDL_BLENDMODE_NONE)
            copy(a, to: screen)
            return false
        }
        SDL_SetTextureBlendMode(b, SDL_BLENDMODE_NONE)
        copy(b, to: screen)
        copy(a, to: screen)
        // A's texture: A − B clamped at 0, then added to the screen.
        SDL_SetRenderTarget(renderer, a)
        SDL_RenderSetClipRect(renderer, nil)
        SDL_SetTextureBlendMode(b, subtract)
        copy(b, to: PixelRect(x: 0, y: 0, width: ta.width, height: ta.height))
        SDL_SetRenderTarget(renderer, nil)
        SDL_RenderSetClipRect(renderer, &clip)
        guard SDL_SetTextureBlendMode(a, add) == 0 else { return false }
        copy(a, to: screen)
        return true
    }

    /// The scene drawn into a texture of the screen's size (kept between frames at `slot`).
    private func render(_ scene: Scene, into slot: ReferenceWritableKeyPath<CompareCompositor, Texture?>, mapping: PointToPixel) throws -> Texture {
        let screen = mapping.screen(width: scenes.deviceWidth, height: scenes.deviceHeight)
        let w = max(screen.width, 1), h = max(screen.height, 1)
        if self[keyPath: slot].map({ $0.width != w || $0.height != h }) ?? true {
            self[keyPath: slot] = nil
            self[keyPath: slot] = try scenes.makeTargetTexture(width: w, height: h, blend: SDL_BLENDMODE_BLEND, what: "a compare texture")
        }
        let texture = self[keyPath: slot]!
        scenes.setMapping(mapping.local)
        scenes.drawTarget = texture.handle
        defer { scenes.drawTarget = nil; scenes.setMapping(mapping) }
        try scenes.draw(scene, clearing: false)
        SDL_SetRenderTarget(renderer, nil)
        return texture
    }

    /// Copies `texture` to `r` (output pixels), stretched: a recording's frame over a screen.
    public func copy(_ texture: OpaquePointer, to r: PixelRect) {
        var dst = SDL_Rect(x: Int32(r.x), y: Int32(r.y), w: Int32(r.width), h: Int32(r.height))
        SDL_RenderCopy(renderer, texture, nil, &dst)
    }

    /// Frees the textures (before the renderer goes).
    public func release() {
        textureA = nil; textureB = nil
        if let pass = differencePass ?? nil, !scenes.context.isClosed { pass.release() }
        differencePass = nil
    }
}
