// The Motion module: the animations the demos run, frame-exact with Facebook POP and with the
// public reconstruction of UIKit's block animations, on a clock that is the frame index.
//
// The pieces:
//   AnimatableProperty (name, components, threshold, read/write into a target object)
//   PropertyAnimation  -> BasicAnimation, SpringAnimation, DecayAnimation (POP)
//                      -> UIKitAnimation (a UIKitTiming: a timing curve or the damped spring)
//   Animator           (keyed animations per target, one `step()` per 60 Hz frame, POP's order
//                       of writes and completions, POP's repeats: repeatCount, repeatForever,
//                       autoreverses, a leg restarting on the frame the last one ended)
//   RepeatTiming       (Core Animation's repeats for UIKit blocks: a continuous clock, fractional
//                       counts, `.repeat` and `.autoreverse`)
//   Trajectory         (one animation run on its own, for `popping-render curve` and the tests)
//
// POP is ported operation for operation where its arithmetic shows: the spring solver's fixed
// Float(0.001) s RK4 step and interpolation (SpringSolver), WebKit's UnitBezier with POP's epsilon
// and float control points (BasicAnimation), the decay's float32 maths (DecayAnimation).
//
// A scene scripts it like this:
//
//     let scale = AnimatableProperty(.scaleXY, keyPath: \Layer.scale)
//     let spring = SpringAnimation(to: [1, 1], velocity: [3, 3], bounciness: 18)
//     animator.add(spring, forKey: "layerScaleSpringAnimation", to: layer, property: scale)
//
//     let timing = UIKitTiming.animate(duration: 0.3, dampingRatio: 0.7, initialVelocity: 0.7)
//     animator.add(UIKitAnimation(timing: timing, from: AnimationVector(oldWidth), to: AnimationVector(newWidth)),
//                  forKey: "width", to: constraint, property: constant)
//
//     animator.step()   // the next frame
