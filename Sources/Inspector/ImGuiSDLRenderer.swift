import CImGui
import CSDL2

/// The renderer half of the inspector, after imgui's `imgui_impl_sdlrenderer2`: ImGui's draw data
/// through `SDL_RenderGeometryRaw`, and the font atlas as an SDL texture. It reads no input.
final class ImGuiSDLRenderer {
    let renderer: OpaquePointer
    private var fontTexture: OpaquePointer?

    /// An opaque panel's background, filled before its draw data, in window units (see `render`);
    /// `title` is the ImGui window it lies under, whose draw lists (and its children's) are the panel's.
    struct Fill { var x, y, width, height: Float; var red, green, blue: UInt8; var title: String }

    /// Whether each panel is drawn into a texture of its own and redrawn only when what ImGui
    /// drew in it changed; off, every panel is drawn every frame. The pixels are the same but for
    /// anti-aliased text, where a few differ by one level (see `DrawTarget`).
    var cachesPanels = true
    private var panelLayers: [String: PanelLayer] = [:]
    /// Each panel's signature in the frame before, drawn or not: a panel goes into its texture
    /// when it holds still for two frames.
    private var lastSignatures: [String: [UInt8]] = [:]
    /// The panels drawn again in the last `render`, by title (the rest were copied from their textures).
    private(set) var panelsRedrawnLastFrame: [String] = []

    init(renderer: OpaquePointer, io: UnsafeMutablePointer<ImGuiIO>) {
        self.renderer = renderer
        io.pointee.BackendFlags |= ImGuiBackendFlags(ImGuiBackendFlags_RendererHasVtxOffset.rawValue)
    }

    /// Destroys the atlas texture; call it while the renderer lives.
    func shutdown(_ io: UnsafeMutablePointer<ImGuiIO>) {
        invalidatePanelLayers()
        io.pointee.Fonts.pointee.SetTexID(nil)
        if let fontTexture { SDL_DestroyTexture(fontTexture) }
        fontTexture = nil
    }

    // MARK: Font atlas

    /// Uploads the atlas ImGui has built as a static RGBA texture, in place of the last one, and
    /// lets the atlas drop its pixels.
    func uploadFontAtlas(_ atlas: UnsafeMutablePointer<ImFontAtlas>) throws {
        var pixels: UnsafeMutablePointer<UInt8>? = nil
        var width: Int32 = 0, height: Int32 = 0, bytesPerPixel: Int32 = 0
        atlas.pointee.GetTexDataAsRGBA32(&pixels, &width, &height, &bytesPerPixel)
        guard let pixels, width > 0, height > 0 else { throw InspectorError("ImGui could not build its font atlas") }
        // RGBA32 names the byte order R, G, B, A in memory, which is what ImGui's atlas holds.
        guard let texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGBA32.rawValue,
                                              Int32(SDL_TEXTUREACCESS_STATIC.rawValue), width, height) else {
            throw InspectorError("SDL could not create the \(width)x\(height) font atlas texture: \(String(cString: SDL_GetError()))")
        }
        SDL_UpdateTexture(texture, nil, pixels, width * 4)
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        // ImGui's anti-aliased lines sample baked line textures between texels: they need bilinear.
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        if let old = fontTexture { SDL_DestroyTexture(old) }
        fontTexture = texture
        // Panels drawn with the old glyphs are drawn again.
        invalidatePanelLayers()
        atlas.pointee.SetTexID(UnsafeMutableRawPointer(texture))
        // The atlas keeps only what the texture now holds.
        atlas.pointee.ClearTexData()
    }

    // MARK: Drawing

    /// ImDrawVert's layout as the compiler sees imgui.h's struct (pos, uv, col), as
    /// imgui_impl_sdlrenderer2 takes it with offsetof: no numbers of ours to drift from imgui's.
    static let vertexStride = MemoryLayout<ImDrawVert>.stride
    static let positionOffset = MemoryLayout<ImDrawVert>.offset(of: \ImDrawVert.pos)!
    static let uvOffset = MemoryLayout<ImDrawVert>.offset(of: \ImDrawVert.uv)!
    static let colourOffset = MemoryLayout<ImDrawVert>.offset(of: \ImDrawVert.col)!

    /// Draws the panels' fills and the draw data, in drawable pixels over the whole output: ImGui's
    /// coordinates are window units, so vertices and clip rects are scaled here (the HiDPI case)
    /// rather than by SDL. The renderer's scale, viewport, clip rect and target are as they were after.
    ///
    /// With `cachesPanels`, a panel whose rectangle falls on whole pixels is kept in a texture of
    /// its own (its fill, then its draw lists), copied to the output unblended every frame while
    /// its draw lists, fill and place stay the same byte for byte; a panel that changed is drawn
    /// to the output as before, and into its texture once it holds still (`drawPanel`). ImGui
    /// builds a panel's lists anew each frame, but most frames they are byte for byte the same,
    /// and copying a texture costs a software rasteriser (llvmpipe) a fraction of drawing the
    /// panel's text and shapes again. Lists that belong to no panel (tooltips, the foreground
    /// labels) are drawn straight to the output, in ImGui's order, after the panels under them.
    func render(_ drawData: UnsafeMutablePointer<ImDrawData>, fills: [Fill]) {
        precondition(MemoryLayout<ImDrawIdx>.size == 2, "ImDrawIdx is not 16-bit")
        let data = drawData.pointee
        guard data.CmdListsCount > 0, data.DisplaySize.x > 0, data.DisplaySize.y > 0 else { return }
        var outputWidth: Int32 = 0, outputHeight: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &outputWidth, &outputHeight)
        let scaleX = Float(outputWidth) / data.DisplaySize.x, scaleY = Float(outputHeight) / data.DisplaySize.y

        // The app's state, restored after: scale first, since SDL reads viewport and clip in scaled units.
        var oldScaleX: Float = 1, oldScaleY: Float = 1
        SDL_RenderGetScale(renderer, &oldScaleX, &oldScaleY)
        var oldViewport = SDL_Rect(), oldClip = SDL_Rect()
        SDL_RenderGetViewport(renderer, &oldViewport)
        let clipWasEnabled = SDL_RenderIsClipEnabled(renderer) == SDL_TRUE
        SDL_RenderGetClipRect(renderer, &oldClip)
        defer {
            SDL_RenderSetScale(renderer, oldScaleX, oldScaleY)
            SDL_RenderSetViewport(renderer, &oldViewport)
            if clipWasEnabled { SDL_RenderSetClipRect(renderer, &oldClip) } else { SDL_RenderSetClipRect(renderer, nil) }
        }
        SDL_RenderSetScale(renderer, 1, 1)
        SDL_RenderSetViewport(renderer, nil)

        let lists = (0..<Int(data.CmdListsCount)).compactMap { data.CmdLists[$0] }
        // Each list's panel: the ImGui window that owns it is the panel's, or a child of it
        // (ImGui names a child "Parent/Child_ID").
        let owners: [Int?] = lists.map { list in
            guard let owner = list.pointee._OwnerName else { return nil }
            let name = String(cString: owner)
            return fills.firstIndex { name == $0.title || name.hasPrefix($0.title + "/") }
        }
        let cached: [PanelLayer.Placement?] = fills.map { fill in
            cachesPanels && SDL_RenderTargetSupported(renderer) == SDL_TRUE ? PanelLayer.Placement(fill, scaleX: scaleX, scaleY: scaleY) : nil
        }
        fill(fills.indices.filter { cached[$0] == nil }.map { fills[$0] }, scaleX: scaleX, scaleY: scaleY)

        let output = DrawTarget(width: outputWidth, height: outputHeight, originX: 0, originY: 0)
        panelsRedrawnLastFrame = fills.indices.filter { cached[$0] == nil }.map { fills[$0].title }
        var drawn = Set<Int>()
        for (n, list) in lists.enumerated() {
            guard let panel = owners[n], let placement = cached[panel] else {
                draw(list, displayPosition: data.DisplayPos, scaleX: scaleX, scaleY: scaleY, into: output)
                continue
            }
            guard drawn.insert(panel).inserted else { continue }
            let panelLists = lists.indices.filter { owners[$0] == panel }.map { lists[$0] }
            drawPanel(fills[panel], at: placement, lists: panelLists, displayPosition: data.DisplayPos, scaleX: scaleX, scaleY: scaleY)
        }
        // Panels gone from the frame free their textures.
        let shown = Set(drawn.map { fills[$0].title })
        for title in panelLayers.keys where !shown.contains(title) { panelLayers.removeValue(forKey: title)?.destroy() }
        for title in lastSignatures.keys where !shown.contains(title) { lastSignatures.removeValue(forKey: title) }
    }

    /// Where lists are drawn: the output, or a panel's texture whose top left is at `origin` in
    /// output pixels. A texture is drawn upside down (`mirrored`) and copied back flipped: SDL's
    /// OpenGL renderers draw into a texture with the y axis the other way round from the window,
    /// so geometry drawn upright there would meet the rasteriser's tie-breaking rule for edges on
    /// pixel centres from the other side and differ in a few edge pixels; mirrored, it reaches the
    /// rasteriser as it does on the window, moved by whole pixels. What is left is the texture's
    /// projection rounding a glyph's interpolated atlas coordinates a hair apart: a few
    /// anti-aliased text pixels one level off (WindowPanelLayerTests holds the bound).
    private struct DrawTarget { var width, height: Int32; var originX, originY: Float; var mirrored = false }

    /// One draw list, scaled to output pixels and moved by the target's origin, clipped as ImGui asks.
    private func draw(_ list: UnsafeMutablePointer<ImDrawList>, displayPosition: ImVec2, scaleX: Float, scaleY: Float, into target: DrawTarget) {
        let vertexCount = Int(list.pointee.VtxBuffer.Size)
        guard vertexCount > 0, let vertices = list.pointee.VtxBuffer.Data, let indices = list.pointee.IdxBuffer.Data else { return }
        if scaleX != 1 || scaleY != 1 || target.originX != 0 || target.originY != 0 || target.mirrored {
            // The draw data is ours until the next NewFrame, so it is moved in place. The origin is
            // whole pixels and below 2^23, so subtracting it is exact: the geometry lands on the
            // same subpixel positions as on the output.
            let height = Float(target.height)
            for i in 0..<vertexCount {
                vertices[i].pos.x = vertices[i].pos.x * scaleX - target.originX
                let y = vertices[i].pos.y * scaleY - target.originY
                vertices[i].pos.y = target.mirrored ? height - y : y
            }
        }
        let stride = Int32(ImGuiSDLRenderer.vertexStride)
        let commands = list.pointee.CmdBuffer
        for c in 0..<Int(commands.Size) {
            let command = commands.Data[c]
            // No widget here installs draw callbacks; a stray one is skipped, not called.
            if command.UserCallback != nil { continue }
            let clip = command.ClipRect
            let minX = max(0, (clip.x - displayPosition.x) * scaleX - target.originX), minY = max(0, (clip.y - displayPosition.y) * scaleY - target.originY)
            let maxX = min(Float(target.width), (clip.z - displayPosition.x) * scaleX - target.originX)
            let maxY = min(Float(target.height), (clip.w - displayPosition.y) * scaleY - target.originY)
            guard maxX > minX, maxY > minY else { continue }
            var rect = SDL_Rect(x: Int32(minX), y: Int32(minY), w: Int32((maxX - minX).rounded(.up)), h: Int32((maxY - minY).rounded(.up)))
            if target.mirrored { rect.y = target.height - rect.y - rect.h }
            SDL_RenderSetClipRect(renderer, &rect)
            let base = UnsafeRawPointer(vertices + Int(command.VtxOffset))
            let texture = command.TextureId.map { OpaquePointer($0) }
            SDL_RenderGeometryRaw(renderer, texture,
                                  (base + ImGuiSDLRenderer.positionOffset).assumingMemoryBound(to: Float.self), stride,
                                  (base + ImGuiSDLRenderer.colourOffset).assumingMemoryBound(to: SDL_Color.self), stride,
                                  (base + ImGuiSDLRenderer.uvOffset).assumingMemoryBound(to: Float.self), stride,
                                  Int32(vertexCount - Int(command.VtxOffset)),
                                  UnsafeRawPointer(indices + Int(command.IdxOffset)), Int32(command.ElemCount), 2)
        }
    }

    /// A cached panel: drawn into its texture when what it shows changed, then copied to the output.
    private func drawPanel(_ fill: Fill, at placement: PanelLayer.Placement, lists: [UnsafeMutablePointer<ImDrawList>],
                           displayPosition: ImVec2, scaleX: Float, scaleY: Float) {
        let signature = PanelLayer.signature(fill, placement: placement, lists: lists, displayPosition: displayPosition)
        if let layer = panelLayers[fill.title], layer.signature == signature {
            copy(layer)
            return
        }
        // A panel that changed since the frame before is drawn straight to the output, as without
        // textures: one that changes every frame (a plot following the take, a panel being
        // resized) then costs no texture to make or copy. Once it shows the same two frames
        // running, it goes into its texture and is copied from then on.
        let steady = lastSignatures[fill.title] == signature
        lastSignatures[fill.title] = signature
        panelsRedrawnLastFrame.append(fill.title)
        var layer = panelLayers[fill.title]
        if steady && (layer?.placement.width != placement.width || layer?.placement.height != placement.height) {
            layer?.destroy()
            layer = PanelLayer(renderer: renderer, placement: placement)
            panelLayers[fill.title] = layer
        }
        guard steady, let layer else {
            // Drawn to the output this frame (changing, or no texture could be made).
            self.fill([fill], scaleX: scaleX, scaleY: scaleY)
            let output = DrawTarget(width: Int32.max, height: Int32.max, originX: 0, originY: 0)
            for list in lists { draw(list, displayPosition: displayPosition, scaleX: scaleX, scaleY: scaleY, into: output) }
            return
        }
        layer.placement = placement
        let previousTarget = SDL_GetRenderTarget(renderer)
        SDL_SetRenderTarget(renderer, layer.texture)
        SDL_RenderSetViewport(renderer, nil)
        self.fill([Fill(x: 0, y: 0, width: Float(placement.width), height: Float(placement.height),
                        red: fill.red, green: fill.green, blue: fill.blue, title: fill.title)], scaleX: 1, scaleY: 1)
        let target = DrawTarget(width: placement.width, height: placement.height, originX: Float(placement.x), originY: Float(placement.y),
                                mirrored: true)
        for list in lists { draw(list, displayPosition: displayPosition, scaleX: scaleX, scaleY: scaleY, into: target) }
        SDL_SetRenderTarget(renderer, previousTarget)
        SDL_RenderSetViewport(renderer, nil)
        layer.signature = signature
        copy(layer)
    }

    /// A panel's texture copied to its place, flipped back upright (see `DrawTarget`).
    private func copy(_ layer: PanelLayer) {
        SDL_RenderSetClipRect(renderer, nil)
        var destination = SDL_Rect(x: layer.placement.x, y: layer.placement.y, w: layer.placement.width, h: layer.placement.height)
        SDL_RenderCopyEx(renderer, layer.texture, nil, &destination, 0, nil, SDL_FLIP_VERTICAL)
    }

    /// Drops every panel's texture, so each is drawn anew: after the font atlas changes, or when
    /// the renderer lost its textures' contents (`SDL_RENDER_TARGETS_RESET`).
    func invalidatePanelLayers() {
        for layer in panelLayers.values { layer.destroy() }
        panelLayers.removeAll()
        lastSignatures.removeAll()
    }

    /// Opaque, untextured fills without blending: panel backgrounds are the largest area the
    /// inspector covers, and on a software rasteriser (Mesa llvmpipe) a blended, textured fill
    /// of it is what a frame of the inspector mostly costs.
    private func fill(_ fills: [Fill], scaleX: Float, scaleY: Float) {
        guard !fills.isEmpty else { return }
        var r: UInt8 = 0, g: UInt8 = 0, b: UInt8 = 0, a: UInt8 = 0
        var blend = SDL_BLENDMODE_NONE
        SDL_GetRenderDrawColor(renderer, &r, &g, &b, &a)
        SDL_GetRenderDrawBlendMode(renderer, &blend)
        defer {
            SDL_SetRenderDrawColor(renderer, r, g, b, a)
            SDL_SetRenderDrawBlendMode(renderer, blend)
        }
        SDL_RenderSetClipRect(renderer, nil)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
        for fill in fills {
            SDL_SetRenderDrawColor(renderer, fill.red, fill.green, fill.blue, 255)
            var rect = SDL_FRect(x: fill.x * scaleX, y: fill.y * scaleY, w: fill.width * scaleX, h: fill.height * scaleY)
            SDL_RenderFillRectF(renderer, &rect)
        }
    }
}

/// One panel's texture and what was drawn in it: the bytes of its draw lists, fill and placement.
final class PanelLayer {
    /// A panel's rectangle in output pixels; nil when it does not fall on whole pixels (its fill's
    /// edges would then blend with what lies beside it, which a copy cannot reproduce).
    struct Placement: Equatable {
        var x, y, width, height: Int32

        init?(_ fill: ImGuiSDLRenderer.Fill, scaleX: Float, scaleY: Float) {
            let edges = [fill.x * scaleX, fill.y * scaleY, fill.width * scaleX, fill.height * scaleY]
            guard edges.allSatisfy({ $0.isFinite && abs($0 - $0.rounded()) < 1e-3 && abs($0) < 1_048_576 }) else { return nil }
            x = Int32(edges[0].rounded()); y = Int32(edges[1].rounded()); width = Int32(edges[2].rounded()); height = Int32(edges[3].rounded())
            guard width > 0, height > 0 else { return nil }
        }
    }

    let texture: OpaquePointer
    var placement: Placement
    var signature: [UInt8] = []

    init?(renderer: OpaquePointer, placement: Placement) {
        guard let texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
                                              placement.width, placement.height) else { return nil }
        // Copied 1:1 and opaque: no blending, no filtering.
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeNearest)
        self.texture = texture
        self.placement = placement
    }

    func destroy() { SDL_DestroyTexture(texture) }

    /// Everything the panel's pixels depend on, as bytes: the fill and where it lies, and each list's
    /// vertices, indices and commands (clip rectangles, textures, offsets), read before they are scaled.
    static func signature(_ fill: ImGuiSDLRenderer.Fill, placement: Placement, lists: [UnsafeMutablePointer<ImDrawList>],
                          displayPosition: ImVec2) -> [UInt8] {
        var bytes: [UInt8] = []
        func append<T>(_ value: T) { withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) } }
        append(placement.x); append(placement.y); append(placement.width); append(placement.height)
        append(fill.x); append(fill.y); append(fill.width); append(fill.height)
        append(fill.red); append(fill.green); append(fill.blue)
        append(displayPosition.x); append(displayPosition.y)
        for list in lists {
            let vertexCount = Int(list.pointee.VtxBuffer.Size), indexCount = Int(list.pointee.IdxBuffer.Size)
            append(vertexCount); append(indexCount)
            if let vertices = list.pointee.VtxBuffer.Data {
                bytes.append(contentsOf: UnsafeRawBufferPointer(start: vertices, count: vertexCount * MemoryLayout<ImDrawVert>.stride))
            }
            if let indices = list.pointee.IdxBuffer.Data {
                bytes.append(contentsOf: UnsafeRawBufferPointer(start: indices, count: indexCount * MemoryLayout<ImDrawIdx>.stride))
            }
            let commands = list.pointee.CmdBuffer
            for c in 0..<Int(commands.Size) {
                let command = commands.Data[c]
                append(command.ClipRect.x); append(command.ClipRect.y); append(command.ClipRect.z); append(command.ClipRect.w)
                append(command.TextureId); append(command.VtxOffset); append(command.IdxOffset); append(command.ElemCount)
                append(command.UserCallback != nil)
            }
        }
        return bytes
    }
}
