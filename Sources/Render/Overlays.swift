import Formats
import CSDL2
import Foundation
import Motion
import Scenes

/// The window's tool overlays, drawn in window pixels over the device screen and never part of
/// a recording: the key help, a message line, the timeline strip and the curve view.
public final class OverlayRenderer {
    let renderer: OpaquePointer
    let text: TextRenderer

    public init(renderer: OpaquePointer, text: TextRenderer) {
        self.renderer = renderer
        self.text = text
    }

    func fill(_ x: Int, _ y: Int, _ w: Int, _ h: Int, _ c: Color) {
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, c.a)
        var r = SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(w), h: Int32(h))
        SDL_RenderFillRect(renderer, &r)
    }

    @discardableResult
    func label(_ s: String, _ x: Int, _ y: Int, size: Int, color: Color = Color(235, 235, 245), bold: Bool = false, maxWidth: Int = 0) throws -> Int {
        guard let t = try text.texture(s, pixelSize: size, bold: bold, color: color, maxWidth: maxWidth) else { return 0 }
        var dst = SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(t.width), h: Int32(t.height))
        SDL_RenderCopy(renderer, t.texture, nil, &dst)
        return t.width
    }

    // MARK: Help

    /// The key table, as (key, what it does) rows.
    public func drawHelp(_ keyHelp: [(String, String)], in area: (x: Int, y: Int, width: Int, height: Int), density: Double) throws {
        let size = Int(12 * density), line = Int(17 * density)
        let height = line * (keyHelp.count + 1) + Int(16 * density)
        let width = min(area.width - Int(16 * density), Int(340 * density))
        let x = area.x + (area.width - width) / 2, y = area.y + max((area.height - height) / 2, 0)
        fill(x, y, width, height, Color(20, 20, 24, 230))
        try label("Keys", x + Int(10 * density), y + Int(8 * density), size: size + 2, bold: true)
        for (i, (key, what)) in keyHelp.enumerated() {
            let rowY = y + Int(8 * density) + line * (i + 1)
            try label(key, x + Int(10 * density), rowY, size: size, color: Color(100, 210, 255), bold: true)
            try label(what, x + Int(100 * density), rowY, size: size, maxWidth: width - Int(110 * density))
        }
    }

    // MARK: Message line

    public func drawMessage(_ message: String, isError: Bool, in area: (x: Int, y: Int, width: Int, height: Int), density: Double) throws {
        let h = Int(22 * density)
        fill(area.x, area.y + area.height - h, area.width, h, isError ? Color(180, 30, 30, 235) : Color(20, 20, 24, 220))
        try label(message, area.x + Int(6 * density), area.y + area.height - h + Int(4 * density), size: Int(11 * density), maxWidth: area.width - Int(12 * density))
    }

    // MARK: Timeline

    /// The strip's height in window pixels.
    public static func timelineHeight(density: Double) -> Int { Int(46 * density) }

    /// Phases of the splash as coloured segments, keyframe marks (preview times, from the declared
    /// tracks), and the playhead; `range` is the preview time the strip spans.
    public func drawTimeline(_ sequence: SplashSequence, marks: [Double], time: Double, range: Double,
                             in area: (x: Int, y: Int, width: Int, height: Int), density: Double) throws {
        let h = OverlayRenderer.timelineHeight(density: density)
        let top = area.y + area.height - h
        fill(area.x, top, area.width, h, Color(20, 20, 24, 225))
        let barTop = top + Int(17 * density), barHeight = Int(14 * density)
        func x(_ t: Double) -> Int { area.x + Int((min(max(t / range, 0), 1) * Double(area.width)).rounded()) }
        let d = sequence.dismissalTime
        let segments: [(Double, Double, Color, String)] = [
            (0, sequence.appearDuration, Color(90, 200, 250), "appearing"),
            (sequence.appearDuration, d, Color(120, 120, 128), "holding"),
            (d, sequence.endTime, Color(255, 159, 10), "disappearing"),
            (sequence.endTime, range, Color(52, 199, 89), "done"),
        ]
        for (start, end, color, name) in segments where end > start {
            fill(x(start), barTop, max(x(end) - x(start), 1), barHeight, color)
            // Phase names under the bar; the clock reads above it.
            if x(end) - x(start) > Int(60 * density) { try label(name, x(start) + Int(3 * density), barTop + barHeight + Int(1 * density), size: Int(10 * density)) }
        }
        for m in marks { fill(x(m) - 1, barTop - Int(4 * density), max(Int(2 * density), 2), Int(4 * density), Color(255, 255, 255, 230)) }
        // The playhead.
        fill(x(time) - 1, top + Int(14 * density), max(Int(2 * density), 2), barHeight + Int(8 * density), Color(255, 59, 48))
        try label(String(format: "t %.3f s", time), area.x + Int(4 * density), top + Int(3 * density), size: Int(10 * density))
    }

    // MARK: Curve view

    /// One plotted curve: a name, the curve as (x, y) in [0, 1] (y may leave it), the current
    /// progress if the animation is running.
    public struct Plot {
        public var name: String
        public var points: [(Double, Double)]
        public var progress: Double?
        public init(name: String, points: [(Double, Double)], progress: Double?) { self.name = name; self.points = points; self.progress = progress }
    }

    public func drawCurves(_ plots: [Plot], in area: (x: Int, y: Int, width: Int, height: Int), density: Double) throws {
        let cell = Int(84 * density), gap = Int(6 * density)
        let columns = max((area.width - gap) / (cell + gap), 1)
        for (i, plot) in plots.enumerated() {
            let cx = area.x + gap + (i % columns) * (cell + gap), cy = area.y + Int(8 * density) + (i / columns) * (cell + gap + Int(12 * density))
            fill(cx, cy, cell, cell + Int(12 * density), Color(20, 20, 24, 225))
            try label(plot.name, cx + Int(3 * density), cy + 1, size: Int(9 * density), maxWidth: cell - Int(4 * density))
            let px = cx + Int(6 * density), py = cy + Int(14 * density), size = Double(cell - Int(12 * density))
            let ys = plot.points.map(\.1) + [0, 1]
            let lo = ys.min()!, hi = ys.max()!
            func map(_ p: (Double, Double)) -> SDL_FPoint {
                SDL_FPoint(x: Float(Double(px) + p.0 * size), y: Float(Double(py) + (1 - (p.1 - lo) / max(hi - lo, 1e-9)) * size))
            }
            SDL_SetRenderDrawColor(renderer, 90, 90, 96, 255)
            var axes = [map((0, 0)), map((1, 0)), map((1, 1)), map((0, 1)), map((0, 0))]
            SDL_RenderDrawLinesF(renderer, &axes, Int32(axes.count))
            SDL_SetRenderDrawColor(renderer, 100, 210, 255, 255)
            let line = plot.points.map(map)
            SDL_RenderDrawLinesF(renderer, line, Int32(line.count))
            if let progress = plot.progress, let y = interpolate(plot.points, progress) {
                let p = map((progress, y))
                let r = Float(3 * density)
                var dot = SDL_FRect(x: p.x - r, y: p.y - r, w: 2 * r, h: 2 * r)
                SDL_SetRenderDrawColor(renderer, 255, 59, 48, 255)
                SDL_RenderFillRectF(renderer, &dot)
            }
        }
    }

    func interpolate(_ points: [(Double, Double)], _ x: Double) -> Double? {
        guard let i = points.firstIndex(where: { $0.0 >= x }) else { return points.last?.1 }
        if i == 0 { return points[0].1 }
        let a = points[i - 1], b = points[i]
        return a.1 + (b.1 - a.1) * (x - a.0) / max(b.0 - a.0, 1e-12)
    }
}
