// Systems shaped like a launch screen's Auto Layout, made up from a seed: for the benchmark and
// for checking the solver against kiwisolver on layouts of any size.

import Scenes

extension LinearSystemDescription {
    /// A made-up screen of views, `constraintCount` constraints long, as Auto Layout would pose
    /// it: each view's frame is four variables (`name.x`, `.y`, `.w`, `.h`), and its constraints
    /// tie its edges, centres and size to its superview's, a sibling's or constants, as
    /// equalities and inequalities at required, 999, 750, 500 and 250 priority (mapped by
    /// `ConstraintStrength.layoutPriority`) and a few of kiwi's own strengths: pinned edges,
    /// centring, stacks, fixed and proportional sizes, aspect ratios, content hugging and
    /// compression resistance, maximum widths that fight a preferred one. The root view is the
    /// screen, fixed by required constraints or, with `screenAsEdits`, by edit variables
    /// suggested to the screen's size. Required constraints that cannot hold with those before
    /// them (a stack taller than its container, margins wider than a narrow parent) are made 999,
    /// as a designer would, so the system is satisfiable. The same seed gives the same system.
    public static func launchScreenLike(constraintCount: Int, seed: UInt64, screenAsEdits: Bool = false) -> LinearSystemDescription {
        var builder = SyntheticLayoutBuilder(seed: seed)
        let root = builder.view("root")
        if screenAsEdits {
            builder.edits = [Edit(variable: root.w, strength: ConstraintStrength.strong, suggest: 375),
                             Edit(variable: root.h, strength: ConstraintStrength.strong, suggest: 812)]
        } else {
            builder.relate(root, .width, .equal, nil, .width, constant: 375, priority: 1000)
            builder.relate(root, .height, .equal, nil, .height, constant: 812, priority: 1000)
        }
        builder.relate(root, .left, .equal, nil, .left, constant: 0, priority: 1000)
        builder.relate(root, .top, .equal, nil, .top, constant: 0, priority: 1000)
        // The safe area, a guide inside the root.
        let safe = builder.view("safe")
        builder.relate(safe, .left, .equal, root, .left, priority: 1000)
        builder.relate(safe, .right, .equal, root, .right, priority: 1000)
        builder.relate(safe, .top, .equal, root, .top, constant: 47, priority: 1000)
        builder.relate(safe, .bottom, .equal, root, .bottom, constant: -34, priority: 1000)

        var containers = [root, safe]
        var lastChild: [String: SyntheticLayoutBuilder.View] = [:]
        var count = 0
        while builder.constraints.count < constraintCount {
            count += 1
            // Recent containers are likelier parents, which nests views as screens do.
            let parent = containers[max(0, containers.count - 1 - builder.int(min(containers.count, 4)))]
            let view = builder.view("v\(count)")
            builder.constrain(view, in: parent, after: lastChild[parent.x])
            lastChild[parent.x] = view
            if builder.int(10) < 3 { containers.append(view) }
        }
        builder.constraints.removeLast(builder.constraints.count - max(constraintCount, 0))
        builder.softenUnsatisfiable()
        return LinearSystemDescription(variables: builder.variables, constraints: builder.constraints, edits: builder.edits)
    }
}

/// Builds `launchScreenLike` systems.
struct SyntheticLayoutBuilder {
    struct View {
        let x: String, y: String, w: String, h: String
    }

    enum Attribute {
        case left, right, top, bottom, centerX, centerY, width, height
    }

    typealias Constraint = LinearSystemDescription.Constraint
    typealias Term = LinearSystemDescription.Term

    private var random: SeededGenerator
    var variables: [String] = []
    var constraints: [Constraint] = []
    var edits: [LinearSystemDescription.Edit] = []

    /// Scenes' SplitMix64: small, fast and the same everywhere, which is all a made-up layout needs.
    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    mutating func next() -> UInt64 { random.next() }

    /// 0..<bound.
    mutating func int(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func pick<T>(_ choices: [T]) -> T { choices[int(choices.count)] }

    mutating func view(_ name: String) -> View {
        let view = View(x: "\(name).x", y: "\(name).y", w: "\(name).w", h: "\(name).h")
        variables += [view.x, view.y, view.w, view.h]
        return view
    }

    /// The attribute as terms over the view's frame, times `scale`.
    func terms(_ view: View, _ attribute: Attribute, scale: Double) -> [Term] {
        switch attribute {
        case .left: return [Term(view.x, scale)]
        case .right: return [Term(view.x, scale), Term(view.w, scale)]
        case .top: return [Term(view.y, scale)]
        case .bottom: return [Term(view.y, scale), Term(view.h, scale)]
        case .centerX: return [Term(view.x, scale), Term(view.w, 0.5 * scale)]
        case .centerY: return [Term(view.y, scale), Term(view.h, 0.5 * scale)]
        case .width: return [Term(view.w, scale)]
        case .height: return [Term(view.h, scale)]
        }
    }

    /// `view.a op multiplier × other.b + constant` (just `+ constant` without `other`), at a
    /// UIKit priority, or at `strength` when given.
    mutating func relate(_ view: View, _ a: Attribute, _ op: ConstraintRelation, _ other: View?, _ b: Attribute,
                         multiplier: Double = 1, constant: Double = 0, priority: Double, strength: Double? = nil) {
        var terms = terms(view, a, scale: 1)
        if let other { terms += self.terms(other, b, scale: -multiplier) }
        constraints.append(Constraint(terms: terms, constant: -constant, op: op,
                                      strength: strength ?? ConstraintStrength.layoutPriority(priority)))
    }

    /// Adds the constraints to a solver in order and turns each required one it refuses into a
    /// 999 one. Edited variables are held at their suggested values meanwhile, so that what
    /// holds is what holds on the screen the edits describe.
    mutating func softenUnsatisfiable() {
        let solver = CassowarySolver()
        var named: [String: LayoutVariable] = [:]
        for name in variables { named[name] = LayoutVariable(name) }
        for edit in edits { try? solver.addConstraint(named[edit.variable]!.equal(to: edit.suggest)) }
        for index in constraints.indices {
            for attempt in 0..<2 {
                let description = constraints[index]
                let expression = LinearExpression(terms: description.terms.map { (named[$0.variable]!, $0.coefficient) },
                                                  constant: description.constant)
                do {
                    try solver.addConstraint(LinearConstraint(expression, description.op, strength: description.strength))
                    break
                } catch {
                    if attempt == 0 { constraints[index].strength = ConstraintStrength.layoutPriority(999) }
                }
            }
        }
    }

    /// A view's constraints: a horizontal pattern, a vertical one, and size rules.
    mutating func constrain(_ view: View, in parent: View, after sibling: View?) {
        let margin = pick([0.0, 8, 16, 20, 24])
        let spacing = pick([8.0, 12, 16, 24])
        let size = pick([24.0, 44, 60, 120, 200, 240, 300])
        let optional = pick([999.0, 750, 500, 250])

        switch int(4) {
        case 0:  // pinned to both edges
            relate(view, .left, .equal, parent, .left, constant: margin, priority: 1000)
            relate(view, .right, .equal, parent, .right, constant: -margin, priority: pick([1000, 999]))
        case 1:  // centred at a size
            relate(view, .centerX, .equal, parent, .centerX, priority: 1000)
            relate(view, .width, .equal, nil, .width, constant: size, priority: pick([1000, 750]))
        case 2:  // after its sibling, as wide as it
            let anchor = sibling ?? parent
            relate(view, .left, .equal, anchor, sibling == nil ? .left : .right, constant: spacing, priority: 1000)
            relate(view, .width, .equal, anchor, .width, multiplier: sibling == nil ? 0.5 : 1, priority: 750)
        default:  // inside the margins, centred if it can be, a preferred width it may not get
            relate(view, .left, .greaterOrEqual, parent, .left, constant: margin, priority: 1000)
            relate(view, .right, .lessOrEqual, parent, .right, constant: -margin, priority: 1000)
            relate(view, .centerX, .equal, parent, .centerX, priority: optional)
            relate(view, .width, .equal, nil, .width, constant: size * 2, priority: 250)
        }

        switch int(3) {
        case 0:  // stacked below its sibling
            if let sibling {
                relate(view, .top, .equal, sibling, .bottom, constant: spacing, priority: 1000)
            } else {
                relate(view, .top, .equal, parent, .top, constant: margin, priority: 1000)
            }
        case 1:  // centred, a little off
            relate(view, .centerY, .equal, parent, .centerY, constant: pick([0.0, -40, 40]), priority: 1000)
        default:  // within the parent, a preferred height
            relate(view, .top, .greaterOrEqual, parent, .top, constant: margin, priority: 1000)
            relate(view, .bottom, .lessOrEqual, parent, .bottom, constant: -margin, priority: 1000)
            relate(view, .height, .equal, nil, .height, constant: size, priority: 500)
        }

        relate(view, .width, .greaterOrEqual, nil, .width, priority: 1000)
        relate(view, .height, .greaterOrEqual, nil, .height, priority: 1000)
        let intrinsic = Double(20 + int(280))
        switch int(5) {
        case 0:  // an aspect ratio
            relate(view, .height, .equal, view, .width, multiplier: pick([0.5, 1, 0.75]), priority: pick([1000, 999]))
        case 1:  // content hugging and compression resistance around an intrinsic height
            relate(view, .height, .lessOrEqual, nil, .height, constant: intrinsic, priority: 250)
            relate(view, .height, .greaterOrEqual, nil, .height, constant: intrinsic, priority: 750)
        case 2:  // a maximum width against a full-width wish
            relate(view, .width, .lessOrEqual, nil, .width, constant: 320, priority: 1000)
            relate(view, .width, .equal, parent, .width, priority: pick([500, 250]))
        case 3:  // kiwi's own strengths
            relate(view, .height, .equal, parent, .height, multiplier: 0.25, priority: 0, strength: pick([ConstraintStrength.weak, ConstraintStrength.medium]))
            relate(view, .bottom, .lessOrEqual, parent, .bottom, priority: 0, strength: ConstraintStrength.strong)
        default:
            break
        }
    }
}
