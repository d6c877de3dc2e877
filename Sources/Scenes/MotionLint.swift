import Formats
import Foundation
import Motion

/// One thing `splashlab lint` found: which rule, on what (a track, a property or an
/// interruption), when, and by how much against which limit.
public struct LintFinding: Equatable, Sendable {
    public enum Rule: String, CaseIterable, Sendable {
        case pop, velocityJump = "velocity-jump", overshoot, settling, splashEnd = "splash-end", holeCoverage = "hole-coverage", blink
        /// An intro file cut short by the timeout, or one nothing can skip (seed 002's rules).
        case introTimeout = "intro-timeout", introSkip = "intro-skip"
    }
    public let rule: Rule
    /// A track id (`hole`), a property id (`panel.top`) or an interruption (`panel release`).
    public let subject: String
    public let time: Double
    public let amount: Double
    public let limit: Double
    public let message: String

    public var json: JSONOutput {
        .object([("rule", .string(rule.rawValue)), ("subject", .string(subject)), ("time", .number(time)),
                 ("amount", .number(amount)), ("limit", .number(limit)), ("message", .string(message))])
    }

    /// `2.617 s  pop  hole: …`, one line.
    public var line: String { "\(MotionLint.seconds(time))  \(rule.rawValue)  \(subject): \(message)" }
}

/// What a lint of a take gives: the findings in time order, the take's interruptions, and what
/// was checked.
public struct LintReport: Sendable {
    public let findings: [LintFinding]
    public let interruptions: [Interruption]
    public let duration: Double
    public let frames: Int
    /// Rules that could not run, each with why.
    public let notChecked: [(rule: String, reason: String)]

    public var isClean: Bool { findings.isEmpty }

    public var json: JSONOutput {
        .object([("clean", .bool(isClean)), ("duration", .number(duration)), ("frames", .int(frames)),
                 ("findings", .array(findings.map(\.json))), ("interruptions", .array(interruptions.map(\.json))),
                 ("notChecked", .array(notChecked.map { .object([("rule", .string($0.rule)), ("reason", .string($0.reason))]) }))])
    }

    public var text: String {
        var lines = findings.map(\.line)
        lines.append("\(findings.isEmpty ? "clean" : "\(findings.count) finding\(findings.count == 1 ? "" : "s")"): \(frames) frames at 240 Hz over \(MotionLint.seconds(duration)), \(interruptions.count) interruption\(interruptions.count == 1 ? "" : "s")")
        for n in notChecked { lines.append("not checked: \(n.rule): \(n.reason)") }
        return lines.joined(separator: "\n")
    }
}

/// Motion quality checked on the model, not on drawn frames: the take is evaluated at 240 Hz
/// with every property's exact value and velocity (`MotionTrace`), and every interruption is
/// compared just before and after (`Interruption.all`).
public enum MotionLint {
    /// Frames per second of the pop check: a ProMotion display's 120 Hz, twice over.
    public static let frameRate = 240.0
    /// How long after the last input a take is followed for motions to settle, at most.
    public static let settleWindow = 5.0

    /// Lints a take. `holeCoversScreen` says whether a hole layer covers a screen of the device's
    /// size (the logo's outline lives with the drawing code); nil leaves that rule out.
    /// `launchDifference` is the launch screen against the intro's first frame; nil leaves the
    /// blink rule out.
    public static func run(initial: Preview, log: [InputEvent], thresholds: Timings.Lint,
                           holeCoversScreen: ((LayerState) -> Bool)? = nil,
                           launchDifference: FrameDifference? = nil, launchAppearance: String? = nil,
                           otherAppearances: [(appearance: String, difference: FrameDifference)] = []) -> LintReport {
        let duration = takeDuration(initial: initial, log: log)
        let times = (0...Int((duration * frameRate).rounded(.up))).map { Double($0) / frameRate }
        let samples = MotionTrace.samples(initial: initial, log: log, times: times)
        let interruptions = Interruption.all(initial: initial, log: log)
        var findings: [LintFinding] = []
        findings += pops(samples, log: log, share: thresholds.popShare)
        findings += interruptionFindings(interruptions, thresholds: thresholds)
        findings += splashFindings(initial, thresholds: thresholds, holeCoversScreen: holeCoversScreen)
        findings += motionFindings(initial: initial, log: log, times: times, thresholds: thresholds)
        // Seed 002: the intro's first frame must match the launch screen (colour, image size and
        // centre), or the user sees a blink as the app takes over from the system's drawing.
        let compared = (launchDifference.map { [(appearance: launchAppearance, difference: $0)] } ?? []) + otherAppearances.map { (appearance: Optional($0.appearance), difference: $0.difference) }
        for (appearance, d) in compared where d.differingPixels > 0 && !initial.skipSplash {
            findings.append(LintFinding(rule: .blink, subject: "launch screen" + (appearance.map { " (\($0))" } ?? ""), time: 0, amount: Double(d.differingPixels), limit: 0,
                                        message: (appearance.map { "in \($0) appearance " } ?? "") + "the intro's first frame differs from the launch screen in \(d.differingPixels) of \(d.totalPixels) pixels (largest colour distance \(number(d.largestColorDistance)) of 441.7): a blink as the app takes over"))
        }
        findings += introFindings(initial)
        findings.sort { ($0.time, $0.rule.rawValue, $0.subject) < ($1.time, $1.rule.rawValue, $1.subject) }
        var notChecked: [(rule: String, reason: String)] = []
        if launchDifference == nil { notChecked.append((rule: "blink", reason: "the launch screen was not drawn")) }
        if holeCoversScreen == nil { notChecked.append((rule: "hole-coverage", reason: "no logo outline was given")) }
        return LintReport(findings: findings, interruptions: interruptions, duration: duration, frames: times.count, notChecked: notChecked)
    }

    /// The splash's end or the last input, then until everything rests (at most `settleWindow` more).
    public static func takeDuration(initial: Preview, log: [InputEvent]) -> Double {
        let splashEnd = initial.skipSplash ? 0 : initial.splash.endTime
        guard let last = log.last?.time else { return splashEnd }
        let playback = Playback(initial: initial, log: log, time: last, takingSnapshots: false)
        var t = last
        while t < last + settleWindow && !playback.preview.isAtRest(at: t) { t += 1 / frameRate }
        return max(splashEnd, t)
    }

    // MARK: Pops

    /// Between consecutive frames with no input between them, a property's change must lie
    /// within what its velocities at the two frames allow (Δt × the lesser and the greater);
    /// what lies beyond, over `share` of the property's range in the take, is a pop.
    static func pops(_ samples: [MotionSample], log: [InputEvent], share: Double) -> [LintFinding] {
        var findings: [LintFinding] = []
        for (i, property) in MotionProperty.all.enumerated() {
            let values = samples.compactMap { $0.values[i] }
            guard let lo = values.min(), let hi = values.max(), hi > lo else { continue }
            let limit = share * (hi - lo)
            var event = 0
            var lastReported = -Double.infinity
            for k in 1..<max(samples.count, 1) {
                let a = samples[k - 1], b = samples[k]
                while event < log.count && log[event].time <= a.time { event += 1 }
                if event < log.count && log[event].time <= b.time { continue }
                guard let x0 = a.values[i], let x1 = b.values[i], let v0 = a.velocities[i], let v1 = b.velocities[i] else { continue }
                let dt = b.time - a.time
                let change = x1 - x0
                let low = min(v0, v1) * dt, high = max(v0, v1) * dt
                let unexplained = change < low ? low - change : (change > high ? change - high : 0)
                guard unexplained > limit, a.time - lastReported > 0.05 else { continue }
                lastReported = a.time
                findings.append(LintFinding(rule: .pop, subject: trackName(property), time: b.time, amount: unexplained, limit: limit,
                                            message: "\(property.label) jumps by \(number(change)) \(property.unit) between frames \(seconds(a.time)) and \(seconds(b.time)), \(number(unexplained)) \(property.unit) more than its velocity explains (limit \(number(limit)))"))
            }
        }
        return findings
    }

    /// A splash property's finding names the track that drives it (`hole`), as the timings file does.
    static func trackName(_ property: MotionProperty) -> String {
        if case let .splash(p) = property.source, let track = SplashTrack.all.first(where: { $0.drives == p }) { return track.id }
        return property.id
    }

    // MARK: Interruptions

    static func interruptionFindings(_ interruptions: [Interruption], thresholds: Timings.Lint) -> [LintFinding] {
        var findings: [LintFinding] = []
        for i in interruptions {
            let p = MotionProperty.all[i.property]
            let name = "\(i.kind.rawValue) at \(seconds(i.time))"
            let valueLimit = thresholds.popShare * i.travel
            if abs(i.valueJump) > valueLimit {
                findings.append(LintFinding(rule: .pop, subject: name, time: i.time, amount: abs(i.valueJump), limit: valueLimit,
                                            message: "\(p.label) jumps from \(number(i.valueBefore)) to \(number(i.valueAfter)) \(p.unit)"))
            }
            let velocityLimit = thresholds.velocityJumpShare * i.travel
            if abs(i.velocityJump) > velocityLimit {
                findings.append(LintFinding(rule: .velocityJump, subject: name, time: i.time, amount: abs(i.velocityJump), limit: velocityLimit,
                                            message: "\(p.label) starts at \(number(i.velocityAfter)) \(p.unit)/s where \(number(i.expectedVelocity)) \(p.unit)/s was expected (\(i.rule)); limit \(number(velocityLimit)) \(p.unit)/s"))
            }
        }
        return findings
    }

    // MARK: The splash

    /// Seed 002's rules for an intro file: it should end before the timeout cuts it (else the
    /// user never sees its end), and the user should be able to skip it with a tap.
    static func introFindings(_ preview: Preview) -> [LintFinding] {
        let sequence = preview.splash
        guard !preview.skipSplash, !sequence.options.reduceMotion, let intro = sequence.intro else { return [] }
        let t = sequence.timings, timeout = SplashHold.timeout(t)
        var findings: [LintFinding] = []
        if intro.playedDuration > timeout + 1e-9 {
            findings.append(LintFinding(rule: .introTimeout, subject: "intro", time: timeout, amount: intro.playedDuration, limit: timeout,
                                        message: "the intro plays for \(seconds(intro.playedDuration)) (\(intro.clip.path), at speed \(number(intro.speed)), \(number(intro.loops)) time\(intro.loops == 1 ? "" : "s")), past splash.timeout \(seconds(timeout)): it is cut short"))
        }
        if t.intro.skip == .never {
            let wait = SplashHold.unskippableWait(t, introDuration: intro.playedDuration)
            findings.append(LintFinding(rule: .introSkip, subject: "intro", time: 0, amount: wait, limit: 0,
                                        message: "nothing can skip the intro (intro.skip is never): the user waits \(seconds(wait)) at every launch; seed 002 asks for skip on tap"))
        }
        return findings
    }

    /// Overshoot by a track's curves (a curve leaving [0, 1] carries its values past their ends;
    /// keyframe values that turn back are what the keyframes ask for), tracks that count from the
    /// start still moving when the splash gives way at d, and a hole that does not cover the
    /// screen when it ends.
    static func splashFindings(_ preview: Preview, thresholds: Timings.Lint, holeCoversScreen: ((LayerState) -> Bool)?) -> [LintFinding] {
        guard !preview.skipSplash else { return [] }
        let sequence = preview.splash
        let t = sequence.timings, d = sequence.dismissalTime
        var findings: [LintFinding] = []
        for track in SplashTrack.all where track.playing.includes(crossFade: sequence.crossFades) {
            let (begin, end) = track.interval(in: t, dismissalTime: d)
            let duration = end - begin
            let keyTimes = track.keyTimes(in: t)
            for (segment, curve) in track.curves(in: t).enumerated() {
                let range = curve.outputRange
                let excess = max(range.upperBound - 1, -range.lowerBound)
                guard excess > thresholds.overshootShare, segment + 1 < keyTimes.count else { continue }
                // Where on the curve the extreme lies, for the time of the finding.
                let progress = ProgressSimulation(curve: curve, duration: 1)
                let u = (0...400).map { Double($0) / 400 }.max { abs(progress.x($0) - 0.5) < abs(progress.x($1) - 0.5) } ?? 0
                let at = begin + (keyTimes[segment] + u * (keyTimes[segment + 1] - keyTimes[segment])) * duration
                let which = keyTimes.count > 2 ? " (segment \(segment + 1))" : ""
                findings.append(LintFinding(rule: .overshoot, subject: track.id, time: at, amount: excess, limit: thresholds.overshootShare,
                                            message: "\(track.label)'s curve\(which) \(curve.specification) passes its end by \(percent(excess)) of its travel (limit \(percent(thresholds.overshootShare)))"))
            }
            // With an intro file, the tracks that count from the start draw nothing: the intro does.
            if track.anchor == .start && end > d + 1e-9 && sequence.intro == nil {
                findings.append(LintFinding(rule: .splashEnd, subject: track.id, time: d, amount: end - d, limit: 0,
                                            message: "\(track.label) ends at \(seconds(end)), after the splash gives way to the feed at d = \(seconds(d)): it is cut short"))
            }
        }
        if let holeCoversScreen, !sequence.crossFades,
           let hole = SplashTrack.all.first(where: { $0.drives == .holeSize }) {
            let holeEnd = min(hole.interval(in: t, dismissalTime: d).end, sequence.endTime)
            let at = max(holeEnd - 1e-9, d)
            if let layer = sequence.frame(at: at).layers?.hole, !holeCoversScreen(layer) {
                findings.append(LintFinding(rule: .holeCoverage, subject: hole.id, time: holeEnd, amount: layer.width, limit: 0,
                                            message: "at its end the hole (\(number(layer.width)) pt) does not cover the \(number(sequence.device.width))×\(number(sequence.device.height)) pt screen"))
            }
        }
        return findings
    }

    // MARK: The panel's and the card's motions

    /// Each motion an input starts: overshoot past its end (where a bouncing completion spring
    /// does not ask for it), and settling over the budget (the feed's momentum aside).
    static func motionFindings(initial: Preview, log: [InputEvent], times: [Double], thresholds: Timings.Lint) -> [LintFinding] {
        var findings: [LintFinding] = []
        var preview = initial
        var index = 0
        let panelTop = MotionProperty.all[MotionProperty.index(of: .panelTop)]
        struct Flight { let subject: String; let start: Double; let from: Double; let target: Double; let asked: Bool; var worst = 0.0; var worstTime = 0.0 }
        var panelFlight: Flight?, cardFlight: Flight?
        func close(_ flight: inout Flight?) {
            guard let f = flight else { return }
            if f.worst > thresholds.overshootShare {
                findings.append(LintFinding(rule: .overshoot, subject: f.subject, time: f.worstTime, amount: f.worst, limit: thresholds.overshootShare,
                                            message: "the motion from \(seconds(f.start)) passes its end by \(percent(f.worst)) of its travel (limit \(percent(thresholds.overshootShare)))"))
            }
            flight = nil
        }
        func track(_ flight: inout Flight?, value: Double, at t: Double) {
            guard var f = flight, !f.asked, f.target != f.from else { return }
            let excess = (value - f.target) * (f.target > f.from ? 1 : -1) / abs(f.target - f.from)
            if excess > f.worst { f.worst = excess; f.worstTime = t }
            flight = f
        }
        for t in times {
            while index < log.count && log[index].time <= t {
                let event = log[index]
                preview.apply(event)
                index += 1
                let panel = preview.panel
                if !panel.isDragging && panel.animationStart == event.time && !panel.animator.isFinished(at: event.time) {
                    close(&panelFlight)
                    let released = panel.lastRelease?.time == event.time
                    let bouncingSpring = PanelMotions.completion.value(panel.timings) == .spring && PanelMotions.completionSpring.parameters(panel.timings).dampingRatio < 1 - 1e-9
                    panelFlight = Flight(subject: panelTop.id, start: event.time, from: panel.animator.from, target: panel.animator.target,
                                         asked: released && bouncingSpring)
                    if panel.animationDuration > thresholds.settleBudget {
                        findings.append(LintFinding(rule: .settling, subject: panelTop.id, time: event.time, amount: panel.animationDuration,
                                                    limit: thresholds.settleBudget,
                                                    message: "the panel's motion from \(seconds(event.time)) takes \(seconds(panel.animationDuration)) to settle (budget \(seconds(thresholds.settleBudget)))"))
                    }
                } else if panel.isDragging {
                    close(&panelFlight)
                }
                if let card = preview.cardState(at: event.time), card.animationStart == event.time {
                    close(&cardFlight)
                    cardFlight = Flight(subject: "card.progress", start: event.time, from: card.animator.from, target: card.animator.target, asked: false)
                    if card.animationDuration > thresholds.settleBudget {
                        findings.append(LintFinding(rule: .settling, subject: "card.progress", time: event.time, amount: card.animationDuration,
                                                    limit: thresholds.settleBudget,
                                                    message: "the card's motion from \(seconds(event.time)) takes \(seconds(card.animationDuration)) to settle (budget \(seconds(thresholds.settleBudget)))"))
                    }
                }
                // Momentum coasts as long as its deceleration rate says (seconds, as UIScrollView's
                // does); only the feed's animations (the edge bounce, a wheel step) have a budget.
                if case .animator = preview.scroll.motion, let span = preview.scroll.motionSpan(at: event.time), span.start == event.time,
                   span.duration > thresholds.settleBudget {
                    findings.append(LintFinding(rule: .settling, subject: "scroll.offset", time: event.time, amount: span.duration, limit: thresholds.settleBudget,
                                                message: "the feed's motion from \(seconds(event.time)) takes \(seconds(span.duration)) to settle (budget \(seconds(thresholds.settleBudget)))"))
                }
            }
            track(&panelFlight, value: preview.panel.progress(at: t), at: t)
            if let card = preview.cardState(at: t) { track(&cardFlight, value: card.progress(at: t), at: t) }
        }
        close(&panelFlight)
        close(&cardFlight)
        return findings
    }

    // MARK: Numbers in messages

    static func number(_ v: Double) -> String {
        if v == v.rounded() && abs(v) < 1e9 { return String(Int(v)) }
        return String(format: abs(v) >= 100 ? "%.1f" : (abs(v) >= 1 ? "%.2f" : "%.3g"), v)
    }
    static func seconds(_ v: Double) -> String { String(format: "%.3f s", v) }
    static func percent(_ share: Double) -> String { String(format: "%.1f %%", share * 100) }
}
