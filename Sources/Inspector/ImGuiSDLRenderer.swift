import CImGui
import CSDL2

/// The renderer half of the inspector, after imgui's `imgui_impl_sdlrenderer2`: ImGui's draw data
/// through `SDL_RenderGeometryRaw`, and the font atlas as an SDL texture. It reads no input.
final class ImGuiSDLRenderer {
    let renderer: OpaquePointer
    private var fontTexture: OpaquePointer?

    /// An opaque rectangle filled before the draw data, in window units (see `render`).
    struct Fill { var x, y, width, height: Float; var red, green, blue: UInt8 }

    init(renderer: OpaquePointer, io: UnsafeMutablePointer<ImGuiIO>) {
        self.renderer = renderer
        io.pointee.BackendFlags |= ImGuiBackendFlags(ImGuiBackendFlags_RendererHasVtxOffset.rawValue)
    }

    /// Destroys the atlas texture; call it while the renderer lives.
    func shutdown(_ io: UnsafeMutablePointer<ImGuiIO>) {
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

    /// Draws `fills`, then the draw data, in drawable pixels over the whole output: ImGui's
    /// coordinates are window units, so vertices and clip rects are scaled here (the HiDPI case)
    /// rather than by SDL. The renderer's scale, viewport and clip rect are as they were after.
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

        fill(fills, scaleX: scaleX, scaleY: scaleY)

        let clipOffset = data.DisplayPos
        let stride = Int32(ImGuiSDLRenderer.vertexStride)
        for n in 0..<Int(data.CmdListsCount) {
            guard let list = data.CmdLists[n] else { continue }
            let vertexCount = Int(list.pointee.VtxBuffer.Size)
            guard vertexCount > 0, let vertices = list.pointee.VtxBuffer.Data, let indices = list.pointee.IdxBuffer.Data else { continue }
            if scaleX != 1 || scaleY != 1 {
                // The draw data is ours until the next NewFrame, so it is scaled in place.
                for i in 0..<vertexCount {
                    vertices[i].pos.x *= scaleX
                    vertices[i].pos.y *= scaleY
                }
            }
            let commands = list.pointee.CmdBuffer
            for c in 0..<Int(commands.Size) {
                let command = commands.Data[c]
                // No widget here installs draw callbacks; a stray one is skipped, not called.
                if command.UserCallback != nil { continue }
                let clip = command.ClipRect
                let minX = max(0, (clip.x - clipOffset.x) * scaleX), minY = max(0, (clip.y - clipOffset.y) * scaleY)
                let maxX = min(Float(outputWidth), (clip.z - clipOffset.x) * scaleX)
                let maxY = min(Float(outputHeight), (clip.w - clipOffset.y) * scaleY)
                guard maxX > minX, maxY > minY else { continue }
                var rect = SDL_Rect(x: Int32(minX), y: Int32(minY), w: Int32((maxX - minX).rounded(.up)), h: Int32((maxY - minY).rounded(.up)))
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
