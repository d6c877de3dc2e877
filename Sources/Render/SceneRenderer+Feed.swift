import CSDL2
import Geometry
import Scenes

// MARK: The feed layer

extension SceneRenderer {
    /// The feed straight onto the screen, within each region the plan leaves uncovered.
    func drawFeedTiles(_ regions: [Rect], scrollOffset: Double, _ m: PointToPixel) throws {
        for region in regions {
            clip(to: region, m)
            try drawFeedDirect(scrollOffset: scrollOffset, m)
        }
        restoreClip()
    }

    /// The feed texture copied at a scale about the screen's centre (the feed settling to 1).
    func drawFeedCopy(scale: Double, _ m: PointToPixel) {
        guard let handle = splashLayers.feed?.handle else { return }
        var dst = pixelRect(centerX: deviceWidth / 2, centerY: deviceHeight / 2, width: deviceWidth * scale, height: deviceHeight * scale, m)
        SDL_SetTextureAlphaMod(handle, 255)
        // The feed is opaque; a 1:1 copy needs no filtering.
        SDL_SetTextureBlendMode(handle, SDL_BLENDMODE_NONE)
        SDL_SetTextureScaleMode(handle, scale == 1 ? SDL_ScaleModeNearest : SDL_ScaleModeLinear)
        SDL_RenderCopyF(renderer, handle, nil, &dst)
    }

    /// Renders the feed into its texture when the scroll offset or the scale changed. Only a
    /// scaled feed or the hole needs it; at scale 1 the feed is composed straight onto the screen.
    func prepareFeed(scrollOffset: Double) throws {
        if splashLayers.feedShows(scrollOffset: scrollOffset, scale: mapping.scale) { return }
        let texture: Texture
        if let feed = splashLayers.feed { texture = feed } else {
            let screen = screenPixels
            texture = try makeTargetTexture(width: screen.width, height: screen.height, blend: SDL_BLENDMODE_BLEND, what: "the feed texture")
            splashLayers.feed = texture
        }
        try drawOffscreen(into: texture) {
            try drawFeedDirect(scrollOffset: scrollOffset, mapping.local)
        }
        splashLayers.feedKey = (scrollOffset, mapping.scale)
    }

    /// A texture of `elements` drawn at the current scale, `height` points tall and the screen's width.
    func pieceTexture(height: Double, _ elements: [FeedElement]) throws -> Texture {
        let t = try makeTargetTexture(width: screenPixels.width, height: Pixels.int(height * mapping.scale, .up),
                                      blend: SDL_BLENDMODE_NONE, what: "a feed texture")
        SDL_SetTextureScaleMode(t.handle, SDL_ScaleModeNearest)
        try drawOffscreen(into: t) {
            for element in elements { try draw(element, mapping.local) }
        }
        return t
    }

    func tile(_ index: Int) throws -> Texture {
        if let t = feedPieces[tile: index] { return t }
        let pixels = FeedTiling.tileHeightPixels(scale: mapping.scale)
        let top = Double(index * pixels) / mapping.scale
        let t = try pieceTexture(height: Double(pixels) / mapping.scale, feedLayout.gridElements(top: top, height: FeedTiling.tileHeight + 1))
        feedPieces.insert(t, tile: index)
        return t
    }

    /// The feed at a scroll offset, composed onto the current target as `FeedTiling` lays it
    /// out: the grid from its tiles, background where the rubber band pulls past the content,
    /// then the header and the tab bar.
    func drawFeedDirect(scrollOffset: Double, _ m: PointToPixel) throws {
        let screen = m.screen(width: deviceWidth, height: deviceHeight)
        if let screenImage {
            let texture = try images.launchImageTexture(screenImage)
            var dst = sdlRect(screen)
            SDL_SetTextureBlendMode(texture.handle, SDL_BLENDMODE_NONE)
            SDL_SetTextureAlphaMod(texture.handle, 255)
            SDL_SetTextureScaleMode(texture.handle, SDL_ScaleModeLinear)
            SDL_RenderCopy(renderer, texture.handle, nil, &dst)
            return
        }
        let tiling = FeedTiling(feed: feedLayout, scrollOffset: scrollOffset, scale: m.scale, screenWidth: screen.width, screenHeight: screen.height)
        let ox = screen.x, oy = screen.y, width = Int32(tiling.width)
        for band in tiling.backgroundBands {
            fillPixelRect(PixelRect(x: ox + band.x, y: oy + band.y, width: band.width, height: band.height), FeedLayout.background)
        }
        for copy in tiling.tileCopies {
            var src = SDL_Rect(x: 0, y: Int32(copy.sourceY), w: width, h: Int32(copy.height))
            var dst = SDL_Rect(x: Pixels.int32(ox), y: Pixels.int32(oy + copy.destinationY), w: width, h: Int32(copy.height))
            SDL_RenderCopy(renderer, try tile(copy.index).handle, &src, &dst)
        }
        if let visible = tiling.visibleTiles {
            feedPieces.lastVisibleTiles = visible
            feedPieces.keepOnly(tiling)
        }
        if feedPieces.header == nil { feedPieces.header = try pieceTexture(height: feedLayout.headerHeight, feedLayout.headerElements) }
        if feedPieces.tabBar == nil { feedPieces.tabBar = try pieceTexture(height: FeedLayout.tabBarHeight, feedLayout.tabBarElements) }
        for (texture, rect) in [(feedPieces.header, tiling.header), (feedPieces.tabBar, tiling.tabBar)] {
            var src = SDL_Rect(x: 0, y: 0, w: Pixels.int32(rect.width), h: Pixels.int32(rect.height))
            var dst = sdlRect(PixelRect(x: ox + rect.x, y: oy + rect.y, width: rect.width, height: rect.height))
            SDL_RenderCopy(renderer, texture?.handle, &src, &dst)
        }
    }
}
