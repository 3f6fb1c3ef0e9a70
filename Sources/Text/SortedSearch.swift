extension Array {
    /// The index of the first element for which `isBefore` is false, by binary search; the array
    /// must hold every element for which it is true first (as a sorted table does for "less than
    /// the key"). `count` when there is none. Font tables are looked up this way.
    func partitionPoint(_ isBefore: (Element) -> Bool) -> Int {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if isBefore(self[mid]) { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
