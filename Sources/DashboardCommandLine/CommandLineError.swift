import Foundation

/// A command line the table refuses: one line that names the flag and what was wrong with it.
package struct CommandLineError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The line, without the program's name (the caller prefixes it).
    package let message: String

    /// An error of `message`.
    package init(_ message: String) { self.message = message }

    /// The message.
    package var description: String { message }
}
