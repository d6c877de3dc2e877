import Formats
/// The scripted session `splashlab bench` measures: the splash, a card opened and closed, the
/// panel presented, dragged, interrupted and flicked away, and a feed fling grabbed mid-flight.
/// Coordinates come from the feed's layout, so it works on every device.
public enum BenchScenario {
    public static let duration = 10.0

    public static func script(for feed: FeedLayout) -> InputScript {
        let h = feed.device.height, w = feed.device.width
        let card = feed.cardFrame(1, scrollOffset: 0)
        let panelTop = h - (h * PanelMotions.height.value(Timings.Panel())).rounded()
        var events: [InputEvent] = []
        func add(_ t: Double, _ kind: InputEvent.Kind) { events.append(InputEvent(time: t, kind: kind)) }
        func drag(from y0: Double, by distance: Double, over duration: Double, at start: Double, pause: Double = 0) {
            add(start, .down(x: w / 2, y: y0))
            let steps = Int((duration * 60).rounded())
            for i in 1...steps { add(start + duration * Double(i) / Double(steps), .move(x: w / 2, y: y0 + distance * Double(i) / Double(steps))) }
            add(start + duration + pause, .up(x: w / 2, y: y0 + distance))
        }
        // Card: open, hold, close.
        add(3.0, .down(x: card.midX, y: card.midY)); add(3.05, .up(x: card.midX, y: card.midY))
        add(3.8, .key("escape"))
        // Panel: present, a slow drag that returns, a dismissal reversed mid-flight, a flick away.
        add(4.4, .key("p"))
        drag(from: panelTop + 60, by: 120, over: 0.4, at: 5.0, pause: 0.2)
        add(6.2, .key("escape"))
        add(6.35, .key("p"))
        drag(from: panelTop + 100, by: 80, over: 0.05, at: 7.0)
        // Feed: a fling, grabbed during its momentum.
        drag(from: h * 0.7, by: -160, over: 0.1, at: 7.8)
        add(9.0, .down(x: w / 2, y: h / 2)); add(9.3, .up(x: w / 2, y: h / 2 + 30))
        return InputScript(events: events)
    }
}

extension BenchScenario {
    /// A long take for measuring and testing seek: `count` inputs over `duration` seconds, drawn
    /// from a seed — drags and flicks of the feed, clicks on cards, Escape, P, panel drags and
    /// wheel turns, in time order. Pointer positions stay on the screen.
    public static func longSession(for feed: FeedLayout, count: Int = 10_000, duration: Double = 60, seed: UInt64 = 1) -> InputScript {
        var rng = SeededGenerator(seed: seed)
        let w = feed.device.width, h = feed.device.height
        func uniform(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * Double(rng.next() >> 11) / Double(1 << 53) }
        var events: [InputEvent] = []
        events.reserveCapacity(count)
        let step = duration / Double(count)
        var t = 0.0
        while events.count < count {
            let remaining = count - events.count
            let pick = rng.next() % 8
            switch pick {
            case _ where pick <= 2 && remaining >= 12:
                // A drag of ten moves, some fast enough to fling.
                var x = uniform(20, w - 20), y = uniform(80, h - 80)
                let dy = uniform(-30, 30)
                events.append(InputEvent(time: t, kind: .down(x: x, y: y)))
                for _ in 0..<10 {
                    t += step; x += uniform(-2, 2); y = min(max(y + dy, 1), h - 1)
                    events.append(InputEvent(time: t, kind: .move(x: x, y: y)))
                }
                t += step
                events.append(InputEvent(time: t, kind: .up(x: x, y: y)))
            case _ where pick == 3 && remaining >= 2:
                let x = uniform(20, w - 20), y = uniform(80, h - 80)
                events.append(InputEvent(time: t, kind: .down(x: x, y: y)))
                t += step
                events.append(InputEvent(time: t, kind: .up(x: x, y: y)))
            case _ where pick == 4:
                events.append(InputEvent(time: t, kind: .key(["escape", "p"][Int(rng.next() % 2)])))
            default:
                events.append(InputEvent(time: t, kind: .wheel(dy: uniform(-3, 3))))
            }
            t += step
        }
        // Spread evenly over the duration, keeping the order.
        let scale = duration / max(t, step)
        return InputScript(events: events.map { InputEvent(time: $0.time * scale, kind: $0.kind) })
    }
}
