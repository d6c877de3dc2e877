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

extension WindowEventRouter {
    /// Presses, moves and releases the workbench handles itself: a splitter, and the wipe's
    /// divider (grabbed within 8 units of it, on the screen or in the label band above); and a
    /// resize, which is remembered. Nil for every other event.
    static func workbenchActions(for event: SDL_Event, layout: WindowLayout, workbench: WorkbenchView) -> [WindowAction]? {
        switch SDL_EventType(event.type) {
        case SDL_MOUSEBUTTONDOWN:
            guard event.button.button == UInt8(SDL_BUTTON_LEFT) else { return nil }
            let x = Double(event.button.x), y = Double(event.button.y)
            if let splitter = layout.workbench.splitter(at: x, y) { return [.view(.workbench(.beginDrag(.splitter(splitter))))] }
            if let divider = layout.wipeDividerX(position: workbench.wipePosition), let screen = layout.canvas.screens.first,
               abs(x - divider) <= 8, y >= (layout.canvas.labels.first?.y ?? screen.y), y < screen.maxY {
                return [.view(.workbench(.beginDrag(.wipeDivider)))]
            }
            return nil
        case SDL_MOUSEMOTION:
            guard let drag = workbench.drag else { return nil }
            return [dragAction(drag, x: Double(event.motion.x), y: Double(event.motion.y), layout: layout, workbench: workbench, isFinal: false)]
        case SDL_MOUSEBUTTONUP:
            guard event.button.button == UInt8(SDL_BUTTON_LEFT), let drag = workbench.drag else { return nil }
            return [dragAction(drag, x: Double(event.button.x), y: Double(event.button.y), layout: layout, workbench: workbench, isFinal: true),
                    .view(.workbench(.endDrag))]
        case SDL_WINDOWEVENT:
            // X sends one SIZE_CHANGED per new size; the layout follows it on the next frame.
            guard UInt32(event.window.event) == SDL_WINDOWEVENT_SIZE_CHANGED.rawValue else { return nil }
            return [.view(.workbench(.windowResized(width: Double(event.window.data1), height: Double(event.window.data2))))]
        default:
            return nil
        }
    }

    static func dragAction(_ drag: WorkbenchDrag, x: Double, y: Double, layout: WindowLayout, workbench: WorkbenchView, isFinal: Bool) -> WindowAction {
        switch drag {
        case let .splitter(splitter):
            let size = (width: Double(layout.windowWidth), height: Double(layout.windowHeight))
            return .view(.workbench(.setSplitters(WorkbenchLayout.dragging(splitter, to: x, y, in: size, from: workbench.splitters), isFinal: isFinal)))
        case .wipeDivider:
            guard let screen = layout.canvas.screens.first, screen.width > 0 else { return .view(.workbench(.setWipePosition(0.5))) }
            return .view(.workbench(.setWipePosition((x - screen.x) / screen.width)))
        }
    }
}

extension WindowEffectsRunner {
    /// Where the layout is remembered, for this process's environment.
    static var rememberedLayoutPath: String? { RememberedLayout.path(environment: ProcessInfo.processInfo.environment) }

    /// Writes the layout where the next run reads it. A failure is said on standard error and in
    /// the window (a splitter drag's end or a resize at most); the layout is not worth more.
    func rememberLayout(_ layout: RememberedLayout) -> [WindowAction] {
        guard let path = WindowEffectsRunner.rememberedLayoutPath else { return [] }
        do {
            try layout.save(path: path)
            return []
        } catch {
            printError("splashlab: warning: could not remember the layout: \(error)")
            return [.say("could not remember the layout: \(error)", isError: true)]
        }
    }
}

extension WindowShell {
    // MARK: Drawing the device screens

    /// The device screens of this frame: one, A and B side by side, or A and B on one screen as a
    /// wipe, an overlay or their difference; both takes at the same time from the same input.
    mutating func drawDeviceScreens(_ scenes: [Scene], layout: WindowLayout) throws {
        let mappings = layout.deviceMappings
        if let mode = layout.compareMode, comparesReference, let m = mappings.first {
            try drawBesideReference(scenes[0], mode: mode, mapping: m, layout: layout)
            return
        }
        guard scenes.count == 2, let mode = layout.compareMode, mode != .split, let m = mappings.first else {
            for (index, scene) in scenes.enumerated() {
                renderer.setMapping(mappings[min(index, mappings.count - 1)])
                try renderer.draw(scene, clearing: index == 0)
            }
            return
        }
        try drawOnOneScreen(scenes[0], .scene(scenes[1]), mode: mode, mapping: m, layout: layout)
    }

    /// A and B on one screen: the wipe with its divider, the overlay, or the difference.
    mutating func drawOnOneScreen(_ a: Scene, _ b: CompareSide, mode: CompareMode, mapping m: PointToPixel, layout: WindowLayout) throws {
        switch mode {
        case .split:
            break
        case .wipe:
            let divider = Int(((layout.wipeDividerX(position: state.workbench.wipePosition) ?? 0) * layout.density).rounded())
            try compositor.drawWipe(a: a, b: b, mapping: m, dividerX: divider)
            // The divider: a 2-unit line the height of the screen, part of the comparison.
            let screen = m.screen(width: preview.feed.device.width, height: preview.feed.device.height)
            let thickness = max(Int((2 * layout.density).rounded()), 1)
            var line = SDL_Rect(x: Int32(divider - thickness / 2), y: Int32(screen.y), w: Int32(thickness), h: Int32(screen.height))
            let colour = ReferenceComposite.dividerColour
            SDL_SetRenderDrawColor(renderer.context.renderer, colour.r, colour.g, colour.b, 255)
            SDL_RenderFillRect(renderer.context.renderer, &line)
        case .overlay:
            try compositor.drawOverlay(a: a, b: b, mapping: m, opacity: state.workbench.overlayOpacity)
        case .difference:
            if try !compositor.drawDifference(a: a, b: b, mapping: m), !differenceRefusalShown {
                differenceRefusalShown = true
                dispatch(.say("this renderer has no subtractive blending: the difference needs a GL renderer (--renderer opengl)", isError: true))
            }
        }
    }

    /// The preview as A and the reference recording's frame at the preview's time as B: side by
    /// side on the two screens, or on one. Before the recording's first frame B is black side by
    /// side, and A shows alone on one screen.
    mutating func drawBesideReference(_ a: Scene, mode: CompareMode, mapping m: PointToPixel, layout: WindowLayout) throws {
        guard let frames = referenceFrames else { return }
        let b = try frames.texture(for: referenceIndexToShow)
        if mode == .split {
            renderer.setMapping(m)
            try renderer.draw(a, clearing: true)
            let other = layout.deviceMappings[min(1, layout.deviceMappings.count - 1)]
            let screen = other.screen(width: preview.feed.device.width, height: preview.feed.device.height)
            var rect = SDL_Rect(x: Int32(screen.x), y: Int32(screen.y), w: Int32(screen.width), h: Int32(screen.height))
            SDL_SetRenderDrawColor(renderer.context.renderer, 0, 0, 0, 255)
            SDL_RenderFillRect(renderer.context.renderer, &rect)
            if let b {
                SDL_SetTextureBlendMode(b, SDL_BLENDMODE_NONE)
                compositor.copy(b, to: screen)
            }
            return
        }
        guard let b else {
            renderer.setMapping(m)
            try renderer.draw(a, clearing: true)
            return
        }
        try drawOnOneScreen(a, .image(b), mode: mode, mapping: m, layout: layout)
    }

    // MARK: The UI dump's layout

    /// The workbench's rectangles, in window units, for `--ui-dump`.
    func layoutJSON(_ layout: WindowLayout) -> JSONOutput {
        func rect(_ r: LayoutRect?) -> JSONOutput {
            guard let r else { return .null }
            return .object([("x", .number(r.x)), ("y", .number(r.y)), ("width", .number(r.width)), ("height", .number(r.height))])
        }
        let w = layout.workbench, c = layout.canvas
        var reference: [(String, JSONOutput)] = []
        if let track = state.reference {
            // The B side when a reference is open: the offset, and the frame shown now.
            reference = [("reference", .object([("offset", .number(track.offset)), ("frame", track.frameIndex(at: state.time).map { .int($0) } ?? .null),
                                                ("shown", .bool(referenceIndexToShow != nil))]))]
        }
        return .object([
            ("window", .object([("width", .number(Double(layout.windowWidth))), ("height", .number(Double(layout.windowHeight))),
                                ("density", .number(layout.density))])),
            ("canvas", rect(w.canvas)), ("properties", rect(w.properties)), ("timeline", rect(w.timeline)),
            ("propertiesSplitter", rect(w.propertiesSplitter)), ("timelineSplitter", rect(w.timelineSplitter)),
            ("screens", .array(c.screens.map(rect))), ("labels", .array(c.labels.map(rect))), ("differences", rect(c.differences)),
            ("compare", .string(layout.compareMode?.rawValue ?? "none")),
            ("wipePosition", .number(state.workbench.wipePosition)), ("overlayOpacity", .number(state.workbench.overlayOpacity)),
        ] + reference)
    }
}
