import CoreFoundation
import Foundation

/// A property list read by CoreFoundation's parser (`CFPropertyListCreateWithData`, the one under
/// Foundation's `PropertyListSerialization`), its strings, dictionaries and arrays made Swift
/// values directly. On Linux, `PropertyListSerialization` hands each CoreFoundation object through
/// Foundation's bridging, which for a 1 MB project file costs twice the parse itself (38 ms against
/// 13 here; 22 ms with this conversion). The values are the same Swift types
/// (`String`, `[String: Any]`, `[Any]`); a list holding anything else (numbers, dates, data, which
/// Xcode's project files do not hold) or one the parser refuses gives nil, and the caller reads it
/// with `PropertyListSerialization`, whose errors are the messages users see.
enum PropertyListValues {
    static func read(_ bytes: [UInt8]) -> Any? {
        guard let data = bytes.withUnsafeBufferPointer({ CFDataCreate(nil, $0.baseAddress, $0.count) }),
              let list = CFPropertyListCreateWithData(nil, data, 0, nil, nil)?.takeRetainedValue() else { return nil }
        return value(list, depth: 0)
    }

    /// Deeper than any property list a tool writes; a deeper one is left to Foundation.
    static let maximumDepth = 512

    private static func value(_ object: CFTypeRef, depth: Int) -> Any? {
        guard depth < maximumDepth else { return nil }
        let type = CFGetTypeID(object)
        if type == CFStringGetTypeID() { return string(unsafeBitCast(object, to: CFString.self)) }
        if type == CFDictionaryGetTypeID() {
            let dictionary = unsafeBitCast(object, to: CFDictionary.self)
            let count = CFDictionaryGetCount(dictionary)
            var keys = [UnsafeRawPointer?](repeating: nil, count: count), values = [UnsafeRawPointer?](repeating: nil, count: count)
            CFDictionaryGetKeysAndValues(dictionary, &keys, &values)
            var result = [String: Any](minimumCapacity: count)
            for i in 0..<count {
                guard let keyPointer = keys[i], let valuePointer = values[i] else { return nil }
                let key = unsafeBitCast(keyPointer, to: CFTypeRef.self)
                guard CFGetTypeID(key) == CFStringGetTypeID(),
                      let converted = value(unsafeBitCast(valuePointer, to: CFTypeRef.self), depth: depth + 1) else { return nil }
                result[string(unsafeBitCast(key, to: CFString.self))] = converted
            }
            return result
        }
        if type == CFArrayGetTypeID() {
            let array = unsafeBitCast(object, to: CFArray.self)
            var result: [Any] = []
            result.reserveCapacity(CFArrayGetCount(array))
            for i in 0..<CFArrayGetCount(array) {
                guard let element = CFArrayGetValueAtIndex(array, i), let converted = value(unsafeBitCast(element, to: CFTypeRef.self), depth: depth + 1) else { return nil }
                result.append(converted)
            }
            return result
        }
        return nil
    }

    private static func string(_ text: CFString) -> String {
        let utf8 = CFStringBuiltInEncodings.UTF8.rawValue
        if let pointer = CFStringGetCStringPtr(text, utf8) { return String(cString: pointer) }
        let capacity = CFStringGetMaximumSizeForEncoding(CFStringGetLength(text), utf8) + 1
        var buffer = [CChar](repeating: 0, count: capacity)
        guard CFStringGetCString(text, &buffer, capacity, utf8) else { return "" }
        return String(cString: buffer)
    }
}
