import App
import Formats
import Foundation
import Inspector
import Scenes

/// The timeline dock's Graph view and what goes with it: a Lanes | Graph switch, the value and
/// velocity graph of the properties that move in the span shown (from the model, at the plot's
/// own resolution, so exact at any zoom), the interruption list (a click seeks there), and lint's
/// findings. Its choices (span, properties, normalise) are the window state's `graphState`; what
/// it computed is kept in the window's `MotionGraphCache`.
enum MotionGraphPanel {
    /// The least height of the graph (both plots and the input strip), in window units: below it
    /// the dock scrolls instead.
    static let minimumGraphHeight = 160.0

    /// The dock's switch, then the lanes (drawn by `lanes`) or the graph with the interruption list.
    static func dock(_ ui: ImGuiSDLBridge, state: WindowState, cache: MotionGraphCache, lanes: () -> [WindowAction]) -> [WindowAction] {
        var actions: [WindowAction] = []
        let showsGraph = state.timelineDockMode == .graph
        if ui.button(id: "dock.lanes", label: showsGraph ? "Lanes" : "[Lanes]") { actions.append(.tools(.timeline(.setDockMode(.lanes)))) }
        ui.sameLine()
        if ui.button(id: "dock.graph", label: showsGraph ? "[Graph]" : "Graph") { actions.append(.tools(.timeline(.setDockMode(.graph)))) }
        // The view's own controls (fit and loop; fit, normalise and the properties) share this
        // row, so the dock's height goes to the lanes or the plots.
        ui.sameLine()
        guard showsGraph else { return actions + lanes() }
        actions += graph(ui, state: state, cache: cache)
        return actions
    }

    /// The graph over the span `state.graphSpan` with its controls before it and the interruption
    /// list and lint's findings below. The plots take `height`, or by default the room left in the
    /// dock but one line, so that the list's heading shows under them.
    static func graph(_ ui: ImGuiSDLBridge, state: WindowState, cache: MotionGraphCache, height: Double? = nil) -> [WindowAction] {
        var actions: [WindowAction] = []
        let playback = state.shownPlayback
        let timings = state.document.current
        let choices = state.graphState
        // One or two samples a column of the plot, which spans the row but its value gutter.
        let columns = max(Int(ui.rowWidth - 70), 50)
        let take = cache.samples(playback, timings: timings, span: state.graphSpan, columns: columns)

        // "Fit take" shows the whole take, as it grows; "Fit splash" fits the timeline's ruler to
        // the splash, and the graph follows the ruler (as it does after a zoom or a pan there).
        if ui.button(id: "graph.fitTake", label: choices.span == .take ? "[Fit take]" : "Fit take") { actions.append(.graph(.setSpan(.take))) }
        ui.sameLine()
        if ui.button(id: "graph.fitSplash", label: "Fit splash") { actions.append(.tools(.timeline(.fit(.splash)))) }
        ui.sameLine()
        if let on = ui.toggle(id: "graph.normalise", label: "normalise", isOn: choices.normalise) { actions.append(.graph(.setNormalise(on))) }
        // The properties that move in the span shown, each a toggle, in rows that wrap with the dock's width.
        for i in take.moving {
            let p = MotionProperty.all[i]
            ui.sameLineIfRoom(for: ui.toggleWidth(label: p.label))
            if let on = ui.toggle(id: "graph.property.\(p.id)", label: p.label, isOn: choices.plots(p)) { actions.append(.graph(.plot(p.id, on))) }
        }
        let series = choices.plotted(moving: take.moving).map { i in
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
        let curve = state.reference.flatMap { referenceCurve($0, over: content.times, playhead: content.playhead) }
        let room = at.height - ui.textRowHeight
        // With a curve, a third of the room goes to it, so both show in the dock's default height.
        let curveHeight = curve == nil ? 0 : max(min(room / 3, referenceCurveHeight), minimumReferenceCurveHeight)
        let plotHeight = height ?? max(room - curveHeight, curve == nil ? minimumGraphHeight : minimumGraphHeight / 2)
        if case let .seek(t) = ui.motionGraph(id: "graph", content, x: at.x, y: at.y, width: at.width, height: plotHeight) {
            actions.append(.playback(.seek(t)))
        }
        // Under the motion, the difference from the reference recording at the same times.
        if let curve {
            let below = ui.cursor
            if case let .seek(t) = ui.motionGraph(id: "graph.reference", curve, x: below.x, y: below.y, width: below.width, height: curveHeight) {
                actions.append(.playback(.seek(t)))
            }
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
            if ui.listRow(id: "interruption.\(n)", text: text, flagged: flagged) { actions.append(.playback(.seek(i.time))) }
        }
        actions += findings(ui, report: cache.lintReport(playback, timings: timings, now: MonotonicClock.now()))
        return actions
    }

    /// The height of the reference's difference plot under the motion, in window units: at most
    /// this, at least the second, for its two plots to show a line each.
    static let referenceCurveHeight = 120.0
    static let minimumReferenceCurveHeight = 60.0

    /// The reference's difference curve over the graph's times: the share of differing blocks in
    /// percent (above) and how fast it changes (below), each time taking the curve's latest point
    /// not after it. Nil without a curve, or with none of it in the span.
    static func referenceCurve(_ track: ReferenceTrack, over times: [Double], playhead: Double) -> MotionGraphContent? {
        guard let first = track.curveTimes.first, let firstTime = times.first, let lastTime = times.last,
              lastTime >= first, firstTime <= (track.curveTimes.last ?? first) else { return nil }
        var index = 0
        let values: [Double?] = times.map { t in
            guard t >= first else { return nil }
            while index + 1 < track.curveTimes.count && track.curveTimes[index + 1] <= t { index += 1 }
            return track.curveShares[index] * 100
        }
        var rates: [Double?] = Array(repeating: nil, count: values.count)
        for i in values.indices.dropFirst() {
            if let v = values[i], let u = values[i - 1], times[i] > times[i - 1] { rates[i] = (v - u) / (times[i] - times[i - 1]) }
        }
        let series = MotionGraphSeries(id: "referenceDifference", label: "differs from \(track.name)", unit: "%", values: values, velocities: rates)
        return MotionGraphContent(times: times, series: [series], normalise: false, playhead: playhead)
    }

    /// Lint's findings on the take: a click on one seeks to it.
    static func findings(_ ui: ImGuiSDLBridge, report: LintReport) -> [WindowAction] {
        var actions: [WindowAction] = []
        ui.separator()
        if report.isClean {
            ui.text("lint: clean over \(String(format: "%.2f", report.duration)) s")
        } else {
            ui.text("lint: \(report.findings.count) finding\(report.findings.count == 1 ? "" : "s")")
            for (n, f) in report.findings.enumerated() {
                if ui.listRow(id: "lint.\(n)", text: f.line, flagged: true) { actions.append(.playback(.seek(f.time))) }
            }
        }
        for n in report.notChecked { ui.text("not checked: \(n.rule): \(n.reason)") }
        return actions
    }
}
