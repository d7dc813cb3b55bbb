internal import SkillscopeCore
internal import SkillscopeReport

/// The rules section of a file page and of an analysis: the seed page's sentence, the count per rating with
/// what it means, a filter by rating, and each rule with its rating, evidence and a link to its line.
enum RatingHTML {
    /// - Parameter more: where the next rules are, when the report holds only some of them.
    static func section(_ report: FileReport, linksLines: Bool = true, more: ((Int) -> String)? = nil) -> String {
        let ratings = report.ratings
        let noun = report.file.kind == .skill ? "skill" : "file"
        var out = "<section aria-labelledby=\"rules\" class=\"rules-section\"><h2 id=\"rules\">Rules</h2>"
        out += "<p>We split this \(noun) into the rules it gives an agent.</p>"
        out += "<p class=\"rating-sentence\">\(HTML.escape(ratings.sentence))</p>"
        let estimated = ratings.editedVersions == 0
        let peers = ratings.peers.map { "the \($0) files most like this one" } ?? "the files most like this one"
        let commonNote =
            estimated
            ? "Too few edited versions to measure: ≈ held by at least 1 in 5 of \(peers)."
            : "Most of the \(ratings.editedVersions) edited versions we read keep these."
        let groups: [(RuleRating, Int, String)] = [
            (.common, ratings.counts.common, commonNote),
            (.distinctive, ratings.counts.distinctive, "This author's own choices. Worth a look."),
            (
                .verySpecific, ratings.counts.verySpecific,
                "Tied to their project's names, files or tools. Probably skip."
            ),
        ]
        out += "<ul class=\"rating-summary\">"
        for (rating, count, note) in groups {
            let about = estimated && rating != .verySpecific ? "≈" : ""
            out +=
                "<li class=\"rating-\(rating.rawValue)\"><strong class=\"count\">\(about)\(count)</strong> \(rating.title)"
                + " <span class=\"muted\">\(HTML.escape(note))</span></li>"
        }
        out += "</ul>"
        if !report.rules.isEmpty {
            // The filter works without script: each box shows or hides its rating's rules (CSS :has).
            out += "<fieldset class=\"rating-filter\"><legend>Show</legend>"
            for (rating, count, _) in groups {
                out +=
                    "<label class=\"rating-\(rating.rawValue)\"><input type=\"checkbox\" id=\"show-\(rating.rawValue)\" data-rating=\"\(rating.rawValue)\" checked> \(rating.title) (\(count))</label> "
            }
            out += "</fieldset>"
        }
        out += "<ol class=\"rules\">"
        for rule in report.rules {
            let label = rule.rating.map { (rule.isEstimate ? "≈ " : "") + $0.title } ?? "Not rated"
            let rating = rule.rating?.rawValue ?? "not-rated"
            let line = linksLines ? "<a href=\"#L\(rule.line)\">line \(rule.line)</a>" : "line \(rule.line)"
            out +=
                "<li data-rating=\"\(rating)\"><span class=\"rating rating-\(rating)\">"
                + "\(HTML.escape(label))</span>: \(line) "
                + "<span class=\"rule-text\">\(HTML.inline(rule.text))</span> <span class=\"muted evidence\">(\(HTML.escape(rule.evidence)))</span></li>"
        }
        out += "</ol>"
        if let shown = report.rulesShown {
            out +=
                "<p class=\"rules-window\">Rules \(Number.grouped(shown.offset + 1))–\(Number.grouped(shown.offset + shown.count)) of \(Number.grouped(shown.total)) are shown."
            if let more, shown.offset + shown.count < shown.total {
                out += " <a rel=\"next\" href=\"\(HTML.escape(more(shown.offset + shown.count)))\">The next rules</a>"
            }
            if let more, shown.offset > 0 { out += " · <a href=\"\(HTML.escape(more(0)))\">The first rules</a>" }
            out += "</p>"
        }
        out +=
            "<h3 class=\"how-ratings\">How ratings are found</h3><p class=\"muted how-ratings\">“Common” is measured:"
        out += " kept by at least 6 in 10 of the file's edited versions (with at least 5 to read). Otherwise it is ≈"
        out += " estimated from the file's peers: its versions first, then the files nearest it in meaning, one a"
        out += " repository and never a word-for-word copy, up to 100; a rule is ≈ common when at least 1 in 5 of them"
        out += " hold a rule of its kind. “Very specific”: it names a file of the project's tree, a path, a"
        out += " command, a setting, an environment variable or a host that only a few repositories name."
        switch ratings.embedder {
        case .some(let embedder) where ratings.kindsByMeaning:
            out += " Rules of one kind were grouped by meaning (\(HTML.escape(embedder)))."
        case .some(let embedder):
            out += " Rules of one kind were grouped by their words only (\(HTML.escape(embedder))): no model was"
            out += " installed, so rules worded differently count apart."
        case .none: out += " The registry's rules are not grouped into kinds yet."
        }
        out += "</p>"
        return out + "</section>"
    }
}
