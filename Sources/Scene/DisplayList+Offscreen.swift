import Geometry
import Raster

/// The offscreen memory a display list needs at its busiest moment while it is rasterised.
public struct OffscreenUse: Equatable, Sendable {
    /// Bytes held at once besides the frame itself.
    public var bytes = 0
    /// Layers of the frame's size open at that moment: groups (a view whose alpha is below 1
    /// over subviews, a layer with a mask) and the masks being drawn into them.
    public var layers = 0
    /// Clip masks kept at that moment (`clipsToBounds`, `masksToBounds` and their corners).
    public var clips = 0

    public init(bytes: Int = 0, layers: Int = 0, clips: Int = 0) {
        (self.bytes, self.layers, self.clips) = (bytes, layers, clips)
    }
}

extension DisplayList {
    /// What `rasterise()` allocates beyond the frame at its busiest, worked out from the items
    /// before any pixel is allocated: 4 bytes a frame pixel for each open group and each mask
    /// being drawn, a byte a pixel for each open clip's coverage mask (the clip path's device
    /// bounds within the clips around it; the whole enclosing clip inside a projection), and
    /// a composited copy of the frame for a backdrop drawn inside a group.
    public var offscreenUse: OffscreenUse {
        let layerBytes = width * height * 4
        let frame = Rect(0, 0, Double(width), Double(height))
        /// Layers per open group: 1, or 2 once its mask is being drawn.
        var groups: [Int] = []
        var clips: [(bounds: Rect?, bytes: Int)] = []
        var projections = 0
        var current = OffscreenUse()
        var most = OffscreenUse()
        func note(extra: Int = 0) {
            if current.bytes + extra > most.bytes {
                most = current
                most.bytes += extra
            }
        }
        for item in items {
            switch item {
            case .beginGroup:
                groups.append(1)
                current.layers += 1
                current.bytes += layerBytes
            case .beginMask:
                guard !groups.isEmpty else { continue }
                groups[groups.count - 1] += 1
                current.layers += 1
                current.bytes += layerBytes
            case .endGroup:
                guard let layers = groups.popLast() else { continue }
                current.layers -= layers
                current.bytes -= layers * layerBytes
            case let .beginClip(path, transform):
                let enclosing = clips.last.map(\.bounds) ?? frame
                let bounds = projections > 0 ? enclosing
                    : enclosing.flatMap { transform.apply(path.bounds).intersection($0) }
                let area = bounds.map { $0.width.rounded(.up) * $0.height.rounded(.up) } ?? 0
                let bytes = Int(area) // bounded: within the frame's width × height
                clips.append((bounds, bytes))
                current.clips += 1
                current.bytes += bytes
            case .endClip:
                guard let clip = clips.popLast() else { continue }
                current.clips -= 1
                current.bytes -= clip.bytes
            case .beginProjection:
                projections += 1
            case .endProjection:
                projections = max(0, projections - 1)
            case .backdrop where !groups.isEmpty:
                note(extra: layerBytes)
            case .fill, .paint, .vector, .image, .text, .mask, .backdrop:
                break
            }
            note()
        }
        return most
    }
}
