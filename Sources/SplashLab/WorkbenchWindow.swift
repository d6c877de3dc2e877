import App
import CSDL2
import Formats
import Foundation
import Geometry
import Render
import Scenes

// MARK: - The workbench in the window: its layout, drags, compare views, and memory of it

/// The window's first size: `--window-scale` shows the device at that scale beside the tools; a
/// remembered size comes back (held to the desktop); otherwise about 90% of the usable desktop.
func workbenchWindowSize(device: Device, requestedScale: Double?, toolsShown: Bool, remembered: RememberedLayout) -> (width: Int, height: Int) {
    var bounds = SDL_Rect()
    let haveBounds = SDL_GetDisplayUsableBounds(0, &bounds) == 0 && bounds.w > 0 && bounds.h > 0
    let usable = haveBounds ? (Double(bounds.w), Double(bounds.h)) : (1280.0, 800.0)
    if let scale = requestedScale {
        let size = WorkbenchLayout.windowSize(deviceWidth: device.width, deviceHeight: device.height, scale: scale, toolsShown: toolsShown,
                                              splitters: remembered.splitters)
        return (Int(size.width), Int(size.height))
    }
    if let w = remembered.windowWidth, let h = remembered.windowHeight {
        return (Int(min(w, usable.0)), Int(min(h, usable.1)))
    }
    let size = WorkbenchLayout.defaultWindowSize(usableWidth: usable.0, usableHeight: usable.1)
    return (Int(size.width), Int(size.height))
}

extension WindowShell {
    /// Where the layout is remembered, for this process's environment.
    static var rememberedLayoutPath: String? { RememberedLayout.path(environment: ProcessInfo.processInfo.environment) }

    /// The window's size in window units.
    var windowSize: (width: Double, height: Double) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(renderer.context.window, &w, &h)
        return (Double(max(w, 1)), Double(max(h, 1)))
    }

    var workbenchLayout: WorkbenchLayout {
        let size = windowSize
        return WorkbenchLayout.make(width: size.width, height: size.height, splitters: state.workbench.splitters, toolsShown: inspectorVisible,
                                    timelineShown: state.tools.contains(.timeline))
    }

    var comparing: Bool { state.split && state.playbackA != nil }

    func canvasLayout(_ layout: WorkbenchLayout) -> CanvasLayout {
        let device = preview.feed.device
        return CanvasLayout.make(canvas: layout.canvas, deviceWidth: device.width, deviceHeight: device.height, comparing: comparing,
                                 mode: state.workbench.compareMode, annotated: inspectorVisible,
                                 differenceLines: comparing && state.workbench.compareMode == .split ? max(state.document.differencesFromA.count, 1) : 0)
    }

    /// A device screen's rectangle (window units) as a mapping to drawable pixels: the device is
    /// drawn at the drawable's own pixels, so it stays sharp at any scale and on HiDPI.
    func mapping(for screen: LayoutRect) -> PointToPixel {
        let device = preview.feed.device, px = screen.pixels(density: density)
        let scale = max(min(Double(px.width) / device.width, Double(px.height) / device.height), 1e-3)
        return PointToPixel(scale: scale, offsetX: Double(px.x), offsetY: Double(px.y))
    }

    /// Where each device screen goes: one, or A and B side by side.
    func workbenchDeviceMappings() -> [PointToPixel] { canvasLayout(workbenchLayout).screens.map(mapping(for:)) }

    /// Whether window point (x, y) is on the canvas, where the pointer is the preview's.
    func isOnCanvas(_ x: Int32, _ y: Int32) -> Bool { workbenchLayout.canvas.contains(x: Double(x), y: Double(y)) }

    /// The wipe's divider in window units, on the one screen.
    func wipeDividerX(_ canvas: CanvasLayout) -> Double? {
        guard comparing, state.workbench.compareMode == .wipe, let screen = canvas.screens.first else { return nil }
        return screen.x + screen.width * state.workbench.wipePosition
    }

    /// Presses, moves and releases the workbench handles itself: a splitter, and the wipe's
    /// divider (grabbed within 8 units of it, on the screen or in the label band above). Nil
    /// for every other event.
    mutating func workbenchActions(for event: SDL_Event) -> [WindowAction]? {
        let type = SDL_EventType(event.type)
        switch type {
        case SDL_MOUSEBUTTONDOWN:
            guard event.button.button == UInt8(SDL_BUTTON_LEFT) else { return nil }
            let x = Double(event.button.x), y = Double(event.button.y)
            let layout = workbenchLayout
            if let splitter = layout.splitter(at: x, y) { return [.workbench(.beginDrag(.splitter(splitter)))] }
            let canvas = canvasLayout(layout)
            if let divider = wipeDividerX(canvas), let screen = canvas.screens.first, abs(x - divider) <= 8,
               y >= (canvas.labels.first?.y ?? screen.y), y < screen.maxY {
                return [.workbench(.beginDrag(.wipeDivider))]
            }
            return nil
        case SDL_MOUSEMOTION:
            guard let drag = state.workbench.drag else { return nil }
            return [dragAction(drag, x: Double(event.motion.x), y: Double(event.motion.y), isFinal: false)]
        case SDL_MOUSEBUTTONUP:
            guard event.button.button == UInt8(SDL_BUTTON_LEFT), let drag = state.workbench.drag else { return nil }
            return [dragAction(drag, x: Double(event.button.x), y: Double(event.button.y), isFinal: true), .workbench(.endDrag)]
        case SDL_WINDOWEVENT:
            // A resize is remembered once it is done (X sends one SIZE_CHANGED per new size).
            guard UInt32(event.window.event) == SDL_WINDOWEVENT_SIZE_CHANGED.rawValue else { return nil }
            return [.workbench(.setSplitters(state.workbench.splitters, isFinal: true))]
        default:
            return nil
        }
    }

    func dragAction(_ drag: WorkbenchDrag, x: Double, y: Double, isFinal: Bool) -> WindowAction {
        switch drag {
        case let .splitter(splitter):
            let splitters = WorkbenchLayout.dragging(splitter, to: x, y, in: windowSize, from: state.workbench.splitters)
            return .workbench(.setSplitters(splitters, isFinal: isFinal))
        case .wipeDivider:
            guard let screen = canvasLayout(workbenchLayout).screens.first, screen.width > 0 else { return .workbench(.setWipePosition(0.5)) }
            return .workbench(.setWipePosition((x - screen.x) / screen.width))
        }
    }

    // MARK: Drawing the device screens

    /// The device screens of this frame: one, A and B side by side, or A and B on one screen as a
    /// wipe, an overlay or their difference; both takes at the same time from the same input.
    mutating func drawDeviceScreens(_ scenes: [Scene], canvas: CanvasLayout) throws {
        let mappings = canvas.screens.map(mapping(for:))
        guard scenes.count == 2, let m = mappings.first else {
            for (index, scene) in scenes.enumerated() {
                renderer.setMapping(mappings[min(index, mappings.count - 1)])
                try renderer.draw(scene, clearing: index == 0)
            }
            return
        }
        switch state.workbench.compareMode {
        case .split:
            for (index, scene) in scenes.enumerated() {
                renderer.setMapping(mappings[min(index, mappings.count - 1)])
                try renderer.draw(scene, clearing: index == 0)
            }
        case .wipe:
            let divider = Int(((wipeDividerX(canvas) ?? 0) * density).rounded())
            try compositor.drawWipe(a: scenes[0], b: scenes[1], mapping: m, dividerX: divider)
            // The divider: a 2-unit line the height of the screen, drawn as part of the comparison.
            let screen = m.screen(width: preview.feed.device.width, height: preview.feed.device.height)
            let thickness = max(Int((2 * density).rounded()), 1)
            var line = SDL_Rect(x: Int32(divider - thickness / 2), y: Int32(screen.y), w: Int32(thickness), h: Int32(screen.height))
            SDL_SetRenderDrawColor(renderer.context.renderer, 255, 214, 10, 255)
            SDL_RenderFillRect(renderer.context.renderer, &line)
        case .overlay:
            try compositor.drawOverlay(a: scenes[0], b: scenes[1], mapping: m, opacity: state.workbench.overlayOpacity)
        case .difference:
            if try !compositor.drawDifference(a: scenes[0], b: scenes[1], mapping: m), !differenceRefusalShown {
                differenceRefusalShown = true
                dispatch(.say("this renderer has no subtractive blending: the difference needs a GL renderer (--renderer opengl)", isError: true))
            }
        }
    }

    // MARK: The UI dump's layout

    /// The workbench's rectangles, in window units, for `--ui-dump`.
    func layoutJSON() -> JSONOutput {
        let layout = workbenchLayout, canvas = canvasLayout(layout), size = windowSize
        func rect(_ r: LayoutRect?) -> JSONOutput {
            guard let r else { return .null }
            return .object([("x", .number(r.x)), ("y", .number(r.y)), ("width", .number(r.width)), ("height", .number(r.height))])
        }
        return .object([
            ("window", .object([("width", .number(size.width)), ("height", .number(size.height)), ("density", .number(density))])),
            ("canvas", rect(layout.canvas)), ("properties", rect(layout.properties)), ("timeline", rect(layout.timeline)),
            ("propertiesSplitter", rect(layout.propertiesSplitter)), ("timelineSplitter", rect(layout.timelineSplitter)),
            ("screens", .array(canvas.screens.map(rect))), ("labels", .array(canvas.labels.map(rect))), ("differences", rect(canvas.differences)),
            ("compare", .string(comparing ? state.workbench.compareMode.rawValue : "none")),
            ("wipePosition", .number(state.workbench.wipePosition)), ("overlayOpacity", .number(state.workbench.overlayOpacity)),
        ])
    }

    // MARK: Remembering

    /// The window's size and the splitters, written where the next run reads them. A failure is
    /// said once on standard error; the layout is not worth more.
    mutating func rememberLayout() {
        guard let path = WindowShell.rememberedLayoutPath else { return }
        let size = windowSize
        let layout = RememberedLayout(windowWidth: size.width, windowHeight: size.height, splitters: state.workbench.splitters)
        guard layout != lastRemembered else { return }
        do {
            try layout.save(path: path)
            lastRemembered = layout
        } catch {
            if failingOutputs.insert(path).inserted { printError("splashlab: warning: could not remember the layout: \(error)") }
        }
    }
}
