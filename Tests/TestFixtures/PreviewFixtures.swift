import Formats
import Scenes

/// The splash the model tests play: the fallback launch layout with a 300 × 32 pt text image,
/// so no asset is read.
public func fixtureSplash(on device: Device, timings: Timings = Timings(), options: SplashOptions = SplashOptions()) -> SplashSequence {
    SplashSequence(timings: timings, device: device, layout: LaunchDescription.fallback.layout(device: device, textSize: (300, 32)),
                   options: options)
}

/// A preview of `fixtureSplash` over a feed of `feedSeed`'s content.
public func fixturePreview(on device: Device, timings: Timings = Timings(), options: SplashOptions = SplashOptions(), feedSeed: UInt64,
                           skipSplash: Bool = false) -> Preview {
    Preview(splash: fixtureSplash(on: device, timings: timings, options: options),
            feed: FeedLayout(device: device, content: FeedContent(seed: feedSeed)), skipSplash: skipSplash)
}
