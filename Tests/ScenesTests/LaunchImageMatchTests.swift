import Scenes
import XCTest

/// The launch image choice, from names and header sizes alone (`AssetCatalog.launchImage` lists
/// the folder and reads the headers).
final class LaunchImageMatchTests: XCTestCase {
    struct Unreadable: Error, Equatable { let name: String }

    /// The choice among `files` (name → pixel size, nil for a header that cannot be read), and the
    /// names whose size was asked for, in order.
    func choose(_ files: [String: (Int, Int)?], _ device: Device) throws -> (String?, [String]) {
        var asked: [String] = []
        let chosen = try LaunchImageMatch.choose(names: Array(files.keys), device: device) { name in
            asked.append(name)
            guard let size = files[name]! else { throw Unreadable(name: name) }
            return size
        }
        return (chosen, asked)
    }

    let se = Device.named("iphone-se")!

    func testTheImageOfTheDevicesPixelSizeInItsOrientationIsChosen() throws {
        let files: [String: (Int, Int)?] = ["launch-portrait.png": (750, 1334), "launch-landscape.png": (1334, 750), "launch-15.png": (1179, 2556)]
        XCTAssertEqual(try choose(files, se).0, "launch-portrait.png")
        XCTAssertEqual(try choose(files, se.oriented(.landscape)).0, "launch-landscape.png")
        XCTAssertEqual(try choose(files, Device.named("iphone-15")!).0, "launch-15.png")
        // Only the other orientation's image: none is chosen, so the launch screen falls back.
        XCTAssertNil(try choose(files, Device.named("iphone-15", orientation: .landscape)!).0)
        XCTAssertNil(try choose(files, Device.named("ipad-air-11")!).0)
    }

    func testTheFirstNameInSortedOrderWinsWhateverTheListingOrder() throws {
        for names in [["launch-b.png", "launch-a.png"], ["launch-a.png", "launch-b.png"]] {
            let chosen = try LaunchImageMatch.choose(names: names, device: se) { _ in (750, 1334) }
            XCTAssertEqual(chosen, "launch-a.png", "\(names)")
        }
    }

    func testOnlyLaunchPNGsAreReadAndAnUnreadableOneIsReported() throws {
        let files: [String: (Int, Int)?] = ["launch-a.png": (750, 1334), "launch-b.png": nil, "logo.png": nil, "launch-c.jpg": nil, "launch.png": nil]
        XCTAssertThrowsError(try choose(files, se)) { XCTAssertEqual($0 as? Unreadable, Unreadable(name: "launch-b.png")) }
        let readable = files.filter { $0.value != nil }
        let (chosen, asked) = try choose(readable, se)
        XCTAssertEqual(chosen, "launch-a.png")
        XCTAssertEqual(asked, ["launch-a.png"])
        XCTAssertTrue(LaunchImageMatch.isCandidate("launch-.png"))
        XCTAssertFalse(LaunchImageMatch.isCandidate("Launch-1.png"))
    }
}
