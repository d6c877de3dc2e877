import CImGui
import Formats
import Foundation
import Motion

/// A spring edit: the whole spring after the change, whichever form was edited. Drags report
/// `isFinal: false` while moving and one `isFinal: true` on release.
public enum SpringEdit: Equatable, Sendable {
    case none
    case changed(SpringParameters, isFinal: Bool)
    /// A typed value was refused; the spring is unchanged.
    case refused(String)
}

/// One field of the spring editor: which form it belongs to and how a new value rebuilds the spring.
struct SpringField {
    let name: String
    /// Which declared number of a spring the field is, if it is one.
    var declaredAs: SpringMembership.Role?
    let label: String
    let unit: String
    let range: ClosedRange<Double>
    let decimals: Int
    let read: (SpringParameters) -> Double
    /// The spring with this field set to the value and the rest of its form kept.
    let rebuild: (SpringParameters, Double) throws -> SpringParameters

    /// The three forms. Ranges cover UI springs from very soft to very stiff; the other forms'
    /// values follow from these, and ζ ∈ [0, 2] is bounce ∈ [−0.5, 1]. A declared spring's response
    /// and damping fraction take theirs from the declaration instead (`springEditor(declaration:)`).
    static let forms: [(title: String, fields: [SpringField])] = [
        ("mass, stiffness, damping", [
            SpringField(name: "mass", label: "mass", unit: "", range: 0.1...10, decimals: 2, read: { $0.mass },
                        rebuild: { try SpringParameters(mass: $1, stiffness: $0.stiffness, damping: $0.damping) }),
            SpringField(name: "stiffness", label: "stiffness", unit: "", range: 1...2000, decimals: 1, read: { $0.stiffness },
                        rebuild: { try SpringParameters(mass: $0.mass, stiffness: $1, damping: $0.damping) }),
            SpringField(name: "damping", label: "damping", unit: "", range: 0...200, decimals: 2, read: { $0.damping },
                        rebuild: { try SpringParameters(mass: $0.mass, stiffness: $0.stiffness, damping: $1) }),
        ]),
        ("response, damping fraction (SwiftUI)", [
            SpringField(name: "response", declaredAs: .response, label: "response", unit: "s", range: 0.05...3, decimals: 3, read: { $0.response },
                        rebuild: { try SpringParameters(response: $1, dampingFraction: $0.dampingFraction, mass: $0.mass) }),
            SpringField(name: "dampingFraction", declaredAs: .dampingFraction, label: "damping fraction", unit: "", range: 0...2, decimals: 3, read: { $0.dampingFraction },
                        rebuild: { try SpringParameters(response: $0.response, dampingFraction: $1, mass: $0.mass) }),
        ]),
        ("duration, bounce (SwiftUI)", [
            SpringField(name: "duration", label: "duration", unit: "s", range: 0.05...3, decimals: 3, read: { $0.duration },
                        rebuild: { try SpringParameters(duration: $1, bounce: $0.bounce, mass: $0.mass) }),
            SpringField(name: "bounce", label: "bounce", unit: "", range: -0.5...1, decimals: 3, read: { $0.bounce },
                        rebuild: { try SpringParameters(duration: $0.duration, bounce: $1, mass: $0.mass) }),
        ]),
    ]
}

/// The figures line under the spring plot.
public func springFiguresText(_ figures: SpringResponseFigures) -> String {
    var parts = [figures.settlingTime.isFinite
                 ? String(format: "settles in %.3f s", figures.settlingTime)
                 : "never settles (no damping)"]
    parts.append(String(format: "overshoot %.1f%%", figures.overshoot * 100))
    if let period = figures.dampedPeriod { parts.append(String(format: "period %.3f s", period)) }
    return parts.joined(separator: " · ")
}

extension ImGuiSDLBridge {
    /// A spring editor: the spring in its three forms (mass/stiffness/damping; response/damping
    /// fraction; duration/bounce), each field draggable, slidable and typable, and editing any one
    /// recomputes the others. Below, progress over time from rest with the settling time (|1 − x|
    /// ≤ 0.001 from then on, as `splashlab curve`), overshoot and, when under-damped, the period.
    /// Fields register as `id.mass`, `id.response`, `id.bounce`, ...; the plot as `id` (kind
    /// `springPlot`, value the settling time).
    ///
    /// `declaration` is the spring's where its numbers are declared parameters (a timings file's
    /// response and damping fraction): those two fields then take their bounds, slider span,
    /// step, decimals and refusal message from it, so a number has one range everywhere.
    public func springEditor(id: String = "spring", parameters: SpringParameters, plotHeight: Double = 140,
                             declaration: TimingsSchema.Spring? = nil) -> SpringEdit {
        guard isInFrame else { return .none }
        pushID(id)
        defer { ImGui.PopID() }
        var edit = SpringEdit.none
        for form in SpringField.forms {
            ImGui.PushStyleColor(ImGuiCol(ImGuiCol_Text.rawValue), InspectorColours.dimText)
            ImGui.TextUnformatted(form.title, nil)
            ImGui.PopStyleColor(1)
            for field in form.fields {
                let fieldID = "\(id).\(field.name)", value = field.read(parameters)
                let result: NumberFieldEdit
                if let role = field.declaredAs, let parameter = declaration?.parameter(role) {
                    result = numberField(id: fieldID, label: field.label, value: value, declaration: parameter)
                } else {
                    result = numberField(id: fieldID, label: field.label, value: value, range: field.range, unit: field.unit, decimals: field.decimals)
                }
                switch result {
                case .none: break
                case let .changed(value, isFinal):
                    do { edit = .changed(try field.rebuild(parameters, value), isFinal: isFinal) }
                    catch { edit = .refused("\(field.label) \(formatNumber(value)): \(error)") }
                case .refused(let message): edit = .refused(message)
                }
            }
        }
        // The plot shows the spring being dragged, so it follows the pointer.
        let shown: SpringParameters
        if case let .changed(p, _) = edit { shown = p } else { shown = parameters }
        let figures = SpringResponseFigures(shown)
        drawSpringPlot(id: id, shown, figures: figures, height: Float(plotHeight))
        text(springFiguresText(figures))
        registerLastItem(id: id + ".figures", kind: "readout", value: .text(springFiguresText(figures)))
        return edit
    }

    private func drawSpringPlot(id: String, _ parameters: SpringParameters, figures: SpringResponseFigures, height: Float) {
        let origin = ImGui.GetCursorScreenPos()
        let width = max(ImGui.GetContentRegionAvail().x, 60)
        ImGui.Dummy(ImVec2(width, height))
        registerLastItem(id: id, kind: "springPlot", value: .number(figures.settlingTime))
        guard let simulation = try? MotionSpec.spring(SpringMotion(parameters: parameters)).simulation else { return }
        // Past the settling time a little, so the settled tail is visible; an undamped spring
        // shows four of its periods.
        let span = figures.settlingTime.isFinite ? max(figures.settlingTime * 1.15, 0.05) : 4 * parameters.response
        let top = 1 + max(figures.overshoot, 0.05) * 1.1
        let bottom = min(0, (0...200).map { simulation.x(span * Double($0) / 200) }.min() ?? 0) - 0.05
        func px(_ t: Double) -> Float { origin.x + Float(t / span) * width }
        func py(_ v: Double) -> Float { origin.y + Float((top - v) / (top - bottom)) * height }
        let list = ImGui.GetWindowDrawList()!
        list.pointee.AddRectFilled(origin, ImVec2(origin.x + width, origin.y + height), InspectorColours.plotBackground, 0, 0)
        list.pointee.AddLine(ImVec2(origin.x, py(1)), ImVec2(origin.x + width, py(1)), InspectorColours.unitSquare, 1)
        list.pointee.AddLine(ImVec2(origin.x, py(0)), ImVec2(origin.x + width, py(0)), InspectorColours.grid, 1)
        if figures.settlingTime.isFinite {
            let x = px(figures.settlingTime)
            list.pointee.AddLine(ImVec2(x, origin.y), ImVec2(x, origin.y + height), InspectorColours.progress, 1)
        }
        let samples = Int(max(width, 2))
        var polyline = (0...samples).map { i -> ImVec2 in
            let t = span * Double(i) / Double(samples)
            return ImVec2(px(t), py(simulation.x(t)))
        }
        polyline.withUnsafeMutableBufferPointer { buffer in
            list.pointee.AddPolyline(buffer.baseAddress, Int32(buffer.count), InspectorColours.curve, ImDrawFlags(0), 2)
        }
    }
}
