import Foundation

/// Reads a program's command line against one declared table of commands and flags.
///
/// The first words pick the command (the longest ``CommandSpec/name`` they spell; none: the program alone);
/// each flag is `--flag value` or `--flag=value` and must be a row of the table for that command; its value is
/// checked by its ``FlagKind``. Every refusal is one ``CommandLineError`` line made from the table.
///
/// ```swift
/// let parser = CommandLineParser(program: "tool", commands: commands, flags: flags)
/// let parsed = try parser.parse(["doctor", "--timeout", "5"])
/// parsed.integer("--timeout")  // 5
/// ```
package struct CommandLineParser: Sendable {
    /// The program's name, as help and error lines give it.
    package let program: String
    /// The commands, the program alone (name `""`) among them.
    package let commands: [CommandSpec]
    /// The flag table.
    package let flags: [FlagSpec]

    /// A parser of `program`'s `commands` and `flags`.
    package init(program: String, commands: [CommandSpec], flags: [FlagSpec]) {
        self.program = program
        self.commands = commands
        self.flags = flags
    }

    /// The command `arguments` start with: the longest command name their first words spell, else `""`.
    package func command(of arguments: [String]) -> CommandSpec? {
        commands.filter { arguments.starts(with: $0.words) }.max { $0.words.count < $1.words.count }
    }

    /// The flags `command` takes, in table order.
    package func flags(of command: String) -> [FlagSpec] { flags.filter { $0.commands.contains(command) } }

    /// Where a refusal points for help: `--help` for the program alone, else `program command --help`.
    package func helpPointer(_ command: String) -> String {
        command.isEmpty ? "--help" : "\(program) \(command) --help"
    }

    /// Parses `arguments` (those after the program's name).
    /// - Throws: ``CommandLineError``: an unknown flag (or one of another command), a missing or bad value, a
    ///   flag without a value given one, or a second argument where one is taken.
    package func parse(_ arguments: [String]) throws(CommandLineError) -> ParsedArguments {
        guard let spec = command(of: arguments) else { throw CommandLineError("no command in the table") }
        var parsed = ParsedArguments(command: spec.name)
        let taken = flags(of: spec.name)
        var index = spec.words.count
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-"), argument.count > 1 else {
                try positional(argument, of: spec, into: &parsed)
                continue
            }
            var name = argument
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            guard let flag = taken.first(where: { $0.names.contains(name) }) else {
                throw CommandLineError("unknown argument '\(argument)' (see \(helpPointer(spec.name)))")
            }
            guard flag.kind.takesValue else {
                if let inline { throw CommandLineError("\(name) takes no value, not '\(inline)'") }
                parsed.values[flag.name] = [.present]
                continue
            }
            let text: String
            if let inline {
                text = inline
            } else if index < arguments.count, !arguments[index].hasPrefix("--") {
                text = arguments[index]
                index += 1
            } else {
                throw CommandLineError("\(name) needs \(flag.kind.what)")
            }
            let value = try Self.value(text, of: flag.kind, flag: name)
            parsed.values[flag.name] = flag.repeats ? (parsed.values[flag.name] ?? []) + [value] : [value]
        }
        if let conflict = OutputPaths.conflict(in: parsed, flags: taken) { throw CommandLineError(conflict) }
        return parsed
    }

    /// Adds a non-flag argument, or says the command takes none (or no second one).
    private func positional(
        _ argument: String, of spec: CommandSpec, into parsed: inout ParsedArguments
    ) throws(CommandLineError) {
        guard let positional = spec.positional else {
            throw CommandLineError("unknown argument '\(argument)' (see \(helpPointer(spec.name)))")
        }
        if !positional.repeats, let first = parsed.positionals.first {
            throw CommandLineError("one \(positional.noun) at a time: '\(first)' and '\(argument)'")
        }
        parsed.positionals.append(argument)
    }

    /// `text` checked as `kind` for `flag`.
    /// - Throws: ``CommandLineError`` saying what the value must be.
    package static func value(_ text: String, of kind: FlagKind, flag: String) throws(CommandLineError)
        -> ParsedArguments.Value
    {
        switch kind {
        case .none:
            return .present
        case .string:
            return .text(text)
        case .path(let what):
            guard !text.isEmpty else { throw CommandLineError("\(flag) needs \(what), not an empty path") }
            return .text(text)
        case .integer(let what, let range):
            guard let value = Int(text), range.contains(Double(value)) else {
                throw CommandLineError("\(flag) must be \(what) \(range.text), not '\(text)'")
            }
            return .integer(value)
        case .number(let what, let range):
            guard let value = Double(text), range.contains(value) else {
                throw CommandLineError("\(flag) must be \(what) \(range.text), not '\(text)'")
            }
            return .number(value)
        case .choice(let choices):
            guard let choice = choices.first(where: { $0.lowercased() == text.lowercased() }) else {
                throw CommandLineError("\(flag) must be \(FlagKind.list(choices)), not '\(text)'")
            }
            return .text(choice)
        case .url:
            return .url(try httpURL(text, flag: flag))
        }
    }

    /// `text` as an http or https URL with a host and a port (when given) in 1–65535, that URLSession can send
    /// to on this platform.
    /// - Parameter what: what the URL is, said after "with a host" (` (a short link)`).
    /// - Throws: ``CommandLineError`` saying what the URL is not.
    package static func httpURL(_ text: String, flag: String, what: String = "") throws(CommandLineError) -> URL {
        guard var components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty
        else {
            throw CommandLineError("\(flag) must be an http(s) URL with a host\(what), not '\(text)'")
        }
        // A user or password in the URL would be sent, and written into every export and recording beside it:
        // none of the services takes one; keys go in their own flags, which are masked.
        if components.user != nil || components.password != nil {
            throw CommandLineError(
                "\(flag) must not carry a user name or password (user:pass@): it would be written into exports "
                    + "and recordings; give the service's keys with their own flags")
        }
        if let port = portText(text), Int(port).map({ !(1...65535).contains($0) }) ?? true {
            throw CommandLineError("\(flag) '\(text)': port \(port) is not 1–65535")
        }
        // A host of digits and dots is an IPv4 address, written as four numbers 0–255: the shorthands some
        // resolvers take (`127.1`, `2130706433`) or leading zeros (which some read as octal) are refused here
        // rather than by the transport, which says only "bad URL" after nothing was sent.
        if host.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) && !isDottedQuad(host) {
            throw CommandLineError(
                "\(flag) '\(text)': \(host) is not an IPv4 address of four numbers 0–255 (write 127.0.0.1, not "
                    + "127.1 or 2130706433), nor a host name")
        }
        components.scheme = scheme
        guard let url = components.url else {
            throw CommandLineError("\(flag) must be an http(s) URL with a host\(what), not '\(text)'")
        }
        #if canImport(FoundationNetworking)
        // FoundationNetworking refuses a URL whose host is an IPv6 literal (URLError -1000, "bad URL") before
        // sending anything, where Apple's URLSession reaches it.
        if host.contains(":") {
            throw CommandLineError(
                "\(flag) '\(text)': URLSession on Linux cannot reach an IPv6 address literal: give an IPv4 address "
                    + "or a host name")
        }
        #endif
        return url
    }

    /// The digits after the host in `text`'s authority (`http://host:PORT/…`), nil when it names no port.
    static func portText(_ text: String) -> String? {
        guard let start = text.range(of: "://")?.upperBound else { return nil }
        let authority = text[start...].prefix { !"/?#".contains($0) }
        let hostPart = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? authority
        guard let colon = hostPart.lastIndex(of: ":"), !hostPart[colon...].contains("]") else { return nil }
        let digits = hostPart[hostPart.index(after: colon)...]
        return digits.isEmpty ? nil : String(digits)
    }

    /// Whether `host` is four numbers 0–255 joined by dots, none with a leading zero.
    static func isDottedQuad(_ host: String) -> Bool {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                !part.isEmpty && part.count <= 3 && (part == "0" || part.first != "0")
                    && Int(part).map { $0 <= 255 }
                        == true
            }
    }
}
