import Formats
import Foundation
import Motion

/// Everything the user sees, as a function of (timings, device, seed, options, input, time): the
/// splash sequence over the feed, the feed's scrolling and the card transition. Inputs change the
/// model only through `apply`, each at its own time; between inputs every motion is a closed-form
/// function of time. So replaying a script gives exactly the state the window showed.
public struct Preview: Sendable {
    public var splash: SplashSequence
    public var feed: FeedLayout
    /// Start at the feed with no splash, for tuning the transitions on their own.
    public var skipSplash: Bool
    /// The user's own first screen under the hole instead of the mock feed (a file's name), or
    /// nil for the feed. With it the feed's cards and scroll are off; the panel still works.
    public var userScreen: String?

    public private(set) var scroll: ScrollModel
    public private(set) var card: CardTransition?
    public private(set) var panel: PanelInteraction
    private var press: Press?
    private var pointerVelocity = PointerVelocityTracker()

    /// A click is a press and release that moves no more than this (points), as UIKit's tap slop.
    public static let clickSlop = 4.0
    /// A press on a feed still scrolling faster than this (points/s) only stops it, as in UIKit.
    public static let stopWithoutTapSpeed = 40.0

    /// What a press landed on.
    enum PressTarget: Equatable, Sendable { case feed(stoppedScrolling: Bool), detail, panel, dim, filtersButton, none }
    struct Press: Equatable, Sendable {
        var x: Double, y: Double, time: Double
        var target: PressTarget
        var moved = false
        /// Where the pointer was last seen, for a release that comes without a position.
        var lastX: Double, lastY: Double
        init(x: Double, y: Double, time: Double, target: PressTarget) {
            self.x = x; self.y = y; self.time = time; self.target = target; lastX = x; lastY = y
        }
    }

    public init(splash: SplashSequence, feed: FeedLayout, skipSplash: Bool = false) {
        self.splash = splash; self.feed = feed; self.skipSplash = skipSplash
        scroll = ScrollModel(dimension: feed.viewport.height, maxOffset: feed.maxScrollOffset, timings: splash.timings.scroll)
        panel = PanelInteraction(screenHeight: feed.device.height, timings: splash.timings.panel)
    }

    public var timings: Timings { splash.timings }

    /// The text variant shown for a seed: one of 1...count, the same on the splash and the backdrop.
    public static func textVariant(seed: UInt64, count: Int = 17) -> Int {
        var rng = SeededGenerator(seed: seed)
        return Int(rng.next() % UInt64(count)) + 1
    }

    public func splashFrame(at t: Double) -> SplashFrame {
        if skipSplash {
            return SplashFrame(time: t, phase: .done, dismissalTime: 0, layers: nil, feedScale: splash.stillValue(.feedScale))
        }
        return splash.frame(at: t)
    }

    var screen: Rect { Rect(x: 0, y: 0, width: feed.device.width, height: feed.device.height) }

    // MARK: Input

    /// Applies one input at its time. Inputs must come in time order; `Playback` is what keeps
    /// them so, and the only caller outside tests.
    public mutating func apply(_ event: InputEvent) {
        let t = event.time
        // The phase alone, not the whole splash frame: this runs for every input of a take.
        let phase = skipSplash ? SplashPhase.done : splash.phase(at: t)
        if phase == .appearing || phase == .holding {
            // A click or key during the splash starts the disappearance at once.
            switch event.kind {
            case .down, .key:
                var options = splash.options
                options.skipTime = t
                splash = SplashSequence(timings: splash.timings, device: splash.device, layout: splash.layout, options: options)
            default: break
            }
            return
        }
        // The feed takes input once it is uncovered.
        if phase == .disappearing { return }
        if let card, card.isClosed(at: t) { self.card = nil }
        switch event.kind {
        case let .down(x, y): pointerDown(x, y, at: t)
        case let .move(x, y): pointerMoved(x, y, at: t)
        case let .up(x, y): pointerUp(x, y, at: t, velocity: nil)
        case .cancel:
            if let press { pointerUp(press.lastX, press.lastY, at: t, velocity: 0) }
        case let .key(name): key(name, at: t)
        case let .wheel(dy):
            if userScreen == nil && card == nil && press == nil && !panel.isVisible(at: t) { scroll.wheel(at: t, clicks: dy) }
        }
    }

    private mutating func pointerDown(_ x: Double, _ y: Double, at t: Double) {
        // A second button while one is held is ignored.
        guard press == nil else { return }
        pointerVelocity.reset(t: t, x: x, y: y)
        if card != nil {
            press = Press(x: x, y: y, time: t, target: .detail)
        } else if panel.isVisible(at: t) {
            // On the panel: hold it where it is and drag. Above it, on the dim: a click dismisses.
            if panel.contains(y, at: t) {
                panel.grab(at: t, y: y)
                press = Press(x: x, y: y, time: t, target: .panel)
            } else {
                press = Press(x: x, y: y, time: t, target: .dim)
            }
        } else if y >= feed.device.height - PanelInteraction.edgeZone {
            // From the bottom edge, a drag up presents the panel interactively.
            panel.grab(at: t, y: y)
            press = Press(x: x, y: y, time: t, target: .panel)
        } else if userScreen != nil {
            press = Press(x: x, y: y, time: t, target: .none)
        } else if feed.filtersButton.contains(x, y) {
            press = Press(x: x, y: y, time: t, target: .filtersButton)
        } else if feed.viewport.contains(x, y) {
            let speed = abs(scroll.sample(at: t).velocity)
            scroll.grab(at: t, pointerY: y)
            press = Press(x: x, y: y, time: t, target: .feed(stoppedScrolling: speed > Preview.stopWithoutTapSpeed))
        } else {
            press = Press(x: x, y: y, time: t, target: .none)
        }
    }

    private mutating func pointerMoved(_ x: Double, _ y: Double, at t: Double) {
        guard var p = press else { return }
        pointerVelocity.add(t: t, x: x, y: y)
        p.lastX = x; p.lastY = y
        if !p.moved && hypot(x - p.x, y - p.y) > Preview.clickSlop {
            p.moved = true
            // The drag starts where the finger left the slop, so the content does not jump by it.
            if case .feed = p.target { scroll.grab(at: t, pointerY: y) }
        }
        press = p
        if p.target == .panel { panel.drag(to: y, at: t) }
        if p.moved, case .feed = p.target { scroll.drag(to: y) }
    }

    private mutating func pointerUp(_ x: Double, _ y: Double, at t: Double, velocity override: Double?) {
        guard let p = press else { return }
        press = nil
        pointerVelocity.add(t: t, x: x, y: y)
        let velocityY = override ?? pointerVelocity.velocity(at: t).y
        let isClick = !p.moved && hypot(x - p.x, y - p.y) <= Preview.clickSlop && override == nil
        switch p.target {
        case let .feed(stoppedScrolling):
            if p.moved { scroll.drag(to: y) }
            scroll.release(at: t, pointerVelocityY: p.moved ? velocityY : 0)
            if isClick && !stoppedScrolling { openCard(at: x, y, t: t) }
        case .detail:
            guard isClick, var c = card else { return }
            switch c.phase(at: t) {
            case .opening: c.close(at: t)
            case .closing: c.reopen(at: t)
            case .open:
                if feed.detail(c.cardIndex).closeButton.contains(x, y) { c.close(at: t) }
            }
            card = c
        case .panel:
            panel.drag(to: y, at: t)
            panel.release(at: t, velocityY: velocityY)
        case .dim:
            if isClick { panel.dismiss(at: t) }
        case .filtersButton:
            if isClick { panel.present(at: t) }
        case .none:
            break
        }
    }

    private mutating func openCard(at x: Double, _ y: Double, t: Double) {
        let offset = scroll.offset(at: t)
        guard let index = feed.card(at: x, y, scrollOffset: offset) else { return }
        card = CardTransition(cardIndex: index, cardFrame: feed.cardFrame(index, scrollOffset: offset), screen: screen,
                              timings: timings.card, at: t)
    }

    private mutating func key(_ name: String, at t: Double) {
        switch name {
        case "escape":
            if var c = card {
                if c.phase(at: t) != .closing { c.close(at: t) }
                card = c
            } else if panel.isVisible(at: t) && press == nil {
                panel.dismiss(at: t)
            }
        case "p":
            if card == nil && press == nil { panel.toggle(at: t) }
        default:
            break
        }
    }

    // MARK: Output

    /// What is going on at time t, by name, for splitting measurements: splash-appearing,
    /// card-opening, panel-drag, feed-fling, ...
    public func activity(at t: Double) -> String {
        let splashPhase = splashFrame(at: t).phase
        if splashPhase != .done { return "splash-\(splashPhase.rawValue)" }
        if let card = cardState(at: t) { return "card-\(card.phase(at: t).rawValue)" }
        if panel.isVisible(at: t) {
            let phase = panel.phase(at: t)
            return phase == .dragging ? "panel-drag" : "panel-\(phase.rawValue)"
        }
        if scroll.isDragging { return "feed-drag" }
        return abs(scroll.sample(at: t).velocity) > 0 ? "feed-fling" : "feed-idle"
    }

    /// True when nothing on screen changes from t on without input: the splash is over and the
    /// card, the panel and the scroll are each settled or held by the pointer (a held drag moves
    /// only with input). The window sleeps longer then.
    public func isAtRest(at t: Double) -> Bool {
        guard splashFrame(at: t).phase == .done else { return false }
        if let card = cardState(at: t), card.phase(at: t) != .open { return false }
        if panel.isVisible(at: t) && ![.presented, .dragging].contains(panel.phase(at: t)) { return false }
        return scroll.isDragging || scroll.sample(at: t).velocity == 0
    }

    public func cardState(at t: Double) -> CardTransition? {
        guard let card, !card.isClosed(at: t) else { return nil }
        return card
    }

    public func scene(at t: Double) -> Scene {
        let offset = scroll.offset(at: t)
        var result: Scene
        if skipSplash {
            result = Scene(width: feed.device.width, height: feed.device.height, commands: [.feed(scale: splashFrame(at: t).feedScale)])
        } else {
            result = splash.scene(at: t)
        }
        result.feedScrollOffset = offset
        if let press, case .feed(stoppedScrolling: false) = press.target, !press.moved, card == nil {
            result.likelyCard = feed.card(at: press.x, press.y, scrollOffset: offset)
        }
        if let card = cardState(at: t) {
            if card.phase(at: t) == .open {
                // The open detail is opaque and full screen: nothing under it is drawn.
                result.commands = [.detail(index: card.cardIndex)]
            } else {
                result.commands.append(.cardSnapshot(index: card.cardIndex, frame: card.frame(at: t), cornerRadius: card.cornerRadius(at: t)))
            }
        }
        if panel.isVisible(at: t) {
            // The dim shows only above the panel; below its rounded top the panel is opaque.
            result.commands.append(.dim(opacity: panel.dim(at: t), bottom: panel.top(at: t) + PanelLayout.cornerRadius))
            result.commands.append(.panel(top: panel.top(at: t), height: panel.height))
        }
        return result
    }

    /// The `state` inspector's object.
    public func state(at t: Double) -> JSONOutput {
        let frame = splashFrame(at: t)
        let scrollOffset = scroll.offset(at: t)
        let s = frame.feedScale, cx = feed.device.width / 2, cy = feed.device.height / 2
        let cards: [JSONOutput] = userScreen != nil ? [] : feed.visibleCards(scrollOffset: scrollOffset).map { index in
            let r = feed.cardFrame(index, scrollOffset: scrollOffset)
            // Centre and size on screen, with the feed's scale about the screen centre applied.
            return .object([("id", .int(feed.content.ads[index].id)),
                            ("x", .number(cx + (r.midX - cx) * s)), ("y", .number(cy + (r.midY - cy) * s)),
                            ("width", .number(r.width * s)), ("height", .number(r.height * s))])
        }
        var cardJSON = JSONOutput.null
        if let card = cardState(at: t) {
            let r = card.frame(at: t)
            cardJSON = .object([("id", .int(feed.content.ads[card.cardIndex].id)), ("phase", .string(card.phase(at: t).rawValue)),
                                ("progress", .number(card.progress(at: t))),
                                ("x", .number(r.midX)), ("y", .number(r.midY)), ("width", .number(r.width)), ("height", .number(r.height))])
        }
        return .object([
            ("time", .number(t)),
            ("device", feed.device.json),
            ("splash", frame.json(textVariant: splash.options.textVariant)),
            ("feed", .object([("scale", .number(s)), ("scrollOffset", .number(scrollOffset)), ("cards", .array(cards))])),
            ("card", cardJSON),
            ("panel", panel.json(at: t)),
        ] + (userScreen.map { [("screen", JSONOutput.string($0))] } ?? []))
    }
}
