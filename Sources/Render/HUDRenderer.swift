import Formats
import CSDL2
import Foundation
import Geometry
import Scenes

/// What the HUD shows, gathered by the frame loop.
public struct HUDReadout {
    public var records: [FrameRecord]
    public var budget: FrameBudget
    public var previewTime: Double
    public var activity: String
    public var rate: Double
    public var paused: Bool
    /// What drawing the HUD cost last frame, seconds.
    public var hudCost: Double
    public init(records: [FrameRecord], budget: FrameBudget, previewTime: Double, activity: String, rate: Double, paused: Bool, hudCost: Double) {
        self.records = records; self.budget = budget; self.previewTime = previewTime; self.activity = activity
        self.rate = rate; self.paused = paused; self.hudCost = hudCost
    }
}

/// The frame-budget HUD: a bar per frame for the last 300, split by stage, against a budget line,
/// with percentiles, hitches and the preview clock. Drawn in window pixels over the device
/// screen; never part of a recording. Text is re-rendered four times a second, so the HUD costs
/// a few batched rectangle fills and a handful of copies a frame.
public final class HUDRenderer {
    let renderer: OpaquePointer
    let text: TextRenderer
    private var lines: [String] = []
    private var linesUpdatedAt = -1.0
    /// Stage colours: input, update, render, present.
    static let stageColors = [Color(142, 142, 147), Color(52, 199, 89), Color(0, 122, 255), Color(255, 149, 0)]
    static let refreshInterval = 0.25

    public init(renderer: OpaquePointer, text: TextRenderer) {
        self.renderer = renderer
        self.text = text
    }

    /// Draws the HUD with its top-left corner at (x, y) window pixels, `density` pixels per point.
    public func draw(_ readout: HUDReadout, x: Int, y: Int, density: Double, now: Double) throws {
        // The density comes from the window's sizes; a minimised or odd window must not make the
        // conversions below trap. 16 is beyond any display's pixels per point.
        let density = density.isFinite && density > 0 ? min(density, 16) : 1
        let x = min(max(x, -Pixels.limit), Pixels.limit), y = min(max(y, -Pixels.limit), Pixels.limit)
        let barWidth = max(Int(density.rounded()), 1)
        let graphWidth = 300 * barWidth
        let graphHeight = Int(80 * density)
        let lineHeight = Int(15 * density)
        let width = graphWidth + Int(16 * density), height = graphHeight + 5 * lineHeight + Int(20 * density)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(renderer, 20, 20, 24, 215)
        var background = SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(width), h: Int32(height))
        SDL_RenderFillRect(renderer, &background)

        // Bars: 2 budgets tall is the full graph; the budget line sits at half height.
        let graphX = x + Int(8 * density), graphBottom = y + Int(8 * density) + graphHeight
        let pixelsPerSecond = Double(graphHeight) / (2 * readout.budget.seconds)
        var rects: [[SDL_Rect]] = Array(repeating: [], count: 4)
        let records = readout.records.suffix(300)
        for (i, r) in records.enumerated() {
            var top = Double(graphBottom)
            for (stage, seconds) in [r.input, r.update, r.render, r.present].enumerated() {
                let h = seconds * pixelsPerSecond
                let clipped = min(h, top - Double(graphBottom - graphHeight))
                guard clipped > 0 else { continue }
                top -= clipped
                rects[stage].append(SDL_Rect(x: Int32(graphX + i * barWidth), y: Int32(top.rounded()), w: Int32(barWidth), h: Int32(max(clipped.rounded(), 1))))
            }
        }
        for (stage, list) in rects.enumerated() where !list.isEmpty {
            let c = HUDRenderer.stageColors[stage]
            SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, 255)
            SDL_RenderFillRects(renderer, list, Int32(list.count))
        }
        SDL_SetRenderDrawColor(renderer, 255, 59, 48, 255)
        let budgetY = Int32(graphBottom - graphHeight / 2)
        var budgetLine = SDL_Rect(x: Int32(graphX), y: budgetY, w: Int32(graphWidth), h: Int32(max(Int(density), 1)))
        SDL_RenderFillRect(renderer, &budgetLine)

        if now - linesUpdatedAt >= HUDRenderer.refreshInterval || lines.isEmpty {
            lines = HUDRenderer.lines(for: readout)
            linesUpdatedAt = now
        }
        var textY = graphBottom + Int(6 * density)
        for line in lines {
            if let t = try text.transientTexture(line, pixelSize: Int(11 * density), bold: false, color: Color(235, 235, 245), maxWidth: graphWidth) {
                var dst = SDL_Rect(x: Int32(graphX), y: Int32(textY), w: Int32(t.width), h: Int32(t.height))
                SDL_RenderCopy(renderer, t.texture, nil, &dst)
            }
            textY += lineHeight
        }
    }

    /// The HUD's text lines for a readout.
    public static func lines(for r: HUDReadout) -> [String] {
        let intervals = r.records.map(\.interval)
        let p = Percentiles(intervals)
        let work = Percentiles(r.records.map { $0.input + $0.update + $0.render + $0.present })
        let hitches = HitchSummary(intervals: intervals, budget: r.budget)
        func ms(_ s: Double) -> String { String(format: "%.1f", s * 1000) }
        let rate = r.paused ? "paused" : (r.rate == 1 ? "1×" : String(format: "%g×", r.rate))
        return [
            "frame p50 \(ms(p.p50))  p95 \(ms(p.p95))  p99 \(ms(p.p99)) ms",
            "budget \(ms(r.budget.seconds)) ms (\(Int(clamping: r.budget.refreshRate.rounded())) Hz)   work p50 \(ms(work.p50))  p99 \(ms(work.p99))",
            "hitches \(hitches.count) · \(String(format: "%.1f", hitches.ratio)) ms/s · \(hitches.band)",
            "t \(String(format: "%.3f", r.previewTime)) s · \(r.activity) · \(rate)",
            "HUD \(String(format: "%.2f", r.hudCost * 1000)) ms (\(String(format: "%.1f", r.hudCost / r.budget.seconds * 100))% of budget)",
        ]
    }
}
