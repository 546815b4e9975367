/// App side and browser side of the fingerprint, with the edit cursor.
package struct FingerprintPair: Sendable, Hashable {
    /// The app (SDK) side.
    package var app: FingerprintValues
    /// The browser side (the click).
    package var browser: FingerprintValues
    /// The row the cursor is on.
    package var cursorField: FingerprintField
    /// The column the cursor is on.
    package var cursorSide: FingerprintSide

    /// Creates a pair; by default both sides are the demo phone on the same network.
    package init(
        app: FingerprintValues = .demoPhone, browser: FingerprintValues = .demoPhone,
        cursorField: FingerprintField = .platform, cursorSide: FingerprintSide = .app
    ) {
        self.app = app
        self.browser = browser
        self.cursorField = cursorField
        self.cursorSide = cursorSide
    }

    /// Reads or writes one side.
    package subscript(side: FingerprintSide) -> FingerprintValues {
        get { side == .app ? app : browser }
        set { if side == .app { app = newValue } else { browser = newValue } }
    }

    /// Whether the browser is on the same network as the app.
    package var sameNetwork: Bool { app.networkAddress == browser.networkAddress }

    /// The fields whose values differ between the two sides.
    package var differingFields: Set<FingerprintField> {
        Set(FingerprintField.allCases.filter { app[$0] != browser[$0] })
    }
}
