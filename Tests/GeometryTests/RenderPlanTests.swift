import Geometry
import Scenes
import XCTest

final class RenderPlanTests: XCTestCase {
    let se = Device.named("iphone-se")!
    /// A disc of radius 0.45 in the unit square: a hole shape whose coverage is easy to reason about.
    static let disc: LogoOutline = {
        let n = 256
        return LogoOutline(alpha: LogoOutlineTracingTests.image(n) { x, y in hypot(x - 128, y - 128) < 0.45 * 256 }, width: n, height: n)
    }()

    func context(fills: Bool = true, opaque: Bool = true, shape: LogoOutline? = RenderPlanTests.disc) -> RenderPlan.Context {
        RenderPlan.Context(screenWidth: se.width, screenHeight: se.height, screenFillsOutput: fills, launchBackgroundIsOpaque: opaque, holeShape: shape)
    }

    func scene(_ commands: [DrawCommand], offset: Double = 0) -> Scene {
        Scene(width: se.width, height: se.height, commands: commands, feedScrollOffset: offset)
    }

    var screen: Rect { Rect(x: 0, y: 0, width: se.width, height: se.height) }

    func testTheLaunchFrameNeedsNoClearWhenItFillsTheOutput() {
        let logo = LayerState(x: 187.5, y: 333.5, width: 72, height: 72)
        let plan = RenderPlan.make(scene([.launchBackground, .image(.logo, logo)]), context())
        XCTAssertEqual(plan.steps, [.launchBackground(regions: nil), .image(.logo, logo)])
        XCTAssertNil(plan.feedTextureScrollOffset, "the launch frame never renders the feed")
        // Letterboxed in a window, or over a background with transparency, the output is cleared first.
        XCTAssertEqual(RenderPlan.make(scene([.launchBackground]), context(fills: false)).steps.first, .clear)
        XCTAssertEqual(RenderPlan.make(scene([.launchBackground]), context(opaque: false)).steps.first, .clear)
    }

    /// A presented panel hides the feed under its opaque body: the feed is drawn only above the
    /// panel's rounded top.
    func testFeedUnderAPresentedPanelBodyIsNotDrawn() {
        let top = 267.0
        let plan = RenderPlan.make(scene([.feed(scale: 1), .dim(opacity: 0.4, bottom: top + 14), .panel(top: top, height: 400)]), context())
        guard case let .feedTiles(regions) = plan.steps.first else { return XCTFail("\(plan.steps)") }
        XCTAssertEqual(regions, [Rect(x: 0, y: 0, width: se.width, height: top + PanelLayout.cornerRadius)])
        XCTAssertEqual(plan.steps[1], .dim(alpha: 102, bottom: top + 14))
        XCTAssertEqual(plan.steps[2], .panel(top: top, height: 400))
        // The feed where it shows and the panel's body where it does not paint every pixel: no clear.
        XCTAssertFalse(plan.steps.contains(.clear))
    }

    /// A growing card snapshot hides the feed inside its frame, less its rounded corners.
    func testFeedInsideAGrowingSnapshotIsNotDrawn() {
        let frame = Rect(x: 40, y: 100, width: 200, height: 300)
        let plan = RenderPlan.make(scene([.feed(scale: 1), .cardSnapshot(index: 2, frame: frame, cornerRadius: 10)]), context())
        guard case let .feedTiles(regions)? = plan.steps.first(where: { if case .feedTiles = $0 { return true } else { return false } }) else {
            return XCTFail("\(plan.steps)")
        }
        let inner = Rect(x: 50, y: 110, width: 180, height: 280)
        for r in regions { XCTAssertFalse(r.intersects(inner), "\(r) overlaps the snapshot's inside") }
        // The regions and the inside tile the screen: their areas add up to it.
        let area = regions.reduce(0.0) { $0 + $1.width * $1.height } + inner.width * inner.height
        XCTAssertEqual(area, se.width * se.height, accuracy: 1e-9)
    }

    /// An open detail covers the screen: nothing under it is drawn, whatever the scene lists,
    /// and only the panel over it stays.
    func testAnOpenDetailIsDrawnAlone() {
        let plan = RenderPlan.make(scene([.feed(scale: 1), .cardSnapshot(index: 1, frame: screen, cornerRadius: 4), .detail(index: 1)]), context())
        XCTAssertEqual(plan.steps, [.detail(index: 1)])
        let withPanel = RenderPlan.make(scene([.feed(scale: 1.0), .detail(index: 3), .dim(opacity: 0.2, bottom: 300), .panel(top: 286, height: 400)]), context())
        XCTAssertEqual(withPanel.steps, [.detail(index: 3), .dim(alpha: 51, bottom: 300), .panel(top: 286, height: 400)])
        XCTAssertNil(withPanel.feedTextureScrollOffset)
    }

    /// Once the hole covers the screen, the frame is the feed alone: one copy, no backdrop, no
    /// backdrop text, no hole geometry.
    func testAHoleCoveringTheScreenIsOneFeedCopy() {
        // A disc of radius 0.45·size covers the 375×667 screen's corners once 0.45·size exceeds
        // half its diagonal, 382.6 pt: size 900 does.
        let hole = LayerState(x: 187.5, y: 333.5, width: 900, height: 900, rotation: 0.3)
        let text = LayerState(x: 187.5, y: 420, width: 200, height: 40, opacity: 0.5)
        let commands: [DrawCommand] = [.launchBackgroundOutsideHole(hole), .image(.splashText(3), text), .feedThroughHole(feedScale: 1.02, hole: hole)]
        let plan = RenderPlan.make(scene(commands, offset: 12), context())
        XCTAssertEqual(plan.steps, [.feedCopy(scale: 1.02)])
        XCTAssertEqual(plan.feedTextureScrollOffset, 12)
        // At scale 1 the feed is composed from its tiles instead, over the whole screen, and the
        // feed texture is not needed.
        let settled = RenderPlan.make(scene([.launchBackgroundOutsideHole(hole), .feedThroughHole(feedScale: 1, hole: hole)]), context())
        XCTAssertEqual(settled.steps, [.feedTiles(regions: [screen])])
        XCTAssertNil(settled.feedTextureScrollOffset)
    }

    /// A hole smaller than the screen keeps the backdrop, less a square surely inside the hole,
    /// and needs no clear: backdrop and hole together paint every pixel.
    func testAGrowingHoleCutsASquareOutOfTheBackdrop() {
        let hole = LayerState(x: 187.5, y: 333.5, width: 200, height: 200, rotation: 0.7)
        let plan = RenderPlan.make(scene([.launchBackgroundOutsideHole(hole), .feedThroughHole(feedScale: 1.05, hole: hole)]), context())
        XCTAssertEqual(plan.steps.count, 2)
        guard case let .launchBackground(regions?) = plan.steps[0] else { return XCTFail("\(plan.steps)") }
        XCTAssertEqual(plan.steps[1], .feedThroughHole(feedScale: 1.05, hole: hole))
        XCTAssertEqual(plan.feedTextureScrollOffset, 0)
        // The square left out lies inside the disc whatever its rotation: its corners are within 0.45·200.
        let area = regions.reduce(0.0) { $0 + $1.width * $1.height }
        let cut = se.width * se.height - area
        let half = cut.squareRoot() / 2
        XCTAssertGreaterThan(half, RenderPlan.smallestBackdropCutout)
        XCTAssertLessThan(half * 2.0.squareRoot(), 0.45 * 200)
        // Without the outline (not loaded), the backdrop is drawn whole and nothing is assumed covered.
        let unknown = RenderPlan.make(scene([.launchBackgroundOutsideHole(hole), .feedThroughHole(feedScale: 1.05, hole: hole)]), context(shape: nil))
        XCTAssertEqual(unknown.steps, [.launchBackground(regions: nil), .feedThroughHole(feedScale: 1.05, hole: hole)])
    }

    /// Reduce Motion's cross-fade: a fully opaque group is drawn inline, a transparent one not
    /// at all, and one in between as a group over the scaled feed.
    func testGroupsByOpacity() {
        let fg: [DrawCommand] = [.launchBackground]
        XCTAssertEqual(RenderPlan.make(scene([.feed(scale: 1.05), .group(opacity: 1, fg)]), context()).steps, [.launchBackground(regions: nil)])
        XCTAssertEqual(RenderPlan.make(scene([.feed(scale: 1.05), .group(opacity: 0, fg)]), context()).steps, [.feedCopy(scale: 1.05)])
        XCTAssertEqual(RenderPlan.make(scene([.feed(scale: 1.05), .group(opacity: 0.5, fg)]), context()).steps,
                       [.feedCopy(scale: 1.05), .group(alpha: 128, [.launchBackground(regions: nil)])])
        // An opacity that is not a number draws nothing rather than trapping.
        XCTAssertEqual(RenderPlan.make(scene([.feed(scale: 1.05), .group(opacity: .nan, fg), .dim(opacity: .nan, bottom: 100)]), context()).steps,
                       [.feedCopy(scale: 1.05)])
    }
}

final class FeedTilingTests: XCTestCase {
    let feed = FeedLayout(device: Device.named("iphone-se")!, content: FeedContent(seed: 3))

    func tiling(_ offset: Double, scale: Double = 2) -> FeedTiling {
        FeedTiling(feed: feed, scrollOffset: offset, scale: scale, screenWidth: 750, screenHeight: 1334)
    }

    /// At rest the viewport is filled by tile copies that abut, with no background.
    func testTilesFillTheViewport() {
        let t = tiling(300)
        XCTAssertTrue(t.backgroundBands.isEmpty)
        let viewTop = Int((feed.viewport.y * 2).rounded()), viewBottom = Int((feed.viewport.maxY * 2).rounded())
        var y = viewTop
        for copy in t.tileCopies {
            XCTAssertEqual(copy.destinationY, y)
            XCTAssertTrue(copy.sourceY >= 0 && copy.sourceY + copy.height <= t.tileHeightPixels)
            y += copy.height
        }
        XCTAssertEqual(y, viewBottom)
        // The grid scrolled 300 pt: tiles from the one holding content y = 300 to the one holding
        // the viewport's last row, and one kept on each side.
        let first = Int(300 / FeedTiling.tileHeight), last = Int((300 + feed.viewport.height - 0.5) / FeedTiling.tileHeight)
        XCTAssertEqual(t.visibleTiles, first...last)
        XCTAssertTrue(t.keeps(tile: first - FeedTiling.keptAround))
        XCTAssertTrue(t.keeps(tile: last + FeedTiling.keptAround))
        XCTAssertFalse(t.keeps(tile: last + FeedTiling.keptAround + 1))
        XCTAssertFalse(t.keeps(tile: first - FeedTiling.keptAround - 1))
    }

    /// Absurd offsets (a drag to 1e38, a model value that is not a number) lay out without
    /// trapping: wholly past either end is all background, NaN is the top.
    func testAbsurdOffsetsShowBackground() {
        let viewHeight = Int((feed.viewport.maxY * 2).rounded()) - Int((feed.viewport.y * 2).rounded())
        for offset in [1e20, -1e20, 1e38 * 10, -.infinity, .infinity, -1.66e20] {
            let t = tiling(offset)
            XCTAssertTrue(t.tileCopies.isEmpty, "offset \(offset)")
            XCTAssertNil(t.visibleTiles)
            XCTAssertEqual(t.backgroundBands.map(\.height), [viewHeight], "offset \(offset)")
        }
        XCTAssertEqual(tiling(.nan), tiling(0))
        // A scale that is not usable lays out nothing rather than dividing by zero.
        XCTAssertTrue(tiling(100, scale: 0).tileCopies.isEmpty)
        XCTAssertTrue(tiling(100, scale: .nan).tileCopies.isEmpty)
    }
}

final class WarmUpTests: XCTestCase {
    let feed = FeedLayout(device: Device.named("iphone-se")!, content: FeedContent(seed: 3))

    func order(likelyCard: Int?, visible: ClosedRange<Int>?) -> [WarmUpItem] {
        var ready = Set<WarmUpItem>()
        var out: [WarmUpItem] = []
        while let item = WarmUp.next(feed: feed, scale: 2, likelyCard: likelyCard, visibleTiles: visible, isReady: { ready.contains($0) }) {
            out.append(item)
            ready.insert(item)
        }
        return out
    }

    /// The snapshot under a press comes first, the disappearance's needs next, then the tiles
    /// just ahead of and behind those on screen, and nothing once all are ready. Once the splash
    /// is over, what only it needs is not made.
    func testWarmUpOrder() {
        let items = order(likelyCard: 5, visible: 1...2)
        XCTAssertEqual(items.first, .snapshot(5))
        XCTAssertEqual(items[1], .logoOutline)
        let photos = feed.visibleCards(scrollOffset: 0).map { feed.content.ads[$0].photo }
        XCTAssertEqual(Array(items[2..<(2 + Set(photos).count)]).count, Set(photos).count)
        let firstScreen = Set(photos.map(WarmUpItem.photo))
        let everyPhoto = Set(feed.content.ads.map { WarmUpItem.photo($0.photo) })
        let tail = Array(items.drop { $0 != .feedTexture })
        XCTAssertEqual(Array(tail.prefix(3)), [.feedTexture, .tile(3), .tile(0)])
        // Last, every photo of the feed not on the first screen, each once.
        XCTAssertEqual(Array(tail.dropFirst(3)).count, everyPhoto.subtracting(firstScreen).count)
        XCTAssertEqual(Set(tail.dropFirst(3)), everyPhoto.subtracting(firstScreen))
        var ready = Set<WarmUpItem>(), afterSplash: [WarmUpItem] = []
        while let item = WarmUp.next(feed: feed, scale: 2, likelyCard: nil, splashShown: false, visibleTiles: 1...2, isReady: { ready.contains($0) }) {
            afterSplash.append(item); ready.insert(item)
        }
        XCTAssertFalse(afterSplash.contains(.feedTexture))
        XCTAssertFalse(afterSplash.contains(.logoOutline))
        XCTAssertEqual(Array(afterSplash.filter { if case .tile = $0 { return true } else { return false } }), [.tile(3), .tile(0)])
        XCTAssertTrue(everyPhoto.isSubset(of: Set(afterSplash)), "every photo is warmed after the splash too")
        func tiles(_ visible: ClosedRange<Int>) -> [WarmUpItem] {
            order(likelyCard: nil, visible: visible).filter { if case .tile = $0 { return true } else { return false } }
        }
        // At the top of the feed there is no tile above to warm.
        XCTAssertEqual(tiles(0...1), [.tile(2)])
        // At the end of the content there is none below either.
        let last = FeedTiling.lastTileIndex(feed: feed, scale: 2)
        XCTAssertEqual(tiles((last - 1)...last), [.tile(last - 2)])
    }
}
