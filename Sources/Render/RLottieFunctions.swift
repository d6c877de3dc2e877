import CRLottie
import Formats

/// rlottie's C API, from the library opened when the first intro is loaded (`OnDemandLibrary`).
struct RLottieFunctions {
    let fromData: splashlab_lottie_animation_from_data
    let destroy: splashlab_lottie_animation_destroy
    let totalFrames: splashlab_lottie_animation_get_totalframe
    let render: splashlab_lottie_animation_render

    init(_ lib: OnDemandLibraryHandle) throws {
        fromData = try lib.function("lottie_animation_from_data")
        destroy = try lib.function("lottie_animation_destroy")
        totalFrames = try lib.function("lottie_animation_get_totalframe")
        render = try lib.function("lottie_animation_render")
    }

    static let library = OnDemandLibrary(soname: "librlottie.so.0-1", package: "librlottie0-1", purpose: "to draw Lottie intros")
    private static let loaded = library.load(RLottieFunctions.init)

    static func load() throws -> RLottieFunctions { try loaded.get() }
}
