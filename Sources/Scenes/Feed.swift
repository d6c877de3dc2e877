import Formats
import Foundation

/// SplitMix64 (Steele, Lea, Flood 2014): a tiny, well-mixed generator, so content depends on the
/// seed alone and on no platform's random source.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// One classified ad.
public struct Ad: Equatable, Sendable {
    public var id: Int
    public var title: String
    public var price: String
    public var location: String
    public var photo: Int
    public var description: String
}

/// The feed's content for a seed: the same seed always gives the same ads.
public struct FeedContent: Equatable, Sendable {
    public var ads: [Ad]
    public static let photoCount = 12
    public static let cardCount = 48

    public init(seed: UInt64) {
        var rng = SeededGenerator(seed: seed ^ 0xF33D)
        let items = ["Road bike", "Armchair", "Desk lamp", "Guitar", "Camera", "Bookshelf", "Sofa", "Kettle",
                     "Stroller", "Coffee table", "Monitor", "Sneakers", "Backpack", "Plant pot", "Record player",
                     "Tent", "Skateboard", "Mirror", "Rug", "Bread maker", "Tablet", "Drone", "Wardrobe", "Headphones"]
        let qualities = ["Vintage", "Like new", "Compact", "Oak", "Retro", "Foldable", "Classic", "Large", "Small", "Blue"]
        let places = ["Kreuzberg", "Mitte", "Neukölln", "Pankow", "Wedding", "Friedrichshain", "Moabit", "Schöneberg",
                      "Charlottenburg", "Treptow", "Spandau", "Lichtenberg"]
        ads = (0..<FeedContent.cardCount).map { i in
            let item = items[Int(rng.next() % UInt64(items.count))]
            let quality = qualities[Int(rng.next() % UInt64(qualities.count))]
            let price = 5 + Int(rng.next() % 60) * 5
            let place = places[Int(rng.next() % UInt64(places.count))]
            let photo = Int(rng.next() % UInt64(FeedContent.photoCount)) + 1
            let days = 1 + Int(rng.next() % 9)
            return Ad(id: i + 1, title: "\(quality) \(item.lowercased())", price: "€\(price)", location: place, photo: photo,
                      description: "\(quality) \(item.lowercased()) in good condition, collected in \(place). Listed \(days) days ago; pick-up only, cash or transfer.")
        }
    }
}

/// A piece of the feed's look, in content points.
public enum FeedElement: Equatable, Sendable {
    case rect(Rect, Color, radius: Double)
    case image(ImageRef, Rect, radius: Double)
    case text(String, x: Double, y: Double, size: Double, bold: Bool, color: Color, maxWidth: Double)
    /// Text wrapped to `width`.
    case paragraph(String, x: Double, y: Double, size: Double, color: Color, width: Double)
}

/// The feed's geometry for a device: fixed bars and a scrolling two-column grid of cards.
public struct FeedLayout: Equatable, Sendable {
    public let device: Device
    public let content: FeedContent

    // Bar heights in points, from the iOS Human Interface Guidelines: a 44 pt navigation bar,
    // a 49 pt tab bar; the status bar is 20 pt on a home-button iPhone, 47 on a notched one.
    public var statusBarHeight: Double { device.height >= 812 && device.width < 600 ? 47 : 20 }
    public static let navigationBarHeight = 44.0
    public static let searchFieldHeight = 36.0
    public static let tabBarHeight = 49.0
    public static let margin = 12.0
    public static let gap = 10.0
    public static let cardTextHeight = 66.0

    public init(device: Device, content: FeedContent) { self.device = device; self.content = content }

    /// Bottom edge of the fixed header (status bar, title, search field).
    public var headerHeight: Double { statusBarHeight + FeedLayout.navigationBarHeight + FeedLayout.searchFieldHeight + 12 }
    /// The visible window of the scrolling grid, in screen points.
    public var viewport: Rect {
        Rect(x: 0, y: headerHeight, width: device.width, height: device.height - headerHeight - FeedLayout.tabBarHeight)
    }
    /// Two columns on a phone held upright, more as the screen widens (cards about 200 pt wide
    /// at least), as grid feeds do in landscape and on iPad.
    public var columns: Int { max(2, Int((device.width - 2 * FeedLayout.margin) / 200)) }
    public var cardWidth: Double { (device.width - 2 * FeedLayout.margin - Double(columns - 1) * FeedLayout.gap) / Double(columns) }
    public var photoHeight: Double { (cardWidth * 0.75).rounded() }
    public var cardHeight: Double { photoHeight + FeedLayout.cardTextHeight }
    /// The "Filters" button in the navigation bar.
    public var filtersButton: Rect {
        Rect(x: device.width - 84, y: statusBarHeight + 8, width: 72, height: 28)
    }

    /// Frame of card `index` in content coordinates (y = 0 at the top of the grid).
    public func cardFrameInContent(_ index: Int) -> Rect {
        let row = index / columns, column = index % columns
        return Rect(x: FeedLayout.margin + Double(column) * (cardWidth + FeedLayout.gap),
                    y: FeedLayout.margin + Double(row) * (cardHeight + FeedLayout.gap),
                    width: cardWidth, height: cardHeight)
    }

    public var contentHeight: Double {
        let rows = (content.ads.count + columns - 1) / columns
        return FeedLayout.margin * 2 + Double(rows) * cardHeight + Double(rows - 1) * FeedLayout.gap
    }

    /// The largest scroll offset, UIScrollView's contentSize.height − bounds.height.
    public var maxScrollOffset: Double { max(contentHeight - viewport.height, 0) }

    /// Frame of card `index` on screen for a scroll offset (contentOffset.y).
    public func cardFrame(_ index: Int, scrollOffset: Double) -> Rect {
        var r = cardFrameInContent(index)
        r.y += viewport.y - scrollOffset
        return r
    }

    /// Cards at least partly inside the viewport.
    public func visibleCards(scrollOffset: Double) -> [Int] {
        content.ads.indices.filter { cardFrame($0, scrollOffset: scrollOffset).intersects(viewport) }
    }

    /// The card under a screen point, if any.
    public func card(at x: Double, _ y: Double, scrollOffset: Double) -> Int? {
        guard viewport.contains(x, y) else { return nil }
        return content.ads.indices.first { cardFrame($0, scrollOffset: scrollOffset).contains(x, y) }
    }

    public static let background = Color(242, 242, 247)   // systemGroupedBackground
    static let accent = Color(0, 122, 255)                // systemBlue
    static let secondaryText = Color(110, 110, 118)
    static let separator = Color(216, 216, 222)

    /// One card's look, for a card whose frame is `frame`.
    public func cardElements(_ index: Int, frame: Rect) -> [FeedElement] {
        let ad = content.ads[index]
        let textX = frame.x + 10, textWidth = frame.width - 20
        return [
            .rect(frame, .white, radius: 10),
            .image(.photo(ad.photo), Rect(x: frame.x, y: frame.y, width: frame.width, height: photoHeight), radius: 10),
            .text(ad.price, x: textX, y: frame.y + photoHeight + 6, size: 16, bold: true, color: .black, maxWidth: textWidth),
            .text(ad.title, x: textX, y: frame.y + photoHeight + 27, size: 13, bold: false, color: Color(28, 28, 30), maxWidth: textWidth),
            .text(ad.location, x: textX, y: frame.y + photoHeight + 45, size: 11, bold: false, color: FeedLayout.secondaryText, maxWidth: textWidth),
        ]
    }

    /// The grid between content heights `top` and `top + height` (content coordinates, y = 0 at the
    /// grid's top), drawn with `top` at y = 0: the background and every card that reaches into it.
    public func gridElements(top: Double, height: Double) -> [FeedElement] {
        var out: [FeedElement] = [.rect(Rect(x: 0, y: 0, width: device.width, height: height), FeedLayout.background, radius: 0)]
        let band = Rect(x: 0, y: top, width: device.width, height: height)
        for index in content.ads.indices {
            var frame = cardFrameInContent(index)
            guard frame.intersects(band) else { continue }
            frame.y -= top
            out += cardElements(index, frame: frame)
        }
        return out
    }

    /// The fixed header (status bar, title, Filters button, search field), in screen points.
    public var headerElements: [FeedElement] {
        var out: [FeedElement] = [.rect(Rect(x: 0, y: 0, width: device.width, height: headerHeight), Color(250, 250, 252), radius: 0)]
        out.append(.text("Marketplace", x: FeedLayout.margin + 4, y: statusBarHeight + 6, size: 24, bold: true, color: .black, maxWidth: device.width - 120))
        let button = filtersButton
        out.append(.rect(button, FeedLayout.accent, radius: 14))
        out.append(.text("Filters", x: button.x + 14, y: button.y + 5, size: 14, bold: true, color: .white, maxWidth: button.width - 16))
        let search = Rect(x: FeedLayout.margin, y: statusBarHeight + FeedLayout.navigationBarHeight + 2,
                          width: device.width - 2 * FeedLayout.margin, height: FeedLayout.searchFieldHeight)
        out.append(.rect(search, Color(228, 228, 234), radius: 10))
        out.append(.text("Search bikes, sofas, cameras…", x: search.x + 12, y: search.y + 9, size: 14, bold: false, color: FeedLayout.secondaryText, maxWidth: search.width - 24))
        out.append(.rect(Rect(x: 0, y: headerHeight - 0.5, width: device.width, height: 0.5), FeedLayout.separator, radius: 0))
        return out
    }

    /// The tab bar, with its top at y = 0.
    public var tabBarElements: [FeedElement] {
        var out: [FeedElement] = [.rect(Rect(x: 0, y: 0, width: device.width, height: FeedLayout.tabBarHeight), Color(250, 250, 252), radius: 0),
                                  .rect(Rect(x: 0, y: 0, width: device.width, height: 0.5), FeedLayout.separator, radius: 0)]
        let tabs = ["Home", "Search", "Sell", "Inbox", "Profile"]
        let tabWidth = device.width / Double(tabs.count)
        for (i, tab) in tabs.enumerated() {
            let color = i == 0 ? FeedLayout.accent : FeedLayout.secondaryText
            let cx = tabWidth * (Double(i) + 0.5)
            out.append(.rect(Rect(x: cx - 11, y: 7, width: 22, height: 18), color, radius: 5))
            let approxWidth = Double(tab.count) * 5.6
            out.append(.text(tab, x: cx - approxWidth / 2, y: 29, size: 10, bold: i == 0, color: color, maxWidth: tabWidth))
        }
        return out
    }
}

/// The detail screen of one ad, full screen.
public struct DetailLayout: Equatable, Sendable {
    public let device: Device
    public let ad: Ad
    public let statusBarHeight: Double
    public init(device: Device, ad: Ad, statusBarHeight: Double) { self.device = device; self.ad = ad; self.statusBarHeight = statusBarHeight }

    public var photoHeight: Double { min((device.width * 0.75).rounded(), device.height * 0.5) }
    /// The close button, top left over the photo; 44 pt is the HIG's minimum hit target.
    public var closeButton: Rect { Rect(x: 10, y: statusBarHeight + 4, width: 44, height: 44) }

    public var elements: [FeedElement] {
        let w = device.width, m = 16.0
        var out: [FeedElement] = [.rect(Rect(x: 0, y: 0, width: w, height: device.height), .white, radius: 0)]
        out.append(.image(.photo(ad.photo), Rect(x: 0, y: 0, width: w, height: photoHeight), radius: 0))
        let button = closeButton
        out.append(.rect(Rect(x: button.x + 6, y: button.y + 6, width: 32, height: 32), Color(0, 0, 0, 140), radius: 16))
        out.append(.text("×", x: button.x + 14, y: button.y + 7, size: 22, bold: true, color: .white, maxWidth: 30))
        var y = photoHeight + 14
        out.append(.text(ad.price, x: m, y: y, size: 26, bold: true, color: .black, maxWidth: w - 2 * m)); y += 36
        out.append(.text(ad.title, x: m, y: y, size: 19, bold: false, color: Color(28, 28, 30), maxWidth: w - 2 * m)); y += 28
        out.append(.text(ad.location, x: m, y: y, size: 14, bold: false, color: FeedLayout.secondaryText, maxWidth: w - 2 * m)); y += 28
        out.append(.rect(Rect(x: m, y: y, width: w - 2 * m, height: 0.5), FeedLayout.separator, radius: 0)); y += 14
        out.append(.text("Description", x: m, y: y, size: 16, bold: true, color: .black, maxWidth: w - 2 * m)); y += 26
        out.append(.paragraph(ad.description, x: m, y: y, size: 15, color: Color(60, 60, 67), width: w - 2 * m))
        let bar = Rect(x: m, y: device.height - 34 - 50, width: w - 2 * m, height: 50)
        out.append(.rect(bar, FeedLayout.accent, radius: 12))
        out.append(.text("Message seller", x: bar.midX - 62, y: bar.y + 14, size: 17, bold: true, color: .white, maxWidth: bar.width))
        return out
    }
}

extension FeedLayout {
    public func detail(_ index: Int) -> DetailLayout {
        DetailLayout(device: device, ad: content.ads[index], statusBarHeight: statusBarHeight)
    }
}
