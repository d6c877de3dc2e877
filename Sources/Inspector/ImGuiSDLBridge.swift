/// # Inspector
///
/// The tuning inspector's UI: Dear ImGui 1.86 (Debian `libimgui-dev`) drawn with an SDL renderer,
/// and the editor widgets SplashLab needs (number fields, a bezier curve editor, a spring editor, a
/// timeline). Widgets take plain Swift values and return edit events; nothing here knows about
/// scenes, timings files or undo. C++ interoperability is confined to this module and whatever
/// imports it, so the app keeps one thin executable target that imports `Inspector`.
///
/// How an app uses it, once per window:
/// ```swift
/// let inspector = try ImGuiSDLBridge(window: window, renderer: renderer)
/// // every event: let ImGui see it, and keep it from the preview when ImGui wants it
/// if let input = InspectorInput(sdlEvent: event) {
///     let forInspector = inspector.handle(input)
///     if !forInspector { previewHandles(event) }
/// }
/// // every frame, after drawing the preview and before presenting:
/// inspector.beginFrame(deltaTime: secondsSinceLastFrame)
/// inspector.panel(title: "Timings", x: 760, y: 0, width: 480, height: 900) {
///     switch inspector.numberField(id: "splash.logo.duration", label: "Logo", value: d,
///                                  range: 0...2, unit: "s") {
///     case .none: break
///     case let .changed(value, isFinal): apply(value); if isFinal { commitUndoStep() }
///     case let .refused(message): log(message)
///     }
///     _ = inspector.curveEditor(id: "curve", points: points, progress: 0.4)
/// }
/// inspector.endFrameAndRender()          // ImGui's draw data, through SDL_RenderGeometryRaw
/// let json = inspector.registry.json()   // what was drawn where, for end-to-end tests
/// SDL_RenderPresent(renderer)
/// // quitting: the inspector's textures go before the renderer that made them
/// inspector.shutdown()
/// SDL_DestroyRenderer(renderer)
/// ```
/// `wantsMouse` / `wantsKeyboard` say where the next event belongs. `lastFrameCost` is what the
/// inspector itself cost in the last frame.
import CImGui
import CSDL2
import Formats
import Foundation

/// A failure to bring the inspector up, with SDL's reason.
public struct InspectorError: Error, CustomStringConvertible, Equatable {
    public let description: String
    init(_ message: String) { description = message }
}

/// What the inspector cost in one frame, in seconds of wall time on the calling thread.
public struct InspectorFrameCost: Equatable, Sendable {
    /// From `beginFrame` through ImGui's `Render()`: input, widgets and ImGui's own layout.
    public var buildSeconds: Double
    /// Issuing the draw data to the SDL renderer (`SDL_RenderGeometryRaw` per command).
    public var renderSeconds: Double
    public var totalSeconds: Double { buildSeconds + renderSeconds }
    public static let zero = InspectorFrameCost(buildSeconds: 0, renderSeconds: 0)
}

/// One ImGui context attached to one SDL window and renderer: input in, frames built, draw data out
/// through the renderer. Not thread-safe (neither is SDL): use it from the thread that owns SDL.
public final class ImGuiSDLBridge {
    public let window: OpaquePointer
    public let renderer: OpaquePointer
    /// The TTF used when present; ImGui's built-in bitmap font otherwise.
    public static let defaultFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    /// Text size in window units; the atlas is rasterised at this times the pixel density.
    public static let defaultFontSize = 15.0

    private let context: OpaquePointer
    private let fontPath: String?
    private let fontSize: Double
    private var fontTexture: OpaquePointer?
    /// Drawable pixels per window unit that the font atlas was rasterised for.
    private var fontDensity: Double = 0
    public private(set) var isShutDown = false
    public private(set) var isInFrame = false
    /// Whether the atlas is DejaVu Sans (false: the TTF was missing and ImGui's default is used).
    public private(set) var usesTrueTypeFont = false

    // Mouse buttons pressed since the last frame stay down for one frame, so a click shorter than a
    // frame is still seen (imgui_impl_sdl.cpp does the same with `MousePressed`).
    private var buttonsDown = [Bool](repeating: false, count: 5)
    private var buttonsPressedSinceFrame = [Bool](repeating: false, count: 5)
    /// ImGui 1.86 reads key state once a frame, with no event queue (that came in 1.87): a key
    /// pressed and released between two frames (a quick tap, or any tap while frames are slow)
    /// would be missed. Keys and modifiers pressed since the last frame are shown down for that
    /// frame, as the mouse buttons are.
    private var keysDown = Set<Int>()
    private var keysPressedSinceFrame = Set<Int>()
    private var keysReleasedAtNextFrame = Set<Int>()
    private var modifiersDown: KeyModifiers = []
    private var modifiersPressedSinceFrame: KeyModifiers = []
    private var textInputStarted = false

    /// A panel's background, filled by the bridge rather than by ImGui.
    struct PanelBackground { var x, y, width, height: Float; var red, green, blue: UInt8 }
    private var panelBackgrounds: [PanelBackground] = []

    private var frameStartNanoseconds: UInt64 = 0
    /// Counts frames, so widget state can tell whether it was drawn in the current one.
    private(set) var frameIndex: UInt64 = 0
    public private(set) var lastFrameCost = InspectorFrameCost.zero
    private var registryInProgress = ControlRegistry()
    /// The controls drawn in the last completed frame.
    public private(set) var registry = ControlRegistry()

    // Widget state that outlives a frame, by the caller's id.
    var numberFieldStates: [String: NumberFieldState] = [:]
    var curveEditorStates: [String: CurveEditorState] = [:]
    var timelineStates: [String: TimelineState] = [:]

    /// - Parameters:
    ///   - fontPath: a TTF to load, or nil for ImGui's built-in font. A missing file also falls back.
    ///   - fontSize: in window units (points on HiDPI).
    public init(window: OpaquePointer, renderer: OpaquePointer,
                fontPath: String? = ImGuiSDLBridge.defaultFontPath,
                fontSize: Double = ImGuiSDLBridge.defaultFontSize) throws {
        self.window = window
        self.renderer = renderer
        self.fontPath = fontPath
        self.fontSize = fontSize
        guard let context = ImGui.CreateContext(nil) else { throw InspectorError("ImGui could not create a context") }
        self.context = context
        ImGui.SetCurrentContext(context)
        let io = ImGui.GetIO()
        // No imgui.ini: window placement is the app's, and tests must not leave files behind.
        io.pointee.IniFilename = nil
        io.pointee.LogFilename = nil
        io.pointee.BackendFlags |= ImGuiBackendFlags(ImGuiBackendFlags_RendererHasVtxOffset.rawValue)
        ImGuiSDLBridge.mapKeys(io)
        ImGuiSDLBridge.useSystemClipboard(io)
        ImGuiSDLBridge.applyStyle()
        do {
            try rebuildFontAtlas(density: pixelDensity())
        } catch {
            ImGui.DestroyContext(context)
            throw error
        }
    }

    deinit {
        // No SDL call here: the renderer may already be gone, and SDL frees a renderer's textures
        // with it. `shutdown()` is where the atlas texture is destroyed while the renderer lives.
        if !isShutDown { ImGui.DestroyContext(context) }
    }

    /// Destroys the font atlas texture and the ImGui context. Call it before destroying the
    /// renderer; after it, the bridge makes no SDL or ImGui call (every method returns at once).
    public func shutdown() {
        guard !isShutDown else { return }
        if isInFrame {
            ImGui.SetCurrentContext(context)
            ImGui.EndFrame()
            isInFrame = false
        }
        ImGui.SetCurrentContext(context)
        ImGui.GetIO().pointee.Fonts.pointee.SetTexID(nil)
        if let fontTexture { SDL_DestroyTexture(fontTexture) }
        fontTexture = nil
        if textInputStarted { SDL_StopTextInput(); textInputStarted = false }
        ImGui.DestroyContext(context)
        for state in numberFieldStates.values { state.endTyping() }
        numberFieldStates.removeAll()
        isShutDown = true
    }

    // MARK: Input

    /// Whether ImGui wants the mouse (the pointer is over, or dragging, an inspector control).
    public var wantsMouse: Bool { !isShutDown && withContext { $0.pointee.WantCaptureMouse } }
    /// Whether ImGui wants the keyboard (a field is being typed into). True from the click that
    /// opens typing, although ImGui itself takes two more frames to focus the text entry.
    public var wantsKeyboard: Bool { !isShutDown && (isTypingInField || withContext { $0.pointee.WantCaptureKeyboard }) }

    var isTypingInField: Bool { numberFieldStates.values.contains { $0.typingBuffer != nil } }

    /// Feeds one input to ImGui, always, since ImGui must track the pointer even when it is over
    /// the preview. Returns whether the input is the inspector's: true means the app should not
    /// also act on it. The answer uses ImGui's wants from the last frame, as ImGui intends.
    @discardableResult
    public func handle(_ input: InspectorInput) -> Bool {
        guard !isShutDown else { return false }
        ImGui.SetCurrentContext(context)
        let io = ImGui.GetIO()
        switch input {
        case let .mouseMoved(x, y):
            io.pointee.MousePos = ImVec2(Float(x), Float(y))
        case let .mouseButton(button, isDown, x, y):
            io.pointee.MousePos = ImVec2(Float(x), Float(y))
            guard (0..<5).contains(button) else { return false }
            buttonsDown[button] = isDown
            if isDown { buttonsPressedSinceFrame[button] = true }
        case let .wheel(dx, dy):
            io.pointee.MouseWheelH += Float(dx)
            io.pointee.MouseWheel += Float(dy)
        case .mouseLeftWindow:
            // ImGui's "no mouse" position (-FLT_MAX), from imgui_impl_sdl.cpp.
            io.pointee.MousePos = ImVec2(-Float.greatestFiniteMagnitude, -Float.greatestFiniteMagnitude)
        case let .key(scancode, isDown, modifiers):
            if (0..<512).contains(scancode) {
                if isDown { keysDown.insert(scancode); keysPressedSinceFrame.insert(scancode) } else { keysDown.remove(scancode) }
                let shown = isDown || keysPressedSinceFrame.contains(scancode)
                withUnsafeMutableBytes(of: &io.pointee.KeysDown) { $0.storeBytes(of: shown, toByteOffset: scancode, as: Bool.self) }
            }
            modifiersDown = modifiers
            modifiersPressedSinceFrame.formUnion(modifiers)
            let shownModifiers = modifiers.union(modifiersPressedSinceFrame)
            io.pointee.KeyCtrl = shownModifiers.contains(.control)
            io.pointee.KeyShift = shownModifiers.contains(.shift)
            io.pointee.KeyAlt = shownModifiers.contains(.alt)
            io.pointee.KeySuper = shownModifiers.contains(.command)
        case .text(let text):
            io.pointee.AddInputCharactersUTF8(text)
        }
        if input.isMouse { return io.pointee.WantCaptureMouse }
        if case .text = input { return io.pointee.WantTextInput || isTypingInField }
        return io.pointee.WantCaptureKeyboard || isTypingInField
    }

    /// True while ImGui has input it has not shown yet (a press or a key tapped between frames,
    /// shown down for one frame and released at the next) or a field is being typed in (its caret
    /// blinks): a window that draws only on change must draw again.
    public var needsAnotherFrame: Bool {
        !isShutDown && (!keysReleasedAtNextFrame.isEmpty || !keysPressedSinceFrame.isEmpty || buttonsPressedSinceFrame.contains(true)
            || isTypingInField || withContext { $0.pointee.WantTextInput })
    }

    /// Shorthand for `InspectorInput(sdlEvent:)` then `handle(_:)`; false for events it ignores.
    @discardableResult
    public func handle(sdlEvent event: SDL_Event) -> Bool {
        guard let input = InspectorInput(sdlEvent: event) else { return false }
        return handle(input)
    }

    // MARK: Frames

    /// Starts a frame: window size, pixel density and input go to ImGui, and widgets may be drawn
    /// until `endFrameAndRender()`. `deltaTime` is the wall time since the last frame, in seconds.
    public func beginFrame(deltaTime: Double) {
        guard !isShutDown else { return }
        precondition(!isInFrame, "beginFrame called twice without endFrameAndRender")
        frameStartNanoseconds = monotonicNanoseconds()
        ImGui.SetCurrentContext(context)
        let density = pixelDensity()
        if abs(density - fontDensity) > 1e-3 {
            // Moved to a display of another density: rasterise text for it. A failure keeps the old
            // atlas, which is only blurrier.
            try? rebuildFontAtlas(density: density)
        }
        let io = ImGui.GetIO()
        let size = windowSize()
        io.pointee.DisplaySize = ImVec2(Float(size.width), Float(size.height))
        let scale = framebufferScale()
        io.pointee.DisplayFramebufferScale = ImVec2(Float(scale.x), Float(scale.y))
        // ImGui asserts DeltaTime > 0; a repeated timestamp must not stop the app.
        io.pointee.DeltaTime = Float(max(deltaTime, 1e-4))
        withUnsafeMutableBytes(of: &io.pointee.MouseDown) { down in
            for b in 0..<5 { down.storeBytes(of: buttonsDown[b] || buttonsPressedSinceFrame[b], toByteOffset: b, as: Bool.self) }
        }
        buttonsPressedSinceFrame = [Bool](repeating: false, count: 5)
        // Keys tapped before the last frame were shown down for it; now they show as they are.
        // Everything is set before NewFrame: ImGui asserts that the modifiers do not change
        // within a frame (io.KeyMods against KeyCtrl/KeyShift/KeyAlt/KeySuper).
        if !keysReleasedAtNextFrame.isEmpty {
            withUnsafeMutableBytes(of: &io.pointee.KeysDown) { keys in
                for scancode in keysReleasedAtNextFrame where !keysDown.contains(scancode) {
                    keys.storeBytes(of: false, toByteOffset: scancode, as: Bool.self)
                }
            }
        }
        keysReleasedAtNextFrame = keysPressedSinceFrame.subtracting(keysDown)
        keysPressedSinceFrame.removeAll()
        let shownModifiers = modifiersDown.union(modifiersPressedSinceFrame)
        modifiersPressedSinceFrame = []
        io.pointee.KeyCtrl = shownModifiers.contains(.control)
        io.pointee.KeyShift = shownModifiers.contains(.shift)
        io.pointee.KeyAlt = shownModifiers.contains(.alt)
        io.pointee.KeySuper = shownModifiers.contains(.command)
        ImGui.NewFrame()
        registryInProgress.removeAll()
        panelBackgrounds.removeAll(keepingCapacity: true)
        isInFrame = true
    }

    /// Ends the frame and draws it with the renderer, over whatever the app drew. The renderer's
    /// viewport, clip rect and scale are as they were before the call.
    public func endFrameAndRender() {
        guard !isShutDown, isInFrame else { return }
        ImGui.SetCurrentContext(context)
        ImGui.Render()
        isInFrame = false
        registry = registryInProgress
        let built = monotonicNanoseconds()
        // A field that was typing but is no longer drawn must not keep the keyboard.
        for state in numberFieldStates.values where state.typingBuffer != nil && state.lastDrawnFrame != frameIndex {
            state.endTyping()
        }
        frameIndex &+= 1
        updateTextInput(wanted: ImGui.GetIO().pointee.WantTextInput || isTypingInField)
        if let drawData = ImGui.GetDrawData() { render(drawData) }
        let rendered = monotonicNanoseconds()
        lastFrameCost = InspectorFrameCost(buildSeconds: Double(built - frameStartNanoseconds) / 1e9,
                                           renderSeconds: Double(rendered - built) / 1e9)
    }

    /// The controls drawn in the last completed frame, in drawing order.
    public var controls: [RegisteredControl] { registry.controls }

    /// Records the last ImGui item under `id`.
    func registerLastItem(id: String, kind: String, value: ControlValue) {
        let min = ImGui.GetItemRectMin(), max = ImGui.GetItemRectMax()
        registerRect(id: id, kind: kind, x: Double(min.x), y: Double(min.y),
                     width: Double(max.x - min.x), height: Double(max.y - min.y), value: value)
    }

    func registerRect(id: String, kind: String, x: Double, y: Double, width: Double, height: Double, value: ControlValue) {
        registryInProgress.register(RegisteredControl(id: id, kind: kind, x: x, y: y, width: width, height: height, value: value))
    }

    // MARK: Panels and plain items

    /// A fixed, opaque inspector panel (no moving, resizing or collapsing: the app lays the window
    /// out) at window coordinates, with `content` drawn inside it.
    public func panel(title: String, x: Double, y: Double, width: Double, height: Double, _ content: () -> Void) {
        guard isInFrame else { return }
        ImGui.SetNextWindowPos(ImVec2(Float(x), Float(y)), ImGuiCond(ImGuiCond_Always.rawValue), ImVec2(0, 0))
        ImGui.SetNextWindowSize(ImVec2(Float(width), Float(height)), ImGuiCond(ImGuiCond_Always.rawValue))
        let flags = ImGuiWindowFlags(ImGuiWindowFlags_NoMove.rawValue | ImGuiWindowFlags_NoResize.rawValue
                                     | ImGuiWindowFlags_NoCollapse.rawValue | ImGuiWindowFlags_NoSavedSettings.rawValue)
        // The background is filled by the bridge, opaque and untextured (`fillPanelBackgrounds`);
        // ImGui skips a window background whose alpha is 0. Panels are therefore opaque, and are
        // meant to sit side by side, not over each other.
        let colour = ImGui.GetStyleColorVec4(ImGuiCol(ImGuiCol_WindowBg.rawValue)).pointee
        func byte(_ c: Float) -> UInt8 { UInt8(min(max(c, 0), 1) * 255) }
        panelBackgrounds.append(PanelBackground(x: Float(x), y: Float(y), width: Float(width), height: Float(height),
                                                red: byte(colour.x), green: byte(colour.y), blue: byte(colour.z)))
        ImGui.PushStyleColor(ImGuiCol(ImGuiCol_WindowBg.rawValue), UInt32(0))
        let visible = ImGui.Begin(title, nil, flags)
        ImGui.PopStyleColor(1)
        if visible { content() }
        // End() is owed whatever Begin() returned (imgui.h, "Windows").
        ImGui.End()
    }

    /// A short label drawn over everything at window coordinates, outside any panel (the A and B
    /// of a side-by-side comparison), on a dark plate so it reads over any picture.
    public func label(_ string: String, x: Double, y: Double) {
        guard isInFrame, let list = ImGui.GetForegroundDrawList() else { return }
        let size = ImGui.CalcTextSize(string, nil, false, -1)
        let origin = ImVec2(Float(x), Float(y))
        list.pointee.AddRectFilled(ImVec2(origin.x - 4, origin.y - 2), ImVec2(origin.x + size.x + 4, origin.y + size.y + 2),
                                   0xE0_18_18_18, 4, ImDrawFlags(0))
        list.pointee.AddText(origin, 0xFF_FF_FF_FF, string, nil)
        registerRect(id: "label.\(string)", kind: "label", x: x, y: y, width: Double(size.x), height: Double(size.y), value: .text(string))
    }

    /// The next item goes on the same line as the last one.
    public func sameLine() {
        guard isInFrame else { return }
        ImGui.SameLine(0, -1)
    }

    /// A line of text.
    public func text(_ string: String) {
        guard isInFrame else { return }
        ImGui.TextUnformatted(string, nil)
    }

    /// A horizontal rule between sections.
    public func separator() {
        guard isInFrame else { return }
        ImGui.Separator()
    }

    /// A push button, registered as `id` (kind `button`); true on the frame it is clicked.
    public func button(id: String, label: String) -> Bool {
        guard isInFrame else { return false }
        pushID(id)
        defer { ImGui.PopID() }
        let clicked = ImGui.Button(label, ImVec2(0, 0))
        registerLastItem(id: id, kind: "button", value: .text(label))
        return clicked
    }

    // MARK: Sizes and density

    private func windowSize() -> (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return (Int(w), Int(h))
    }

    private func outputSize() -> (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        return (Int(w), Int(h))
    }

    /// Drawable pixels per window unit on each axis (2 on a Retina-style HiDPI window).
    private func framebufferScale() -> (x: Double, y: Double) {
        let window = windowSize(), output = outputSize()
        guard window.width > 0, window.height > 0, output.width > 0, output.height > 0 else { return (1, 1) }
        return (Double(output.width) / Double(window.width), Double(output.height) / Double(window.height))
    }

    private func pixelDensity() -> Double { max(framebufferScale().x, framebufferScale().y) }

    private func withContext<T>(_ body: (UnsafeMutablePointer<ImGuiIO>) -> T) -> T {
        ImGui.SetCurrentContext(context)
        return body(ImGui.GetIO())
    }

    // MARK: Font atlas

    /// Rasterises the font at `density` pixels per window unit and uploads the atlas as a static
    /// RGBA texture. ImGui then scales text back by 1/density, so it is sharp on HiDPI.
    private func rebuildFontAtlas(density: Double) throws {
        let io = ImGui.GetIO()
        let atlas = io.pointee.Fonts!
        atlas.pointee.Clear()
        usesTrueTypeFont = false
        // A font over the limit, or not a regular file, falls back like a missing one.
        if let fontPath, FileManager.default.isReadableFile(atPath: fontPath),
           (try? BoundedFileReader.checkRegularFile(fontPath, limit: .font)) != nil {
            usesTrueTypeFont = CImGuiAddFontFromFileTTF(atlas, fontPath, Float(fontSize * density))
        }
        if !usesTrueTypeFont { _ = CImGuiAddFontDefault(atlas) }
        // The built-in font is a 13 px bitmap: scaling it would blur it, so it is drawn at 1:1.
        io.pointee.FontGlobalScale = usesTrueTypeFont ? Float(1 / density) : 1
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
        fontDensity = density
    }

    // MARK: Text input

    /// SDL sends SDL_TEXTINPUT only between SDL_StartTextInput and SDL_StopTextInput; an input
    /// method may also show UI while it is on, so it is on only while a field takes text.
    private func updateTextInput(wanted: Bool) {
        if wanted && !textInputStarted { SDL_StartTextInput(); textInputStarted = true }
        else if !wanted && textInputStarted { SDL_StopTextInput(); textInputStarted = false }
    }

    // MARK: Drawing

    /// ImDrawVert's layout as the compiler sees imgui.h's struct (pos, uv, col), as
    /// imgui_impl_sdlrenderer2 takes it with offsetof: no numbers of ours to drift from imgui's.
    static let vertexStride = MemoryLayout<ImDrawVert>.stride
    static let positionOffset = MemoryLayout<ImDrawVert>.offset(of: \ImDrawVert.pos)!
    static let uvOffset = MemoryLayout<ImDrawVert>.offset(of: \ImDrawVert.uv)!
    static let colourOffset = MemoryLayout<ImDrawVert>.offset(of: \ImDrawVert.col)!

    private func render(_ drawData: UnsafeMutablePointer<ImDrawData>) {
        precondition(MemoryLayout<ImDrawIdx>.size == 2, "ImDrawIdx is not 16-bit")
        let data = drawData.pointee
        guard data.CmdListsCount > 0, data.DisplaySize.x > 0, data.DisplaySize.y > 0 else { return }
        let output = outputSize()
        let scaleX = Float(output.width) / data.DisplaySize.x, scaleY = Float(output.height) / data.DisplaySize.y

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
        // Draw in drawable pixels over the whole output: ImGui's coordinates are window units, so
        // vertices and clip rects are scaled here (the HiDPI case) rather than by SDL.
        SDL_RenderSetScale(renderer, 1, 1)
        SDL_RenderSetViewport(renderer, nil)

        fillPanelBackgrounds(scaleX: scaleX, scaleY: scaleY)

        let clipOffset = data.DisplayPos
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
                let maxX = min(Float(output.width), (clip.z - clipOffset.x) * scaleX)
                let maxY = min(Float(output.height), (clip.w - clipOffset.y) * scaleY)
                guard maxX > minX, maxY > minY else { continue }
                var rect = SDL_Rect(x: Int32(minX), y: Int32(minY), w: Int32((maxX - minX).rounded(.up)), h: Int32((maxY - minY).rounded(.up)))
                SDL_RenderSetClipRect(renderer, &rect)
                let base = UnsafeRawPointer(vertices + Int(command.VtxOffset))
                let texture = command.TextureId.map { OpaquePointer($0) }
                SDL_RenderGeometryRaw(renderer, texture,
                                      (base + ImGuiSDLBridge.positionOffset).assumingMemoryBound(to: Float.self), Int32(ImGuiSDLBridge.vertexStride),
                                      (base + ImGuiSDLBridge.colourOffset).assumingMemoryBound(to: SDL_Color.self), Int32(ImGuiSDLBridge.vertexStride),
                                      (base + ImGuiSDLBridge.uvOffset).assumingMemoryBound(to: Float.self), Int32(ImGuiSDLBridge.vertexStride),
                                      Int32(vertexCount - Int(command.VtxOffset)),
                                      UnsafeRawPointer(indices + Int(command.IdxOffset)), Int32(command.ElemCount), 2)
            }
        }
    }

    /// Panel backgrounds as opaque, untextured fills without blending: the largest area the
    /// inspector covers, and on a software rasteriser (Mesa llvmpipe) a blended, textured fill
    /// of it is what a frame of the inspector mostly costs.
    private func fillPanelBackgrounds(scaleX: Float, scaleY: Float) {
        guard !panelBackgrounds.isEmpty else { return }
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
        for panel in panelBackgrounds {
            SDL_SetRenderDrawColor(renderer, panel.red, panel.green, panel.blue, 255)
            var rect = SDL_FRect(x: panel.x * scaleX, y: panel.y * scaleY, w: panel.width * scaleX, h: panel.height * scaleY)
            SDL_RenderFillRectF(renderer, &rect)
        }
    }

    // MARK: Setup tables

    /// ImGui 1.86 reads navigation and editing keys through `KeyMap`, indexed by ImGuiKey and
    /// holding SDL scancodes, which `KeysDown` is indexed by (as in imgui_impl_sdl.cpp).
    private static func mapKeys(_ io: UnsafeMutablePointer<ImGuiIO>) {
        let table: [(ImGuiKey_, SDL_Scancode)] = [
            (ImGuiKey_Tab, SDL_SCANCODE_TAB), (ImGuiKey_LeftArrow, SDL_SCANCODE_LEFT),
            (ImGuiKey_RightArrow, SDL_SCANCODE_RIGHT), (ImGuiKey_UpArrow, SDL_SCANCODE_UP),
            (ImGuiKey_DownArrow, SDL_SCANCODE_DOWN), (ImGuiKey_PageUp, SDL_SCANCODE_PAGEUP),
            (ImGuiKey_PageDown, SDL_SCANCODE_PAGEDOWN), (ImGuiKey_Home, SDL_SCANCODE_HOME),
            (ImGuiKey_End, SDL_SCANCODE_END), (ImGuiKey_Insert, SDL_SCANCODE_INSERT),
            (ImGuiKey_Delete, SDL_SCANCODE_DELETE), (ImGuiKey_Backspace, SDL_SCANCODE_BACKSPACE),
            (ImGuiKey_Space, SDL_SCANCODE_SPACE), (ImGuiKey_Enter, SDL_SCANCODE_RETURN),
            (ImGuiKey_Escape, SDL_SCANCODE_ESCAPE), (ImGuiKey_KeyPadEnter, SDL_SCANCODE_KP_ENTER),
            (ImGuiKey_A, SDL_SCANCODE_A), (ImGuiKey_C, SDL_SCANCODE_C), (ImGuiKey_V, SDL_SCANCODE_V),
            (ImGuiKey_X, SDL_SCANCODE_X), (ImGuiKey_Y, SDL_SCANCODE_Y), (ImGuiKey_Z, SDL_SCANCODE_Z),
        ]
        withUnsafeMutableBytes(of: &io.pointee.KeyMap) { map in
            for (key, scancode) in table {
                map.storeBytes(of: Int32(scancode.rawValue), toByteOffset: Int(key.rawValue) * 4, as: Int32.self)
            }
        }
    }

    /// Copy and paste in text entries go through SDL's clipboard, so values can come from other
    /// apps; ImGui's default clipboard on Linux stays inside the process.
    private static func useSystemClipboard(_ io: UnsafeMutablePointer<ImGuiIO>) {
        io.pointee.GetClipboardTextFn = { _ in
            // SDL hands over a copy that must be freed; ImGui reads it before asking again.
            if let previous = clipboardCopy { SDL_free(previous) }
            clipboardCopy = SDL_GetClipboardText()
            return UnsafePointer(clipboardCopy)
        }
        io.pointee.SetClipboardTextFn = { _, text in
            if let text { SDL_SetClipboardText(text) }
        }
    }

    /// ImGui's dark style with slightly rounder frames, which reads as a tool panel beside the device.
    private static func applyStyle() {
        ImGui.StyleColorsDark(nil)
        let style = ImGui.GetStyle()
        style.pointee.FrameRounding = 3
        style.pointee.GrabRounding = 3
        style.pointee.WindowRounding = 0
    }
}

/// The clipboard text last handed to ImGui (C callbacks cannot capture, so it lives here).
private var clipboardCopy: UnsafeMutablePointer<CChar>?

/// ImGui's PushID for a string id. The one-pointer overloads (`const char*`, `const void*`) are
/// ambiguous from Swift; the begin/end form is not, and hashes the same bytes.
func pushID(_ id: String) {
    var bytes = Array(id.utf8CString)
    bytes.withUnsafeMutableBufferPointer { buffer in
        let begin = UnsafePointer(buffer.baseAddress!)
        ImGui.PushID(begin, begin + (buffer.count - 1))
    }
}

func monotonicNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}
