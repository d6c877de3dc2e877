import Formats
import Motion

/// How one platform's export writes a declared parameter as a constant: the comment above it, and
/// its declaration for each kind of value. Every export lists the same parameters; only the
/// spelling differs.
protocol ConstantSpelling {
    static func docComment(_ p: TimingParameter) -> String
    static func declaration(_ p: TimingParameter, number v: Double) -> String
    static func declaration(_ p: TimingParameter, numbers vs: [Double]) -> String
    static func declaration(_ p: TimingParameter, curve c: TimingCurve) -> String
    static func declaration(_ p: TimingParameter, curves cs: [TimingCurve]) -> String
    static func declaration(_ p: TimingParameter, choice name: String) -> String
}

extension ConstantSpelling {
    /// One constant per declared parameter, each under its comment. The lint thresholds are left
    /// out: they tune the checker, not the animation.
    static func parameterConstants(_ t: Timings) -> [String] {
        TimingsSchema.parameters.filter { !$0.isLintThreshold }.map { p -> String in
            let declaration: String
            switch p.value(in: t) {
            case let .number(v): declaration = Self.declaration(p, number: v)
            case let .numbers(vs): declaration = Self.declaration(p, numbers: vs)
            case let .curve(c): declaration = Self.declaration(p, curve: c)
            case let .curves(cs): declaration = Self.declaration(p, curves: cs)
            case let .choice(name): declaration = Self.declaration(p, choice: name)
            }
            return docComment(p) + "\n" + declaration
        }
    }
}

/// Swift's spelling, which UIKit and SwiftUI share but for how a curve is written: a `static let`
/// named as `export swift` names it, seconds as `TimeInterval` and other numbers as `CGFloat`.
protocol SwiftConstantSpelling: ConstantSpelling {}

extension SwiftConstantSpelling {
    static func docComment(_ p: TimingParameter) -> String {
        "    /// \(p.doc)\(p.unit.isEmpty ? "" : " (\(p.unit))")"
    }

    static func declaration(_ p: TimingParameter, number v: Double) -> String {
        let type = p.unit == "s" ? "TimeInterval" : "CGFloat"
        return "    static let \(p.swiftName): \(type) = \(SwiftExport.number(v))"
    }

    static func declaration(_ p: TimingParameter, numbers vs: [Double]) -> String {
        "    static let \(p.swiftName): [CGFloat] = [\(vs.map(SwiftExport.number).joined(separator: ", "))]"
    }

    static func declaration(_ p: TimingParameter, choice name: String) -> String {
        "    static let \(p.swiftName) = \"\(name)\""
    }
}
