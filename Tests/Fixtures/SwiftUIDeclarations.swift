// Declarations of the SwiftUI API (iOS 17) that `export swiftui` uses, with Apple's signatures
// (developer.apple.com/documentation/swiftui), so the generated view can be type-checked where
// SwiftUI does not exist. Bodies are empty: only the types and signatures matter.
import Foundation

// MARK: Views and builders

public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor var body: Body { get }
}
extension Never: View { public var body: Never { fatalError() } }
public struct EmptyView: View { public init() {}; public var body: Never { fatalError() } }
public struct TupleView<T>: View { public init(_ value: T) {}; public var body: Never { fatalError() } }
public struct ModifiedContent<Content, Modifier>: View { public var body: Never { fatalError() } }
public struct AnyView: View { public init<V: View>(_ view: V) {}; public var body: Never { fatalError() } }
public struct _ConditionalContent<TrueContent, FalseContent>: View { public var body: Never { fatalError() } }
extension Optional: View where Wrapped: View { public var body: Never { fatalError() } }

@resultBuilder public struct ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> { TupleView((repeat each content)) }
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<T: View, F: View>(first: T) -> _ConditionalContent<T, F> { fatalError() }
    public static func buildEither<T: View, F: View>(second: F) -> _ConditionalContent<T, F> { fatalError() }
}

public struct ZStack<Content: View>: View {
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}
public struct GeometryProxy { public var size: CGSize { .zero } }
public struct GeometryReader<Content: View>: View {
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {}
    public var body: Never { fatalError() }
}
public struct Alignment { public static let center = Alignment() }
public struct UnitPoint {
    public var x: CGFloat, y: CGFloat
    public init(x: CGFloat, y: CGFloat) { self.x = x; self.y = y }
    public static let top = UnitPoint(x: 0.5, y: 0), bottom = UnitPoint(x: 0.5, y: 1)
}
public struct Angle { public static func radians(_ radians: Double) -> Angle { Angle() } }

public struct Image: View {
    public init(_ name: String, bundle: Bundle? = nil) {}
    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: Image.ResizingMode = .stretch) -> Image { self }
    public enum ResizingMode { case tile, stretch }
    public var body: Never { fatalError() }
}
public struct EdgeInsets { public init() {} }
public struct Color: View {
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {}
    public var body: Never { fatalError() }
}
public struct Gradient {
    public struct Stop { public init(color: Color, location: CGFloat) {} }
}
public struct LinearGradient: View {
    public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {}
    public var body: Never { fatalError() }
}
public struct Rectangle: View { public init() {}; public var body: Never { fatalError() } }

public struct EmptyModifier {}
extension View {
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View { ModifiedContent<Self, EmptyModifier>() }
    public func position(_ position: CGPoint) -> some View { ModifiedContent<Self, EmptyModifier>() }
    public func position(x: CGFloat = 0, y: CGFloat = 0) -> some View { ModifiedContent<Self, EmptyModifier>() }
    public func opacity(_ opacity: Double) -> some View { ModifiedContent<Self, EmptyModifier>() }
    public func scaleEffect(_ s: CGFloat, anchor: UnitPoint = UnitPoint(x: 0.5, y: 0.5)) -> some View { ModifiedContent<Self, EmptyModifier>() }
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = UnitPoint(x: 0.5, y: 0.5)) -> some View { ModifiedContent<Self, EmptyModifier>() }
    public func mask<Mask: View>(alignment: Alignment = .center, @ViewBuilder _ mask: () -> Mask) -> some View { ModifiedContent<Self, EmptyModifier>() }
    public func ignoresSafeArea() -> some View { ModifiedContent<Self, EmptyModifier>() }
    public func task(priority: TaskPriority = .userInitiated, _ action: @escaping @Sendable () async -> Void) -> some View { ModifiedContent<Self, EmptyModifier>() }
}

// MARK: State and environment

@propertyWrapper public struct State<Value> {
    public init(wrappedValue value: Value) {}
    public var wrappedValue: Value { get { fatalError() } nonmutating set {} }
}
public struct EnvironmentValues { public var accessibilityReduceMotion: Bool { false } }
@propertyWrapper public struct Environment<Value> {
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
    public var wrappedValue: Value { fatalError() }
}

// MARK: Animation, curves and springs

public struct UnitCurve {
    public static func bezier(startControlPoint: UnitPoint, endControlPoint: UnitPoint) -> UnitCurve { UnitCurve() }
    public static let linear = UnitCurve()
}
public struct Spring {
    public init(response: Double, dampingRatio: Double) {}
    public init(duration: TimeInterval = 0.5, bounce: Double = 0.0) {}
}
public struct Animation {
    public static func timingCurve(_ curve: UnitCurve, duration: TimeInterval) -> Animation { Animation() }
    public static func timingCurve(_ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double, duration: TimeInterval = 0.35) -> Animation { Animation() }
    public static func interpolatingSpring(_ spring: Spring, initialVelocity: Double = 0.0) -> Animation { Animation() }
    public func delay(_ delay: TimeInterval) -> Animation { self }
}
@discardableResult public func withAnimation<Result>(_ animation: Animation? = nil, _ body: () throws -> Result) rethrows -> Result { try body() }

// MARK: Keyframes

public protocol Keyframes { associatedtype Value }
public protocol KeyframeTrackContent { associatedtype Value }
public struct LinearKeyframe<Value>: KeyframeTrackContent {
    public init(_ to: Value, duration: TimeInterval, timingCurve: UnitCurve = .linear) {}
}
public struct MoveKeyframe<Value>: KeyframeTrackContent { public init(_ to: Value) {} }
public struct KeyframeTrackContentSequence<Value>: KeyframeTrackContent {}
@resultBuilder public struct KeyframeTrackContentBuilder<Value> {
    public static func buildExpression<K: KeyframeTrackContent>(_ keyframe: K) -> K where K.Value == Value { keyframe }
    public static func buildBlock<each K: KeyframeTrackContent>(_ content: repeat each K) -> KeyframeTrackContentSequence<Value> { KeyframeTrackContentSequence() }
}
// Apple declares KeyframeTrack<Root, Value, Content>, whose Keyframes.Value is Root; the second
// parameter is named TrackValue here only so that it does not shadow that associated type.
public struct KeyframeTrack<Root, TrackValue, Content: KeyframeTrackContent>: Keyframes where Content.Value == TrackValue {
    public typealias Value = Root
    public init(_ keyPath: WritableKeyPath<Root, TrackValue>, @KeyframeTrackContentBuilder<TrackValue> content: () -> Content) {}
}
public struct KeyframesSequence<Value>: Keyframes {}
@resultBuilder public struct KeyframesBuilder<Value> {
    public static func buildExpression<K: Keyframes>(_ keyframes: K) -> K where K.Value == Value { keyframes }
    public static func buildBlock<each K: Keyframes>(_ content: repeat each K) -> KeyframesSequence<Value> { KeyframesSequence() }
}
public struct PlaceholderContentView<Content>: View { public var body: Never { fatalError() } }
extension View {
    public func keyframeAnimator<Value>(initialValue: Value, trigger: some Equatable,
                                        @ViewBuilder content: @escaping @Sendable (PlaceholderContentView<Self>, Value) -> some View,
                                        @KeyframesBuilder<Value> keyframes: @escaping (Value) -> some Keyframes) -> some View {
        ModifiedContent<Self, EmptyModifier>()
    }
}
