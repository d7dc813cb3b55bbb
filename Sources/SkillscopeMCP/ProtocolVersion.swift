/// The MCP revisions this server speaks, and the `_meta` keys of the current one.
///
/// Two eras: the current revision (2026-07-28) has no handshake and carries the version in each request's
/// `_meta`; legacy clients send `initialize` and are answered with their version when it is one of
/// ``legacy``, else with the newest of them. Related documentation:
/// <https://modelcontextprotocol.io/specification/2026-07-28/basic/lifecycle>.
public enum ProtocolVersion {
    /// The current revision, negotiated per request through `_meta`.
    public static let current = "2026-07-28"
    /// Handshake-era revisions, newest first: `initialize` negotiates down to these.
    public static let legacy = ["2025-11-25", "2025-06-18"]
    /// Every revision served, newest first: `server/discover`'s `supportedVersions` and -32022's `data.supported`.
    public static let supported = [current] + legacy

    static let versionKey = "io.modelcontextprotocol/protocolVersion"
    static let capabilitiesKey = "io.modelcontextprotocol/clientCapabilities"
    static let clientInfoKey = "io.modelcontextprotocol/clientInfo"
    static let serverInfoKey = "io.modelcontextprotocol/serverInfo"
    /// The Skills extension's identifier, declared under `capabilities.extensions`.
    public static let skillsExtension = "io.modelcontextprotocol/skills"
}
