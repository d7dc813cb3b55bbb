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

    /// `POST /files/{id}/reviews` from the page's form: the pasted token, the outcome, what it was used for.
    func postForm(fileID: Int64, request: HTTPRequest) throws -> HTTPResponse {
        let form = Self.formValues(String(decoding: request.body, as: UTF8.self))
        let cookie = Self.cookies(request.header("Cookie") ?? "")[Self.cookie]
        guard let cookie, !cookie.isEmpty, form["csrf"] == cookie else {
            throw WebError(
                403, "csrf", "the form is stale or came from another site; reload the page and send it again")
        }
        let submission = ReviewSubmission(store: store)
        do {
            let token = try submission.authorize(secret: form["token"])
            _ = try submission.submit(
                fileID: fileID, token: token, outcome: form["outcome"], usedFor: form["used_for"], reviewer: token.name)
        } catch let refusal as ReviewSubmission.Refusal {
            throw WebError(refusal)
        }
        return HTTPResponse(status: 303, headers: [("Location", "/files/\(fileID)#reviews")], body: [])
    }

    /// `GET /api/v1/files/{id}/reviews`.
    func list(fileID: Int64) throws -> HTTPResponse {
        let reviews = try store.reviews(ofFile: fileID).map { review -> [String: Any] in
            [
                "id": review.id, "outcome": review.outcome.rawValue, "usedFor": review.usedFor,
                "reviewer": review.reviewer, "at": review.at, "fileSha256": review.fileSHA256,
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
    static func newCSRF() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(generator.next() as UInt64, radix: 16) }.joined()
    }
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
