import App
import Formats
import Foundation

/// Parser figures for `splashlab bench --motion`, on inputs built in memory: a 10 MB one-line
/// script (minified JSON from other tools is one line, and the column count once made such a
/// file quadratic), a script of a million events, an object of 40,000 keys (the duplicate check
/// once was quadratic) and 40,000 nested arrays, which must be refused, not overflow the stack.
/// Each figure is the median of a few runs: wall-clock seconds, and the process's CPU seconds,
/// which other work on a shared machine does not inflate.
func parseBenchmark() -> JSONOutput {
    let runs = 5
    func median(of body: () -> Void) -> JSONOutput {
        var wall = [Double](), cpu = [Double]()
        for _ in 0..<runs {
            let start = MonotonicClock.now(), startCPU = processCPUTime()
            body()
            wall.append(MonotonicClock.now() - start)
            cpu.append(processCPUTime() - startCPU)
        }
        return .object([("seconds", .number(wall.sorted()[runs / 2])), ("cpuSeconds", .number(cpu.sorted()[runs / 2]))])
    }

    // One line of about 10 MB: varied times and coordinates, every event type.
    var text = "{\"events\": ["
    var written = 0
    while text.utf8.count < 10_000_000 {
        let t = Double(written) / 1000
        let event: String
        switch written % 6 {
        case 0: event = "{\"t\": \(t), \"type\": \"down\", \"x\": \(written % 375).5, \"y\": 300}"
        case 1, 2: event = "{\"t\": \(t), \"type\": \"move\", \"x\": \(written % 375).25, \"y\": \(written % 667)}"
        case 3: event = "{\"t\": \(t), \"type\": \"up\", \"x\": 120, \"y\": \(written % 667).75}"
        case 4: event = "{\"t\": \(t), \"type\": \"wheel\", \"dy\": -3}"
        default: event = "{\"t\": \(t), \"type\": \"key\", \"key\": \"escape\"}"
        }
        text += (written == 0 ? "" : ",") + event
        written += 1
    }
    text += "]}"
    let oneLine = Array(text.utf8)
    var parsedEvents = 0
    let oneLineSeconds = median {
        parsedEvents = (try? InputScript.parse(bytes: oneLine, path: "bench.json"))?.events.count ?? -1
    }

    let million = Array(("{\"events\": [" + Array(repeating: "{\"t\": 1.5, \"type\": \"move\", \"x\": 100, \"y\": 200}", count: 1_000_000)
        .joined(separator: ",") + "]}").utf8)
    var millionEvents = 0
    let millionSeconds = median {
        millionEvents = (try? InputScript.parse(bytes: million, path: "bench.json"))?.events.count ?? -1
    }

    let keys = "{" + (0..<40_000).map { "\"key\($0)\": \($0)" }.joined(separator: ",") + "}"
    var keyCount = 0
    let keySeconds = median {
        if case let .object(members)? = (try? JSONParser.parse(keys, path: "bench.json"))?.value { keyCount = members.count }
    }

    let nested = String(repeating: "[", count: 40_000) + String(repeating: "]", count: 40_000)
    var refusal = ""
    let nestedSeconds = median {
        do { _ = try JSONParser.parse(nested, path: "bench.json"); refusal = "accepted" } catch { refusal = "\(error)" }
    }

    return .object([
        ("oneLineScript", .object([("bytes", .int(oneLine.count)), ("events", .int(parsedEvents)),
                                   ("median", oneLineSeconds), ("targetSeconds", .number(1))])),
        ("millionEventScript", .object([("bytes", .int(million.count)), ("events", .int(millionEvents)),
                                        ("median", millionSeconds)])),
        ("fortyThousandKeys", .object([("keys", .int(keyCount)), ("median", keySeconds)])),
        ("nesting40000", .object([("error", .string(refusal)), ("median", nestedSeconds)])),
    ])
}
