import App
import Formats
import CSDL2
import Foundation
import Motion
import Render
import Scenes

/// `splashlab curve SPEC`: a curve or spring as CSV `t,value,velocity`, and optionally a plot.
func curveCommand(_ arguments: [String]) throws -> Int32 {
    let options = try CurveOptions(arguments)
    let spec = options.spec, span = options.span
    let simulation = spec.simulation
    let points: [(Double, Double, Double)] = options.times.map { t in (t, simulation.x(t), simulation.dx(t)) }
    var csv = ""
    if spec.isSpring { csv += "# settlingDuration=\(JSONOutput.number(span).text)\n" }
    csv += "t,value,velocity\n"
    for p in points { csv += "\(JSONOutput.number(p.0).text),\(JSONOutput.number(p.1).text),\(JSONOutput.number(p.2).text)\n" }
    try printOutput(csv, terminator: "")
    if let plot = options.plotPath {
        let dense: [(Double, Double)] = (0...400).map { i in
            let t = span * Double(i) / 400
            return (t, simulation.x(t))
        }
        try plotCurve(title: options.specText, xLabel: spec.isSpring ? "t (s)" : "progress", dense: dense, samples: points.map { ($0.0, $0.1) }, span: span, to: plot)
    }
    return 0
}

/// Draws axes, a grid, the curve and its samples to a PNG, headless.
func plotCurve(title: String, xLabel: String, dense: [(Double, Double)], samples: [(Double, Double)], span: Double, to path: String) throws {
    let width = 720, height = 540
    let context = try RenderContext(target: .offscreen(width: width, height: height), rendererName: nil, vsync: false)
    let r = context.renderer
    let text = try TextRenderer(context: context)
    let allY = dense.map(\.1) + samples.map(\.1) + [0, 1]
    let yMin = min(allY.min()!, 0) - 0.05, yMax = max(allY.max()!, 1) + 0.05
    let xMin = min(samples.map(\.0).min() ?? 0, 0), xMax = max(samples.map(\.0).max() ?? span, span)
    let left = 70.0, right = Double(width) - 30, top = 50.0, bottom = Double(height) - 60
    func px(_ x: Double) -> Float { Float(left + (x - xMin) / (xMax - xMin) * (right - left)) }
    func py(_ y: Double) -> Float { Float(bottom - (y - yMin) / (yMax - yMin) * (bottom - top)) }
    SDL_SetRenderDrawColor(r, 255, 255, 255, 255)
    SDL_RenderClear(r)
    func label(_ s: String, _ x: Double, _ y: Double, size: Int = 14, bold: Bool = false) throws {
        guard let t = try text.texture(s, pixelSize: size, bold: bold, color: Color(60, 60, 67), maxWidth: 0) else { return }
        var dst = SDL_FRect(x: Float(x), y: Float(y), w: Float(t.width), h: Float(t.height))
        SDL_RenderCopyF(r, t.texture, nil, &dst)
    }
    // Grid at tenths of the span and of the unit interval.
    SDL_SetRenderDrawColor(r, 229, 229, 234, 255)
    for i in 0...10 {
        let x = xMin + (xMax - xMin) * Double(i) / 10
        SDL_RenderDrawLineF(r, px(x), Float(top), px(x), Float(bottom))
        try label(JSONOutput.number((x * 100).rounded() / 100).text, Double(px(x)) - 10, bottom + 8, size: 12)
    }
    for y in stride(from: (yMin * 10).rounded(.up) / 10, through: yMax, by: 0.1) {
        SDL_RenderDrawLineF(r, Float(left), py(y), Float(right), py(y))
        try label(JSONOutput.number((y * 10).rounded() / 10).text, left - 40, Double(py(y)) - 8, size: 12)
    }
    SDL_SetRenderDrawColor(r, 60, 60, 67, 255)
    SDL_RenderDrawLineF(r, Float(left), py(0), Float(right), py(0))
    SDL_RenderDrawLineF(r, px(0), Float(top), px(0), Float(bottom))
    // The target line at 1.
    SDL_SetRenderDrawColor(r, 255, 149, 0, 255)
    SDL_RenderDrawLineF(r, Float(left), py(1), Float(right), py(1))
    // The curve, three pixels thick.
    SDL_SetRenderDrawColor(r, 0, 122, 255, 255)
    for i in 1..<dense.count {
        for offset: Float in [-1, 0, 1] {
            SDL_RenderDrawLineF(r, px(dense[i - 1].0), py(dense[i - 1].1) + offset, px(dense[i].0), py(dense[i].1) + offset)
        }
    }
    SDL_SetRenderDrawColor(r, 255, 59, 48, 255)
    for s in samples {
        var dot = SDL_FRect(x: px(s.0) - 3.5, y: py(s.1) - 3.5, w: 7, h: 7)
        SDL_RenderFillRectF(r, &dot)
    }
    try label(title, left, 14, size: 16, bold: true)
    try label(xLabel, (left + right) / 2 - 30, bottom + 30, size: 13)
    let pixels = try context.readPixels(width: width, height: height)
    try writePNG(pixels, width: width, height: height, to: path)
}
