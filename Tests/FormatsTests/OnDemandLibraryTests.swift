import XCTest
@testable import Formats

/// A library opened on demand that is not there, or lacks a function, is a message naming it,
/// what it is needed for and the package it comes with, never a crash.
final class OnDemandLibraryTests: XCTestCase {
    func testAMissingLibraryOrFunctionIsAMessageNamingItsPackageAndPurpose() throws {
        let missing = OnDemandLibrary(soname: "libsplashlab-absent.so.7", package: "libsplashlab-absent7", purpose: "to read absent files")
        XCTAssertThrowsError(try missing.open()) { error in
            let text = "\(error)"
            for part in ["libsplashlab-absent.so.7", "libsplashlab-absent7", "to read absent files"] { XCTAssertTrue(text.contains(part), text) }
        }
        if case let .failure(error) = missing.load({ _ in 1 }) {
            XCTAssertTrue(error.message.contains("libsplashlab-absent.so.7"), error.message)
        } else {
            XCTFail("a library that is not there does not load")
        }
        let libc = try OnDemandLibrary(soname: "libc.so.6", package: "libc6", purpose: "to test").open()
        typealias Strlen = @convention(c) (UnsafePointer<CChar>?) -> Int
        XCTAssertEqual(try libc.function("strlen", as: Strlen.self)("four"), 4)
        XCTAssertThrowsError(try libc.function("splashlab_no_such_function", as: Strlen.self)) { error in
            XCTAssertTrue("\(error)".contains("splashlab_no_such_function") && "\(error)".contains("libc.so.6"), "\(error)")
        }
    }
}
