import Foundation

// MARK: - A review's comments

/// One comment of a review, pinned to a preview time: what the review page exports as
/// `comments.json` and what `review`, `run`, `render` and `record` read with `--comments`.
public struct ReviewComment: Equatable, Sendable {
    /// Preview seconds the comment is pinned to (the frame it was written on).
    public var time: Double
    public var author: String
    public var text: String

    public init(time: Double, author: String, text: String) { self.time = time; self.author = author; self.text = text }

    public var json: JSONOutput { .object([("t", .number(time)), ("author", .string(author)), ("text", .string(text))]) }
}

/// A comments file: `{"comments": [{"t": SECONDS, "author": "…", "text": "…"}]}`, read within
/// bounds, each mistake named with the file, line and column.
public struct ReviewComments: Equatable, Sendable {
    public var comments: [ReviewComment]

    public init(_ comments: [ReviewComment]) { self.comments = comments }

    // MARK: Bounds

    /// A review of the longest take (`record`'s ten minutes at 60 fps is 36,000 frames) with a
    /// comment every few seconds has a few hundred; 10,000 keeps the page's list, the timeline's pins
    /// and the inspector responsive, and still leaves room for a comment on every frame of a minute.
    public static let maximumCount = 10_000
    /// A long paragraph: a review comment says what is wrong at one moment; a longer text belongs
    /// in the issue tracker, and a longer one still is more likely a mistake (a file pasted in).
    public static let maximumTextCharacters = 4_000
    /// A person's name, or an e-mail address.
    public static let maximumAuthorCharacters = 100
    /// What the counts above make at most, with JSON's escapes (a character as `\uXXXX` is six
    /// bytes); larger is refused before it is parsed.
    public static let fileLimit = FileSizeLimit(bytes: 64 << 20, kind: "a comments file")

    // MARK: Reading

    public static func load(path: String) throws -> ReviewComments {
        try parse(bytes: JSONParser.readFile(path, limit: fileLimit), path: path)
    }

    public static func parse(bytes: [UInt8], path: String) throws -> ReviewComments {
        let root = try JSONObjectReader(JSONParser.parse(bytes: bytes, path: path), path: path)
        try root.rejectUnknown(["comments"])
        guard let items = try root.array("comments") else {
            throw root.failure(root.node, "missing field 'comments' (an array of {\"t\": seconds, \"author\": name, \"text\": comment})")
        }
        guard items.count <= maximumCount else {
            throw root.failure(root.node("comments")!, "\(groupedDigits(items.count)) comments; at most \(groupedDigits(maximumCount)) are read")
        }
        return ReviewComments(try items.enumerated().map { i, item in try comment(item, index: i, path: path) })
    }

    static func comment(_ item: JSONNode, index i: Int, path: String) throws -> ReviewComment {
        let fields = try JSONObjectReader(item, path: path, fieldPath: "comments[\(i)]")
        try fields.rejectUnknown(["t", "author", "text"])
        guard let t = try fields.number("t") else { throw fields.failure(item, "comments[\(i)]: missing field 't' (seconds)") }
        let author = try fields.string("author") ?? ""
        guard let text = try fields.string("text") else { throw fields.failure(item, "comments[\(i)]: missing field 'text'") }
        if author.count > maximumAuthorCharacters {
            throw fields.failure(fields.node("author")!, "comments[\(i)].author is \(groupedDigits(author.count)) characters long; at most \(maximumAuthorCharacters)")
        }
        if text.count > maximumTextCharacters {
            throw fields.failure(fields.node("text")!, "comments[\(i)].text is \(groupedDigits(text.count)) characters long; at most \(groupedDigits(maximumTextCharacters))")
        }
        return ReviewComment(time: t, author: author, text: text)
    }

    // MARK: Within a take

    /// The comments pinned inside a take of `duration` preview seconds, by time (a stable sort,
    /// so two on one frame keep their order), and a warning naming each one left out.
    public func within(duration: Double, path: String) -> (comments: ReviewComments, warnings: [String]) {
        var kept: [ReviewComment] = [], warnings: [String] = []
        for (i, c) in comments.enumerated() {
            if c.time >= 0 && c.time <= duration { kept.append(c); continue }
            warnings.append("\(path): comments[\(i)] at \(JSONOutput.number(c.time).text) s lies outside the take (0 to \(JSONOutput.number(duration).text) s): left out")
        }
        let sorted = kept.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        return (ReviewComments(sorted), warnings)
    }

    /// The comment a burn-in strip shows at `time`: the latest pinned at or before it, within `window` seconds.
    public func shown(at time: Double, window: Double = ReviewComments.burnInWindow) -> ReviewComment? {
        comments.last { $0.time <= time + ReviewComments.sameFrame && time - $0.time <= window }
    }

    /// A comment stays in the burn-in strip this long after its time: long enough to read a line.
    public static let burnInWindow = 2.0
    /// Times within a microsecond count as the same moment (a frame's time printed to 9 decimals).
    static let sameFrame = 1e-6

    public var json: JSONOutput { .object([("comments", .array(comments.map(\.json)))]) }
}

/// 10000 as "10,000", as messages and the help's prose write counts.
public func groupedDigits(_ n: Int) -> String {
    let digits = String(n.magnitude)
    var out = ""
    for (i, c) in digits.enumerated() {
        if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
        out.append(c)
    }
    return (n < 0 ? "-" : "") + out
}
