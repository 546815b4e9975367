/// What a cell means; the theme gives each role its colours, mono terminals their attributes.
package enum StyleRole: Int, Sendable, Hashable, CaseIterable {
    /// Ordinary text.
    case normal
    /// Secondary text (labels, axis, hints).
    case dim
    /// Pane titles.
    case title
    /// Pane borders.
    case border
    /// The focused pane's border.
    case borderFocused
    /// The header line.
    case header
    /// The footer line.
    case footer
    /// Keys in the footer and help.
    case footerKey
    /// The selected row / cursor.
    case selected
    /// Success (2xx, PASS, matched).
    case ok
    /// Warnings (retries, 4xx).
    case warning
    /// Errors (5xx, failures, FAIL).
    case error
    /// A fingerprint value that differs from the other side.
    case diff
    /// The score threshold marker.
    case threshold
    /// A backoff wait.
    case wait
    /// A running attempt.
    case running
    /// Score bar: ip.
    case barIP
    /// Score bar: platform.
    case barPlatform
    /// Score bar: osVersion.
    case barOSVersion
    /// Score bar: language.
    case barLanguage
    /// Score bar: timezone.
    case barTimezone
    /// Score bar: deviceModel.
    case barDeviceModel
    /// Score bar: recency.
    case barRecency
    /// Overlay body.
    case overlay

    /// The theme keys for this role's foreground and background (nil background = `main_bg`).
    package var themeKeys: (foreground: ThemeKey, background: ThemeKey?) {
        switch self {
        case .normal: (.mainFg, nil)
        case .dim: (.dimFg, nil)
        case .title: (.titleFg, nil)
        case .border: (.borderFg, nil)
        case .borderFocused: (.borderFocusedFg, nil)
        case .header: (.headerFg, .headerBg)
        case .footer: (.footerFg, .footerBg)
        case .footerKey: (.footerKeyFg, .footerBg)
        case .selected: (.selectedFg, .selectedBg)
        case .ok: (.okFg, nil)
        case .warning: (.warnFg, nil)
        case .error: (.errorFg, nil)
        case .diff: (.diffFg, nil)
        case .threshold: (.thresholdFg, nil)
        case .wait: (.waitFg, nil)
        case .running: (.runningFg, nil)
        case .barIP: (.barIP, nil)
        case .barPlatform: (.barPlatform, nil)
        case .barOSVersion: (.barOSVersion, nil)
        case .barLanguage: (.barLanguage, nil)
        case .barTimezone: (.barTimezone, nil)
        case .barDeviceModel: (.barDeviceModel, nil)
        case .barRecency: (.barRecency, nil)
        case .overlay: (.overlayFg, .overlayBg)
        }
    }

    /// Attributes that carry the meaning when there is no colour (mono themes, `NO_COLOR`).
    package var monoAttributes: (bold: Bool, reverse: Bool, underline: Bool) {
        switch self {
        case .header, .footer, .selected: (false, true, false)
        case .title, .footerKey, .error, .borderFocused: (true, false, false)
        case .diff: (true, false, true)
        case .warning, .threshold: (false, false, true)
        default: (false, false, false)
        }
    }
}
