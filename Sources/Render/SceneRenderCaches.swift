import Geometry

// The three caches a `SceneRenderer` keeps: every texture in them is a `Texture` owned by the
// context, so dropping one from a cache frees it, and the context frees whatever is left before
// its renderer. Under software GL fill rate is the cost, so static layers that cost more to draw
// than to copy are kept as textures.

/// Detail screens rendered once per card at the screen's pixel size: the snapshots that grow from
/// the cards.
struct CardSnapshotCache {
    /// Full-screen snapshot textures kept (14 MB each at @3x): the card on screen and the likely
    /// next one. A third kept the iPhone 15 Pro Max over its 200 MB.
    static let kept = 2

    private(set) var textures: [Int: Texture] = [:]
    /// A card whose detail snapshot is likely next (the one under a press), from the scene.
    var likelyNext: Int?

    subscript(index: Int) -> Texture? { textures[index] }

    /// Room for one more: a snapshot is a screen of pixels (15 MB at ipad-air-11), so room is made
    /// before the new one is allocated, or a third one would be briefly on the peak.
    mutating func makeRoom() {
        for key in textures.keys where key != likelyNext {
            if textures.count < CardSnapshotCache.kept { break }
            textures.removeValue(forKey: key)
        }
    }

    mutating func insert(_ texture: Texture, for index: Int) { textures[index] = texture }

    mutating func removeAll() { textures.removeAll() }
}

/// The feed's pieces drawn once at the current scale: its grid as tiles by index, the header and
/// the tab bar (`FeedTiling` lays them out).
struct FeedPieceCache {
    private(set) var tiles: [Int: Texture] = [:]
    var header: Texture?
    var tabBar: Texture?
    /// The tiles the last frame showed, for warming their neighbours.
    var lastVisibleTiles: ClosedRange<Int>?

    subscript(tile index: Int) -> Texture? { tiles[index] }

    mutating func insert(_ texture: Texture, tile index: Int) { tiles[index] = texture }

    /// Lets go of the tiles far from view: memory stays a few screens' worth on every device.
    mutating func keepOnly(_ tiling: FeedTiling) {
        for index in tiles.keys where !tiling.keeps(tile: index) { tiles.removeValue(forKey: index) }
    }

    mutating func removeAll() {
        tiles = [:]; lastVisibleTiles = nil
        header = nil; tabBar = nil
    }
}

/// The textures only the splash uses: the whole feed at a scroll offset, which the hole samples
/// and a scaled feed copies, and the target a layer group is composed in.
struct SplashLayerCache {
    var feed: Texture?
    /// What `feed` shows: the scroll offset and the scale it was drawn at.
    var feedKey: (scrollOffset: Double, scale: Double)?
    var group: Texture?

    /// Whether `feed` already shows the feed at this offset and scale.
    func feedShows(scrollOffset: Double, scale: Double) -> Bool {
        guard let feedKey, feed != nil else { return false }
        return feedKey.scrollOffset == scrollOffset && feedKey.scale == scale
    }

    mutating func letGoOfFeed() { feed = nil; feedKey = nil }

    mutating func removeAll() {
        letGoOfFeed()
        group = nil
    }
}
