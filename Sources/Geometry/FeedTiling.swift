import Scenes

/// The feed at a scroll offset, in whole pixels: which tiles of the scrolling grid show and
/// where, where the rubber band shows background, and where the header and the tab bar go.
///
/// The grid is cut into tiles `tileHeight` points tall, each drawn once into a texture; a scrolled
/// frame is then a few 1:1 copies instead of every card drawn again. Content is snapped to whole
/// pixels, as UIKit draws it. Every rectangle is relative to the screen's top-left pixel.
public struct FeedTiling: Equatable, Sendable {
    /// Tile height in points. 128 pt (384 px at @3x, 2 MB at the iPhone 15 Pro Max's width): a
    /// tile made inside a drag's frame costs an eighth of what a 512 pt one did (the feed-drag
    /// phase's worst frame, measured with `splashlab bench`), and the tiles kept hold less memory
    /// beyond the screen.
    public static let tileHeight = 128.0
    /// Tiles kept on each side of the visible ones; farther ones are let go, so memory stays
    /// about a screen and a half on every device. The warm-up makes the next one on each side.
    public static let keptAround = 1

    /// One tile copied to the screen: rows `sourceY ..< sourceY + height` of tile `index`, to
    /// rows starting at `destinationY`, the screen's width.
    public struct TileCopy: Equatable, Sendable {
        public var index: Int, sourceY: Int, destinationY: Int, height: Int
    }

    public let width: Int
    public let tileHeightPixels: Int
    /// Background where the rubber band pulls past either end of the content.
    public private(set) var backgroundBands: [PixelRect] = []
    public private(set) var tileCopies: [TileCopy] = []
    /// The tiles on screen, nil when none is.
    public private(set) var visibleTiles: ClosedRange<Int>?
    /// The header and the tab bar, each copied from the top-left of its own texture.
    public let header: PixelRect
    public let tabBar: PixelRect

    /// - Parameters:
    ///   - scrollOffset: `contentOffset.y` in points. Any value is drawn: one that puts the
    ///     content wholly out of view shows background, and NaN is taken as 0.
    ///   - scale: pixels per point.
    ///   - screenWidth, screenHeight: the screen in pixels.
    public init(feed: FeedLayout, scrollOffset: Double, scale: Double, screenWidth: Int, screenHeight: Int) {
        let k = scale.isFinite && scale > 0 ? scale : 0
        width = max(screenWidth, 0)
        tileHeightPixels = FeedTiling.tileHeightPixels(scale: k)
        let viewport = feed.viewport
        let viewTop = Pixels.int(viewport.y * k), viewBottom = max(Pixels.int(viewport.maxY * k), viewTop)
        let viewHeight = viewBottom - viewTop
        let contentBottom = max(Pixels.int(feed.contentHeight * k, .up), 0)
        // Beyond a viewport past either end the frame is all background, whatever the offset: clamp
        // there, which also keeps the sums below far from overflowing.
        let offset = min(max(Pixels.int(scrollOffset * k), -viewHeight), contentBottom)
        header = PixelRect(x: 0, y: 0, width: width, height: viewTop)
        tabBar = PixelRect(x: 0, y: viewBottom, width: width, height: max(screenHeight - viewBottom, 0))
        guard width > 0, viewHeight > 0 else { return }
        if offset < 0 {
            backgroundBands.append(PixelRect(x: 0, y: viewTop, width: width, height: min(-offset, viewHeight)))
        }
        let contentEnd = offset + viewHeight
        if contentEnd > contentBottom {
            let gap = min(contentEnd - contentBottom, viewHeight)
            backgroundBands.append(PixelRect(x: 0, y: viewBottom - gap, width: width, height: gap))
        }
        let first = max(offset, 0), last = min(contentEnd, contentBottom)
        guard last > first else { return }
        let firstTile = first / tileHeightPixels, lastTile = (last - 1) / tileHeightPixels
        for index in firstTile...lastTile {
            let tileTop = index * tileHeightPixels
            let from = max(first, tileTop), to = min(last, tileTop + tileHeightPixels)
            guard to > from else { continue }
            tileCopies.append(TileCopy(index: index, sourceY: from - tileTop, destinationY: viewTop + from - offset, height: to - from))
        }
        visibleTiles = firstTile...lastTile
    }

    /// Whether a cached tile is worth keeping after this frame: it is on screen or near it.
    public func keeps(tile index: Int) -> Bool {
        guard let visibleTiles else { return false }
        return index >= visibleTiles.lowerBound - FeedTiling.keptAround && index <= visibleTiles.upperBound + FeedTiling.keptAround
    }

    /// A tile's height in whole pixels at `scale`, at least 1.
    public static func tileHeightPixels(scale: Double) -> Int {
        max(Pixels.int(tileHeight * (scale.isFinite && scale > 0 ? scale : 0)), 1)
    }

    /// The last tile index of the content at this scale.
    public static func lastTileIndex(feed: FeedLayout, scale: Double) -> Int {
        let k = scale.isFinite && scale > 0 ? scale : 0
        return max(Pixels.int(feed.contentHeight * k, .up) - 1, 0) / tileHeightPixels(scale: k)
    }
}
