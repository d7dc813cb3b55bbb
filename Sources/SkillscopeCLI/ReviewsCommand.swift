internal import Foundation
internal import SkillscopeStore

/// `skillscope reviews list|hide|show`: an operator looks at reported and hidden reviews.
struct ReviewsCommand: Command {
    static let name = "reviews"
    static let summary = "list reported or hidden reviews, hide one, or show one again"
    static let help = """
        Usage: skillscope reviews list [--hidden] [--limit N] [--json] [--db PATH]
               skillscope reviews hide ID [--db PATH]
               skillscope reviews show ID [--db PATH]

        A review reported by 3 different people (or addresses, from visitors not signed in) is hidden from the file
        page, the API and MCP until an operator looks. `list` shows the reviews that were reported or are hidden,
        newest first (only the hidden ones with --hidden; at most --limit, 50 unless given): id, whether hidden and
        by what, reports, outcome, who, the file and what it was used for. `hide` hides a review; `show` shows it
        again and keeps it shown, whatever reports come after.

        Exit codes: 0 done, 64 usage, 65 no review with that id, 66 no registry.
        """

    enum Action {
        case list(hiddenOnly: Bool, limit: Int)
        case hide(Int64)
        case show(Int64)
    }
    var action: Action

    init(arguments: inout Arguments, context: Context) throws(CLIError) {
        let hidden = arguments.flag("hidden")
        let limit = try arguments.integer("limit", in: 1...10_000) ?? 50
        let rest = try arguments.positionals()
        switch rest.first {
        case "list" where rest.count == 1:
            action = .list(hiddenOnly: hidden, limit: limit)
        case "hide" where rest.count == 2, "show" where rest.count == 2:
            guard let id = Int64(rest[1]), id > 0 else {
                throw .usage(
                    "\(rest[0]) takes a review's id, a number (from `skillscope reviews list`)", command: Self.name)
            }
            action = rest[0] == "hide" ? .hide(id) : .show(id)
        default:
            throw .usage("say `reviews list`, `reviews hide ID` or `reviews show ID`", command: Self.name)
        }
    }

    struct Listed: Encodable {
        var id: Int64
        var fileID: Int64
        var file: String
        var outcome: String
        var by: String
        var usedFor: String
        var at: String
        var reports: Int
        var hidden: Bool
        var hiddenBy: String?
        var hiddenAt: String?
        var shownAgainAt: String?
    }

    func run(context: Context) async throws -> ExitCode {
        let store = try context.openExistingStore()
        switch action {
        case .list(let hiddenOnly, let limit):
            let reviews = try store.moderatedReviews(hiddenOnly: hiddenOnly, limit: limit)
            let listed = try reviews.map { moderated -> Listed in
                let review = moderated.review
                let key = try store.file(.id(review.fileID))?.key.description ?? "file \(review.fileID)"
                return Listed(
                    id: review.id, fileID: review.fileID, file: key, outcome: review.outcome.rawValue,
                    by: review.attribution, usedFor: review.usedFor, at: review.at, reports: moderated.reports,
                    hidden: review.hiddenAt != nil, hiddenBy: review.hiddenBy, hiddenAt: review.hiddenAt,
                    shownAgainAt: review.keptAt)
            }
            if context.json {
                try context.output.json(listed)
                return .success
            }
            if listed.isEmpty {
                context.output.print(hiddenOnly ? "no hidden reviews" : "no reported or hidden reviews")
            }
            for review in listed {
                let state =
                    review.hidden
                    ? "hidden by \(review.hiddenBy ?? "?")"
                    : review.shownAgainAt != nil ? "shown by an operator" : "shown"
                context.output.print(
                    "\(review.id)\t\(state)\t\(review.reports) report\(review.reports == 1 ? "" : "s")\t"
                        + "\(review.outcome)\t\(review.by)\t\(review.file)\t\(review.usedFor)")
            }
            return .success
        case .hide(let id), .show(let id):
            let hide = if case .hide = action { true } else { false }
            guard try store.setReviewHidden(id: id, hidden: hide, at: ReviewSubmission.now()) else {
                throw CLIError("there is no review \(id)", exitCode: .dataError)
            }
            context.output.print(hide ? "review \(id) is hidden" : "review \(id) is shown, and stays shown")
            return .success
        }
    }
}
