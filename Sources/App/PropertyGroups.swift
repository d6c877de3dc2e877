import Formats
import Foundation

// MARK: - The properties panel's sections

/// One collapsible section of the properties panel: a splash track's parameters (its delay,
/// duration, curve, key times and what it reads), or the rest of one part of the preview (the
/// hold, the card, the panel, the scroll) with its springs.
public struct PropertyGroup: Equatable, Sendable {
    public var id: String
    public var title: String
    /// The parameters shown, in the declaration's order.
    public var paths: [String]
    /// The track's id, for a track's section.
    public var trackId: String?
    /// The curve (or keyframe curve list) its curve editor edits.
    public var curvePath: String?
    /// The springs (`TimingsSchema.springs` ids) whose editor it shows.
    public var springIds: [String]

    public init(id: String, title: String, paths: [String], trackId: String? = nil, curvePath: String? = nil, springIds: [String] = []) {
        self.id = id; self.title = title; self.paths = paths; self.trackId = trackId; self.curvePath = curvePath; self.springIds = springIds
    }
}

public enum PropertyGroups {
    /// Every section: one per splash track (`SplashTrack.all`, in the timeline's order), then one
    /// per remaining part of the timings file (the `section` of `TimingsSchema.parameters`,
    /// the splash's hold standing for what no track reads). Every parameter is in at least one.
    public static let all: [PropertyGroup] = {
        var groups: [PropertyGroup] = []
        var covered: Set<String> = []
        for track in SplashTrack.all {
            let members = Set(track.parameters)
            let paths = TimingsSchema.parameters.filter { members.contains($0.keyPath) }.map(\.path)
            covered.formUnion(paths)
            groups.append(PropertyGroup(id: track.id, title: track.label, paths: paths, trackId: track.id, curvePath: track.curvePath))
        }
        var rest: [(part: String, paths: [String])] = []
        for p in TimingsSchema.parameters where !covered.contains(p.path) {
            let part = p.section.rawValue
            if let i = rest.firstIndex(where: { $0.part == part }) { rest[i].paths.append(p.path) } else { rest.append((part, [p.path])) }
        }
        for (part, paths) in rest {
            let springs = TimingsSchema.springs.filter { paths.contains($0.response.path) }.map(\.id)
            let curve = paths.first { TimingsSchema.parameter($0)?.kind == .curve }
            groups.append(PropertyGroup(id: part, title: part == "splash" ? "splash hold" : part, paths: paths, curvePath: curve, springIds: springs))
        }
        return groups
    }()

    /// The track whose curve is `curvePath`: the lane selected on the timeline selects its curve.
    public static func trackId(forCurve curvePath: String) -> String? {
        SplashTrack.all.first { $0.curvePath == curvePath }?.id
    }

    /// Whether parameter `path` matches the filter: every word of it, ignoring case, is in the key
    /// path or the doc.
    public static func matches(_ path: String, filter: String) -> Bool {
        let words = filter.lowercased().split(whereSeparator: \.isWhitespace)
        guard !words.isEmpty else { return true }
        let haystack = path.lowercased() + " " + (TimingsSchema.parameter(path)?.doc.lowercased() ?? "")
        return words.allSatisfy { haystack.contains($0) }
    }

    /// The sections as the panel lists them: the selected track's first (its parameters and its
    /// curve editor at the top), then the others; with a filter, only the parameters that match,
    /// and sections with none left out (a section whose title matches keeps all of its own).
    public static func arranged(selectedTrack: String?, filter: String) -> [PropertyGroup] {
        var groups = all
        if let selectedTrack, let i = groups.firstIndex(where: { $0.id == selectedTrack }) {
            groups.insert(groups.remove(at: i), at: 0)
        }
        let trimmed = filter.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return groups }
        return groups.compactMap { group in
            if group.title.lowercased().contains(trimmed.lowercased()) { return group }
            var kept = group
            kept.paths = group.paths.filter { matches($0, filter: trimmed) }
            kept.springIds = group.springIds.filter { id in kept.paths.contains { TimingsSchema.parameter($0)?.spring?.spring == id } }
            if let curve = group.curvePath, !kept.paths.contains(curve) { kept.curvePath = nil }
            return kept.paths.isEmpty ? nil : kept
        }
    }
}
