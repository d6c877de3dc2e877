import App
import Formats
import Foundation
import Inspector
import Motion
import Scenes

/// The inspector beside the device: file and history, A/B, the timeline of the splash's tracks,
/// the curve editor, the springs and every declared number. It reads the window state and turns
/// what the user does into `WindowAction`s; it owns no state of its own beyond the widgets'.
enum InspectorPanel {
    /// The column's width in window units: ImGui's fields and the curve plot fit from about 360.
    static let minimumWidth = 360.0
    static let preferredWidth = 400.0

    /// Draws the column and returns the actions it asks for.
    static func draw(_ ui: ImGuiSDLBridge, state: WindowState, x: Double, width: Double, height: Double,
                     hudHeight: Double, inspectorCost: Double) -> [WindowAction] {
        var actions: [WindowAction] = []
        let doc = state.document
        let timings = doc.current
        ui.panel(title: "Inspector", x: x, y: hudHeight, width: width, height: height - hudHeight) {
            // File and history.
            let name = URL(fileURLWithPath: doc.sourceIsBuiltIn ? doc.savePath : doc.sourcePath).lastPathComponent
            ui.text("\(name)\(doc.hasUnsavedEdits ? " — unsaved edits" : "")\(doc.sourceIsBuiltIn ? " (from the built-in defaults)" : "")")
            if ui.button(id: "save", label: "Save") { actions.append(.save) }
            ui.sameLine()
            if ui.button(id: "undo", label: "Undo") { actions.append(.undo) }
            ui.sameLine()
            if ui.button(id: "redo", label: "Redo") { actions.append(.redo) }
            ui.sameLine()
            if ui.button(id: "ab.snapshot", label: "A = these") { actions.append(.snapshotA) }
            ui.sameLine()
            if ui.button(id: "ab.toggle", label: state.showingA ? "Showing A" : "Showing B") { actions.append(.toggleAB) }
            ui.sameLine()
            if ui.button(id: "ab.split", label: state.split ? "Single" : "A | B") { actions.append(.toggleSplit) }
            if ui.button(id: "appearance", label: state.appearance == .light ? "Light (D: dark)" : "Dark (D: light)") { actions.append(.toggleAppearance) }
            if doc.snapshotA != nil {
                let changed = doc.differencesFromA
                ui.text(changed.isEmpty ? "B = A so far" : "B differs from A in: " + changed.joined(separator: ", "))
            }
            if let pending = state.pendingDiskVersion {
                ui.text("\(URL(fileURLWithPath: pending.path).lastPathComponent) changed on disk.")
                if ui.button(id: "disk.takeTheirs", label: "Take theirs") { actions.append(.takeTheirs) }
                ui.sameLine()
                if ui.button(id: "disk.keepOurs", label: "Keep mine") { actions.append(.keepOurs) }
            }
            if state.recoverable != nil {
                ui.text("Unsaved edits from an earlier session were kept.")
                if ui.button(id: "recovery.restore", label: "Restore them") { actions.append(.restoreRecovery) }
                ui.sameLine()
                if ui.button(id: "recovery.discard", label: "Discard") { actions.append(.discardRecovery) }
            }
            if let m = state.message { ui.text((m.isError ? "⚠ " : "") + m.text) }
            ui.text(String(format: "t %.3f s   %@   rate %@×%@   inspector %.2f ms", state.time, state.shownPlayback.activity,
                           JSONOutput.number(state.rate).text, state.isPaused ? "   paused" : "", inspectorCost * 1000))
            ui.separator()

            if state.shows(.timeline) { actions += MotionGraphPanel.dock(ui, state: state) { timeline(ui, state: state) } }
            if state.shows(.curves) { actions += curveEditor(ui, state: state); ui.separator() }
            actions += springs(ui, timings: timings)
            ui.separator()
            actions += numbers(ui, timings: timings)
        }
        return actions
    }


    // MARK: Timeline

    static func timeline(_ ui: ImGuiSDLBridge, state: WindowState) -> [WindowAction] {
        let preview = state.playback.preview
        let timings = state.document.current
        let sequence = preview.splash
        let d = sequence.dismissalTime
        var lanes: [TimelineLane] = []
        for track in TimingsSchema.splashTracks where track.playing.includes(reduceMotion: sequence.options.reduceMotion) {
            let (begin, end) = track.interval(in: timings, dismissalTime: d)
            let keyTimes = track.keyTimesPath == nil ? [] : track.keyTimes(in: timings).map { begin + $0 * (end - begin) }
            lanes.append(TimelineLane(id: track.id, label: track.label, begin: begin, end: end, keyframeTimes: keyTimes,
                                      delayEditable: track.delayPath != nil, durationEditable: true,
                                      delayOrigin: track.anchor == .start ? 0 : d))
        }
        var live: [TimelineLiveLane] = []
        let t = state.time
        if let card = preview.cardState(at: t) {
            live.append(TimelineLiveLane(id: "card", label: "card", start: card.animationStart, settlingDuration: card.animationDuration,
                                         targetLabel: card.phase(at: t) == .closing ? "closed" : "open"))
        }
        if preview.panel.isVisible(at: t) && !preview.panel.isDragging {
            let panel = preview.panel
            live.append(TimelineLiveLane(id: "panel", label: "panel", start: panel.animationStart, settlingDuration: panel.animationDuration,
                                         targetLabel: panel.phase(at: t) == .dismissing || panel.phase(at: t) == .hidden ? "hidden" : "presented"))
        }
        if let scroll = preview.scroll.motionSpan(at: t) {
            live.append(TimelineLiveLane(id: "scroll", label: "scroll", start: scroll.start, settlingDuration: scroll.duration,
                                         targetLabel: String(format: "offset %.0f", scroll.target)))
        }
        let phases = [TimelinePhase(name: "appearing", start: 0, end: sequence.appearDuration),
                      TimelinePhase(name: "holding", start: sequence.appearDuration, end: d),
                      TimelinePhase(name: "disappearing", start: d, end: sequence.endTime)]
        let selectedLane = TimingsSchema.splashTracks.first { $0.curvePath == state.selectedCurve.path }?.id
        var content = TimelineContent(lanes: lanes, phases: phases, liveLanes: live, dismissalTime: d, playhead: t)
        content.visibleSpan = 0...state.timelineRange
        content.selectedLaneId = selectedLane
        if let segment = state.selectedCurve.segment, let lane = selectedLane { content.selectedSegment = TimelineSegment(laneId: lane, index: segment) }
        switch ui.timeline(id: "timeline", content) {
        case .none: return []
        case let .seek(time): return [.seek(time)]
        case let .moveDelay(laneId, delay, isFinal):
            guard let path = TimingsSchema.splashTracks.first(where: { $0.id == laneId })?.delayPath else { return [] }
            return [.edit(path: path, value: .number(delay), isFinal: isFinal)]
        case let .setDuration(laneId, duration, isFinal):
            guard let path = TimingsSchema.splashTracks.first(where: { $0.id == laneId })?.durationPath else { return [] }
            return [.edit(path: path, value: .number(duration), isFinal: isFinal)]
        case let .select(laneId):
            guard let track = TimingsSchema.splashTracks.first(where: { $0.id == laneId }) else { return [] }
            return [.selectCurve(path: track.curvePath, segment: track.keyTimesPath == nil ? nil : 0)]
        case let .selectSegment(laneId, index):
            guard let track = TimingsSchema.splashTracks.first(where: { $0.id == laneId }) else { return [] }
            return [.selectCurve(path: track.curvePath, segment: track.keyTimesPath == nil ? nil : index)]
        }
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

    static func curveEditor(_ ui: ImGuiSDLBridge, state: WindowState) -> [WindowAction] {
        guard let (curve, progress) = selectedCurve(state) else { return [] }
        let path = state.selectedCurve.path
        ui.text("Curve: \(path)\(state.selectedCurve.segment.map { " segment \($0)" } ?? "")")
        switch ui.curveEditor(id: "curve", points: BezierControlPoints(curve), progress: progress, plotWidth: 180) {
        case .none: return []
        case let .refused(message): return [.say(message, isError: true)]
        case let .changed(points, isFinal):
            let newCurve = points.timingCurve
            guard let p = TimingsSchema.parameter(path) else { return [] }
            switch p.value(in: state.document.current) {
            case .curve: return [.edit(path: path, value: .curve(newCurve), isFinal: isFinal)]
            case var .curves(cs):
                guard let i = state.selectedCurve.segment, cs.indices.contains(i) else { return [] }
                cs[i] = newCurve
                return [.edit(path: path, value: .curves(cs), isFinal: isFinal)]
            default: return []
            }
        }
    }

    // MARK: Springs

    /// Each declared spring (`TimingsSchema.springs`) in the spring editor, its response and
    /// damping fraction held to their declared ranges.
    static func springs(_ ui: ImGuiSDLBridge, timings: Timings) -> [WindowAction] {
        var actions: [WindowAction] = []
        for spring in TimingsSchema.springs {
            let responsePath = spring.response.path, fractionPath = spring.dampingFraction.path
            guard let response = TimingsSchema.number(responsePath, in: timings),
                  let fraction = TimingsSchema.number(fractionPath, in: timings),
                  let parameters = try? SpringParameters(response: response, dampingFraction: fraction),
                  let responseRange = spring.response.range, let fractionRange = spring.dampingFraction.range else { continue }
            ui.text("Spring: \(spring.label)")
            let declared = ["response": responseRange, "dampingFraction": fractionRange]
            switch ui.springEditor(id: spring.id, parameters: parameters, plotHeight: 100, declaredRanges: declared) {
            case .none: break
            case let .refused(message): actions.append(.say(message, isError: true))
            case let .changed(spring, isFinal):
                // Only the ratios matter to progress: any mass maps to the same response and fraction.
                actions.append(.edit(path: responsePath, value: .number(spring.response), isFinal: false))
                actions.append(.edit(path: fractionPath, value: .number(spring.dampingFraction), isFinal: isFinal))
            }
        }
        return actions
    }

    // MARK: Every number

    static func numbers(_ ui: ImGuiSDLBridge, timings: Timings) -> [WindowAction] {
        var actions: [WindowAction] = []
        var group = ""
        for p in TimingsSchema.parameters {
            let prefix = p.path.split(separator: ".").dropLast().joined(separator: ".")
            if prefix != group { group = prefix; ui.text(group) }
            let label = String(p.path.split(separator: ".").last ?? "")
            switch p.value(in: timings) {
            case let .number(v):
                if let range = p.range, let e = p.editing {
                    actions += edit(p, ui.numberField(id: p.path, label: label, value: v, range: range, unit: p.unit,
                                                      decimals: e.decimals, dragPerPixel: e.step, sliderRange: e.slider)) { .number($0) }
                }
            case let .numbers(vs):
                guard let range = p.range, let e = p.editing else { continue }
                for (i, v) in vs.enumerated() {
                    actions += edit(p, ui.numberField(id: "\(p.path).\(i)", label: "\(label)[\(i)]", value: v, range: range, unit: p.unit,
                                                      decimals: e.decimals, dragPerPixel: e.step, sliderRange: e.slider)) { new in
                        var copy = vs; copy[i] = new; return .numbers(copy)
                    }
                }
            case let .curve(c):
                if ui.button(id: p.path, label: "\(label): \(c.specification)") { actions.append(.selectCurve(path: p.path, segment: nil)) }
            case let .curves(cs):
                for (i, c) in cs.enumerated() where ui.button(id: "\(p.path).\(i)", label: "\(label)[\(i)]: \(c.specification)") {
                    actions.append(.selectCurve(path: p.path, segment: i))
                }
            case let .choice(current):
                ui.text("\(label):")
                for choice in p.choices {
                    ui.sameLine()
                    if ui.button(id: "\(p.path).\(choice)", label: choice == current ? "[\(choice)]" : choice) {
                        actions.append(.edit(path: p.path, value: .choice(choice), isFinal: true))
                    }
                }
            }
        }
        return actions
    }

    static func edit(_ p: TimingParameter, _ edit: NumberFieldEdit, _ value: (Double) -> ParameterValue) -> [WindowAction] {
        switch edit {
        case .none: return []
        case let .refused(message): return [.say("\(p.path): \(message)", isError: true)]
        case let .changed(v, isFinal): return [.edit(path: p.path, value: value(v), isFinal: isFinal)]
        }
    }
}
