internal import Foundation
internal import Hashing
internal import MicroHTTP
internal import SkillscopeStore

/// Writing reviews: from the API with a bearer token, or from the file page's form with the token pasted and a
/// CSRF cookie (double submit: the form's hidden field must equal the cookie the page set).
struct Reviews {
    let store: any Store
    static let cookie = "skillscope_csrf"

    /// `POST /api/v1/files/{id}/reviews` with `Authorization: Bearer …` and `{"outcome", "usedFor", "reviewer"}`
    /// (and, optionally, `costUSD` and `latencyMs`).
    func post(fileID: Int64, request: HTTPRequest) throws -> HTTPResponse {
        let submission = ReviewSubmission(store: store)
        let written: ReviewSubmission.Written
        do {
            let token = try submission.authorize(secret: request.bearerToken)
            guard let body = try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any] else {
                throw WebError(400, "bad_request", "send a JSON object: {\"outcome\": \"worked\", \"usedFor\": \"…\"}")
            }
            for field in ["outcome", "usedFor", "reviewer"] where body[field] != nil && !(body[field] is String) {
                throw WebError(400, "bad_request", "\(field) must be a string")
            }
            for field in ["costUSD", "latencyMs"] where body[field] != nil && !(body[field] is NSNumber) {
                throw WebError(400, "bad_request", "\(field) must be a number")
            }
            if body["latencyMs"] != nil,
                (body["latencyMs"] as? NSNumber).map({ Double($0.intValue) != $0.doubleValue }) ?? true
            {
                throw WebError(400, "bad_request", "latencyMs must be a whole number")
            }
            written = try submission.submit(
                fileID: fileID, token: token, outcome: body["outcome"] as? String, usedFor: body["usedFor"] as? String,
                reviewer: body["reviewer"] as? String, costUSD: (body["costUSD"] as? NSNumber)?.doubleValue,
                latencyMs: (body["latencyMs"] as? NSNumber)?.intValue)
        } catch let refusal as ReviewSubmission.Refusal {
            throw WebError(refusal)
        }
        return HTTPResponse(
            status: written.replaced ? 200 : 201, contentType: "application/json",
            body: JSONSerialization.compact([
                "id": written.reviewID, "replaced": written.replaced, "summary": try summary(fileID),
            ]))
    }

    /// A form sent back with what was typed and why it was refused, to show again on the file page.
    struct Refused: Error {
        var status: Int
        var message: String
        var draft: Draft
    }

    /// What a review form held.
    struct Draft: Sendable, Equatable {
        var outcome: String?
        var usedFor: String
    }

    /// `POST /files/{id}/reviews` from the page's form: a signed-in person's review (their account's, one per
    /// file version: a second replaces the first), or one with a pasted operator's token.
    ///
    /// - Throws: ``Refused`` with the form's text when the review is refused, for the page to show again.
    func postForm(fileID: Int64, request: HTTPRequest, account: AccountRecord?, byAddress: RateLimiter) throws
        -> HTTPResponse
    {
        let form = Self.formValues(String(decoding: request.body, as: UTF8.self))
        let draft = Draft(outcome: form["outcome"], usedFor: String((form["used_for"] ?? "").prefix(2_000)))
        guard byAddress.allow(request.clientAddress) else {
            throw Refused(
                status: 429,
                message: "Too many reviews from your address in ten minutes: wait a little and send it again.",
                draft: draft)
        }
        do {
            try Self.checkCSRF(form: form, request: request)
        } catch let error as WebError {
            throw Refused(status: error.status, message: error.message, draft: draft)
        }
        let submission = ReviewSubmission(store: store)
        do {
            let token: TokenRecord
            let reviewer: String
            if let account, (form["token"] ?? "").isEmpty {
                token = TokenRecord(
                    id: account.personTokenID, name: "@" + account.login, createdAt: account.createdAt, kind: .person,
                    accountID: account.id, accountLogin: account.login)
                reviewer = "@" + account.login
            } else {
                token = try submission.authorize(secret: form["token"])
                reviewer = token.displayName
            }
            _ = try submission.submit(
                fileID: fileID, token: token, outcome: form["outcome"], usedFor: form["used_for"], reviewer: reviewer)
        } catch let refusal as ReviewSubmission.Refusal {
            let status = WebError(refusal).status
            var message = refusal.message
            if refusal.code == .unauthorized {
                message =
                    account == nil
                    ? "Sign in with GitHub to review (or paste a token this registry's operator gave you)."
                    : "That token is not known to the registry."
            }
            throw Refused(status: status, message: message, draft: draft)
        }
        return HTTPResponse(status: 303, headers: [("Location", "/files/\(fileID)#reviews")], body: [])
    }

    /// `POST /files/{id}/reviews/{review}/delete`: a signed-in person deletes their own review.
    func deleteForm(fileID: Int64, reviewID: Int64, request: HTTPRequest, account: AccountRecord?) throws
        -> HTTPResponse
    {
        let form = Self.formValues(String(decoding: request.body, as: UTF8.self))
        try Self.checkCSRF(form: form, request: request)
        guard let account else { throw WebError(401, "unauthorized", "Sign in to delete your review.") }
        guard try store.deleteReview(id: reviewID, tokenID: account.personTokenID) else {
            throw WebError(404, "not_found", "You have no review \(reviewID) to delete.")
        }
        return HTTPResponse(status: 303, headers: [("Location", "/files/\(fileID)#reviews")], body: [])
    }

    /// Distinct reporters (people signed in, or addresses) that hide a review until an operator looks.
    static let hideAfterReports = 3

    /// `POST /files/{id}/reviews/{review}/report`: counted once per person (or address, signed out).
    func reportForm(fileID: Int64, reviewID: Int64, request: HTTPRequest, account: AccountRecord?) throws
        -> HTTPResponse
    {
        let form = Self.formValues(String(decoding: request.body, as: UTF8.self))
        try Self.checkCSRF(form: form, request: request)
        let reporter = account.map { "account:\($0.id)" } ?? "address:\(request.clientAddress)"
        switch try store.reportReview(
            id: reviewID, reporter: reporter, at: ReviewSubmission.now(), hideAfter: Self.hideAfterReports)
        {
        case .notFound: throw WebError(404, "not_found", "There is no review \(reviewID) to report.")
        case .reported, .hidden, .alreadyReported:
            return HTTPResponse(status: 303, headers: [("Location", "/files/\(fileID)?reported=1#reviews")], body: [])
        }
    }

    /// The double-submit check of a page's form: its hidden field must equal the cookie the page set.
    static func checkCSRF(form: [String: String], request: HTTPRequest) throws {
        let cookie = Self.cookies(request.header("Cookie") ?? "")[Self.cookie]
        guard let cookie, !cookie.isEmpty, let field = form["csrf"], HMACSHA256.equal(field, cookie) else {
            throw WebError(
                403, "csrf", "The form is stale or came from another site: reload the page and send it again.")
        }
    }

    /// `GET /api/v1/files/{id}/reviews`.
    func list(fileID: Int64) throws -> HTTPResponse {
        let reviews = try store.reviews(ofFile: fileID).map { review -> [String: Any] in
            [
                "id": review.id, "outcome": review.outcome.rawValue, "usedFor": review.usedFor,
                "reviewer": review.reviewer, "by": review.attribution, "account": review.accountLogin ?? NSNull(),
                "byAgent": review.byAgent, "at": review.at, "fileSha256": review.fileSHA256,
                "costUSD": review.costUSD ?? NSNull(), "latencyMs": review.latencyMs ?? NSNull(),
            ]
        }
        return HTTPResponse(
            contentType: "application/json",
            body: JSONSerialization.compact(["summary": try summary(fileID), "reviews": reviews]))
    }

    func summary(_ fileID: Int64) throws -> [String: Any] {
        let summary = try store.reviewSummary(ofFile: fileID)
        return [
            "count": summary.count, "worked": summary.worked, "partly": summary.partly, "failed": summary.failed,
            "successRate": summary.successRate ?? NSNull(), "costUSDAverage": summary.costUSDAverage ?? NSNull(),
            "latencyP50Ms": summary.latencyP50Ms ?? NSNull(),
        ]
    }

    static func cookies(_ header: String) -> [String: String] {
        var out: [String: String] = [:]
        for pair in header.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            out[parts[0].trimmingCharacters(in: .whitespaces)] = String(parts[1]).trimmingCharacters(in: .whitespaces)
        }
        return out
    }

    /// `application/x-www-form-urlencoded` fields.
    static func formValues(_ body: String) -> [String: String] {
        var out: [String: String] = [:]
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map {
                String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
            }
            if let key = parts.first { out[key] = parts.count > 1 ? parts[1] : "" }
        }
        return out
    }

    /// A fresh random CSRF value.
    static func newCSRF() -> String { HMACSHA256.randomHex(bytes: 16) }
}

extension WebError {
    /// A refused review as an HTTP error.
    init(_ refusal: ReviewSubmission.Refusal) {
        let status =
            switch refusal.code {
            case .unauthorized: 401
            case .notFound: 404
            case .rateLimited: 429
            default: 400
            }
        let code = refusal.code == .invalid ? "bad_request" : refusal.code.description
        self.init(status, code, refusal.message)
    }
}
