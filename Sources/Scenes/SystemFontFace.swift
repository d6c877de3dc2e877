import Foundation

/// The face that stands in for iOS's system font (SF Pro) on a launch screen's label, and SF's
/// tracking at the label's size. SF Pro is not free to ship; Inter (Debian's `fonts-inter`) is the
/// closest open match, and it comes, as SF did, as a text face and a display face: iOS draws
/// SF Pro Text below 20 pt and SF Pro Display from 20 pt (WWDC 2020, "The details of UI
/// typography": "for fonts smaller than 20 points it used SF Text while fonts at 20 points or
/// higher used SF Display"), so labels take Inter below 20 pt and Inter Display from 20 pt.
/// Measured on two real launch labels against the widths Interface Builder saved for SF Pro:
/// owntracks' "OwnTracks" (bold 36 pt) is 185 pt in SF Pro and 184.3 in Inter Display Bold
/// (Inter Bold 198.7, DejaVu Sans Bold 222.5); home-assistant's "A PROJECT FROM THE" (semibold
/// 13 pt) is 144 in SF Pro and 143.4 in Inter SemiBold (DejaVu Sans Bold 158).
public struct SystemFontFace: Equatable, Sendable {
    public var weight: LaunchFontWeight
    /// Inter Display (true) or Inter.
    public var display: Bool

    /// The size from which iOS draws SF Pro Display rather than SF Pro Text.
    public static let displayPointSize = 20.0

    /// SF Pro's line height over its point size: ascender 0.952 plus descender 0.241 (the font's
    /// `hhea` table; `UIFont.lineHeight` is 20.29 pt at 17 pt). The layout measures labels in it
    /// and the renderer spaces their lines by it.
    public static let lineHeight = 1.193

    public init(pointSize: Double, weight: LaunchFontWeight) {
        self.weight = weight
        display = pointSize >= SystemFontFace.displayPointSize
    }

    /// Inter's style for each of UIKit's weights, by the OpenType weight class both use: SF Pro's
    /// Ultralight is 100 (Inter's Thin), its Thin 200 (Inter's ExtraLight), its Heavy 800
    /// (Inter's ExtraBold).
    var style: (file: String, name: String) {
        switch weight {
        case .ultraLight: ("Thin", "Thin")
        case .thin: ("ExtraLight", "ExtraLight")
        case .light: ("Light", "Light")
        case .regular: ("Regular", "Regular")
        case .medium: ("Medium", "Medium")
        case .semibold: ("SemiBold", "SemiBold")
        case .bold: ("Bold", "Bold")
        case .heavy: ("ExtraBold", "ExtraBold")
        case .black: ("Black", "Black")
        }
    }

    /// The face's name as a user reads it: "Inter Display Bold".
    public var name: String { "\(display ? "Inter Display" : "Inter") \(style.name)" }

    /// The face's file in `fonts-inter` (`dpkg -L fonts-inter`): one static OpenType file a
    /// weight, so no variable-font instance has to be chosen.
    public var fileName: String { "\(display ? "InterDisplay" : "Inter")-\(style.file).otf" }

    /// Where Debian's `fonts-inter` installs its files.
    public static let interFolder = "/usr/share/fonts/opentype/inter"

    // MARK: Tracking

    /// SF Pro's tracking at `pointSize`, in points: the space iOS adds after each character. Sizes
    /// between two rows of Apple's table are interpolated; below its first row the first row's
    /// share of the em is kept, and past its last row tracking is 0, as the table ends.
    public static func tracking(pointSize: Double) -> Double {
        let table = trackingTable
        guard let first = table.first, let last = table.last, pointSize.isFinite else { return 0 }
        if pointSize <= first.size { return max(pointSize, 0) * first.points / first.size }
        if pointSize >= last.size { return last.points }
        let upper = table.firstIndex { $0.size >= pointSize } ?? table.count - 1
        let a = table[upper - 1], b = table[upper]
        return a.points + (b.points - a.points) * (pointSize - a.size) / (b.size - a.size)
    }

    /// Apple Human Interface Guidelines, Typography, "Tracking values", iOS, iPadOS and visionOS,
    /// SF Pro: the "Tracking (points)" column by size in points
    /// (https://developer.apple.com/design/human-interface-guidelines/typography#Tracking-values).
    static let trackingTable: [(size: Double, points: Double)] = [
        (6, 0.24), (7, 0.23), (8, 0.21), (9, 0.17), (10, 0.12), (11, 0.06), (12, 0), (13, -0.08),
        (14, -0.15), (15, -0.23), (16, -0.31), (17, -0.43), (18, -0.44), (19, -0.45), (20, -0.45),
        (21, -0.36), (22, -0.26), (23, -0.10), (24, 0.07), (25, 0.15), (26, 0.22), (27, 0.29),
        (28, 0.38), (29, 0.40), (30, 0.40), (31, 0.39), (32, 0.41), (33, 0.40), (34, 0.40),
        (35, 0.38), (36, 0.37), (37, 0.36), (38, 0.37), (39, 0.38), (40, 0.37), (41, 0.36),
        (42, 0.37), (43, 0.38), (44, 0.37), (45, 0.35), (46, 0.36), (47, 0.37), (48, 0.35),
        (49, 0.33), (50, 0.34), (51, 0.35), (52, 0.33), (53, 0.31), (54, 0.32), (56, 0.30),
        (58, 0.28), (60, 0.26), (62, 0.24), (64, 0.22), (66, 0.19), (68, 0.17), (70, 0.14),
        (72, 0.14), (76, 0.07), (80, 0), (84, 0), (88, 0), (92, 0), (96, 0),
    ]

    /// How `--explain` names it: "Inter Display Bold, SF tracking +0.37 pt".
    public static func describe(pointSize: Double, weight: LaunchFontWeight) -> String {
        let face = SystemFontFace(pointSize: pointSize, weight: weight)
        let tracking = (tracking(pointSize: pointSize) * 100).rounded() / 100
        let magnitude = String(format: "%.2f", abs(tracking))
        let sign = tracking > 0 ? "+" : tracking < 0 ? "\u{2212}" : ""
        return "\(face.name), SF tracking \(sign)\(magnitude) pt"
    }
}
