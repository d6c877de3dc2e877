/// Frames that each show from their own time: a video's, a screen recording's.
public enum FrameTimes {
    /// The index of the last item whose time is at or before `time`, the items in ascending time
    /// order; nil when every one is later. The frame a player shows at `time`.
    public static func latest<Items: RandomAccessCollection>(in items: Items, atOrBefore time: Double,
                                                              timeOf: (Items.Element) -> Double) -> Int? where Items.Index == Int {
        var low = items.startIndex, high = items.endIndex - 1
        var found: Int?
        while low <= high {
            let middle = (low + high) / 2
            if timeOf(items[middle]) <= time { found = middle; low = middle + 1 } else { high = middle - 1 }
        }
        return found
    }

    /// The same over plain times.
    public static func latest(in times: [Double], atOrBefore time: Double) -> Int? { latest(in: times, atOrBefore: time) { $0 } }
}
