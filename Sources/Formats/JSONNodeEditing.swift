/// A parsed JSON document edited and written back: what rewrites a Lottie file (its blend passes,
/// a dotLottie's embedded images) without a second model of JSON. Written text keeps no
/// positions; messages come from the original file, checked before it is rewritten.
extension JSONNode {
    public func member(_ key: String) -> JSONNode? {
        guard case let .object(members) = value else { return nil }
        return members.first(where: { $0.key == key })?.value
    }

    public var arrayItems: [JSONNode]? {
        guard case let .array(items) = value else { return nil }
        return items
    }

    /// The object with `key` set to `newValue` (replaced in place, or appended).
    public func settingMember(_ key: String, to newValue: JSONValue) -> JSONNode {
        guard case var .object(members) = value else { return self }
        let node = JSONNode(value: newValue, location: location)
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = node
        } else {
            members.append((key: key, keyLocation: location, value: node))
        }
        return JSONNode(value: .object(members), location: location)
    }

    /// Compact JSON. Numbers are written so that they read back as the same Double (Swift's
    /// shortest round-trip form, which is valid JSON for a finite number): a cut of a file must
    /// keep its size and frames exactly, which 9 decimals did not (the lottie fuzz target found a
    /// width of 45.888…8810 written back as 45.888888889).
    public func writeJSON(into out: inout String) {
        switch value {
        case .null: out += "null"
        case let .bool(flag): out += flag ? "true" : "false"
        case let .number(number): out += JSONNode.roundTripText(number)
        case let .string(text): out += JSONOutput.quote(text)
        case let .array(items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.writeJSON(into: &out)
            }
            out += "]"
        case let .object(members):
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                out += JSONOutput.quote(member.key) + ":"
                member.value.writeJSON(into: &out)
            }
            out += "}"
        }
    }
}

extension JSONNode {
    /// A finite number as text that reads back as the same Double: an integer as an integer,
    /// anything else in Swift's shortest round-trip form (`0.1`, `1e-05`, `1e+16`).
    static func roundTripText(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return "\(number)"
    }
}
