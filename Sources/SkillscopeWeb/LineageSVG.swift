internal import Foundation
internal import SkillscopeStore

/// The lineage picture: the file and its versions placed by first-seen date (left to right), one row each, with
/// an arrow from each version to the file it most likely came from.
///
/// Plain SVG, every label escaped.
enum LineageSVG {
    struct Node {
        var key: String
        var label: String
        var date: String
        var link: String?
        var isSubject: Bool
        var cameFrom: String?
    }

    /// Versions drawn at most; the most starred are kept when there are more.
    static let limit = 24

    static func render(subject: StoredFile, report: VersionReport) -> String? {
        let versions = report.bands.filter { $0.band != .own }.flatMap(\.versions)
            .sorted { ($0.stars, $1.firstSeen) > ($1.stars, $0.firstSeen) }.prefix(limit)
        guard !versions.isEmpty else { return nil }
        var nodes = [
            Node(
                key: subject.key.description, label: subject.key.repository,
                date: report.subject.firstSeen ?? subject.firstSeen, link: nil, isSubject: true, cameFrom: nil)
        ]
        for version in versions {
            nodes.append(
                Node(
                    key: "\(version.repository)/\(version.path)", label: version.repository, date: version.firstSeen,
                    link: "/files/\(version.id)", isSubject: false, cameFrom: version.cameFrom?.description))
        }
        nodes.sort { $0.date < $1.date }
        let dates = nodes.map { day($0.date) }
        let first = dates.min() ?? 0
        let span = max(1, (dates.max() ?? 0) - first)
        let width = 640.0
        let rowHeight = 22.0
        let height = Double(nodes.count) * rowHeight + 30
        var position: [String: (Double, Double)] = [:]
        for (index, node) in nodes.enumerated() {
            let x = 10 + (width - 220) * Double(day(node.date) - first) / Double(span)
            position[node.key] = (x, 20 + Double(index) * rowHeight)
        }
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(Int(width)) \(Int(height))" role="img" \
            aria-labelledby="lineage-title" class="lineage"><title id="lineage-title">Versions by first-seen date, \
            each with an arrow to the file it most likely came from</title>
            <defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" \
            orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#555"/></marker></defs>
            """
        for node in nodes {
            guard let from = position[node.key], let origin = node.cameFrom, let to = position[origin] else { continue }
            out += "<line x1=\"\(Int(from.0))\" y1=\"\(Int(from.1))\" x2=\"\(Int(to.0))\" y2=\"\(Int(to.1))\" "
            out += "stroke=\"#555\" stroke-width=\"1\" marker-end=\"url(#arrow)\"/>"
        }
        for node in nodes {
            guard let (x, y) = position[node.key] else { continue }
            let fill = node.isSubject ? "#0645ad" : "#fff"
            var circle = "<circle cx=\"\(Int(x))\" cy=\"\(Int(y))\" r=\"5\" fill=\"\(fill)\" stroke=\"#0645ad\"/>"
            circle += "<text x=\"\(Int(x) + 9)\" y=\"\(Int(y) + 4)\" font-size=\"11\" fill=\"#1a1a1a\">"
            circle += HTML.escape(node.label) + " · " + HTML.escape(String(node.date.prefix(10))) + "</text>"
            out += node.link.map { "<a href=\"\(HTML.escape($0))\">\(circle)</a>" } ?? circle
        }
        return out + "</svg>"
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
