import Scenes

/// What a preview is made from: the device, the seed and the options a user gives.
public struct PreviewOptions: Sendable {
    public var device: Device
    public var seed: UInt64?
    public var feedLatency: Double = 0.8
    public var reduceMotion = false
    public var timingsPath: String?
    public var assetsDirectory: String?
    public var renderer: String?
    public var skipSplash = false
    /// An Xcode project folder whose launch screen is shown (`--project`).
    public var projectDirectory: String?
    /// The project's application target (`--target`); nil: the first iOS app.
    public var projectTarget: String?
    /// The launch screen's image view the intro grows (`--logo-view ID`); nil: the largest.
    public var logoView: String?
    public var appearance: Appearance = .light
    /// `--appearance light,dark`: every appearance to show side by side (render, record); the
    /// first is `appearance`.
    public var appearances: [Appearance] = [.light]
    /// The user's own first screens (`--screen`), shown under the hole instead of the mock feed.
    public var screenPaths: [String] = []
    /// An intro file played after the launch screen (`--intro`), and its dark-appearance twin
    /// (`--intro-dark`); nil: the assets folder's `intro.*` and `intro-dark.*`, if any.
    public var introPath: String?
    public var introDarkPath: String?

    public init(device: Device, seed: UInt64? = nil, feedLatency: Double = 0.8, reduceMotion: Bool = false,
                timingsPath: String? = nil, assetsDirectory: String? = nil, renderer: String? = nil, skipSplash: Bool = false) {
        self.device = device; self.seed = seed; self.feedLatency = feedLatency; self.reduceMotion = reduceMotion
        self.timingsPath = timingsPath; self.assetsDirectory = assetsDirectory; self.renderer = renderer; self.skipSplash = skipSplash
    }
}
