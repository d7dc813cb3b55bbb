internal import Foundation
internal import Hashing
internal import MicroHTTP
internal import SkillscopeStore

/// `/account`: a signed-in person's agent tokens, made (the secret shown once) and revoked.
struct AccountPage {
    let store: any Store
    /// Tokens one person may hold at once.
    static let maxTokens = 20

    /// `GET /account`, or the page after a token was made (`made` holds its secret, shown this once).
    func render(
        account: AccountRecord, csrf: String, made: (name: String, secret: String)? = nil, message: String? = nil
    )
        throws -> HTTPResponse
    {
        let tokens = try store.agentTokens(ofAccount: account.id)
        var body = "<article class=\"account\"><h1>@\(HTML.escape(account.login))</h1>"
        body += "<section aria-labelledby=\"agent-tokens\"><h2 id=\"agent-tokens\">Your agents' tokens</h2>"
        body += """
            <p>An agent that has one can review files for you through MCP (<code>registry_write</code>, action \
            <code>report</code>) or the API; its reviews say "an agent of @\(HTML.escape(account.login))". Only the \
            token's SHA-256 is kept: the token is shown once, when it is made.</p>
            """
        if let made {
            body += """
                <div class="token-made" role="status"><p>The token for <strong>\(HTML.escape(made.name))</strong>, \
                shown only now: copy it into your agent's configuration.</p>
                <p><code id="new-token">\(HTML.escape(made.secret))</code></p></div>
                """
        }
        if let message { body += "<p class=\"form-error\" role=\"alert\">\(HTML.escape(message))</p>" }
        if tokens.isEmpty {
            body += "<p>No tokens yet.</p>"
        } else {
            body += "<ul class=\"tokens\">"
            for token in tokens {
                body += """
                    <li data-token-id="\(token.id)"><strong>\(HTML.escape(token.displayName))</strong> · made \
                    \(HTML.escape(FilePage.date(token.createdAt))) · \
                    <form method="post" action="/account/tokens/\(token.id)/revoke" class="inline">\
                    <input type="hidden" name="csrf" value="\(HTML.escape(csrf))">\
                    <button type="submit" class="link">Revoke</button></form></li>
                    """
            }
            body += "</ul>"
        }
        body += """
            <form method="post" action="/account/tokens" class="token-form">
            <p><label for="token_name">A name for the agent</label><br>
            <input id="token_name" name="name" maxlength="40" required pattern="[A-Za-z0-9._-]+" \
            placeholder="claude-code"></p>
            <input type="hidden" name="csrf" value="\(HTML.escape(csrf))">
            <button type="submit">Make a token</button>
            </form></section>
            <form method="post" action="/signout" class="inline"><input type="hidden" name="csrf" \
            value="\(HTML.escape(csrf))"><button type="submit" class="link">Sign out</button></form>
            </article>
            """
        var response = HTTPResponse(
            contentType: "text/html; charset=utf-8", body: HTML.page(title: "@\(account.login)", body: body))
        response.headers.append(("Set-Cookie", "\(Reviews.cookie)=\(csrf); Path=/; HttpOnly; SameSite=Strict"))
        response.headers.append(("Cache-Control", "private, no-store"))
        return response
    }

    /// `POST /account/tokens`: makes a token named by the form.
    func create(account: AccountRecord, request: HTTPRequest) throws -> HTTPResponse {
        let form = Reviews.formValues(String(decoding: request.body, as: UTF8.self))
        try Reviews.checkCSRF(form: form, request: request)
        let csrf = Reviews.newCSRF()
        let name = (form["name"] ?? "").trimmingCharacters(in: .whitespaces)
        guard (1...40).contains(name.count),
            name.unicodeScalars.allSatisfy({
                ($0.isASCII && (CharacterSet.alphanumerics.contains($0))) || "._-".unicodeScalars.contains($0)
            })
        else {
            var page = try render(
                account: account, csrf: csrf,
                message: "Name the agent with 1 to 40 letters, digits, dots, dashes or underscores.")
            page.status = 400
            return page
        }
        guard try store.agentTokens(ofAccount: account.id).count < Self.maxTokens else {
            var page = try render(
                account: account, csrf: csrf,
                message: "You have \(Self.maxTokens) tokens: revoke one you no longer use first.")
            page.status = 400
            return page
        }
        let secret = "ssa_" + HMACSHA256.randomHex(bytes: 24)
        do {
            _ = try store.createAgentToken(
                accountID: account.id, name: name, secretSHA256: SHA256.hex(of: Array(secret.utf8)),
                at: ReviewSubmission.now())
        } catch let error as StoreError where error.code == .conflict {
            var page = try render(
                account: account, csrf: csrf,
                message: "You already have a token named \(name): revoke it first, or pick another name.")
            page.status = 409
            return page
        }
        return try render(account: account, csrf: csrf, made: (name, secret))
    }

    /// `POST /account/tokens/{id}/revoke`.
    func revoke(account: AccountRecord, tokenID: Int64, request: HTTPRequest) throws -> HTTPResponse {
        let form = Reviews.formValues(String(decoding: request.body, as: UTF8.self))
        try Reviews.checkCSRF(form: form, request: request)
        guard try store.revokeAgentToken(id: tokenID, accountID: account.id, at: ReviewSubmission.now()) else {
            throw WebError(404, "not_found", "You have no token \(tokenID) to revoke.")
        }
        return HTTPResponse(status: 303, headers: [("Location", "/account")], body: [])
    }
}
