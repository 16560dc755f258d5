/// The arguments of one command line, matched to a ``CommandSpec``.
struct ParsedArguments: Sendable {
    private(set) var positionals: [String: [String]] = [:]
    private(set) var values: [String: String] = [:]
    private(set) var repeatedValues: [String: [String]] = [:]
    private(set) var flags: Set<String> = []

    /// Matches `tokens` to `spec`.
    ///
    /// `--name value`, `--name=value` and `-n value` set options; a token that looks like a
    /// negative number (`-1234.5`) and a lone `-` are positional; `--` ends the options.
    init(_ tokens: [String], spec: CommandSpec) throws {
        var positional: [String] = []
        var index = 0
        var optionsEnded = false
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            if optionsEnded || !Self.isOptionToken(token) {
                positional.append(token)
                continue
            }
            if token == "--" {
                optionsEnded = true
                continue
            }
            var name = token
            var inlineValue: String?
            if token.hasPrefix("--"), let equals = token.firstIndex(of: "=") {
                name = String(token[..<equals])
                inlineValue = String(token[token.index(after: equals)...])
            }
            guard let option = Self.option(named: name, in: spec) else {
                throw UsageError("unknown option '\(name)'")
            }
            if option.isFlag {
                if inlineValue != nil { throw UsageError("the flag --\(option.name) takes no value") }
                flags.insert(option.name)
                continue
            }
            guard values[option.name] == nil || option.isRepeatable else {
                throw UsageError("the option --\(option.name) is given twice")
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < tokens.count, !Self.isOptionToken(tokens[index]) || tokens[index] == "-" {
                value = tokens[index]
                index += 1
            } else {
                throw UsageError("the option --\(option.name) needs a value (\(option.valueName ?? "VALUE"))")
            }
            values[option.name] = value
            repeatedValues[option.name, default: []].append(value)
        }

        var arguments = spec.arguments[...]
        var tokens = positional[...]
        while let token = tokens.popFirst() {
            guard let argument = arguments.popFirst() else {
                throw UsageError("unexpected argument '\(token)'")
            }
            if argument.isVariadic {
                positionals[argument.name] = [token] + tokens
                tokens = []
            } else {
                positionals[argument.name] = [token]
            }
        }
        if let missing = arguments.first(where: { !$0.isOptional }) {
            throw UsageError("missing argument <\(missing.name)>")
        }
        if let missing = spec.options.first(where: { $0.isRequired && values[$0.name] == nil }) {
            throw UsageError("missing option --\(missing.name) <\(missing.valueName ?? "value")>")
        }
    }

    /// Whether a token names an option: `-x`, `--name`, but not `-`, `-1` or `-.5`.
    static func isOptionToken(_ token: String) -> Bool {
        guard token.hasPrefix("-"), token.count > 1 else { return false }
        let second = token[token.index(after: token.startIndex)]
        return !(second.isNumber || second == ".")
    }

    /// The option of `spec` that `token` (`--name` or `-n`) names.
    static func option(named token: String, in spec: CommandSpec) -> CommandSpec.Option? {
        if token.hasPrefix("--") {
            let name = token.dropFirst(2)
            return spec.options.first { $0.name == name }
        }
        guard token.count == 2, let short = token.last else { return nil }
        return spec.options.first { $0.short == short }
    }

    /// Adds the options an enclosing group was given before its subcommand; the command's own
    /// values win.
    mutating func inherit(_ group: ParsedArguments) {
        values.merge(group.values) { own, _ in own }
        flags.formUnion(group.flags)
    }

    /// The positional argument `name`, if given.
    func argument(_ name: String) -> String? { positionals[name]?.first }

    /// Every token of the variadic positional argument `name`.
    func arguments(_ name: String) -> [String] { positionals[name] ?? [] }

    /// The value of the option `name`, if given (the last one, for a repeatable option).
    func value(_ name: String) -> String? { values[name] }

    /// Every value of the repeatable option `name`, in the order given.
    func values(_ name: String) -> [String] { repeatedValues[name] ?? [] }

    /// Whether the flag `name` was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The value of the option `name` as a `Double`, if given.
    ///
    /// - Throws: ``UsageError`` when it is not a finite number.
    func double(_ name: String) throws -> Double? {
        guard let text = value(name) else { return nil }
        guard let number = Double(text), number.isFinite else {
            throw UsageError("the option --\(name) needs a number, not '\(text)'")
        }
        return number
    }

    /// The value of the option `name` as an `Int`, if given.
    ///
    /// - Throws: ``UsageError`` when it is not a whole number.
    func int(_ name: String) throws -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text) else {
            throw UsageError("the option --\(name) needs a whole number, not '\(text)'")
        }
        return number
    }

    /// The value of a required option; parsing has checked that it is there.
    ///
    /// - Throws: ``UsageError`` when it is missing (an option not declared required).
    func required(_ name: String) throws -> String {
        guard let text = value(name) else { throw UsageError("missing option --\(name)") }
        return text
    }

    /// The value of a required option as a `Double`; see ``required(_:)``.
    func requiredDouble(_ name: String) throws -> Double {
        guard let number = try double(name) else { throw UsageError("missing option --\(name)") }
        return number
    }

    /// The value of a required option as an `Int`; see ``required(_:)``.
    func requiredInt(_ name: String) throws -> Int {
        guard let number = try int(name) else { throw UsageError("missing option --\(name)") }
        return number
    }

    /// The value of a required option as a size; see ``required(_:)``.
    func requiredSize(_ name: String) throws -> (width: Double, height: Double) {
        guard let size = try size(name) else { throw UsageError("missing option --\(name)") }
        return size
    }

    /// The value of the option `name` as a size written `WIDTHxHEIGHT` (`375x667`), if given.
    ///
    /// - Throws: ``UsageError`` when it is not two numbers joined by `x`.
    func size(_ name: String) throws -> (width: Double, height: Double)? {
        guard let text = value(name) else { return nil }
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
            width.isFinite, height.isFinite
        else {
            throw UsageError("the option --\(name) needs a size written WIDTHxHEIGHT, such as 375x667, not '\(text)'")
        }
        return (width, height)
    }
}
