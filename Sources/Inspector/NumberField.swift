import CImGui
import Formats
import Foundation
import Motion

// MARK: Pure parts: typed entry and the slider's scale

/// Why a typed value was refused; `message` is what the field shows under itself.
public struct NumberEntryRefusal: Error, Equatable, Sendable {
    public let message: String
}

/// The values a number field accepts: a range, whose lower bound may itself be excluded (a
/// spring's response is above 0, not 0), and, for a declared parameter, the declaration's own
/// message for a value it refuses (`TimingParameter.problem(with:)`), so a number is refused with
/// one message wherever it is typed.
public struct NumberBounds {
    public let range: ClosedRange<Double>
    public let exclusiveLower: Bool
    let declaredProblem: ((Double) -> String?)?

    public init(range: ClosedRange<Double>, exclusiveLower: Bool = false) {
        self.range = range; self.exclusiveLower = exclusiveLower; declaredProblem = nil
    }

    /// The bounds a declared number (or each element of a declared number array) has.
    public init?(_ parameter: TimingParameter) {
        guard let range = parameter.range else { return nil }
        self.range = range
        exclusiveLower = parameter.exclusiveLower
        declaredProblem = { parameter.problem(with: .number($0)) }
    }

    public func contains(_ v: Double) -> Bool { range.contains(v) && !(exclusiveLower && v == range.lowerBound) }

    /// Why `value` is refused, or nil.
    public func problem(with value: Double, unit: String) -> String? {
        if let declaredProblem { return declaredProblem(value) }
        guard !contains(value) else { return nil }
        let suffix = unit.isEmpty ? "" : " \(unit)"
        let low = "\(exclusiveLower ? "(" : "")\(formatNumber(range.lowerBound))"
        return "\(formatNumber(value))\(suffix) is outside \(low)…\(formatNumber(range.upperBound))\(suffix)"
    }

    /// The least value a drag or the slider reaches, shown to `decimals` places: the lower bound,
    /// or where it is excluded the first value above it.
    func lowestReachable(decimals: Int) -> Double {
        exclusiveLower ? min(range.lowerBound + pow(10, -Double(decimals)), range.upperBound) : range.lowerBound
    }
}

/// Reading what was typed into a number field.
public enum NumberEntry {
    /// The number in `text`, which may end with the field's unit (`0.3`, `0.3 s`, `0.3s`), if it is
    /// finite and inside `range`; otherwise a refusal that says which rule it broke.
    public static func parse(_ text: String, range: ClosedRange<Double>, unit: String) -> Result<Double, NumberEntryRefusal> {
        parse(text, bounds: NumberBounds(range: range), unit: unit)
    }

    /// The same, inside `bounds`: a value they refuse gets their message.
    public static func parse(_ text: String, bounds: NumberBounds, unit: String) -> Result<Double, NumberEntryRefusal> {
        var body = text.trimmingCharacters(in: .whitespaces)
        if !unit.isEmpty, body.hasSuffix(unit) {
            body = String(body.dropLast(unit.count)).trimmingCharacters(in: .whitespaces)
        }
        guard !body.isEmpty else { return .failure(NumberEntryRefusal(message: "type a number")) }
        // Double("inf") and Double("nan") parse; a timing cannot be either.
        guard let value = Double(body), value.isFinite else {
            return .failure(NumberEntryRefusal(message: "“\(text.trimmingCharacters(in: .whitespaces))” is not a number"))
        }
        if let message = bounds.problem(with: value, unit: unit) { return .failure(NumberEntryRefusal(message: message)) }
        return .success(value)
    }
}

/// Where values sit along a horizontal slider. The grab's centre travels from `frameX + grabWidth/2`
/// to `frameX + frameWidth − grabWidth/2`, so both ends of the range can be reached and seen.
public struct SliderScale: Equatable, Sendable {
    public let range: ClosedRange<Double>
    public let trackStart: Double
    public let trackEnd: Double

    public init(range: ClosedRange<Double>, frameX: Double, frameWidth: Double, grabWidth: Double) {
        self.range = range
        let half = min(grabWidth, frameWidth) / 2
        trackStart = frameX + half
        trackEnd = max(frameX + frameWidth - half, trackStart)
    }

    /// The x of the grab's centre for `value`, clamped to the track.
    public func pixel(for value: Double) -> Double {
        let span = range.upperBound - range.lowerBound
        guard span > 0 else { return trackStart }
        let t = min(max((value - range.lowerBound) / span, 0), 1)
        return trackStart + t * (trackEnd - trackStart)
    }

    /// The value under pixel `x`, clamped to the range.
    public func value(atPixel x: Double) -> Double {
        guard trackEnd > trackStart else { return range.lowerBound }
        let t = min(max((x - trackStart) / (trackEnd - trackStart), 0), 1)
        return range.lowerBound + t * (range.upperBound - range.lowerBound)
    }
}

/// `value` rounded to `decimals` places, the precision a field shows and edits.
public func rounded(_ value: Double, decimals: Int) -> Double {
    let scale = pow(10, Double(decimals))
    return (value * scale).rounded() / scale
}

// MARK: Edit events

/// What the user did to a number field this frame. A drag reports `.changed(v, isFinal: false)`
/// while it moves and one `.changed(v, isFinal: true)` on release, so a whole drag is one undo step;
/// a typed value is a single final change.
public enum NumberFieldEdit: Equatable, Sendable {
    case none
    case changed(Double, isFinal: Bool)
    /// A typed value was not a number or outside the range; the value is unchanged.
    case refused(String)
}

/// A number field's state across frames.
final class NumberFieldState {
    /// While typing: ImGui's text buffer, which must stay put between frames.
    var typingBuffer: UnsafeMutablePointer<CChar>?
    var typingStartedThisFrame = false
    /// Whether ImGui's text entry was active in the last frame drawn, so it takes keys; until
    /// then keys and characters wait in the queue.
    var entryTakesKeys = false
    /// Shown under the field until the next accepted change.
    var refusal: String?
    /// The value of the drag or slide in progress, reported again as the final value on release.
    var pendingValue: Double?
    var lastDrawnFrame: UInt64 = 0

    static let typingCapacity = 64

    func beginTyping(_ text: String) {
        endTyping()
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: NumberFieldState.typingCapacity)
        buffer.initialize(repeating: 0, count: NumberFieldState.typingCapacity)
        let bytes = Array(text.utf8.prefix(NumberFieldState.typingCapacity - 1))
        for (i, b) in bytes.enumerated() { buffer[i] = CChar(bitPattern: b) }
        typingBuffer = buffer
        typingStartedThisFrame = true
        entryTakesKeys = false
    }

    func endTyping() {
        typingBuffer?.deallocate()
        typingBuffer = nil
    }

    deinit { endTyping() }
}

// MARK: The widget

extension ImGuiSDLBridge {
    /// Width of the label column, in window units, so that fields line up in a panel.
    static let labelWidth: Float = 130
    /// Width of the draggable number.
    static let numberWidth: Float = 96

    /// A labelled number with its unit: drag the number, or the slider beside it across `range`,
    /// or click (also Ctrl+click or double-click) the number to type one, Enter to commit and Esc to
    /// cancel. Registers `id` (kind `number`, the draggable number) and `id.slider` (kind
    /// `slider`), and `id.entry` (kind `textEntry`) while typing.
    /// - Parameter decimals: places shown, typed and dragged to.
    /// - Parameter dragPerPixel: change per pixel of drag; by default 1/300 of the range.
    /// - Parameter sliderRange: the part of `range` the slider spans, where the declared range is
    ///   far wider than useful values (a duration may be up to 600 s); typed and dragged values may
    ///   still take any value in `range`.
    public func numberField(id: String, label: String, value: Double, range: ClosedRange<Double>,
                            unit: String = "", decimals: Int = 3, dragPerPixel: Double? = nil,
                            sliderRange: ClosedRange<Double>? = nil) -> NumberFieldEdit {
        numberField(id: id, label: label, value: value, bounds: NumberBounds(range: range), unit: unit, decimals: decimals,
                    dragPerPixel: dragPerPixel, sliderRange: sliderRange)
    }

    /// A declared parameter's number, or element of a number array: its bounds, unit, decimals,
    /// drag step and slider span are the declaration's, and a value it refuses is refused here
    /// with its message. Nothing is drawn for a parameter that is not a number.
    public func numberField(id: String, label: String, value: Double, declaration p: TimingParameter) -> NumberFieldEdit {
        guard let bounds = NumberBounds(p), let editing = p.editing else { return .none }
        return numberField(id: id, label: label, value: value, bounds: bounds, unit: p.unit, decimals: editing.decimals,
                           dragPerPixel: editing.step, sliderRange: editing.slider)
    }

    /// A number inside `bounds`: drags and the slider stop at the least value they allow, and a
    /// typed value outside them is refused with their message.
    public func numberField(id: String, label: String, value: Double, bounds: NumberBounds,
                            unit: String = "", decimals: Int = 3, dragPerPixel: Double? = nil,
                            sliderRange: ClosedRange<Double>? = nil) -> NumberFieldEdit {
        guard isInFrame else { return .none }
        let range = bounds.range
        let state = numberFieldStates[id] ?? NumberFieldState()
        numberFieldStates[id] = state
        state.lastDrawnFrame = frameIndex
        pushID(id)
        defer { ImGui.PopID() }
        var edit = NumberFieldEdit.none

        ImGui.AlignTextToFramePadding()
        ImGui.TextUnformatted(label, nil)
        ImGui.SameLine(ImGuiSDLBridge.labelWidth, -1)

        if let buffer = state.typingBuffer {
            edit = typedEntry(id: id, state: state, buffer: buffer, bounds: bounds, unit: unit, decimals: decimals)
        } else {
            let span = sliderRange ?? range
            edit = draggableNumber(id: id, state: state, value: value, range: bounds.lowestReachable(decimals: decimals)...range.upperBound,
                                   unit: unit, decimals: decimals, dragPerPixel: dragPerPixel ?? (span.upperBound - span.lowerBound) / 300)
        }
        ImGui.SameLine(0, -1)
        let slid = slider(id: id, state: state, value: value, range: sliderRange ?? range,
                          lowest: bounds.lowestReachable(decimals: decimals), decimals: decimals)
        if case .none = edit { edit = slid }

        if case .changed = edit { state.refusal = nil }
        if case .refused(let message) = edit { state.refusal = message }
        if let refusal = state.refusal {
            ImGui.SetCursorPosX(ImGuiSDLBridge.labelWidth + ImGui.GetStyle().pointee.WindowPadding.x)
            ImGui.PushStyleColor(ImGuiCol(ImGuiCol_Text.rawValue), InspectorColours.refusal)
            ImGui.PushTextWrapPos(0)
            ImGui.TextUnformatted(refusal, nil)
            ImGui.PopTextWrapPos()
            ImGui.PopStyleColor(1)
            registerLastItem(id: id + ".refusal", kind: "message", value: .text(refusal))
        }
        return edit
    }

    private func draggableNumber(id: String, state: NumberFieldState, value: Double, range: ClosedRange<Double>,
                                 unit: String, decimals: Int, dragPerPixel: Double?) -> NumberFieldEdit {
        var shown = state.pendingValue ?? value
        var low = range.lowerBound, high = range.upperBound
        let speed = dragPerPixel ?? (high - low) / 300
        // ImGui's format also draws the unit; a literal % must be doubled for printf.
        let format = "%.\(decimals)f" + (unit.isEmpty ? "" : " " + unit.replacingOccurrences(of: "%", with: "%%"))
        ImGui.SetNextItemWidth(ImGuiSDLBridge.numberWidth)
        // NoInput: ImGui's own Ctrl+click entry would clamp silently; ours refuses with a reason.
        let flags = ImGuiSliderFlags(ImGuiSliderFlags_NoInput.rawValue | ImGuiSliderFlags_AlwaysClamp.rawValue)
        let moved = ImGui.DragScalar("##number", ImGuiDataType(ImGuiDataType_Double.rawValue), &shown, Float(speed), &low, &high, format, flags)
        registerLastItem(id: id, kind: "number", value: .number(shown))
        let io = ImGui.GetIO()
        if ImGui.IsItemActivated() && (io.pointee.KeyCtrl || ImGui.IsMouseDoubleClicked(ImGuiMouseButton(ImGuiMouseButton_Left.rawValue))) {
            state.pendingValue = nil
            state.beginTyping(formatted(value, decimals: decimals))
            return .none
        }
        if moved {
            let v = rounded(shown, decimals: decimals)
            state.pendingValue = v
            return .changed(v, isFinal: false)
        }
        if ImGui.IsItemDeactivated() {
            if let final = state.pendingValue {
                state.pendingValue = nil
                return .changed(final, isFinal: true)
            }
            // Pressed and released without moving: a click, which opens typing. A drag that
            // changed nothing (held against an end of the range) is not a click.
            let travelled = io.pointee.MouseDragMaxDistanceSqr.0, threshold = io.pointee.MouseDragThreshold
            if travelled < threshold * threshold { state.beginTyping(formatted(value, decimals: decimals)) }
        }
        return .none
    }

    private func typedEntry(id: String, state: NumberFieldState, buffer: UnsafeMutablePointer<CChar>,
                            bounds: NumberBounds, unit: String, decimals: Int) -> NumberFieldEdit {
        ImGui.SetNextItemWidth(ImGuiSDLBridge.numberWidth)
        if state.typingStartedThisFrame {
            ImGui.SetKeyboardFocusHere(0)
            state.typingStartedThisFrame = false
        }
        let flags = ImGuiInputTextFlags(ImGuiInputTextFlags_EnterReturnsTrue.rawValue | ImGuiInputTextFlags_AutoSelectAll.rawValue)
        let entered = ImGui.InputText("##entry", buffer, NumberFieldState.typingCapacity, flags, nil, nil)
        state.entryTakesKeys = ImGui.IsItemActive()
        let text = String(cString: buffer)
        registerLastItem(id: id + ".entry", kind: "textEntry", value: .text(text))
        if entered {
            state.endTyping()
            switch NumberEntry.parse(text, bounds: bounds, unit: unit) {
            case .success(let v):
                // Rounded to the places shown, a value may land on an excluded bound.
                let shown = rounded(v, decimals: decimals)
                if let message = bounds.problem(with: shown, unit: unit) { return .refused(message) }
                return .changed(shown, isFinal: true)
            case .failure(let refusal): return .refused(refusal.message)
            }
        }
        // Esc, or a click elsewhere, leaves the field: typing is cancelled, the value kept.
        if ImGui.IsItemDeactivated() { state.endTyping() }
        return .none
    }

    /// A slider drawn here rather than ImGui's, so that `SliderScale` is exactly where the grab is
    /// and where a click lands, which tests and end-to-end scripts compute from the registry.
    private func slider(id: String, state: NumberFieldState, value: Double, range: ClosedRange<Double>, lowest: Double,
                        decimals: Int) -> NumberFieldEdit {
        let style = ImGui.GetStyle().pointee
        let width = max(ImGui.GetContentRegionAvail().x, 40)
        let height = ImGui.GetFrameHeight()
        let origin = ImGui.GetCursorScreenPos()
        ImGui.InvisibleButton("##slider", ImVec2(width, height), ImGuiButtonFlags(0))
        let scale = SliderScale(range: range, frameX: Double(origin.x), frameWidth: Double(width), grabWidth: Double(style.GrabMinSize))
        var edit = NumberFieldEdit.none
        var shown = state.pendingValue ?? value
        if ImGui.IsItemActive() {
            let v = max(rounded(scale.value(atPixel: Double(ImGui.GetIO().pointee.MousePos.x)), decimals: decimals), lowest)
            if v != shown || ImGui.IsItemActivated() {
                shown = v
                state.pendingValue = v
                edit = .changed(v, isFinal: false)
            }
        } else if ImGui.IsItemDeactivated(), let final = state.pendingValue {
            state.pendingValue = nil
            edit = .changed(final, isFinal: true)
        }
        registerLastItem(id: id + ".slider", kind: "slider", value: .number(shown))

        let drawList = ImGui.GetWindowDrawList()!
        let hovered = ImGui.IsItemHovered(0)
        let frameColour = ImGui.GetColorU32(ImGuiCol(ImGuiCol_FrameBg.rawValue + (hovered ? 1 : 0)), 1)
        drawList.pointee.AddRectFilled(origin, ImVec2(origin.x + width, origin.y + height), frameColour, style.FrameRounding, 0)
        let grabX = Float(scale.pixel(for: shown))
        let half = style.GrabMinSize / 2
        let grabColour = ImGui.GetColorU32(ImGuiCol(ImGuiCol_SliderGrab.rawValue + (ImGui.IsItemActive() ? 1 : 0)), 1)
        drawList.pointee.AddRectFilled(ImVec2(grabX - half, origin.y + 2), ImVec2(grabX + half, origin.y + height - 2), grabColour, style.GrabRounding, 0)
        return edit
    }
}

func formatted(_ value: Double, decimals: Int) -> String {
    String(format: "%.\(decimals)f", value)
}

/// Colours the widgets use beyond ImGui's style, as ImGui's packed ABGR (IM_COL32).
enum InspectorColours {
    static func rgba(_ r: UInt32, _ g: UInt32, _ b: UInt32, _ a: UInt32 = 255) -> UInt32 { r | g << 8 | b << 16 | a << 24 }
    /// iOS system red, for refused input.
    static let refusal = rgba(255, 105, 97)
    /// iOS system blue, the edited curve.
    static let curve = rgba(10, 132, 255)
    static let ghost = rgba(160, 160, 170, 110)
    static let grid = rgba(255, 255, 255, 28)
    static let unitSquare = rgba(255, 255, 255, 70)
    static let handle = rgba(255, 159, 10)
    static let progress = rgba(48, 209, 88)
    static let plotBackground = rgba(24, 24, 28)
    static let text = rgba(235, 235, 245)
    static let dimText = rgba(235, 235, 245, 150)
    static let bar = rgba(94, 92, 230)
    static let barSelected = rgba(191, 90, 242)
    static let liveBar = rgba(100, 210, 255, 160)
    static let phase = rgba(255, 255, 255, 18)
    static let dismissal = rgba(255, 69, 58)
    static let playhead = rgba(255, 214, 10)
}
