import CSDL2
import Foundation
import Geometry
import Scenes

// MARK: The launch screen and the intro's background

extension SceneRenderer {
    /// The launch screen: its background, then its logo, images and labels. As the intro's
    /// backdrop (`within` a region, or nil for the screen) it leaves out its logo, which is the
    /// intro's own logo layer.
    func drawLaunchScreen(_ screen: ResolvedLaunchScreen, _ m: PointToPixel, within region: Rect? = nil, withLogo: Bool = true) throws {
        try drawBackground(screen.background, m)
        /// Back to the region's clip, or the screen's.
        func restoreRegion() { if let region { clip(to: region, m) } else { restoreClip() } }
        for element in screen.elements {
            switch element {
            case let .logo(layer):
                if withLogo { try drawImage(try images.texture(.logo), layer, m) }
            case let .image(image):
                // A view at alpha 0 is not drawn at all (UIKit skips it), so its file is not decoded either.
                let opacity = image.opacity.isNaN ? 1 : min(max(image.opacity, 0), 1)
                guard opacity > 0 else { continue }
                let rect = image.rect
                let clip = region.map { image.clip.intersection($0) } ?? image.clip
                // A vector file is rasterized at the pixels its rectangle covers, so it is as sharp
                // as the device would draw it; a raster keeps its own size whatever this is.
                let pixelSize = (width: max(Pixels.int(rect.width * m.scale), 1), height: max(Pixels.int(rect.height * m.scale), 1))
                let texture = try images.launchImageTexture(image.path, pixelSize: pixelSize, tint: image.tint)
                clipIntersecting(clip, m)
                var dst = SDL_FRect(x: Pixels.float(m.offsetX + rect.x * m.scale), y: Pixels.float(m.offsetY + rect.y * m.scale),
                                    w: Pixels.float(rect.width * m.scale), h: Pixels.float(rect.height * m.scale))
                // Linear already: textures are made with SDL_HINT_RENDER_SCALE_QUALITY 1. Setting it
                // here bound the texture in GL behind SDL's cached draw state, and a copy of the
                // logo queued before it drew with this texture's pixels.
                SDL_SetTextureBlendMode(texture.handle, SDL_BLENDMODE_BLEND)
                SDL_SetTextureAlphaMod(texture.handle, UInt8((opacity * 255).rounded()))
                SDL_RenderCopyF(renderer, texture.handle, nil, &dst)
                // The texture may be drawn elsewhere (a launch background of the same file) at full opacity.
                SDL_SetTextureAlphaMod(texture.handle, 255)
                restoreRegion()
            case let .label(string, frame, size, weight, color, alignment, lines):
                // Set as the layout measured it (`LaunchTypesetter`): Inter or Inter Display with
                // SF's tracking, its lines placed across the frame by the alignment.
                guard let t = try text.launchLabel(string, pointSize: size, weight: weight, scale: m.scale, color: color,
                                                   width: frame.width, lines: lines, alignment: alignment) else { continue }
                // UILabel centres its text vertically in its frame.
                let x = (m.offsetX + frame.x * m.scale).rounded() - Double(t.frameColumn)
                let y = m.offsetY + frame.midY * m.scale - Double(t.height) / 2
                var dst = SDL_FRect(x: Pixels.float(x), y: Pixels.float(y.rounded()), w: Float(t.width), h: Float(t.height))
                SDL_RenderCopyF(renderer, t.texture, nil, &dst)
            case let .fill(frame, color, clip):
                let limit = clip.map { c in region.map { c.intersection($0) } ?? c } ?? region
                if let limit { clipIntersecting(limit, m) }
                SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
                fillRect(frame, color, m)
                if limit != nil { restoreRegion() }
            }
        }
    }

    /// The intro's background: the launch background, and, when the intro starts from a project's
    /// launch screen, that screen's other elements too (seed 000: the splash is a copy of the
    /// launch screen whose logo view animates).
    /// The intro's background over the whole screen (`regions` nil), or only within each region
    /// the plan leaves uncovered.
    func drawLaunchBackground(_ m: PointToPixel, regions: [Rect]?) throws {
        guard let regions else { return try drawLaunchBackground(m, within: nil) }
        for region in regions {
            clip(to: region, m)
            try drawLaunchBackground(m, within: region)
        }
        restoreClip()
    }

    private func drawLaunchBackground(_ m: PointToPixel, within region: Rect?) throws {
        if introCopiesLaunchScreen {
            try drawLaunchScreen(ResolvedLaunchScreen(background: launchBackground, elements: launchScreen.elements), m, within: region, withLogo: false)
        } else {
            try drawBackground(launchBackground, m)
        }
    }

    func drawBackground(_ background: LaunchBackground, _ m: PointToPixel) throws {
        switch background {
        case .white:
            fillRect(Rect(x: 0, y: 0, width: deviceWidth, height: deviceHeight), .white, m)
        case let .image(path):
            var dst = pixelRect(centerX: deviceWidth / 2, centerY: deviceHeight / 2, width: deviceWidth, height: deviceHeight, m)
            SDL_RenderCopyF(renderer, try images.launchImageTexture(path).handle, nil, &dst)
        case let .gradient(stops):
            try drawGradient(stops, m)
        }
    }

    /// The stops extended to cover 0...1 with the end colours.
    static func fullRange(_ stops: [GradientStop]) -> [GradientStop] {
        guard let first = stops.first, let last = stops.last else { return [] }
        var bands = stops
        if first.location > 0 { bands.insert(GradientStop(location: 0, color: first.color), at: 0) }
        if last.location < 1 { bands.append(GradientStop(location: 1, color: last.color)) }
        return bands
    }

    /// A vertical gradient as one band of two triangles per pair of stops, colours interpolated
    /// by the rasteriser.
    func drawGradient(_ stops: [GradientStop], _ m: PointToPixel) throws {
        let bands = SceneRenderer.fullRange(stops)
        vertices.removeAll(keepingCapacity: true)
        let left = Float(m.offsetX), right = Float(m.offsetX + deviceWidth * m.scale)
        for i in 0..<max(bands.count - 1, 0) {
            let a = bands[i], b = bands[i + 1]
            let ya = Float(m.offsetY + a.location * deviceHeight * m.scale), yb = Float(m.offsetY + b.location * deviceHeight * m.scale)
            guard yb > ya else { continue }
            let ca = SDL_Color(r: a.color.r, g: a.color.g, b: a.color.b, a: a.color.a)
            let cb = SDL_Color(r: b.color.r, g: b.color.g, b: b.color.b, a: b.color.a)
            let zero = SDL_FPoint(x: 0, y: 0)
            let tl = SDL_Vertex(position: SDL_FPoint(x: left, y: ya), color: ca, tex_coord: zero)
            let tr = SDL_Vertex(position: SDL_FPoint(x: right, y: ya), color: ca, tex_coord: zero)
            let br = SDL_Vertex(position: SDL_FPoint(x: right, y: yb), color: cb, tex_coord: zero)
            let bl = SDL_Vertex(position: SDL_FPoint(x: left, y: yb), color: cb, tex_coord: zero)
            vertices += [tl, tr, br, tl, br, bl]
        }
        try renderGeometry(nil, blend: stops.allSatisfy { $0.color.a == 255 } ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
    }
}
