extension Duration {
    /// The duration in seconds, as a `Double` for rates, reports and APIs that take a `TimeInterval`.
    public var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
