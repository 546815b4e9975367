/// What a text-input overlay edits.
package enum TextInputPurpose: Sendable, Hashable {
    /// One fingerprint field of one side (committed by the reducer itself).
    case fingerprint(FingerprintSide, FingerprintField)
    /// The external id for "set identity" (committed as ``DashboardCommand/setIdentity(_:)``).
    case identity
    /// The `/` filter of the log or the match attempts (committed by the reducer; drawn in the footer row).
    case filter(DashboardPane)
}
