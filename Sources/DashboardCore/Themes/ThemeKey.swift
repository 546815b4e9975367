/// A key of a theme file (`theme[main_fg]="…"`), with its built-in default colour.
package enum ThemeKey: String, Sendable, Hashable, CaseIterable {
    /// Background of everything.
    case mainBg = "main_bg"
    /// Ordinary text.
    case mainFg = "main_fg"
    /// Secondary text.
    case dimFg = "dim_fg"
    /// Pane titles.
    case titleFg = "title_fg"
    /// Borders.
    case borderFg = "border_fg"
    /// The focused pane's border.
    case borderFocusedFg = "border_focused_fg"
    /// Header text.
    case headerFg = "header_fg"
    /// Header background.
    case headerBg = "header_bg"
    /// Footer text.
    case footerFg = "footer_fg"
    /// Footer background.
    case footerBg = "footer_bg"
    /// Keys in footer and help.
    case footerKeyFg = "footer_key_fg"
    /// Selected row text.
    case selectedFg = "selected_fg"
    /// Selected row background.
    case selectedBg = "selected_bg"
    /// Success.
    case okFg = "ok_fg"
    /// Warnings.
    case warnFg = "warn_fg"
    /// Errors.
    case errorFg = "error_fg"
    /// Differing fingerprint values.
    case diffFg = "diff_fg"
    /// Threshold marker.
    case thresholdFg = "threshold_fg"
    /// Backoff waits.
    case waitFg = "wait_fg"
    /// Running attempts.
    case runningFg = "running_fg"
    /// Score bar: ip.
    case barIP = "bar_ip"
    /// Score bar: platform.
    case barPlatform = "bar_platform"
    /// Score bar: osVersion.
    case barOSVersion = "bar_os_version"
    /// Score bar: language.
    case barLanguage = "bar_language"
    /// Score bar: timezone.
    case barTimezone = "bar_timezone"
    /// Score bar: deviceModel.
    case barDeviceModel = "bar_device_model"
    /// Score bar: recency.
    case barRecency = "bar_recency"
    /// Overlay text.
    case overlayFg = "overlay_fg"
    /// Overlay background.
    case overlayBg = "overlay_bg"

    /// The compiled-in default (the same values as `themes/default.theme`).
    package var defaultColor: ThemeColor {
        switch self {
        case .mainBg: .terminalDefault
        case .mainFg: .terminalDefault
        case .dimFg: .rgb(red: 0x8a, green: 0x8f, blue: 0x98)
        case .titleFg: .rgb(red: 0x5f, green: 0xd7, blue: 0xff)
        case .borderFg: .rgb(red: 0x58, green: 0x5b, blue: 0x70)
        case .borderFocusedFg: .rgb(red: 0x5f, green: 0xd7, blue: 0xff)
        case .headerFg: .rgb(red: 0xff, green: 0xff, blue: 0xff)
        case .headerBg: .rgb(red: 0x1f, green: 0x4e, blue: 0x79)
        case .footerFg: .rgb(red: 0xd0, green: 0xd0, blue: 0xd0)
        case .footerBg: .rgb(red: 0x26, green: 0x26, blue: 0x26)
        case .footerKeyFg: .rgb(red: 0xff, green: 0xd7, blue: 0x00)
        case .selectedFg: .rgb(red: 0x00, green: 0x00, blue: 0x00)
        case .selectedBg: .rgb(red: 0x5f, green: 0xd7, blue: 0xff)
        case .okFg: .rgb(red: 0x5f, green: 0xd7, blue: 0x5f)
        case .warnFg: .rgb(red: 0xff, green: 0xaf, blue: 0x00)
        case .errorFg: .rgb(red: 0xff, green: 0x5f, blue: 0x5f)
        case .diffFg: .rgb(red: 0xff, green: 0x87, blue: 0xd7)
        case .thresholdFg: .rgb(red: 0xff, green: 0xff, blue: 0x00)
        case .waitFg: .rgb(red: 0xaf, green: 0x87, blue: 0xff)
        case .runningFg: .rgb(red: 0x00, green: 0xd7, blue: 0xd7)
        case .barIP: .rgb(red: 0x5f, green: 0x87, blue: 0xff)
        case .barPlatform: .rgb(red: 0x5f, green: 0xd7, blue: 0x87)
        case .barOSVersion: .rgb(red: 0xff, green: 0xaf, blue: 0x5f)
        case .barLanguage: .rgb(red: 0xd7, green: 0x87, blue: 0xff)
        case .barTimezone: .rgb(red: 0x00, green: 0xd7, blue: 0xd7)
        case .barDeviceModel: .rgb(red: 0xff, green: 0x5f, blue: 0x87)
        case .barRecency: .rgb(red: 0xd7, green: 0xd7, blue: 0x5f)
        case .overlayFg: .rgb(red: 0xee, green: 0xee, blue: 0xee)
        case .overlayBg: .rgb(red: 0x1c, green: 0x1c, blue: 0x1c)
        }
    }
}
