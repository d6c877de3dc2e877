import CSDL2
import Foundation
import Motion
import XCTest
@testable import Inspector

/// Prints what the inspector costs a frame on a 1440x900 offscreen renderer (Mesa llvmpipe) with a
/// curve editor, a spring editor and 30 number fields drawn. It measures and prints; it asserts
/// only that the frame held what it should, never a time (the machines are shared and noisy).
final class FrameCostMeasurement: XCTestCase {
    func testPrintMedianInspectorFrameCost() throws {
        let window = try OffscreenWindow(width: 1440, height: 900)
        defer { window.destroy() }
        let bridge = try ImGuiSDLBridge(window: window.window, renderer: window.renderer)
        defer { bridge.shutdown() }
        let points = BezierControlPoints(.easeInEaseOut)
        let spring = try SpringParameters(response: 0.55, dampingFraction: 0.825)
        let fieldCount = 30
        func drawInspector() {
            bridge.panel(title: "Curve", x: 0, y: 0, width: 480, height: 900) {
                _ = bridge.curveEditor(id: "curve", points: points, progress: 0.4)
            }
            bridge.panel(title: "Spring", x: 480, y: 0, width: 480, height: 900) {
                _ = bridge.springEditor(id: "spring", parameters: spring)
            }
            bridge.panel(title: "Timings", x: 960, y: 0, width: 480, height: 900) {
                for i in 0..<fieldCount {
                    _ = bridge.numberField(id: "field.\(i)", label: "field \(i)", value: Double(i) / 10, range: 0...3, unit: "s")
                }
            }
        }
        var build: [Double] = [], submit: [Double] = [], finish: [Double] = [], floor: [Double] = []
        let warmUp = 10, measured = 120
        for frame in 0..<(warmUp + measured) {
            // The floor: a clear and a flush, what a frame costs without the inspector.
            let floorStart = monotonicNanoseconds()
            window.clear()
            window.finish()
            let floorEnd = monotonicNanoseconds()

            window.clear()
            bridge.beginFrame(deltaTime: 1.0 / 60)
            drawInspector()
            bridge.endFrameAndRender()
            let submitted = monotonicNanoseconds()
            window.finish()
            let finished = monotonicNanoseconds()
            SDL_RenderPresent(window.renderer)
            guard frame >= warmUp else { continue }
            build.append(bridge.lastFrameCost.buildSeconds)
            submit.append(bridge.lastFrameCost.renderSeconds)
            finish.append(Double(finished - submitted) / 1e9)
            floor.append(Double(floorEnd - floorStart) / 1e9)
        }
        func median(_ xs: [Double]) -> Double { let s = xs.sorted(); return s[s.count / 2] }
        func ms(_ x: Double) -> String { String(format: "%.3f ms", x * 1000) }
        print("""
            inspector frame cost, 1440x900 offscreen \(window.rendererName), median of \(measured) frames:
              build (widgets + ImGui layout)      \(ms(median(build)))
              render (SDL_RenderGeometryRaw calls) \(ms(median(submit)))
              bridge total                        \(ms(median(zip(build, submit).map(+))))
              rasterise (flush + glFinish)        \(ms(median(finish)))
              floor: clear + flush + glFinish     \(ms(median(floor)))
            """)

        let kinds = bridge.controls.map(\.kind)
        XCTAssertEqual(kinds.filter { $0 == "number" }.count, fieldCount + 4 + 7)  // fields, x1 y1 x2 y2, the spring's seven
        XCTAssertEqual(kinds.filter { $0 == "curveEditor" }.count, 1)
        XCTAssertEqual(kinds.filter { $0 == "springPlot" }.count, 1)
        XCTAssertTrue(build.allSatisfy { $0 > 0 && $0.isFinite })
    }
}
