/// The words the lab's report and view use, each defined in one sentence: the five classes, the measures and the
/// backend's terms. The CLI report prints them as a footnote; `?` in the Lab view shows them.
package enum LabGlossary {
    /// One term and what it means.
    package struct Term: Sendable, Hashable {
        /// The word as the report prints it.
        package var term: String
        /// What it means, in one sentence.
        package var meaning: String
    }

    /// Every term, the five classes first.
    package static let terms: [Term] = [
        Term(term: "correct", meaning: "clicked a link, and the match named that click."),
        Term(
            term: "wrong click",
            meaning: "clicked a link, and the match named someone else's click: a false attribution."),
        Term(term: "missed", meaning: "clicked a link, and nothing matched."),
        Term(
            term: "false match",
            meaning: "never clicked (an organic install), yet a click was matched: a false attribution."),
        Term(term: "correct no-match", meaning: "never clicked, and nothing matched."),
        Term(term: "precision", meaning: "of the matches made, the share that named the right click."),
        Term(term: "recall", meaning: "of the installs that clicked, the share matched to their own click."),
        Term(
            term: "threshold",
            meaning: "the score (0–100) a click needs to be matched by fingerprint (\"matched by scored\")."),
        Term(
            term: "guard N",
            meaning: "the shared-network guard: when more than N clicks on the open's address reach the threshold, "
                + "none is matched (no guard: off)."),
        Term(
            term: "matched by",
            meaning: "the step that matched: clipboard (a token the click page copied), exact (same platform, OS "
                + "version and model on the same address), scored (the fingerprint score reached the threshold), "
                + "ip (the newest click on the same address, when nothing else matched)."),
        Term(term: "guard fired", meaning: "first opens the guard stopped from being matched."),
    ]

    /// The terms as lines of at most `width` columns: `term  meaning`, continuation lines under the meaning.
    package static func lines(width: Int) -> [String] {
        let column = (terms.map(\.term.count).max() ?? 0) + 3
        return terms.flatMap { term in
            wrapped(term.meaning, width: max(20, width - column)).enumerated().map { index, text in
                (index == 0 ? LabReportPrinter.pad("  " + term.term, column) : String(repeating: " ", count: column))
                    + text
            }
        }
    }

    /// `text` cut into lines of at most `width` columns at spaces.
    static func wrapped(_ text: String, width: Int) -> [String] {
        var out: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                out.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { out.append(line) }
        return out
    }
}
