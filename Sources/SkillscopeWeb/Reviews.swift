internal import Foundation
internal import Hashing
internal import MicroHTTP
internal import SkillscopeStore

/// Writing reviews: from the API with a bearer token, or from the file page's form with the token pasted and a
/// CSRF cookie (double submit: the form's hidden field must equal the cookie the page set).
struct Reviews {
    let store: any Store
    /// Reviews one token may write per minute; the next gets 429.
    static let perMinute = 60
    static let cookie = "skillscope_csrf"

    /// `POST /api/v1/files/{id}/reviews` with `Authorization: Bearer …` and `{"outcome", "usedFor", "reviewer"}`.
    func post(fileID: Int64, request: HTTPRequest) throws -> HTTPResponse {
        let token = try authorize(request.header("Authorization").flatMap(Self.bearer))
        guard let body = try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any] else {
            throw WebError(400, "bad_request", "send a JSON object: {\"outcome\": \"worked\", \"usedFor\": \"…\"}")
        }
        for field in ["outcome", "usedFor", "reviewer"] where body[field] != nil && !(body[field] is String) {
            throw WebError(400, "bad_request", "\(field) must be a string")
        }
        let written = try write(
            fileID: fileID, token: token, outcome: body["outcome"] as? String, usedFor: body["usedFor"] as? String,
            reviewer: body["reviewer"] as? String)
        let (status, id) =
            switch written {
            case .created(let id): (201, id)
            case .replaced(let id): (200, id)
            case .rateLimited: (429, Int64(0))
            }
        guard status != 429 else {
            throw WebError(429, "rate_limited", "this token wrote \(Self.perMinute) reviews in the last minute")
        }
        return HTTPResponse(
            status: status, contentType: "application/json",
            body: JSONSerialization.compact(["id": id, "replaced": status == 200, "summary": try summary(fileID)]))
    }

    /// `POST /files/{id}/reviews` from the page's form: the pasted token, the outcome, what it was used for.
    func postForm(fileID: Int64, request: HTTPRequest) throws -> HTTPResponse {
        let form = Self.formValues(String(decoding: request.body, as: UTF8.self))
        let cookie = Self.cookies(request.header("Cookie") ?? "")[Self.cookie]
        guard let cookie, !cookie.isEmpty, form["csrf"] == cookie else {
            throw WebError(
                403, "csrf", "the form is stale or came from another site; reload the page and send it again")
        }
        let token = try authorize(form["token"])
        switch try write(
            fileID: fileID, token: token, outcome: form["outcome"], usedFor: form["used_for"], reviewer: token.name)
        {
        case .rateLimited:
            throw WebError(429, "rate_limited", "this token wrote \(Self.perMinute) reviews in the last minute")
        case .created, .replaced:
            return HTTPResponse(status: 303, headers: [("Location", "/files/\(fileID)#reviews")], body: [])
        }
    }

    /// `GET /api/v1/files/{id}/reviews`.
    func list(fileID: Int64) throws -> HTTPResponse {
        let reviews = try store.reviews(ofFile: fileID).map { review -> [String: Any] in
            [
                "id": review.id, "outcome": review.outcome.rawValue, "usedFor": review.usedFor,
                "reviewer": review.reviewer, "at": review.at, "fileSha256": review.fileSHA256,
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
            "successRate": summary.successRate ?? NSNull(),
        ]
    }

    private func authorize(_ secret: String?) throws -> TokenRecord {
        guard let secret, !secret.isEmpty else {
            throw WebError(401, "unauthorized", "writing a review needs a token: skillscope token create --name …")
        }
        guard let token = try store.token(secretSHA256: SHA256.hex(of: Array(secret.utf8))) else {
            throw WebError(401, "unauthorized", "this token is not known to the registry")
        }
        return token
    }

    private func write(fileID: Int64, token: TokenRecord, outcome: String?, usedFor: String?, reviewer: String?)
        throws -> ReviewWrite
    {
        let file = try API.file(fileID, in: store)
        guard let outcome = outcome.flatMap(ReviewOutcome.init(rawValue:)) else {
            throw WebError(400, "bad_request", "outcome must be worked, partly or failed")
        }
        let usedFor = (usedFor ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard usedFor.count <= 500 else { throw WebError(400, "bad_request", "usedFor is over 500 characters") }
        let reviewer = String((reviewer ?? token.name).prefix(100))
        return try store.writeReview(
            ReviewRecord(
                fileID: fileID, fileSHA256: file.sha256, tokenID: token.id, outcome: outcome, usedFor: usedFor,
                reviewer: reviewer, at: Self.now()),
            perMinute: Self.perMinute)
    }

    /// Now in ISO 8601 with milliseconds, the form the rate window compares.
    static func now() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date())
    }

    static func bearer(_ header: String) -> String? {
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return String(parts[1]).trimmingCharacters(in: .whitespaces)
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
