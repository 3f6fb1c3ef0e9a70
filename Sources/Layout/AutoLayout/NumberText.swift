/// A number the way `%g` prints layout values: whole numbers without a fraction.
func compactNumber(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}
