import Codecs
import Foundation
import Demos
import Geometry
import Layout
import Motion
import Raster
import Scene
import SVG
import Text

/// Constraints: VFL strings, equations and constraint groups made into layout constraints.
extension SceneBuilder {
    /// A constraint list entry, made once: its constraints (for each order of a shuffle group),
    /// the view holding them and which are active.
    final class ConstraintGroup {
        var constraints: [LayoutConstraint]
        let holder: View
        var active: Bool
        /// For a shuffle group: the ids `$1`, `$2`, … stand for and the constraints for each order.
        var shuffleIDs: [String] = []
        var byOrder: [[String]: [LayoutConstraint]] = [:]

        init(constraints: [LayoutConstraint], holder: View, active: Bool) {
            self.constraints = constraints
            self.holder = holder
            self.active = active
        }
    }

    /// The views a format names: its identifiers that are view ids.
    func views(in format: String) -> [String: LayoutItem] {
        var found: [String: LayoutItem] = [:]
        var word = ""
        for c in format.unicodeScalars {
            if c == "_" || (c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c))) {
                word.unicodeScalars.append(c)
                continue
            }
            if let item = formatReader.items[word] { found[word] = item }
            word = ""
        }
        if let item = formatReader.items[word] { found[word] = item }
        return found
    }

    func makeConstraints(_ spec: ConstraintGroupSpec, path: [PathStep]) {
        if let id = spec.id {
            guard checkIdentifier(id, path + [.key("id")]) else { return }
            if groups[id] != nil { log.add(path + [.key("id")], "the constraint id '\(id)' is already used") }
        }
        func formatOptions(_ names: Names?, _ at: [PathStep]) -> FormatOptions {
            var options: FormatOptions = []
            for (i, name) in (names?.values ?? []).enumerated() {
                guard let option = FormatOptions(name: name) else {
                    log.add(at + (names!.values.count > 1 ? [.index(i)] : []),
                            "unknown format option '\(name)' (alignAllTop, alignAllCenterY, directionLeftToRight, …)")
                    continue
                }
                options.insert(option)
            }
            return options
        }
        let options = formatOptions(spec.options, path + [.key("options")])
        let metrics = formatMetrics(spec, path: path)
        let vfl = spec.vfl?.formats ?? [], equations = spec.equation?.values ?? []
        let vflPaths: [[PathStep]] = vfl.indices.map { i in
            path + (spec.vfl.map { $0.formats.count > 1 } ?? false ? [.key("vfl"), .index(i)] : [.key("vfl")])
        }
        let vflOptions = vfl.enumerated().map { i, f in options.union(formatOptions(f.options, vflPaths[i] + [.key("options")])) }
        if vfl.isEmpty && equations.isEmpty { log.add(path, "a constraint group needs vfl or equation") }
        func made(_ substitutions: [String: String]) -> [LayoutConstraint]? {
            var out: [LayoutConstraint] = []
            var ok = true
            for (i, entry) in vfl.enumerated() {
                let format = substitute(entry.format, substitutions)
                let at = vflPaths[i] + (entry.options == nil ? [] : [.key("format")])
                do {
                    out += try formatReader.engine.constraints(withVisualFormat: format, options: vflOptions[i],
                                                               metrics: metrics, views: views(in: format))
                } catch {
                    report(error, text: entry.format, at: at)
                    ok = false
                }
            }
            for (i, text) in equations.enumerated() {
                let at = path + (spec.equation!.values.count > 1 ? [.key("equation"), .index(i)] : [.key("equation")])
                do {
                    out.append(try formatReader.engine.constraint(parsing: substitute(text, substitutions), items: formatReader.items))
                } catch {
                    report(error, text: text, at: at)
                    ok = false
                }
            }
            return ok ? out : nil
        }
        let active = spec.active ?? true
        if let ids = spec.shuffle {
            guard let id = spec.id else { return log.add(path + [.key("shuffle")], "a shuffle group needs an id for the shuffle action") }
            for (i, v) in ids.enumerated() where views[v] == nil {
                log.add(path + [.key("shuffle"), .index(i)], "unknown view '\(v)'")
            }
            guard ids.allSatisfy({ views[$0] != nil }), ids.count <= 6 else {
                if ids.count > 6 { log.add(path + [.key("shuffle")], "a shuffle group orders at most 6 views") }
                return
            }
            var byOrder: [[String]: [LayoutConstraint]] = [:]
            for order in Demos.permutations(of: ids) {
                let names = Dictionary(uniqueKeysWithValues: order.enumerated().map { ("$\($0.offset + 1)", $0.element) })
                guard let constraints = made(names) else { return }
                byOrder[order] = constraints
            }
            let holder = commonAncestor(of: byOrder.values.first ?? []) ?? root
            let group = ConstraintGroup(constraints: [], holder: holder, active: false)
            group.shuffleIDs = ids
            group.byOrder = byOrder
            groups[id] = group
            return
        }
        guard let constraints = made([:]) else { return }
        let group = ConstraintGroup(constraints: constraints, holder: commonAncestor(of: constraints) ?? root, active: active)
        if active { group.holder.addConstraints(constraints) }
        if let id = spec.id { groups[id] = group }
    }

    /// The text with `$1`, `$2`, … replaced (longest first, so `$12` is not read as `$1`).
    func substitute(_ text: String, _ names: [String: String]) -> String {
        guard !names.isEmpty else { return text }
        return names.keys.sorted { $0.count > $1.count }.reduce(text) { $0.replacingOccurrences(of: $1, with: names[$1]!) }
    }

    func report(_ error: Error, text: String, at path: [PathStep]) {
        if let vf = error as? VisualFormatError {
            // Point at the character in the string when it is written on one line, unquoted or quoted.
            log.add(path, "\(vf.message) in '\(text)' at character \(vf.position + 1)")
        } else {
            log.add(path, "\(error)")
        }
    }

    /// UIKit's rule: a constraint is held by the nearest common ancestor of the views it relates.
    func commonAncestor(of constraints: [LayoutConstraint]) -> View? {
        let items = constraints.flatMap { [$0.firstItem, $0.secondItem].compactMap { $0 as? View } }
        guard var candidate = items.first else { return nil }
        func chain(_ v: View) -> [View] { var out = [v]; var p = v.superview; while let x = p { out.append(x); p = x.superview }; return out }
        for item in items.dropFirst() {
            let ancestors = chain(item)
            candidate = chain(candidate).first { c in ancestors.contains { $0 === c } } ?? root
        }
        return candidate
    }
}
