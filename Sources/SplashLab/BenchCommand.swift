import Foundation
import Motion
import Render
import Scenes

/// Keeps a value alive so the optimiser cannot drop the work that made it.
@inline(never) func keep(_ value: Double) { if value == .greatestFiniteMagnitude { print(value) } }

/// `splashlab bench --motion`: the pure motion math's throughput, as JSON. Each figure is the
/// median of several timed runs on one core.
func benchCommand(_ arguments: [String]) throws -> Int32 {
    let usage = usageLine("bench")
    let args = try ParsedArguments(arguments, valueOptions: [], flagOptions: ["--motion"], usage: usage)
    guard args.flags.contains("--motion") else {
        throw UsageError(message: "bench measures the motion math with --motion; the frame benchmark is not built yet", usage: usage)
    }
    print(try motionBenchmark().text)
    return 0
}

func median(_ values: [Double]) -> Double {
    let s = values.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

func motionBenchmark() throws -> JSONOutput {
    let runs = 7
    // Bezier: solve and sample eased progress for x sweeping [0, 1].
    let curve = TimingCurve.easeInEaseOut
    let evaluations = 2_000_000
    var bezierRates = [Double]()
    for _ in 0..<runs {
        var sum = 0.0
        let start = MonotonicClock.now()
        var x = 0.0
        let step = 1.0 / Double(evaluations)
        for _ in 0..<evaluations { sum += curve.value(x); x += step }
        let elapsed = MonotonicClock.now() - start
        keep(sum)
        bezierRates.append(Double(evaluations) / elapsed)
    }
    // The whole splash choreography for one frame, on iPhone SE, across the disappearance.
    let device = Device.named("iphone-se")!
    let layout = LaunchDescription.fallback.layout(device: device, textSize: (300, 32))
    let sequence = SplashSequence(timings: Timings(), device: device, layout: layout, options: SplashOptions())
    let frames = 200_000
    var frameCosts = [Double]()
    for _ in 0..<runs {
        var sum = 0.0
        let start = MonotonicClock.now()
        for i in 0..<frames {
            let t = 1.9 + 0.8 * Double(i) / Double(frames)
            let f = sequence.frame(at: t)
            sum += f.feedScale + (f.layers?.hole?.width ?? 0)
        }
        let elapsed = MonotonicClock.now() - start
        keep(sum)
        frameCosts.append(elapsed / Double(frames) * 1e6)
    }
    return .object([
        ("bezierEvaluationsPerSecond", .object([("median", .number(median(bezierRates).rounded())), ("target", .number(20_000_000))])),
        ("splashFrameMicroseconds", .object([("median", .number(median(frameCosts))), ("target", .number(2))])),
        ("runs", .int(runs)),
    ])
}
