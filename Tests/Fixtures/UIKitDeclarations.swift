// Declarations of the UIKit and Core Animation API the export uses, with Apple's signatures,
// so the generated code can be type-checked where UIKit does not exist.
import Foundation
public typealias TimeInterval = Double
public struct CGAffineTransform { public init(scaleX: CGFloat, y: CGFloat) {} ; public init(translationX: CGFloat, y: CGFloat) {}; public static let identity = CGAffineTransform(scaleX: 1, y: 1) }
public struct CGVector { public var dx: CGFloat; public var dy: CGFloat }
open class UIView { open var transform = CGAffineTransform.identity; open var alpha: CGFloat = 1; open var bounds = CGRect.zero }
open class CALayer { open func add(_ anim: CAAnimation, forKey key: String?) {} }
open class CAMediaTimingFunction { public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {} }
public struct CAMediaTimingFillMode { public static let forwards = CAMediaTimingFillMode(); public static let both = CAMediaTimingFillMode() }
open class CAAnimation { open var duration: CFTimeInterval = 0; open var beginTime: CFTimeInterval = 0; open var timingFunction: CAMediaTimingFunction?; open var fillMode = CAMediaTimingFillMode.forwards; open var isRemovedOnCompletion = true }
open class CAPropertyAnimation: CAAnimation { public init(keyPath: String?) {} }
open class CABasicAnimation: CAPropertyAnimation { open var fromValue: Any?; open var toValue: Any? }
open class CAKeyframeAnimation: CAPropertyAnimation { open var values: [Any]?; open var keyTimes: [NSNumber]?; open var timingFunctions: [CAMediaTimingFunction]? }
open class CAAnimationGroup: CAAnimation { public override init() {}; open var animations: [CAAnimation]? }
public func CACurrentMediaTime() -> CFTimeInterval { 0 }
public typealias CFTimeInterval = Double
open class UIViewPropertyAnimator { public init(duration: TimeInterval, controlPoint1: CGPoint, controlPoint2: CGPoint, animations: (() -> Void)? = nil) {}; open func startAnimation() {} }
open class UISpringTimingParameters { public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {} }
