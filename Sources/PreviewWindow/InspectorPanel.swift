import App
import Formats
import Foundation
import Inspector
import Motion
import Scenes

/// The workbench's tools: the properties panel on the right (file and history, A/B and the
/// compare modes, a filter, and every parameter in collapsible sections by track, the selected
/// track's first with its curve or spring editor), the timeline dock along the bottom, and the
/// compare labels and differences on the canvas. It reads the window state and turns what the
/// user does into `WindowAction`s; it owns no state of its own beyond the widgets'.
enum InspectorPanel {
    /// The filter field's text, kept between frames where ImGui edits it.
    static let filter = TextEntryBuffer(capacity: 128)

    /// The track selected on the timeline: the one whose curve the curve editor shows.
    static func selectedTrack(_ state: WindowState) -> String? {
        if let chosen = state.selectedTrack { return chosen }
        let byCurve = PropertyGroups.trackId(forCurve: state.selectedCurve.path)
        // With an intro file the tracks that count from the start draw nothing: the intro's section
        // comes first instead of theirs.
        if state.playback.preview.splash.intro != nil, let id = byCurve, SplashTrack.all.first(where: { $0.id == id })?.anchor == .start {
            return TimingsSection.intro.rawValue
        }
        return byCurve
    }

    /// Draws the tools into their rectangles and returns the actions they ask for.
    static func draw(_ ui: ImGuiSDLBridge, state: WindowState, graphCache: MotionGraphCache, properties: LayoutRect?, timeline timelineRect: LayoutRect?,
                     canvas: CanvasLayout, hudHeight: Double, inspectorCost: Double) -> [WindowAction] {
        var actions: [WindowAction] = []
        if let properties {
            ui.panel(title: "Properties", x: properties.x, y: properties.y + hudHeight, width: properties.width,
                     height: max(properties.height - hudHeight, 1)) {
                actions += header(ui, state: state, inspectorCost: inspectorCost)
                actions += sections(ui, state: state)
            }
        }
        if let timelineRect, state.shows(.timeline) {
            ui.panel(title: "Timeline", x: timelineRect.x, y: timelineRect.y, width: timelineRect.width, height: timelineRect.height) {
                actions += MotionGraphPanel.dock(ui, state: state, cache: graphCache) { TimelinePanel.draw(ui, state: state) }
            }
        }
        compareAnnotations(ui, state: state, canvas: canvas)
        return actions
    }

    // MARK: Header

    static func header(_ ui: ImGuiSDLBridge, state: WindowState, inspectorCost: Double) -> [WindowAction] {
        var actions: [WindowAction] = []
        let doc = state.document
        let name = URL(fileURLWithPath: doc.sourceIsBuiltIn ? doc.savePath : doc.sourcePath).lastPathComponent
        ui.text("\(name)\(doc.hasUnsavedEdits ? " — unsaved edits" : "")\(doc.sourceIsBuiltIn ? " (from the built-in defaults)" : "")")
        if ui.button(id: "save", label: "Save") { actions.append(.document(.save)) }
        ui.sameLine()
        if ui.button(id: "undo", label: "Undo") { actions.append(.document(.undo)) }
        ui.sameLine()
        if ui.button(id: "redo", label: "Redo") { actions.append(.document(.redo)) }
        ui.sameLine()
        if ui.button(id: "ab.snapshot", label: "A = these") { actions.append(.document(.snapshotA)) }
        ui.sameLine()
        if ui.button(id: "ab.toggle", label: state.showingA ? "Showing A" : "Showing B") { actions.append(.view(.toggleAB)) }
        ui.sameLine()
        if ui.button(id: "ab.split", label: state.split ? "Single" : "A | B") { actions.append(.view(.toggleSplit)) }
        if ui.button(id: "appearance", label: state.appearance == .light ? "Light (D: dark)" : "Dark (D: light)") { actions.append(.view(.toggleAppearance)) }
        if doc.snapshotA != nil || state.reference != nil {
            actions += compareControls(ui, state: state)
            if !state.split {
                let changed = doc.differencesFromA
                ui.text(changed.isEmpty ? "B = A so far" : "B differs from A in: " + changed.joined(separator: ", "))
            }
        }
        if let pending = state.pendingDiskVersion {
            ui.text("\(URL(fileURLWithPath: pending.path).lastPathComponent) changed on disk.")
            if ui.button(id: "disk.takeTheirs", label: "Take theirs") { actions.append(.document(.takeTheirs)) }
            ui.sameLine()
            if ui.button(id: "disk.keepOurs", label: "Keep mine") { actions.append(.document(.keepOurs)) }
        }
        if state.recoverable != nil {
            ui.text("Unsaved edits from an earlier session were kept.")
            if ui.button(id: "recovery.restore", label: "Restore them") { actions.append(.document(.restoreRecovery)) }
            ui.sameLine()
            if ui.button(id: "recovery.discard", label: "Discard") { actions.append(.document(.discardRecovery)) }
        }
        if let m = state.message { ui.text((m.isError ? "⚠ " : "") + m.text) }
        ui.liveText(String(format: "t %.3f s   %@   rate %@×%@   tools %.2f ms", state.time, state.shownPlayback.activity,
                       JSONOutput.number(state.rate).text, state.isPaused ? "   paused" : "", inspectorCost * 1000))
        actions += commentList(ui, state: state)
        ui.separator()
        return actions
    }

    // MARK: Comments

    /// The most comments the list shows at once: those around the playhead. The ruler pins every
    /// one, and the UI dump lists every one.
    static let listedComments = 40
    /// A comment's line is cut here: the list is a way to the frame, the text is read in full in
    /// the pin's tooltip and the review page.
    static let commentLineCharacters = 90

    /// A review's comments (`--comments`), a button each: its time, author and text; a click seeks
    /// to its time. The list starts a few comments before the playhead's.
    static func commentList(_ ui: ImGuiSDLBridge, state: WindowState) -> [WindowAction] {
        let comments = state.comments
        guard !comments.isEmpty else { return [] }
        ui.separator()
        ui.text("Comments (\(comments.count)): a click seeks to its frame")
        let current = comments.lastIndex { $0.time <= state.time + 1e-6 } ?? 0
        let first = max(0, min(current - 3, comments.count - listedComments))
        var actions: [WindowAction] = []
        for i in first..<min(first + listedComments, comments.count) {
            let line = commentLine(comments[i], current: i == current && comments[i].time <= state.time + 1e-6)
            if ui.button(id: "comments.\(i)", label: line) { actions.append(.playback(.seek(comments[i].time))) }
        }
        if comments.count > listedComments { ui.text("(\(comments.count - listedComments) more: every one is pinned on the timeline's ruler)") }
        return actions
    }

    /// `▸ 2.300 s  Ana: the hole feels slow`, on one line, shortened; "##" would end an ImGui label.
    static func commentLine(_ c: ReviewComment, current: Bool) -> String {
        var text = c.text.split(whereSeparator: \.isNewline).joined(separator: " ")
        if text.count > commentLineCharacters { text = String(text.prefix(commentLineCharacters - 1)) + "…" }
        let line = (current ? "▸ " : "  ") + String(format: "%.3f s  ", c.time) + (c.author.isEmpty ? "" : c.author + ": ") + text
        return line.replacingOccurrences(of: "##", with: "# #")
    }

    // MARK: Compare

    static let compareModeLabels: [(CompareMode, String)] = [(.split, "Split"), (.wipe, "Wipe"), (.overlay, "Overlay"), (.difference, "Difference")]

    /// The compare mode's buttons (choosing one shows A and B), and the wipe's divider or the
    /// overlay's opacity.
    static func compareControls(_ ui: ImGuiSDLBridge, state: WindowState) -> [WindowAction] {
        var actions: [WindowAction] = []
        let view = state.workbench
        ui.text("Compare:")
        for (mode, label) in compareModeLabels {
            ui.sameLine()
            let current = state.split && view.compareMode == mode
            if ui.button(id: "compare.\(mode.rawValue)", label: current ? "[\(label)]" : label) {
                actions.append(.view(.workbench(.setCompareMode(mode))))
                if !state.split { actions.append(.view(.toggleSplit)) }
            }
        }
        guard state.split else { return actions }
        switch view.compareMode {
        case .wipe:
            if let p = ui.shareSlider(id: "compare.wipePosition", label: "divider", value: view.wipePosition) { actions.append(.view(.workbench(.setWipePosition(p)))) }
        case .overlay:
            if let o = ui.shareSlider(id: "compare.opacity", label: "B opacity", value: view.overlayOpacity) { actions.append(.view(.workbench(.setOverlayOpacity(o)))) }
        case .split, .difference: break
        }
        return actions
    }

    /// The differing values, one line each: what the split lists under A and B.
    static func differenceLines(_ state: WindowState) -> [String] {
        guard let a = state.document.snapshotA else { return [] }
        let b = state.document.current
        return state.document.differencesFromA.map { path in
            guard let p = TimingsSchema.parameter(path) else { return path }
            return "\(path)   A \(p.value(in: a).json.text)   B \(p.value(in: b).json.text)"
        }
    }

    /// Large labels above the screens and the list of differing values under them.
    static func compareAnnotations(_ ui: ImGuiSDLBridge, state: WindowState, canvas: CanvasLayout) {
        guard state.split, state.playbackA != nil || state.reference != nil, !state.toolsHidden else { return }
        let view = state.workbench
        // With a reference recording, it is B and the preview is A.
        let (a, b) = state.reference.map { ("preview", $0.name) } ?? ("A", "B")
        let names: [String]
        switch view.compareMode {
        case .split: names = [a, b]
        case .wipe: names = ["\(a) | \(b)  (drag the divider)"]
        case .overlay: names = [String(format: "%@ over %@ at %.0f%%", b, a, view.overlayOpacity * 100)]
        case .difference: names = ["|\(a) − \(b)|  (black where they agree)"]
        }
        for (i, (label, name)) in zip(canvas.labels, names).enumerated() {
            ui.largeLabel(id: view.compareMode == .split ? ["A", "B"][min(i, 1)] : "compare", name, x: label.x + 6, y: label.y + 8,
                          maxWidth: label.width - 12)
        }
        if let band = canvas.differences {
            let lines = differenceLines(state)
            ui.panel(title: "Differences", x: band.x, y: band.y, width: band.width, height: band.height) {
                ui.text(lines.isEmpty ? "A and B have the same values" : "B differs from A in \(lines.count) value\(lines.count == 1 ? "" : "s"):")
                for (i, line) in lines.enumerated() { ui.textItem(id: "difference.\(i)", line) }
            }
        }
    }

    // MARK: Sections

    /// The filter, then every section: one open at a time (an accordion, so an opened section's
    /// fields are on screen), by default the selected track's; with a filter, every section that
    /// matches, open.
    static func sections(_ ui: ImGuiSDLBridge, state: WindowState) -> [WindowAction] {
        var actions: [WindowAction] = []
        let filterText = ui.filterField(id: "properties.filter", hint: "filter: key path or words of its doc", buffer: filter)
        let filtering = !filterText.trimmingCharacters(in: .whitespaces).isEmpty
        let selected = selectedTrack(state)
        let groups = PropertyGroups.arranged(selectedTrack: selected, filter: filterText)
        if groups.isEmpty { ui.text("no parameter matches “\(filterText)”") }
        let open = state.workbench.openSection ?? selected ?? groups.first?.id
        var drawn: Set<String> = []
        func body(_ group: PropertyGroup, height: Double?) {
            let showsCurve = group.curvePath != nil && group.curvePath == state.selectedCurve.path && state.shows(.curves)
            let paths = group.paths.filter { !drawn.contains($0) && !(showsCurve && $0 == group.curvePath) }
            drawn.formUnion(paths)
            // The curve editor first, sized so that it and the section's fields fit the space
            // left: the plot is twice as tall as wide, beside a presets list about 200 units tall,
            // over x1 y1 x2 y2; a row is about 25 units with its spacing.
            if showsCurve {
                let rows = Double(paths.count + 4) * 25 + 31
                let plotWidth = height.map { min(max(($0 - rows) / 2, 40), 160) } ?? 160
                actions += curveEditor(ui, state: state, plotWidth: plotWidth)
            }
            if group.id == TimingsSection.intro.rawValue { introSummary(ui, state: state) }
            actions += springs(ui, ids: group.springIds, timings: state.document.current)
            actions += numbers(ui, paths: paths, timings: state.document.current)
        }
        if filtering {
            for group in groups {
                _ = ui.sectionHeader(id: group.id, title: group.title, isOpen: true)
                body(group, height: nil)
            }
            return actions
        }
        // The closed sections two to a row, every one in sight and one click away; then the open
        // one, its header full width and its body below, sized to the space left.
        let closed = groups.filter { $0.id != open }.map { ($0.id, $0.title) }
        if let id = ui.sectionGrid(id: "sections", sections: closed) { actions.append(.view(.workbench(.toggleSection(id)))) }
        if let group = groups.first(where: { $0.id == open }) {
            if ui.sectionHeader(id: group.id, title: group.title, isOpen: true) { actions.append(.view(.workbench(.toggleSection(group.id)))) }
            body(group, height: ui.availableHeight)
        }
        return actions
    }

    /// Above the intro's parameters: the file playing, its range and length, and the still
    /// frame Reduce Motion shows (seed 002), read from the take's sequence.
    static func introSummary(_ ui: ImGuiSDLBridge, state: WindowState) {
        guard let intro = state.playback.preview.splash.intro else {
            ui.text("no intro file: --intro FILE, or intro.json in --assets")
            return
        }
        let name = (intro.clip.path as NSString).lastPathComponent
        ui.text(String(format: "%@: %d frames, plays %.2f-%.2f s of the file, %.2f s in all", name, intro.clip.frameCount,
                       intro.rangeStart, intro.rangeEnd, intro.playedDuration))
        let still = intro.clip.frameIndex(at: intro.stillTime)
        let marker = intro.clip.marker(at: intro.stillTime).map { " (\($0.name))" } ?? ""
        ui.readout(id: "intro.reduceMotionStill", "Reduce Motion still: frame \(still)\(marker)", value: .number(Double(still)))
    }

    // MARK: Curves

    /// The selected curve's value, and where the animation using it is now (progress 0...1).
    static func selectedCurve(_ state: WindowState) -> (curve: TimingCurve, progress: Double?)? {
        let timings = state.document.current
        guard let p = TimingsSchema.parameter(state.selectedCurve.path) else { return nil }
        let curve: TimingCurve
        switch p.value(in: timings) {
        case let .curve(c): curve = c
        case let .curves(cs):
            guard let i = state.selectedCurve.segment, cs.indices.contains(i) else { return nil }
            curve = cs[i]
        default: return nil
        }
        var progress: Double?
        if let track = TimingsSchema.splashTracks.first(where: { $0.curvePath == p.path }) {
            let (begin, end) = track.interval(in: timings, dismissalTime: state.playback.preview.splash.dismissalTime)
            let t = state.time
            if end > begin && t >= begin && t <= end {
                var local = (t - begin) / (end - begin)
                if let i = state.selectedCurve.segment {
                    let keys = track.keyTimes(in: timings)
                    if i + 1 < keys.count, local >= keys[i], local <= keys[i + 1], keys[i + 1] > keys[i] {
                        local = (local - keys[i]) / (keys[i + 1] - keys[i])
                    } else { local = .nan }
                }
                progress = local.isFinite ? local : nil
            }
        }
        return (curve, progress)
    }

    static func curveEditor(_ ui: ImGuiSDLBridge, state: WindowState, plotWidth: Double = 180) -> [WindowAction] {
        guard let (curve, progress) = selectedCurve(state) else { return [] }
        let path = state.selectedCurve.path
        ui.text("Curve: \(path)\(state.selectedCurve.segment.map { " segment \($0)" } ?? "")")
        switch ui.curveEditor(id: "curve", points: BezierControlPoints(curve), progress: progress, plotWidth: plotWidth) {
        case .none: return []
        case let .refused(message): return [.say(message, isError: true)]
        case let .changed(points, isFinal):
            let newCurve = points.timingCurve
            guard let p = TimingsSchema.parameter(path) else { return [] }
            switch p.value(in: state.document.current) {
            case .curve: return [.document(.edit(path: path, value: .curve(newCurve), isFinal: isFinal))]
            case var .curves(cs):
                guard let i = state.selectedCurve.segment, cs.indices.contains(i) else { return [] }
                cs[i] = newCurve
                return [.document(.edit(path: path, value: .curves(cs), isFinal: isFinal))]
            default: return []
            }
        }
    }

    // MARK: Springs

    /// Each declared spring (`TimingsSchema.springs`) in the spring editor, its response and
    /// damping fraction held to their declarations; a change to it is one edit of both.
    static func springs(_ ui: ImGuiSDLBridge, ids: [String], timings: Timings) -> [WindowAction] {
        var actions: [WindowAction] = []
        for spring in TimingsSchema.springs where ids.contains(spring.id) {
            let responsePath = spring.response.path, fractionPath = spring.dampingFraction.path
            guard case let .number(response) = spring.response.value(in: timings),
                  case let .number(fraction) = spring.dampingFraction.value(in: timings),
                  let parameters = try? SpringParameters(response: response, dampingFraction: fraction) else { continue }
            ui.text("Spring: \(spring.label)")
            switch ui.springEditor(id: spring.id, parameters: parameters, plotHeight: 100, declaration: spring) {
            case .none: break
            case let .refused(message): actions.append(.say(message, isError: true))
            case let .changed(spring, isFinal):
                // Only the ratios matter to progress: any mass maps to the same response and fraction.
                actions.append(.document(.editTogether([ParameterChange(path: responsePath, value: .number(spring.response)),
                                                         ParameterChange(path: fractionPath, value: .number(spring.dampingFraction))], isFinal: isFinal)))
            }
        }
        return actions
    }

    // MARK: Every number

    static func numbers(_ ui: ImGuiSDLBridge, paths: [String], timings: Timings) -> [WindowAction] {
        var actions: [WindowAction] = []
        for p in paths.compactMap({ TimingsSchema.parameter($0) }) {
            let label = String(p.path.split(separator: ".").last ?? "")
            switch p.value(in: timings) {
            case let .number(v):
                actions += edit(p, ui.numberField(id: p.path, label: label, value: v, declaration: p)) { .number($0) }
            case let .numbers(vs):
                for (i, v) in vs.enumerated() {
                    actions += edit(p, ui.numberField(id: "\(p.path).\(i)", label: "\(label)[\(i)]", value: v, declaration: p)) { new in
                        var copy = vs; copy[i] = new; return .numbers(copy)
                    }
                }
            case let .curve(c):
                if ui.button(id: p.path, label: "\(label): \(c.specification)") { actions.append(.tools(.selectCurve(path: p.path, segment: nil))) }
            case let .curves(cs):
                for (i, c) in cs.enumerated() where ui.button(id: "\(p.path).\(i)", label: "\(label)[\(i)]: \(c.specification)") {
                    actions.append(.tools(.selectCurve(path: p.path, segment: i)))
                }
            case let .choice(current):
                ui.text("\(label):")
                for choice in p.choices {
                    ui.sameLine()
                    if ui.button(id: "\(p.path).\(choice)", label: choice == current ? "[\(choice)]" : choice) {
                        actions.append(.document(.edit(path: p.path, value: .choice(choice), isFinal: true)))
                    }
                }
            case let .text(current):
                // Texts (a colour, a marker name) are typed in the timings file, which the window
                // reloads on save; the panel shows the value in force.
                ui.text("\(label): \"\(current)\"")
            }
        }
        return actions
    }

    static func edit(_ p: TimingParameter, _ edit: NumberFieldEdit, _ value: (Double) -> ParameterValue) -> [WindowAction] {
        switch edit {
        case .none: return []
        // The declaration's own refusals name the parameter already.
        case let .refused(message): return [.say(message.hasPrefix(p.path) ? message : "\(p.path): \(message)", isError: true)]
        case let .changed(v, isFinal): return [.document(.edit(path: p.path, value: value(v), isFinal: isFinal))]
        }
    }
}
