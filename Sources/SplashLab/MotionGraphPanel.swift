import App
import Formats
import Foundation
import Geometry
import Inspector
import Motion
import Scenes

/// The timeline dock's Graph view and what goes with it: a Lanes | Graph switch, the value and
/// velocity graph of the chosen properties over the take (from the model, at the plot's own
/// resolution, so exact at any zoom), the interruption list (a click seeks there), and lint's
/// findings. The view's own choices (which view, which properties, normalised or not) are kept
/// here, as the widgets keep theirs; the take and the timings come from the window state.
enum MotionGraphPanel {
    struct ViewChoices {
        var properties: [String] = ["splash.holeSize"]
        var normalise = false
    }
    nonisolated(unsafe) static var choices = ViewChoices()

    /// The least height of the graph (both plots and the input strip), in window units: below it
    /// the dock scrolls instead.
    static let minimumGraphHeight = 160.0

    /// What was computed for a take, kept until the take, the timings or the graph's span and width change.
    struct Computed {
        var key: Key
        /// The last input the samples saw, to tell a log that grew from one that was replaced.
        var lastEvent: InputEvent?
        var samples: [MotionSample]
        var interruptions: [Interruption]
        var moving: [Int]
    }
    struct Key: Equatable {
        var take: TakeKey
        var span: ClosedRange<Double>
        var columns: Int

        /// The same plot of the same take but for its inputs: a log that may have grown since.
        func differsOnlyInInputs(from other: Key) -> Bool {
            var a = self, b = other
            (a.take.inputs, a.take.lastInput, b.take.inputs, b.take.lastInput) = (0, 0, 0, 0)
            return a == b
        }
    }
    /// What the interruptions and lint depend on: the take's inputs and the timings (the graph's
    /// span grows while the take plays; they do not change with it).
    struct TakeKey: Equatable {
        var inputs: Int
        var lastInput: Double
        var timings: Timings
        var skipSplash: Bool
    }
    nonisolated(unsafe) static var computed: Computed?
    /// Lint runs on the whole take at 240 Hz; while input streams in it runs at most this often.
    static let lintInterval = 0.5
    nonisolated(unsafe) static var lint: (key: TakeKey, report: LintReport, at: Double)?
    /// The logo's traced outline, for lint's hole-coverage rule (set once the window's renderer has it).
    nonisolated(unsafe) static var logoOutline: LogoOutline?
    /// The blink the window measured between the launch frame and the intro's first frame it drew.
    nonisolated(unsafe) static var launchDifference: FrameDifference?

    /// The dock's switch, then the lanes (drawn by `lanes`) or the graph with the interruption list.
    static func dock(_ ui: ImGuiSDLBridge, state: WindowState, lanes: () -> [WindowAction]) -> [WindowAction] {
        var actions: [WindowAction] = []
        let showsGraph = state.timelineDockMode == .graph
        if ui.button(id: "dock.lanes", label: showsGraph ? "Lanes" : "[Lanes]") { actions.append(.timeline(.setDockMode(.lanes))) }
        ui.sameLine()
        if ui.button(id: "dock.graph", label: showsGraph ? "[Graph]" : "Graph") { actions.append(.timeline(.setDockMode(.graph))) }
        // The view's own controls (fit and loop; normalise and the properties) share this row, so
        // the dock's height goes to the lanes or the plots.
        ui.sameLine()
        guard showsGraph else { return actions + lanes() }
        // The graph shows the span the timeline's ruler shows, so zoom and pan carry over.
        actions += graph(ui, state: state, span: state.timelineSpan)
        return actions
    }

    /// The graph over `span` (default: the whole take the timeline spans) with its controls before
    /// it and the interruption list and lint's findings below. The plots take `height`, or by
    /// default the room left in the dock but one line, so that the list's heading shows under them.
    static func graph(_ ui: ImGuiSDLBridge, state: WindowState, span given: ClosedRange<Double>? = nil,
                      height: Double? = nil) -> [WindowAction] {
        var actions: [WindowAction] = []
        let playback = state.shownPlayback
        let timings = state.document.current
        let span = given ?? 0...state.timelineRange
        // One sample per column of the plot, which spans the row but its value gutter.
        let columns = max(Int(ui.rowWidth - 70), 50)
        let take = compute(playback, timings: timings, span: span, columns: columns)

        if let on = ui.toggle(id: "graph.normalise", label: "normalise", isOn: choices.normalise) { choices.normalise = on }
        // The properties to plot: every one that moves in this take, each a toggle, in rows that
        // wrap with the dock's width.
        for i in take.moving {
            let p = MotionProperty.all[i]
            ui.sameLineIfRoom(for: ui.toggleWidth(label: p.label))
            let shown = choices.properties.contains(p.id)
            if let on = ui.toggle(id: "graph.property.\(p.id)", label: p.label, isOn: shown) {
                if on { choices.properties.append(p.id) } else { choices.properties.removeAll { $0 == p.id } }
            }
        }
        let chosen = MotionProperty.all.indices.filter { choices.properties.contains(MotionProperty.all[$0].id) }
        let series = chosen.map { i in
            MotionGraphSeries(id: MotionProperty.all[i].id, label: MotionProperty.all[i].label, unit: MotionProperty.all[i].unit,
                              values: take.samples.map { $0.values[i] }, velocities: take.samples.map { $0.velocities[i] })
        }
        let threshold = timings.lint.velocityJumpShare
        let marks = take.interruptions.map { MotionGraphMark(time: $0.time, label: $0.kind.rawValue, flagged: abs($0.velocityJump) > threshold * $0.travel) }
        let inputTimes = playback.log.compactMap { e -> Double? in
            switch e.kind { case .move: return nil; default: return e.time }
        }
        let content = MotionGraphContent(times: take.samples.map(\.time), series: series, normalise: choices.normalise,
                                         playhead: playback.time, inputTimes: inputTimes, marks: marks)
        let at = ui.cursor
        let plotHeight = height ?? max(at.height - ui.textRowHeight, minimumGraphHeight)
        if case let .seek(t) = ui.motionGraph(id: "graph", content, x: at.x, y: at.y, width: at.width, height: plotHeight) {
            actions.append(.seek(t))
        }

        // The interruptions, one row each: a click seeks there.
        ui.text(take.interruptions.isEmpty ? "No interruptions in this take." : "Interruptions (a click seeks there):")
        for (n, i) in take.interruptions.enumerated() {
            let p = MotionProperty.all[i.property]
            let unit = p.unit.isEmpty ? "/s" : " \(p.unit)/s"
            let flagged = abs(i.velocityJump) > threshold * i.travel
            var text = String(format: "%.3f s  %@: velocity %@ -> %@%@", i.time, i.kind.rawValue,
                              MotionGraphText.number(i.velocityBefore), MotionGraphText.number(i.velocityAfter), unit)
            if flagged { text += " (expected \(MotionGraphText.number(i.expectedVelocity)))" }
            if i.settlingTime > 0 { text += String(format: ", settles in %.3f s", i.settlingTime) }
            if ui.listRow(id: "interruption.\(n)", text: text, flagged: flagged) { actions.append(.seek(i.time)) }
        }
        actions += findings(ui, playback: playback, timings: timings, key: take.key.take)
        return actions
    }

    static func compute(_ playback: Playback, timings: Timings, span: ClosedRange<Double>, columns: Int) -> Computed {
        let take = TakeKey(inputs: playback.log.count, lastInput: playback.log.last?.time ?? -1, timings: timings, skipSplash: playback.initial.skipSplash)
        let key = Key(take: take, span: span, columns: columns)
        if let computed, computed.key == key { return computed }
        let times = (0...columns).map { span.lowerBound + (span.upperBound - span.lowerBound) * Double($0) / Double(columns) }
        let log = playback.log
        // While input streams in (a drag adds an event a frame), only the samples from the first
        // new event on are computed again; the log must have grown from the one they saw.
        let samples: [MotionSample]
        if let computed, computed.key.differsOnlyInInputs(from: key), let last = computed.lastEvent,
           computed.key.take.inputs < log.count, log[computed.key.take.inputs - 1] == last {
            samples = MotionTrace.samples(initial: playback.initial, log: log, times: times, keeping: computed.samples,
                                          before: log[computed.key.take.inputs].time)
        } else {
            samples = MotionTrace.samples(initial: playback.initial, log: log, times: times)
        }
        let moving = MotionProperty.all.indices.filter { i in
            let vs = samples.compactMap { $0.values[i] }
            return (vs.max() ?? 0) - (vs.min() ?? 0) > 1e-9
        }
        let interruptions = computed.flatMap { $0.key.take == take ? $0.interruptions : nil } ?? Interruption.all(initial: playback.initial, log: playback.log)
        let result = Computed(key: key, lastEvent: log.last, samples: samples, interruptions: interruptions, moving: moving)
        computed = result
        return result
    }

    /// Lint's findings on the take, rerun when it changes (at most every `lintInterval` while it does).
    static func findings(_ ui: ImGuiSDLBridge, playback: Playback, timings: Timings, key: TakeKey) -> [WindowAction] {
        let now = MonotonicClock.now()
        if lint == nil || (lint!.key != key && now - lint!.at >= lintInterval) || (lint!.report.notChecked.contains { $0.rule == "blink" } && launchDifference != nil) {
            let device = playback.initial.feed.device
            let covers = logoOutline.map { outline in
                { (hole: LayerState) in HoleGeometry.coversScreen(outline, hole: hole, width: device.width, height: device.height) }
            }
            lint = (key, MotionLint.run(initial: playback.initial, log: playback.log, thresholds: timings.lint, holeCoversScreen: covers,
                                      launchDifference: launchDifference), now)
        }
        guard let report = lint?.report else { return [] }
        var actions: [WindowAction] = []
        ui.separator()
        if report.isClean {
            ui.text("lint: clean over \(String(format: "%.2f", report.duration)) s")
        } else {
            ui.text("lint: \(report.findings.count) finding\(report.findings.count == 1 ? "" : "s")")
            for (n, f) in report.findings.enumerated() {
                if ui.listRow(id: "lint.\(n)", text: f.line, flagged: true) { actions.append(.seek(f.time)) }
            }
        }
        for n in report.notChecked { ui.text("not checked: \(n.rule): \(n.reason)") }
        return actions
    }
}
