import Foundation

/// A shared library opened the first time a command needs it (dlopen), rather than linked: a
/// PDF's or an SVG's renderer (poppler, librsvg, cairo, GLib and the 30 libraries they bring), a
/// Lottie's (rlottie) and a dotLottie's reader (libzip). The window, `state`, `render` of the
/// built-in splash and the exports load none of them: 8 MB less resident, and a start that maps
/// 35 fewer libraries. The functions are looked up by name, typed by their headers' own
/// declarations (the C modules' shims).
public struct OnDemandLibrary: Sendable {
    /// The file the dynamic loader looks for, by its soname.
    public let soname: String
    /// The Debian package that holds it, named when it cannot be opened.
    public let package: String
    /// What it is needed for, as the message says it ("to read PDF files").
    public let purpose: String

    public init(soname: String, package: String, purpose: String) {
        self.soname = soname
        self.package = package
        self.purpose = purpose
    }

    /// The library's handle: opened once (dlopen hands back the same handle after), its
    /// symbols bound now, and kept out of the global namespace.
    public func open() throws -> OnDemandLibraryHandle {
        guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
            throw UserFacingError("\(soname) is needed \(purpose) but could not be loaded (it comes with the package \(package)): \(OnDemandLibrary.lastError())")
        }
        return OnDemandLibraryHandle(library: self, handle: handle)
    }

    static func lastError() -> String { dlerror().map { String(cString: $0) } ?? "no reason given" }
}

/// An opened library, whose functions are looked up as the C function types of its header.
public struct OnDemandLibraryHandle: @unchecked Sendable {
    public let library: OnDemandLibrary
    let handle: UnsafeMutableRawPointer

    /// The function `name`, as `type` (a `@convention(c)` function type from the header; by
    /// default the type of what it is assigned to).
    public func function<T>(_ name: String, as type: T.Type = T.self) throws -> T {
        guard let symbol = dlsym(handle, name) else {
            throw UserFacingError("\(library.soname) has no function \(name), which SplashLab needs \(library.purpose): \(OnDemandLibrary.lastError())")
        }
        return unsafeBitCast(symbol, to: type)
    }
}

extension OnDemandLibrary {
    /// The library opened and `functions` looked up in it, or why not: what a library's loader
    /// keeps in a static constant, so the first caller opens it and every later one is given the
    /// same functions, or the same error.
    public func load<Functions>(_ functions: (OnDemandLibraryHandle) throws -> Functions) -> Result<Functions, UserFacingError> {
        do {
            return .success(try functions(try open()))
        } catch let error as UserFacingError {
            return .failure(error)
        } catch {
            return .failure(UserFacingError("\(soname): \(error)"))
        }
    }
}
