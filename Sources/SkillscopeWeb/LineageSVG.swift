internal import Foundation
internal import SkillscopeStore
internal import SkillscopeVersions

/// The lineage picture: the file and its versions, one row each in order of first-seen date, each placed on a
/// time line by that date, with an edge from each to the file it most likely came from.
///
/// Labels stand in their own column left of the time line, so no edge crosses one; a label too long for the
/// column is shortened with "…" and kept whole in its tooltip. The picture is 360 units wide, and reads at
/// 390 px without scaling down. Plain SVG, every label escaped.
enum LineageSVG {
    /// The stored file the page is about.
    struct Subject {
        var id: Int64
        var repository: String
        var path: String
    }

    struct Node {
        var key: String
        var label: String
        var date: String
        var link: String?
        var isSubject: Bool
        var cameFrom: String?
        /// The likely origin (first among nodes of its date, as the report chose it).
        var isOrigin = false
    }

    /// Versions drawn at most; the most starred are kept when there are more.
    static let limit = 24
    static let width = 360.0
    static let labelWidth = 170.0
    static let rowHeight = 22.0
    /// Characters a label keeps in its column at the font size used.
    static let labelCharacters = 26

    static func render(subject: Subject, report: VersionReport) -> String? {
        let versions = report.bands.filter { $0.band != .own }.flatMap(\.versions)
            .sorted { ($0.stars, $1.firstSeen) > ($1.stars, $0.firstSeen) }.prefix(limit)
        guard !versions.isEmpty else { return nil }
        let subjectKey = "\(subject.repository)/\(subject.path)"
        var nodes = [
            Node(
                key: subjectKey, label: subject.repository, date: report.subject.firstSeen ?? "", link: nil,
                isSubject: true, cameFrom: nil, isOrigin: report.likelyOrigin?.isSubject == true)
        ]
        for version in versions {
            nodes.append(
                Node(
                    key: "\(version.repository)/\(version.path)", label: version.repository, date: version.firstSeen,
                    link: "/files/\(version.id)", isSubject: false, cameFrom: version.cameFrom?.description,
                    isOrigin: version.isLikelyOrigin))
        }
        // By date; among nodes of one date the likely origin first, as the report chose it, then the subject.
        nodes.sort {
            ($0.date, $0.isOrigin ? 0 : 1, $0.isSubject ? 0 : 1, $0.key)
                < ($1.date, $1.isOrigin ? 0 : 1, $1.isSubject ? 0 : 1, $1.key)
        }
        let edges = Self.edges(nodes)
        let dates = nodes.map { day($0.date) }
        let first = dates.min() ?? 0
        let span = max(1, (dates.max() ?? 0) - first)
        let left = labelWidth + 10
        let right = width - 10
        let height = Double(nodes.count) * rowHeight + 34
        var position: [String: (Double, Double)] = [:]
        for (index, node) in nodes.enumerated() {
            let x = left + (right - left) * Double(day(node.date) - first) / Double(span)
            position[node.key] = (x, 16 + Double(index) * rowHeight)
        }
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(Int(width)) \(Int(height))" width="\(Int(width))" \
            role="img" aria-labelledby="lineage-title" class="lineage"><title id="lineage-title">Versions by \
            first-seen date, each with an edge to the file it most likely came from</title>
            <defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" \
            orient="auto"><path d="M0,0 L10,5 L0,10 z" class="edge-head"/></marker></defs>
            """
        for (from, to) in edges {
            guard let a = position[from], let b = position[to] else { continue }
            // A curve that leaves and enters its nodes sideways, bowing right: it stays on the time line.
            let bow = max(a.0, b.0) + 14
            out += "<path class=\"edge\" data-from=\"\(HTML.escape(from))\" data-to=\"\(HTML.escape(to))\" "
            out +=
                "d=\"M\(Int(a.0)),\(Int(a.1)) C\(Int(bow)),\(Int(a.1)) \(Int(bow)),\(Int(b.1)) \(Int(b.0)),\(Int(b.1))\" "
            out += "fill=\"none\" marker-end=\"url(#arrow)\"/>"
        }
        for node in nodes {
            guard let (x, y) = position[node.key] else { continue }
            let label =
                node.label.count > labelCharacters ? String(node.label.prefix(labelCharacters - 1)) + "…" : node.label
            var item =
                "<g class=\"node\(node.isSubject ? " subject" : "")\"><title>\(HTML.escape(node.label)), first seen "
            item += HTML.escape(String(node.date.prefix(10))) + "</title>"
            item +=
                "<line class=\"guide\" x1=\"\(Int(labelWidth))\" y1=\"\(Int(y))\" x2=\"\(Int(x))\" y2=\"\(Int(y))\"/>"
            item += "<circle cx=\"\(Int(x))\" cy=\"\(Int(y))\" r=\"5\"/>"
            item += "<text x=\"0\" y=\"\(Int(y) + 4)\" font-size=\"11\">\(HTML.escape(label))</text></g>"
            out += node.link.map { "<a href=\"\(HTML.escape($0))\">\(item)</a>" } ?? item
        }
        let bottom = Int(height) - 6
        out +=
            "<text class=\"axis\" x=\"\(Int(left))\" y=\"\(bottom)\" font-size=\"10\">\(HTML.escape(String(nodes.first?.date.prefix(10) ?? "")))</text>"
        out +=
            "<text class=\"axis\" x=\"\(Int(right))\" y=\"\(bottom)\" font-size=\"10\" text-anchor=\"end\">\(HTML.escape(String(nodes.last?.date.prefix(10) ?? "")))</text>"
        return out + "</svg>"
    }

    /// One edge for each node but the earliest: to the file it came from where that is drawn and earlier, else to
    /// the earliest node (the likely origin of what is drawn).
    static func edges(_ nodes: [Node]) -> [(String, String)] {
        guard let root = nodes.first else { return [] }
        var index: [String: Int] = [:]
        for (position, node) in nodes.enumerated() { index[node.key] = position }
        var out: [(String, String)] = []
        for (position, node) in nodes.enumerated().dropFirst() {
            if let source = node.cameFrom, let at = index[source], at < position {
                out.append((node.key, source))
            } else {
                out.append((node.key, root.key))
            }
        }
        return out
    }

    /// Days since 1970 for an ISO 8601 date (its first ten characters).
    static func day(_ date: String) -> Int {
        let parts = date.prefix(10).split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return 0 }
        var components = DateComponents()
        (components.year, components.month, components.day) = (parts[0], parts[1], parts[2])
        components.timeZone = TimeZone(identifier: "UTC")
        let calendar = Calendar(identifier: .gregorian)
        return Int((calendar.date(from: components)?.timeIntervalSince1970 ?? 0) / 86_400)
    }
}
