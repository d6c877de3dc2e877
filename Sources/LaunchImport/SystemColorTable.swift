import Scenes

/// One UIKit system colour at every level of the trait collection a screen can be drawn in: light
/// and dark, base and elevated (`UIUserInterfaceLevel`), normal and increased contrast. A launch
/// screen is drawn at the base level and normal contrast; the other levels are kept so the table
/// is UIKit's whole table, not the part one screen happened to need.
public struct SystemColor: Equatable, Sendable {
    /// How the colour behaves across appearances, as UIKit's documentation groups them.
    public enum Family: String, Sendable {
        /// UI element colours named for their use (`label`, `systemBackground`): adapt to every trait.
        case semantic
        /// The hues (`systemRed`, `systemGray2`): adapt to light/dark and contrast, not to elevation.
        case adaptable
        /// Plain component colours (`black`, `orange`): the same in every appearance.
        case fixed
        /// Deprecated names Interface Builder still writes in old documents.
        case legacy
    }

    public var family: Family
    public var light: Color
    /// Nil for a colour that does not adapt: the light value is drawn in dark mode too.
    public var dark: Color?
    /// Dark at the elevated level (a presented sheet, a popover); the light elevated value is the
    /// light one for every system colour.
    public var darkElevated: Color?
    public var lightHighContrast: Color?
    public var darkHighContrast: Color?
    public var darkElevatedHighContrast: Color?
    /// For a deprecated name UIKit answers with another colour: that colour's name, for `--explain`.
    public var drawnAs: String?

    /// The colour a screen at the base level and normal contrast shows, light and dark.
    public var baseLevel: AppearanceColor { AppearanceColor(light: light, dark: dark) }

    /// The value for an appearance at a level and contrast: levels and contrasts the colour does
    /// not vary over fall back to the base, normal-contrast value, as UIKit resolves them.
    public func resolved(_ appearance: Appearance, elevated: Bool = false, highContrast: Bool = false) -> Color {
        switch appearance {
        case .light:
            return highContrast ? (lightHighContrast ?? light) : light
        case .dark:
            let base = dark ?? light
            switch (elevated, highContrast) {
            case (false, false): return base
            case (true, false): return darkElevated ?? base
            case (false, true): return darkHighContrast ?? base
            case (true, true): return darkElevatedHighContrast ?? darkHighContrast ?? darkElevated ?? base
            }
        }
    }
}

/// UIKit's system colours by every name Interface Builder writes for them (`systemColor=`,
/// `cocoaTouchSystemColor=`, a colour set's `reference`): the `UIColor` class property's
/// Objective-C name (`systemBackgroundColor`) and its Swift name (`systemBackground`).
///
/// Sources, all sRGB 8-bit:
/// - Semantic and adaptable colours, with their dark, elevated and increased-contrast values:
///   Flutter's `CupertinoColors` (packages/flutter/lib/src/cupertino/colors.dart), which records
///   each as UIKit resolves it, cross-checked with the values Xcode stores in a storyboard's
///   `<resources>` (systemGroupedBackground 0.949/0.949/0.969, secondaryLabel 0.235/0.235/0.263
///   at 0.6, systemRed 1/0.231/0.188, systemIndigo, systemPink, systemBlue, link).
/// - systemMint, systemCyan, systemBrown: the same source (api.flutter.dev CupertinoColors).
/// - systemTeal: Apple's Human Interface Guidelines colour table for iOS 15 and later, which
///   moved teal from (90, 200, 250) to (48, 176, 199); Xcode before 13 stores the old value.
/// - Fixed colours: Apple's `UIColor` documentation ("a grayscale value of 2/3", "RGB values of
///   0.6, 0.4, and 0.2"), rounded to the nearest 8-bit value.
/// - Legacy names: `groupTableViewBackground` is deprecated in iOS 13 in favour of
///   `systemGroupedBackground` and answers with it (dark included); `darkText` and `lightText`
///   are documented as "nonadaptable" (black, and white at 0.6 alpha).
public enum SystemColorTable {
    /// The colours by their Swift name (no `Color` suffix).
    static let bySwiftName: [(String, SystemColor)] = semanticColors + adaptableColors + fixedColors + legacyColors

    /// Every name a document may use: the Swift name and the Objective-C name with `Color`.
    public static let byName: [String: SystemColor] = {
        var table: [String: SystemColor] = [:]
        for (name, color) in bySwiftName {
            table[name] = color
            table[name + "Color"] = color
        }
        return table
    }()

    /// Deprecated pattern and table colours (iOS 2–7) Interface Builder still writes, for which
    /// Apple publishes no value: they are drawn from the document's own `<resources>` value, with
    /// a warning that says so.
    public static let unpublishedLegacyNames: Set<String> = [
        "viewFlipsideBackgroundColor", "scrollViewTexturedBackgroundColor", "underPageBackgroundColor",
        "tableCellGroupedBackgroundColor", "tableBackgroundColor",
    ]

    // MARK: Semantic (UI element colours, iOS 13)

    static func semantic(_ light: Color, _ dark: Color, elevated: Color? = nil, highContrast: (Color, Color)? = nil,
                         elevatedHighContrast: Color? = nil) -> SystemColor {
        SystemColor(family: .semantic, light: light, dark: dark, darkElevated: elevated ?? dark,
                    lightHighContrast: highContrast?.0 ?? light, darkHighContrast: highContrast?.1 ?? dark,
                    darkElevatedHighContrast: elevatedHighContrast ?? highContrast?.1 ?? elevated ?? dark)
    }

    static let white = Color.white, black = Color.black
    static let gray6 = Color(242, 242, 247), gray6Dark = Color(28, 28, 30), gray5Dark = Color(44, 44, 46), gray4Dark = Color(58, 58, 60)
    static let gray6HighContrast = Color(235, 235, 240), gray6DarkHighContrast = Color(36, 36, 38)
    static let gray5DarkHighContrast = Color(54, 54, 56), gray4DarkHighContrast = Color(68, 68, 70)

    /// Labels are (60, 60, 67) light and (235, 235, 245) dark at an alpha that rises with contrast.
    static func labelTone(_ lightAlpha: UInt8, _ darkAlpha: UInt8, _ lightHC: UInt8, _ darkHC: UInt8) -> SystemColor {
        semantic(Color(60, 60, 67, lightAlpha), Color(235, 235, 245, darkAlpha),
                 highContrast: (Color(60, 60, 67, lightHC), Color(235, 235, 245, darkHC)))
    }

    static let semanticColors: [(String, SystemColor)] = [
        ("label", semantic(black, white)),
        ("secondaryLabel", labelTone(153, 153, 173, 173)),
        ("tertiaryLabel", labelTone(76, 76, 96, 96)),
        ("quaternaryLabel", labelTone(45, 40, 66, 61)),
        ("placeholderText", labelTone(76, 76, 96, 96)),
        ("link", semantic(Color(0, 122, 255), Color(9, 132, 255))),
        ("separator", semantic(Color(60, 60, 67, 73), Color(84, 84, 88, 153), highContrast: (Color(60, 60, 67, 94), Color(84, 84, 88, 173)))),
        ("opaqueSeparator", semantic(Color(198, 198, 200), Color(56, 56, 58))),
        ("systemFill", semantic(Color(120, 120, 128, 51), Color(120, 120, 128, 91), highContrast: (Color(120, 120, 128, 71), Color(120, 120, 128, 112)))),
        ("secondarySystemFill", semantic(Color(120, 120, 128, 40), Color(120, 120, 128, 81), highContrast: (Color(120, 120, 128, 61), Color(120, 120, 128, 102)))),
        ("tertiarySystemFill", semantic(Color(118, 118, 128, 30), Color(118, 118, 128, 61), highContrast: (Color(118, 118, 128, 51), Color(118, 118, 128, 81)))),
        ("quaternarySystemFill", semantic(Color(116, 116, 128, 20), Color(118, 118, 128, 45), highContrast: (Color(116, 116, 128, 40), Color(118, 118, 128, 66)))),
        ("systemBackground", semantic(white, black, elevated: gray6Dark, highContrast: (white, black), elevatedHighContrast: gray6DarkHighContrast)),
        ("secondarySystemBackground", semantic(gray6, gray6Dark, elevated: gray5Dark, highContrast: (gray6HighContrast, gray6DarkHighContrast),
                                               elevatedHighContrast: gray5DarkHighContrast)),
        ("tertiarySystemBackground", semantic(white, gray5Dark, elevated: gray4Dark, highContrast: (white, gray5DarkHighContrast),
                                              elevatedHighContrast: gray4DarkHighContrast)),
        ("systemGroupedBackground", semantic(gray6, black, elevated: gray6Dark, highContrast: (gray6HighContrast, black),
                                             elevatedHighContrast: gray6DarkHighContrast)),
        ("secondarySystemGroupedBackground", semantic(white, gray6Dark, elevated: gray5Dark, highContrast: (white, gray6DarkHighContrast),
                                                      elevatedHighContrast: gray5DarkHighContrast)),
        ("tertiarySystemGroupedBackground", semantic(gray6, gray5Dark, elevated: gray4Dark, highContrast: (gray6HighContrast, gray5DarkHighContrast),
                                                     elevatedHighContrast: gray4DarkHighContrast)),
        // `UIColor.tintColor` (iOS 15) resolves to the app's tint: systemBlue unless the app sets one.
        ("tint", SystemColor(family: .semantic, light: Color(0, 122, 255), dark: Color(10, 132, 255), darkElevated: Color(10, 132, 255),
                             lightHighContrast: Color(0, 64, 221), darkHighContrast: Color(64, 156, 255), darkElevatedHighContrast: Color(64, 156, 255))),
    ]

    // MARK: Adaptable (the system hues and greys)

    static func adaptable(_ light: Color, _ dark: Color, _ lightHC: Color, _ darkHC: Color) -> SystemColor {
        SystemColor(family: .adaptable, light: light, dark: dark, darkElevated: dark, lightHighContrast: lightHC, darkHighContrast: darkHC,
                    darkElevatedHighContrast: darkHC)
    }

    static let adaptableColors: [(String, SystemColor)] = [
        ("systemRed", adaptable(Color(255, 59, 48), Color(255, 69, 58), Color(215, 0, 21), Color(255, 105, 97))),
        ("systemOrange", adaptable(Color(255, 149, 0), Color(255, 159, 10), Color(201, 52, 0), Color(255, 179, 64))),
        ("systemYellow", adaptable(Color(255, 204, 0), Color(255, 214, 10), Color(160, 90, 0), Color(255, 212, 38))),
        ("systemGreen", adaptable(Color(52, 199, 89), Color(48, 209, 88), Color(36, 138, 61), Color(48, 219, 91))),
        ("systemMint", adaptable(Color(0, 199, 190), Color(99, 230, 226), Color(12, 129, 123), Color(102, 212, 207))),
        ("systemTeal", adaptable(Color(48, 176, 199), Color(64, 200, 224), Color(0, 130, 153), Color(93, 230, 255))),
        ("systemCyan", adaptable(Color(50, 173, 230), Color(100, 210, 255), Color(0, 113, 164), Color(112, 215, 255))),
        ("systemBlue", adaptable(Color(0, 122, 255), Color(10, 132, 255), Color(0, 64, 221), Color(64, 156, 255))),
        ("systemIndigo", adaptable(Color(88, 86, 214), Color(94, 92, 230), Color(54, 52, 163), Color(125, 122, 255))),
        ("systemPurple", adaptable(Color(175, 82, 222), Color(191, 90, 242), Color(137, 68, 171), Color(218, 143, 255))),
        ("systemPink", adaptable(Color(255, 45, 85), Color(255, 55, 95), Color(211, 15, 69), Color(255, 100, 130))),
        ("systemBrown", adaptable(Color(162, 132, 94), Color(172, 142, 104), Color(127, 101, 69), Color(181, 148, 105))),
        ("systemGray", adaptable(Color(142, 142, 147), Color(142, 142, 147), Color(108, 108, 112), Color(174, 174, 178))),
        ("systemGray2", adaptable(Color(174, 174, 178), Color(99, 99, 102), Color(142, 142, 147), Color(124, 124, 128))),
        ("systemGray3", adaptable(Color(199, 199, 204), Color(72, 72, 74), Color(174, 174, 178), Color(84, 84, 86))),
        ("systemGray4", adaptable(Color(209, 209, 214), Color(58, 58, 60), Color(188, 188, 192), Color(68, 68, 70))),
        ("systemGray5", adaptable(Color(229, 229, 234), Color(44, 44, 46), Color(216, 216, 220), Color(54, 54, 56))),
        ("systemGray6", adaptable(gray6, gray6Dark, gray6HighContrast, gray6DarkHighContrast)),
    ]

    // MARK: Fixed (component colours, the same in every appearance)

    static func fixed(_ c: Color) -> SystemColor { SystemColor(family: .fixed, light: c) }

    static let fixedColors: [(String, SystemColor)] = [
        ("black", fixed(black)),
        ("darkGray", fixed(Color(85, 85, 85))),        // white 1/3
        ("lightGray", fixed(Color(170, 170, 170))),    // white 2/3
        ("white", fixed(white)),
        ("gray", fixed(Color(128, 128, 128))),         // white 0.5
        ("red", fixed(Color(255, 0, 0))),
        ("green", fixed(Color(0, 255, 0))),
        ("blue", fixed(Color(0, 0, 255))),
        ("cyan", fixed(Color(0, 255, 255))),
        ("yellow", fixed(Color(255, 255, 0))),
        ("magenta", fixed(Color(255, 0, 255))),
        ("orange", fixed(Color(255, 128, 0))),         // 1, 0.5, 0
        ("purple", fixed(Color(128, 0, 128))),         // 0.5, 0, 0.5
        ("brown", fixed(Color(153, 102, 51))),         // 0.6, 0.4, 0.2
        ("clear", fixed(Color(0, 0, 0, 0))),
    ]

    // MARK: Legacy (deprecated names with a published value)

    static let legacyColors: [(String, SystemColor)] = {
        var grouped = semanticColors.first { $0.0 == "systemGroupedBackground" }!.1
        grouped.family = .legacy
        grouped.drawnAs = "systemGroupedBackgroundColor"
        return [
            ("groupTableViewBackground", grouped),
            ("darkText", SystemColor(family: .legacy, light: black)),
            ("lightText", SystemColor(family: .legacy, light: Color(255, 255, 255, 153))),
        ]
    }()
}
