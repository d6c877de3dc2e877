import Foundation

/// Everything the user sees, as a function of (timings, device, seed, options, time): the splash
/// sequence over the feed. `state`, `render`, the window and tests all read it.
public struct Preview: Sendable {
    public var splash: SplashSequence
    public var feed: FeedLayout
    /// Start at the feed with no splash, for tuning the transitions on their own.
    public var skipSplash: Bool

    public init(splash: SplashSequence, feed: FeedLayout, skipSplash: Bool = false) {
        self.splash = splash; self.feed = feed; self.skipSplash = skipSplash
    }

    /// The text variant shown for a seed: one of 1...count, the same on the splash and the backdrop.
    public static func textVariant(seed: UInt64, count: Int = 17) -> Int {
        var rng = SeededGenerator(seed: seed)
        return Int(rng.next() % UInt64(count)) + 1
    }

    public func splashFrame(at t: Double) -> SplashFrame {
        if skipSplash {
            return SplashFrame(time: t, phase: .done, dismissalTime: 0, layers: nil, feedScale: splash.timings.splash.feedEndScale)
        }
        return splash.frame(at: t)
    }

    public func scene(at t: Double) -> Scene {
        if skipSplash {
            return Scene(width: feed.device.width, height: feed.device.height, commands: [.feed(scale: splashFrame(at: t).feedScale)])
        }
        return splash.scene(at: t)
    }

    /// The `state` inspector's object.
    public func state(at t: Double) -> JSONOutput {
        let frame = splashFrame(at: t)
        let scrollOffset = 0.0
        let cards: [JSONOutput] = feed.visibleCards(scrollOffset: scrollOffset).map { index in
            let r = feed.cardFrame(index, scrollOffset: scrollOffset)
            // Centre and size on screen, with the feed's scale about the screen centre applied.
            let s = frame.feedScale, cx = feed.device.width / 2, cy = feed.device.height / 2
            return .object([("id", .int(feed.content.ads[index].id)),
                            ("x", .number(cx + (r.midX - cx) * s)), ("y", .number(cy + (r.midY - cy) * s)),
                            ("width", .number(r.width * s)), ("height", .number(r.height * s))])
        }
        return .object([
            ("time", .number(t)),
            ("device", feed.device.json),
            ("splash", frame.json(textVariant: splash.options.textVariant)),
            ("feed", .object([("scale", .number(frame.feedScale)), ("scrollOffset", .number(scrollOffset)), ("cards", .array(cards))])),
        ])
    }
}
