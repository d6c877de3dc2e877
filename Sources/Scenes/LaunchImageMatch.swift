/// Which launch image a device shows, decided from file names and the pixel sizes their PNG
/// headers declare. The catalog lists a folder and reads the headers; this decides, so the
/// decision is testable and fuzzable without files or SDL.
public enum LaunchImageMatch {
    /// A launch image is named `launch-<anything>.png`; the name does not have to state the size,
    /// because the header's size is what is matched.
    public static func isCandidate(_ name: String) -> Bool { name.hasPrefix("launch-") && name.hasSuffix(".png") }

    /// The name of the launch image for `device`, or nil: among the candidates, in sorted name order,
    /// the first whose pixel size is exactly the device's in its current orientation.
    ///
    /// `size` is asked for every candidate in that order, and its error ends the search: a launch
    /// image that cannot be read is reported, even when another one would have matched.
    public static func choose(names: [String], device: Device, size: (String) throws -> (Int, Int)) throws -> String? {
        var chosen: String?
        for name in names.sorted() where isCandidate(name) {
            let (w, h) = try size(name)
            if chosen == nil && w == device.pixelWidth && h == device.pixelHeight { chosen = name }
        }
        return chosen
    }
}
