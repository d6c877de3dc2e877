import Formats
import Motion

/// How one platform's export writes a declared parameter as a constant: the comment above it, and
/// its declaration for each kind of value. Every export lists the same parameters; only the
/// spelling differs.
protocol ConstantSpelling {
    static func docComment(_ p: ExportConstant) -> String
    static func declaration(_ p: ExportConstant, number v: Double) -> String
    static func declaration(_ p: ExportConstant, numbers vs: [Double]) -> String
    static func declaration(_ p: ExportConstant, curve c: TimingCurve) -> String
    static func declaration(_ p: ExportConstant, curves cs: [TimingCurve]) -> String
    static func declaration(_ p: ExportConstant, choice name: String) -> String
}

extension ConstantSpelling {
    /// One constant per declared parameter, each under its comment (the model leaves out the lint
    /// thresholds: they tune the checker, not the animation).
    static func parameterConstants(_ model: ExportModel) -> [String] {
        model.constants.map { p -> String in
            let declaration: String
            switch p.value {
            case let .number(v): declaration = Self.declaration(p, number: v)
            case let .numbers(vs): declaration = Self.declaration(p, numbers: vs)
            case let .curve(c): declaration = Self.declaration(p, curve: c)
            case let .curves(cs): declaration = Self.declaration(p, curves: cs)
            // A text is written as a choice is: a string constant.
            case let .choice(name), let .text(name): declaration = Self.declaration(p, choice: name)
            }
            return docComment(p) + "\n" + declaration
        }
    }
}

/// Swift's spelling, which UIKit and SwiftUI share but for how a curve is written: a `static let`
/// named as `export swift` names it, seconds as `TimeInterval` and other numbers as `CGFloat`.
protocol SwiftConstantSpelling: ConstantSpelling {}

extension SwiftConstantSpelling {
    static func docComment(_ p: ExportConstant) -> String {
        "    /// \(p.doc)\(p.unit.isEmpty ? "" : " (\(p.unit))")"
    }

    static func declaration(_ p: ExportConstant, number v: Double) -> String {
        "    static let \(p.name): \(p.isSeconds ? "TimeInterval" : "CGFloat") = \(ExportNames.number(v))"
    }

    static func declaration(_ p: ExportConstant, numbers vs: [Double]) -> String {
        "    static let \(p.name): [CGFloat] = [\(vs.map(ExportNames.number).joined(separator: ", "))]"
    }

    static func declaration(_ p: ExportConstant, choice name: String) -> String {
        "    static let \(p.name) = \"\(name)\""
    }
}
