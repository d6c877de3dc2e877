@testable import App
import Session
import Formats
import Foundation
import Geometry
import XCTest
@testable import Render
import Scenes

final class CardRenderTests: XCTestCase {
    let se = Device.named("iphone-se")!

    func openingPreview(_ session: PreviewSession, cardIndex: Int) -> Preview {
        let frame = session.preview.feed.cardFrame(cardIndex, scrollOffset: 0)
        let script = InputScript(events: [InputEvent(time: 0.5, kind: .down(x: frame.midX, y: frame.midY)),
                                          InputEvent(time: 0.55, kind: .up(x: frame.midX, y: frame.midY))])
        return Playback(initial: session.preview, log: script.events, time: 10).preview
    }

    /// During opening the snapshot covers its frame and the feed shows around it.
    func testPixelsOfTheCardFrameDuringOpening() throws {
        let (session, renderer, w, h) = try RenderHarness.make(PreviewOptions(device: se, seed: 3, skipSplash: true), scale: 2)
        let preview = openingPreview(session, cardIndex: 1)
        let t = 0.55 + 0.15
        let card = preview.cardState(at: t)!
        let frame = card.frame(at: t)
        let composite = try RenderHarness.draw(preview.scene(at: t), with: renderer, w, h)
        let feedOnly = try RenderHarness.draw(Scene(width: se.width, height: se.height, commands: [.feed(scale: 1)]), with: renderer, w, h)
        // The "Message seller" button sits 59 pt above the detail's bottom, from x = 16 pt: probe it
        // 24 pt in (clear of its label), scaled into the frame by the frame's share of the screen.
        let bx = Int((frame.x + frame.width * 24 / 375) * 2), by = Int((frame.y + frame.height * (667 - 59) / 667) * 2)
        XCTAssertLessThanOrEqual(RenderHarness.distance(composite.pixel(bx, by), (0, 122, 255, 255)), 12, "button pixel \(composite.pixel(bx, by))")
        XCTAssertGreaterThan(RenderHarness.distance(composite.pixel(bx, by), feedOnly.pixel(bx, by)), 40)
        // Outside the frame the feed is untouched.
        for (x, y) in [(frame.x - 6, frame.midY), (frame.maxX + 6, frame.y + 4), (frame.midX, frame.maxY + 6)] where x > 0 && x < 375 && y > 0 && y < 667 {
            let px = Int(x * 2), py = Int(y * 2)
            XCTAssertEqual(composite.pixel(px, py).0, feedOnly.pixel(px, py).0, "outside at \(x),\(y)")
        }
    }

    /// When the snapshot arrives, the live detail screen takes its place with no visible change.
    func testLiveDetailReplacesTheArrivedSnapshotUnchanged() throws {
        let (session, renderer, w, h) = try RenderHarness.make(PreviewOptions(device: se, seed: 3, skipSplash: true), scale: 2)
        let preview = openingPreview(session, cardIndex: 3)
        let arrived = try RenderHarness.draw(Scene(width: se.width, height: se.height,
                                                   commands: [.feed(scale: 1), .cardSnapshot(index: 3, frame: Rect(x: 0, y: 0, width: 375, height: 667), cornerRadius: 0)]),
                                             with: renderer, w, h)
        let live = try RenderHarness.draw(preview.scene(at: 2), with: renderer, w, h)
        guard case .detail = preview.scene(at: 2).commands.last! else { return XCTFail("expected the live detail") }
        XCTAssertLessThan(RenderHarness.mismatchShare(arrived, live, colourTolerance: 2), 0.0005)
    }
}

final class FeedRenderTests: XCTestCase {
    /// The scrolled feed is composed from cached tiles; a card looks the same whether or not a
    /// tile seam crosses it, so the seams never show.
    func testTileSeamsDoNotShow() throws {
        let se = Device.named("iphone-se")!
        let (session, renderer, w, h) = try RenderHarness.make(PreviewOptions(device: se, seed: 3, skipSplash: true), scale: 2)
        let feed = session.preview.feed
        // Card 4's content frame straddles the first seam (512 pt).
        let card = feed.cardFrameInContent(4)
        XCTAssertTrue(card.y < 512 && card.maxY > 512, "card \(card)")
        func frame(at offset: Double) throws -> RenderHarness.Frame {
            try RenderHarness.draw(Scene(width: se.width, height: se.height, commands: [.feed(scale: 1)], feedScrollOffset: offset), with: renderer, w, h)
        }
        let a = try frame(at: card.y - 40), b = try frame(at: card.y - 140)
        // The card sits 40 pt and 140 pt below the viewport's top in the two frames.
        let top = feed.viewport.y
        for dy in stride(from: 0, to: Int(card.height * 2), by: 3) {
            for dx in stride(from: 0, to: Int(card.width * 2), by: 7) {
                let x = Int(card.x * 2) + dx
                let pa = a.pixel(x, Int((top + 40) * 2) + dy), pb = b.pixel(x, Int((top + 140) * 2) + dy)
                XCTAssertEqual(RenderHarness.distance(pa, pb), 0, "card pixel \(dx),\(dy)")
                if RenderHarness.distance(pa, pb) != 0 { return }
            }
        }
        // Pulled past the top, the gap shows the feed's background colour.
        let pulled = try frame(at: -60)
        XCTAssertEqual(RenderHarness.distance(pulled.pixel(20, Int((top + 20) * 2)), (242, 242, 247, 255)), 0)
    }
}

final class TextCacheTests: XCTestCase {
    /// The HUD and the timeline draw new numbers all the time; the cache keeps a bounded number.
    func testTextCacheStaysBounded() throws {
        let (_, renderer, _, _) = try RenderHarness.make(PreviewOptions(device: Device.named("iphone-se")!, seed: 1), scale: 1)
        for i in 0..<(TextRenderer.capacity + 300) {
            _ = try renderer.text.texture(String(format: "t %.3f s", Double(i) / 1000), pixelSize: 11, bold: false, color: .white, maxWidth: 0)
        }
        XCTAssertLessThanOrEqual(renderer.text.cachedCount, TextRenderer.capacity)
        // A recently drawn string is still there.
        let before = renderer.text.cachedCount
        _ = try renderer.text.texture(String(format: "t %.3f s", Double(TextRenderer.capacity + 299) / 1000), pixelSize: 11, bold: false, color: .white, maxWidth: 0)
        XCTAssertEqual(renderer.text.cachedCount, before)
    }

    /// Large strings are bounded by their bytes, not only by their count.
    func testTextCacheStaysWithinItsByteBudget() throws {
        // At @3x the screen is 9 MB: the budget is the largest.
        let (_, renderer, _, _) = try RenderHarness.make(PreviewOptions(device: Device.named("iphone-se")!, seed: 1), scale: 3)
        XCTAssertEqual(renderer.text.byteBudget, TextRenderer.largestByteBudget)
        for i in 0..<200 {
            _ = try renderer.text.texture("headline \(i)", pixelSize: 120, bold: true, color: .white, maxWidth: 0)
        }
        XCTAssertLessThanOrEqual(renderer.text.cachedBytes, TextRenderer.largestByteBudget)
        XCTAssertLessThan(renderer.text.cachedCount, 200)
        XCTAssertGreaterThan(renderer.text.cachedCount, 5)
    }

    /// The budget follows the screen's pixels: three quarters of its bytes, between the smallest
    /// and the largest budget. A rescale to a smaller screen lets go of strings at once.
    func testTextBudgetFollowsTheScreenSize() throws {
        let (_, renderer, _, _) = try RenderHarness.make(PreviewOptions(device: Device.named("iphone-se")!, seed: 1), scale: 2)
        // 750 x 1334 pixels, 4 bytes each: 4,002,000 bytes, three quarters of them 3,001,500.
        XCTAssertEqual(renderer.text.byteBudget, 3_001_500)
        for i in 0..<120 {
            _ = try renderer.text.texture("headline \(i)", pixelSize: 40, bold: true, color: .white, maxWidth: 0)
        }
        let filled = renderer.text.cachedBytes
        XCTAssertGreaterThan(filled, 1_000_000, "the strings should fill more than the 1x budget")
        renderer.setMapping(PointToPixel(scale: 1))
        // 375 x 667 pixels: 1,000,500 bytes, three quarters of them 750,375.
        XCTAssertEqual(renderer.text.byteBudget, 750_375)
        XCTAssertLessThanOrEqual(renderer.text.cachedBytes, renderer.text.byteBudget)
        XCTAssertGreaterThan(renderer.text.cachedCount, 0, "the most recent strings stay")
        // The most recent string is one of those kept: drawing it again adds nothing.
        let kept = renderer.text.cachedCount
        _ = try renderer.text.texture("headline 119", pixelSize: 40, bold: true, color: .white, maxWidth: 0)
        XCTAssertEqual(renderer.text.cachedCount, kept)
        XCTAssertEqual(TextRenderer.byteBudget(screenWidth: 0, height: 0), TextRenderer.smallestByteBudget)
        XCTAssertEqual(TextRenderer.byteBudget(screenWidth: -5, height: 100), TextRenderer.smallestByteBudget)
        XCTAssertEqual(TextRenderer.byteBudget(screenWidth: Int.max, height: Int.max), TextRenderer.largestByteBudget)
        XCTAssertEqual(TextRenderer.byteBudget(screenWidth: 1640, height: 2360), TextRenderer.largestByteBudget)
    }
}

final class AbsurdValueRenderTests: XCTestCase {
    /// A scroll offset far past either end, or not a number, draws (background, or the top of
    /// the feed) instead of stopping the process on a Double-to-Int conversion; the scaled feed,
    /// the hole, a snapshot and the panel get the same offsets.
    func testAbsurdScrollOffsetsDrawWithoutTrapping() throws {
        let se = Device.named("iphone-se")!
        let (_, renderer, w, h) = try RenderHarness.make(PreviewOptions(device: se, seed: 3, skipSplash: true), scale: 2)
        let hole = LayerState(x: 187.5, y: 333.5, width: 120, height: 120, rotation: 0.4)
        let background = FeedLayout.background
        let top = try RenderHarness.draw(Scene(width: se.width, height: se.height, commands: [.feed(scale: 1)], feedScrollOffset: 0), with: renderer, w, h)
        for offset in [1e20, -1e20, Double.nan, Double.infinity, -Double.infinity, -1.66e20] {
            for commands: [DrawCommand] in [[.feed(scale: 1)], [.feed(scale: 1.05)],
                                            [.launchBackgroundOutsideHole(hole), .feedThroughHole(feedScale: 1.02, hole: hole)],
                                            [.feed(scale: 1), .cardSnapshot(index: 2, frame: Rect(x: 20, y: 40, width: 100, height: 150), cornerRadius: 8),
                                             .dim(opacity: 0.3, bottom: 300), .panel(top: 286, height: 400)]] {
                let frame = try RenderHarness.draw(Scene(width: se.width, height: se.height, commands: commands, feedScrollOffset: offset), with: renderer, w, h)
                guard commands == [.feed(scale: 1)] else { continue }
                // Mid-viewport: the background past the content; NaN is taken as the top.
                let p = frame.pixel(w / 2, h / 2)
                if offset.isNaN {
                    XCTAssertEqual(RenderHarness.mismatchShare(frame, top, colourTolerance: 0), 0, "NaN draws the feed's top")
                } else {
                    XCTAssertEqual(RenderHarness.distance(p, (Int(background.r), Int(background.g), Int(background.b), 255)), 0, "offset \(offset): \(p)")
                }
            }
        }
        // Layers whose numbers are not finite draw nothing rather than trapping.
        let bad = LayerState(x: .nan, y: .infinity, width: 1e300, height: -.infinity, rotation: .nan, opacity: .nan)
        _ = try RenderHarness.draw(Scene(width: se.width, height: se.height, commands: [.launchBackground, .image(.logo, bad),
                                                                                          .group(opacity: .nan, [.image(.logo, bad)]),
                                                                                          .dim(opacity: .infinity, bottom: .nan)]), with: renderer, w, h)
    }
}
