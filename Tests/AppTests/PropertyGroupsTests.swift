import XCTest
@testable import App
@testable import Formats

/// The properties panel's sections: by track, every parameter somewhere, the selected track first, the filter.
final class PropertyGroupsTests: XCTestCase {
    func testEveryParameterIsInASectionAndEveryTrackHasOne() {
        let shown = Set(PropertyGroups.all.flatMap(\.paths))
        XCTAssertEqual(shown, Set(TimingsSchema.parameters.map(\.path)))
        XCTAssertEqual(PropertyGroups.all.prefix(SplashTrack.all.count).map(\.id), SplashTrack.all.map(\.id))
        let logo = PropertyGroups.all[0]
        XCTAssertEqual(logo.paths, ["splash.logo.startSize", "splash.logo.endSize", "splash.logo.duration", "splash.logo.curve"])
        XCTAssertEqual(logo.curvePath, "splash.logo.curve")
        let panel = PropertyGroups.all.first { $0.id == "panel" }
        XCTAssertEqual(panel?.springIds, ["panel.spring"])
        XCTAssertEqual(PropertyGroups.all.first { $0.id == "splash" }?.paths, ["splash.minHold", "splash.timeout", "splash.reduceMotion.mode"])
    }

    func testTheSelectedTrackComesFirst() {
        XCTAssertEqual(PropertyGroups.trackId(forCurve: "splash.hole.timingFunctions"), "hole")
        let groups = PropertyGroups.arranged(selectedTrack: "feed", filter: "")
        XCTAssertEqual(groups.first?.id, "feed")
        XCTAssertEqual(groups.count, PropertyGroups.all.count)
        XCTAssertEqual(PropertyGroups.arranged(selectedTrack: nil, filter: "").map(\.id), PropertyGroups.all.map(\.id))
    }

    func testTheFilterMatchesKeyPathsAndDocsWordByWord() {
        let byPath = PropertyGroups.arranged(selectedTrack: nil, filter: "logo.duration")
        XCTAssertEqual(byPath.map(\.id), ["logo"])
        XCTAssertEqual(byPath.first?.paths, ["splash.logo.duration"])
        XCTAssertNil(byPath.first?.curvePath)
        // "undamped period" is only in the docs of the springs' responses.
        let byDoc = PropertyGroups.arranged(selectedTrack: nil, filter: "UNDAMPED period")
        XCTAssertEqual(byDoc.flatMap(\.paths), ["panel.springResponse"])
        XCTAssertEqual(byDoc.first?.springIds, ["panel.spring"])
        XCTAssertTrue(PropertyGroups.arranged(selectedTrack: nil, filter: "no such words").isEmpty)
        // A section's title keeps all of its own.
        XCTAssertEqual(PropertyGroups.arranged(selectedTrack: nil, filter: "hole rotation").first?.paths,
                       PropertyGroups.all.first { $0.id == "holeRotation" }?.paths)
    }
}
