/// What Auto Layout logs when required constraints cannot all hold: the smallest set of
/// active constraints that conflict, and the one the engine broke (left out) to carry on.
public struct ConflictReport: CustomStringConvertible {
    /// A minimal conflicting set: dropping any one of them makes the rest satisfiable.
    public let constraints: [LayoutConstraint]
    /// The constraint that was left out of the layout (the one being added or changed).
    public let broken: LayoutConstraint

    /// The log text, in the shape of UIKit's console message.
    public var description: String {
        let list = constraints.map { "    \"<LayoutConstraint \($0)>\"" }.joined(separator: ",\n")
        return """
            Unable to simultaneously satisfy constraints.
            \tProbably at least one of the constraints in the following list is one you don't want. \
            Try this: (1) look at each constraint and try to figure out which you don't expect; \
            (2) find the code that added the unwanted constraint or constraints and fix it.
            (
            \(list)
            )

            Will attempt to recover by breaking constraint 
            <LayoutConstraint \(broken)>
            """
    }
}
