import Foundation
@testable import Render
import XCTest

/// Mesa's llvmpipe is asked for two rasteriser threads a core (`SDLSession.setSoftwareRasteriserThreads`),
/// never over a value the user set.
final class SoftwareRasteriserThreadsTests: XCTestCase {
    func testTwoThreadsACoreUpToTheLimit() {
        XCTAssertEqual(SDLSession.softwareRasteriserThreads(environment: [:], cores: 2), 4)
        XCTAssertEqual(SDLSession.softwareRasteriserThreads(environment: [:], cores: 1), 2)
        XCTAssertEqual(SDLSession.softwareRasteriserThreads(environment: [:], cores: 0), 2, "a count the system could not tell")
        XCTAssertEqual(SDLSession.softwareRasteriserThreads(environment: [:], cores: 64), SDLSession.softwareRasteriserThreadLimit)
    }

    func testTheUsersOwnCountIsKept() {
        XCTAssertNil(SDLSession.softwareRasteriserThreads(environment: ["LP_NUM_THREADS": "1"], cores: 2))
        XCTAssertNil(SDLSession.softwareRasteriserThreads(environment: ["LP_NUM_THREADS": ""], cores: 8))
    }

    /// Once SDL is started the variable is set, before any GL context reads it.
    func testSetOnceSDLIsStarted() throws {
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        try SDLSession.start(offscreen: true)
        let value = try XCTUnwrap(ProcessInfo.processInfo.environment["LP_NUM_THREADS"])
        XCTAssertGreaterThan(Int(value) ?? 0, 0, value)
    }
}
