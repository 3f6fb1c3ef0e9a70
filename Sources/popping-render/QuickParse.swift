import ArgumentParser

extension PoppingRender {
    /// Parses the command line as `parseAsRoot()` does, but first tries the one subcommand the
    /// arguments name (or the default subcommand) on its own.
    ///
    /// Why: ArgumentParser builds every command it looks at by reflection, and each protocol
    /// conformance it checks for a new type scans all of the binary's conformance records.
    /// Parsing from the root reflects the named subcommand, the default subcommand and the
    /// completion-script commands; that was two thirds of `popping-render svg icon.svg` (about
    /// 18 million instructions of 25). A leaf subcommand parsed alone accepts exactly the
    /// arguments it accepts under the root (the root has no options of its own), so a success
    /// is the same command with the same values. Anything else (help, a completion script, an
    /// error) is parsed again from the root, so messages and help text are unchanged
    /// (CLITests' QuickParseTests compares the two).
    static func parseQuickly(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) throws -> ParsableCommand {
        // `svg`, run once per small file, has its plain form read without ArgumentParser, looked
        // for by its name: looking it up among the subcommands built every one's configuration.
        if arguments.first == SVGCommand.name, let parsed = SVGCommand.parsedQuickly(Array(arguments.dropFirst())) {
            return parsed
        }
        guard arguments.first != "help" else { return try parseAsRoot(arguments) }
        let named = arguments.first.flatMap { name in
            configuration.subcommands.first { $0._commandName == name || $0.configuration.aliases.contains(name) }
        }
        let (command, rest) = named.map { ($0, Array(arguments.dropFirst())) } ?? (configuration.defaultSubcommand, arguments)
        // A request for help parses to a HelpCommand for the subcommand alone; the root shows it.
        if let command, command.configuration.subcommands.isEmpty, let parsed = try? command.parseAsRoot(rest),
           type(of: parsed) == command {
            return parsed
        }
        return try parseAsRoot(arguments)
    }
}
