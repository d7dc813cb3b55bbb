internal import SkillscopeCore

/// The rules part of a file page (and of "analyze your own"): the summary sentence, the three counts with what
/// they mean, and each rule with its line, rating and evidence.
enum RatingHTML {
    static func section(_ report: RuleRatingReport, kind: FileKind) -> String {
        let noun = kind == .skill ? "skill" : "file"
        var out = "<section aria-labelledby=\"rules\"><h2 id=\"rules\">Rules</h2>"
        out += "<p>We split this \(noun) into the rules it gives an agent.</p>"
        out += "<p class=\"rating-sentence\">\(HTML.escape(report.sentence))</p>"
        let commonNote =
            report.editedVersions > 0
            ? "Most of the \(report.editedVersions) edited versions we read keep these."
            : "Too few edited versions to measure: ≈ held by at least 1 in 5 files of the registry."
        let groups: [(RuleRating, String)] = [
            (.common, commonNote), (.distinctive, "This author's own choices. Worth a look."),
            (.verySpecific, "Tied to their project's names, files or tools. Probably skip."),
        ]
        out += "<ul class=\"rating-summary\">"
        for (rating, note) in groups {
            out +=
                "<li class=\"rating-\(rating.rawValue)\"><strong>\(report.count(rating))</strong> \(rating.title)"
                + " <span class=\"muted\">\(HTML.escape(note))</span></li>"
        }
        out += "</ul><ol class=\"rules\">"
        for rule in report.rules {
            let label = (rule.isEstimate ? "≈ " : "") + rule.rating.title
            out +=
                "<li data-rating=\"\(rule.rating.rawValue)\"><span class=\"rating rating-\(rule.rating.rawValue)\">"
                + "\(HTML.escape(label))</span>: <a href=\"#L\(rule.line)\">line \(rule.line)</a> "
                + "\(HTML.escape(rule.text)) <span class=\"muted evidence\">(\(HTML.escape(rule.evidence)))</span></li>"
        }
        out += "</ol><p class=\"muted\">“Common” is measured: kept by at least 6 in 10 of the file's edited versions"
        out += " (with at least 5 to read), or ≈ estimated from the registry. “Very specific”: it names a path, a"
        out += " command, a setting, an environment variable or a host that only a few repositories name.</p>"
        return out + "</section>"
    }
}
