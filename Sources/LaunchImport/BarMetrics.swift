/// UIKit's bar heights in points, portrait, on iPhone and iPad alike (Apple's Human Interface
/// Guidelines, "Navigation bars", "Tab bars", "Toolbars"; Interface Builder simulates the same
/// metrics and saves frames with them).
enum BarMetrics {
    /// A navigation bar, and a toolbar.
    static let navigationBar = 44.0
    static let toolbar = 44.0
    /// A navigation bar with a large title: the 44 pt bar and the 52 pt title under it.
    static let largeTitleNavigationBar = 96.0
    /// A navigation bar with a prompt above its title (`simulatedNavigationBarMetrics prompted`).
    static let promptedNavigationBar = 74.0
    /// A navigation bar in a page sheet (iOS 13 and later), as Interface Builder saves it.
    static let sheetNavigationBar = 56.0
    /// A tab bar, above the home indicator's safe area.
    static let tabBar = 49.0
}
