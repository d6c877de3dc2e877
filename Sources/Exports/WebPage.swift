import Formats
import Foundation
import Motion
import Scenes

// MARK: - The panel's completion spring, played after the splash

/// What the page plays once the splash is over, so that a spring moves on it as it does in the
/// app: P presents the panel along `panel.curve`, a finger drags it 30% of its height down and
/// holds still, and the release (at rest: the pointer's velocity over its last 80 ms is 0)
/// springs it back with the completion spring. The same input, as a script, makes `splashlab
/// state` play it; events fall half-way between 60 Hz frames, so no sample lands on a jump.
struct PanelDemo {
    let script: InputScript
    let animations: [WebExport.Animation]
    let endTime: Double

    init(splash: SplashSequence, timings t: Timings) {
        let number = WebExport.short
        let panel = PanelInteraction(screenHeight: splash.device.height, timings: t.panel)
        func halfFrame(_ time: Double) -> Double { ((time * 60).rounded(.down) + 0.5) / 60 }
        let hidden = splash.device.height, presented = splash.device.height - panel.height
        let dragged = 0.7
        let present = halfFrame(splash.endTime + 0.2)
        let presentEnd = present + PanelMotions.presentation.duration(t.panel)
        let down = halfFrame(presentEnd + 0.2), move = halfFrame(down + 0.05), up = halfFrame(move + 0.15)
        let x = splash.device.width / 2, downY = presented + 40, moveY = downY + (1 - dragged) * panel.height
        var events = [InputEvent(time: present, kind: .key("p"))]
        // "percent" completion finishes along the curve instead; only a spring is shown here.
        let springs = PanelMotions.completion.value(t.panel) == .spring
        if springs {
            events += [InputEvent(time: down, kind: .down(x: x, y: downY)), InputEvent(time: move, kind: .move(x: x, y: moveY)),
                       InputEvent(time: up, kind: .up(x: x, y: moveY))]
        }
        script = InputScript(events: events)

        // Progress p: top = height − p × panel height; dim = clamp(p, 0, 1) × maxDim (PanelInteraction).
        func top(_ p: Double) -> String { "0px \(number(hidden - p * panel.height))px" }
        func dim(_ p: Double) -> String { number(min(max(p, 0), 1) * PanelMotions.dim.value(t.panel)) }
        let curve = PanelMotions.presentation.curve(t.panel)
        let curveStaysIn01 = curve.outputRange.lowerBound >= 0 && curve.outputRange.upperBound <= 1
        let dimCurve = curveStaysIn01 ? WebExport.easing(curve) : LinearEasing { min(max(MotionSpec.curve(curve).simulation.x($0), 0), 1) }.css
        var topFrames: [(Double, String, String?)] = [(present, top(0), WebExport.easing(curve))]
        var dimFrames: [(Double, String, String?)] = [(present, dim(0), dimCurve)]
        var end = presentEnd
        var settle: [WebExport.Animation] = []
        if springs, let motion = try? SpringMotion(parameters: PanelMotions.completionSpring.parameters(t.panel), initialDisplacement: dragged - 1, initialVelocity: 0) {
            // The app's spring, in progress from where the finger left it (p0 = 1 + displacement)
            // toward 1, ends where it settles (to 0.001 of progress) and then stands exactly at the
            // target (SpringToTargetSimulation); the page follows it there, then steps.
            let duration = motion.settlingDuration.isFinite ? motion.settlingDuration : WebExport.springDuration(motion)
            func progress(_ time: Double) -> Double { motion.x(time) }
            let settled = progress(duration)
            func share(_ x: Double, from a: Double, to b: Double) -> Double { b == a ? 0 : (x - a) / (b - a) }
            let topSpring = LinearEasing { u in share(progress(u * duration), from: dragged, to: settled) }
            let clampedStart = min(max(dragged, 0), 1), clampedEnd = min(max(settled, 0), 1)
            let dimSpring = LinearEasing { u in share(min(max(progress(u * duration), 0), 1), from: clampedStart, to: clampedEnd) }
            topFrames += [(presentEnd, top(1), "steps(1, end)"), (move, top(dragged), "linear"),
                          (up, top(dragged), topSpring.css), (up + duration, top(settled), nil)]
            dimFrames += [(presentEnd, dim(1), "steps(1, end)"), (move, dim(dragged), "linear"),
                          (up, dim(dragged), dimSpring.css), (up + duration, dim(settled), nil)]
            end = up + duration
            settle = [
                WebExport.Animation(name: "panelTopSettled", elements: ["panel"], property: "translate",
                                    keyframes: [(0, top(1), nil), (1, top(1), nil)], begin: end, duration: 0, fill: "forwards"),
                WebExport.Animation(name: "panelDimSettled", elements: ["dim"], property: "opacity",
                                    keyframes: [(0, dim(1), nil), (1, dim(1), nil)], begin: end, duration: 0, fill: "forwards"),
            ]
        } else {
            topFrames.append((presentEnd, top(1), nil))
            dimFrames.append((presentEnd, dim(1), nil))
        }
        endTime = end
        let span = end - present
        func offsets(_ frames: [(Double, String, String?)]) -> [(offset: Double, value: String, easing: String?)] {
            frames.map { (offset: ($0.0 - present) / span, value: $0.1, easing: $0.2) }
        }
        animations = [
            WebExport.Animation(name: "panelTop", elements: ["panel"], property: "translate", keyframes: offsets(topFrames), begin: present, duration: span),
            WebExport.Animation(name: "panelDim", elements: ["dim"], property: "opacity", keyframes: offsets(dimFrames), begin: present, duration: span),
        ] + settle
    }
}

// MARK: - The page

extension WebExport {
    /// A PNG or other image file as a `data:` URL: a page opened from a file may not use another
    /// file as a mask image (mask images are fetched with CORS).
    static func dataURL(_ bytes: [UInt8], type: String = "image/png") -> String {
        "data:\(type);base64," + Data(bytes).base64EncodedString()
    }

    static func cssColor(_ c: Color) -> String {
        c.a == 255 ? String(format: "#%02x%02x%02x", c.r, c.g, c.b) : "rgba(\(c.r), \(c.g), \(c.b), \(short(Double(c.a) / 255)))"
    }

    /// The launch screen's background as the app draws it: the gradient of `launch.json` (stops in
    /// sRGB, as the app's vertex colours), a launch image, or white.
    static func background(_ launch: LaunchBackground) throws -> String {
        switch launch {
        case let .gradient(stops):
            guard stops.count > 1 else { return stops.first.map { cssColor($0.color) } ?? "#ffffff" }
            return "linear-gradient(to bottom, " + stops.map { "\(cssColor($0.color)) \(short($0.location * 100))%" }.joined(separator: ", ") + ")"
        case let .image(path):
            return "url(\"\(dataURL(try JSONParser.readFile(path, limit: .image)))\") center / 100% 100% no-repeat"
        case .white:
            return "#ffffff"
        }
    }

    /// The page: the CSS, the launch screen, and the logo, text and screen images inlined.
    static func page(_ source: ExportSource) throws -> String {
        let splash = source.splash
        let t = source.timings
        let device = splash.device
        let layout = splash.layout
        let w = number(device.width), h = number(device.height)
        let logoBase = splash.stillValue(.logoSize), holeBase = splash.stillValue(.holeSize)
        let logo = dataURL(try source.images.logo())
        let text = dataURL(try source.images.splashText())
        let screen = dataURL(try source.images.screen())
        let background = try background(source.launch)
        let demo = PanelDemo(splash: splash, timings: t)
        let panelHeight = PanelInteraction(screenHeight: device.height, timings: t.panel).height
        func box(_ cx: Double, _ cy: Double, _ width: Double, _ height: Double) -> String {
            "left: \(number(cx - width / 2))px; top: \(number(cy - height / 2))px; width: \(number(width))px; height: \(number(height))px;"
        }
        func svgBox(_ side: Double) -> String {
            "x=\"\(number(layout.logoCenter.x - side / 2))\" y=\"\(number(layout.logoCenter.y - side / 2))\" width=\"\(number(side))\" height=\"\(number(side))\""
        }
        let input = demo.script.json.text.replacingOccurrences(of: "</", with: "<\\/")
        return """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=\(w), initial-scale=1">
        <title>Splash (splashlab export css --html)</title>
        <style>
        html, body { margin: 0; background: #000; }
        #screen { position: relative; width: \(w)px; height: \(h)px; overflow: hidden; }
        #screen div, #screen img, #stage { position: absolute; }
        #backdrop, #splash, #dim { left: 0; top: 0; width: \(w)px; height: \(h)px; }
        #backdrop, #splash { background: \(background); }
        #text, #backdropText { \(box(layout.textCenter.x, layout.textCenter.y, layout.textSize.width, layout.textSize.height)) }
        #logo { \(box(layout.logoCenter.x, layout.logoCenter.y, logoBase, logoBase)) }
        #stage { left: 0; top: 0; overflow: hidden; }
        #feed { transform-box: view-box; transform-origin: 50% 50%; }
        #hole, #holeLogo { transform-box: fill-box; transform-origin: 50% 50%; }
        #holeMask { mask-type: alpha; }
        #screenImage { mask: url(#holeMask); }
        #dim { background: #000; }
        #panel { left: 0; top: 0; width: \(w)px; height: \(number(panelHeight + 200))px; background: #fff; border-radius: \(number(PanelLayout.cornerRadius))px \(number(PanelLayout.cornerRadius))px 0 0; }
        #grabber { left: \(number(device.width / 2 - 18))px; top: 6px; width: 36px; height: 5px; border-radius: 2.5px; background: #c7c7cc; }
        @media (prefers-reduced-motion: reduce) { #screenImage { mask: none; } }
        :root {
        \(springProperties(ExportModel(timings: t, screenHeight: device.height)))
        }
        \(css(splash, timingsPath: source.timingsPath, extra: demo.animations))
        </style>
        </head>
        <body>
        <div id="screen">
          <div id="backdrop"><img id="backdropText" alt="" src="\(text)"></div>
          <svg id="stage" width="\(w)" height="\(h)" viewBox="0 0 \(w) \(h)">
            <mask id="holeMask" maskUnits="userSpaceOnUse" x="0" y="0" width="\(w)" height="\(h)">
              <image id="hole" href="\(logo)" \(svgBox(holeBase)) preserveAspectRatio="none"/>
            </mask>
            <g id="feed">
              <image id="screenImage" href="\(screen)" x="0" y="0" width="\(w)" height="\(h)" preserveAspectRatio="none"/>
              <image id="holeLogo" href="\(logo)" \(svgBox(holeBase)) preserveAspectRatio="none"/>
            </g>
          </svg>
          <div id="splash"><img id="logo" alt="" src="\(logo)"><img id="text" alt="" src="\(text)"></div>
          <div id="dim"></div>
          <div id="panel"><div id="grabber"></div></div>
        </div>
        <!-- After the splash (which ends at \(number(splash.endTime)) s) the panel plays this input, as `splashlab state --script` would. -->
        <script type="application/json" id="input">\(input)</script>
        </body>
        </html>
        """
    }
}
