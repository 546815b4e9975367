import Testing

extension Tag {
    /// A seeded property-based run over what a user can hand the tools (a lab file, `--set`, a session, a HAR,
    /// a seed file, a database, a command's flags): a fixed seed, bounded input sizes, a few seconds of budget.
    /// Not a tier of its own (the fast inner loop keeps it); the suites that spawn binaries also carry
    /// `.processes`.
    @Tag public static var fuzz: Self
}
