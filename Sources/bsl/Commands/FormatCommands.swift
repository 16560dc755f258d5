import BasicFormat
import Foundation

/// `bsl money AMOUNT [--upper] [--symbol ¥]`
struct MoneyCommand: Command {
    static let spec = CommandSpec(
        name: "money",
        abstract: "Format an amount of money: grouped with two decimals, or in Chinese uppercase (大写).",
        discussion: "A negative AMOUNT such as -1234.5 is taken as the amount, not as an option.",
        arguments: [.init(name: "amount", help: "The amount: digits, an optional sign and decimal point.")],
        options: [
            .flag("upper", help: "The Chinese uppercase form: 壹仟零壹元零伍分."),
            .value("symbol", "symbol", help: "A currency symbol before the digits, such as ¥."),
        ])

    let amount: Decimal
    let isUppercase: Bool
    let symbol: String

    init(_ arguments: ParsedArguments) throws {
        let text = arguments.argument("amount") ?? ""
        do {
            amount = try Money.parse(text)
        } catch let error as FormatError {
            throw UsageError(error.description)
        }
        isUppercase = arguments.flag("upper")
        symbol = arguments.value("symbol") ?? ""
        if isUppercase && !symbol.isEmpty {
            throw UsageError("--symbol has no place in the uppercase form; use one or the other")
        }
    }

    func run(_ terminal: Terminal) async throws {
        terminal.print(isUppercase ? try Money.chineseUppercase(amount) : Money.format(amount, symbol: symbol))
    }
}

/// `bsl time VALUE [--format PATTERN] [--relative [--now VALUE]] [--tz ZONE] [--locale zh|en]`
struct TimeCommand: Command {
    static let spec = CommandSpec(
        name: "time",
        abstract: "Read a timestamp or date and print it with a pattern, or relative to now (3分钟前).",
        discussion: """
            VALUE: unix seconds or milliseconds (told apart by magnitude), ISO 8601, or yyyy-MM-dd HH:mm:ss
            in the --tz zone. The default pattern is yyyy-MM-dd HH:mm:ss.
            """,
        arguments: [.init(name: "value", help: "The time to read.")],
        options: [
            .value("format", "pattern", help: "A date pattern, such as 'yyyy年M月d日 HH:mm'."),
            .flag("relative", help: "Print the time relative to now: 刚刚, 3分钟前, 昨天 14:05…"),
            .value("now", "value", help: "The moment --relative measures from (default: the clock)."),
            .value("tz", "zone", help: "The time zone: an identifier or an offset (default: the system's)."),
            .value("locale", "zh|en", help: "The language of --relative (default zh)."),
        ])

    let date: Date
    let pattern: String
    let isRelative: Bool
    let now: Date?
    let timeZone: TimeZone
    let language: TimeFormatter.Language

    init(_ arguments: ParsedArguments) throws {
        pattern = arguments.value("format") ?? "yyyy-MM-dd HH:mm:ss"
        isRelative = arguments.flag("relative")
        if arguments.value("now") != nil && !isRelative { throw UsageError("--now only makes sense with --relative") }
        if isRelative && arguments.value("format") != nil {
            throw UsageError("--format and --relative are two different outputs; use one or the other")
        }
        let localeText = arguments.value("locale") ?? "zh"
        guard let language = TimeFormatter.Language(rawValue: localeText) else {
            throw UsageError("the option --locale takes zh or en, not '\(localeText)'")
        }
        self.language = language
        // A VALUE, --now or --tz that cannot be read is a usage error, as any malformed argument.
        do {
            let timeZone = try arguments.value("tz").map(TimeParser.timeZone(named:)) ?? .current
            let parser = TimeParser(timeZone: timeZone)
            self.timeZone = timeZone
            date = try parser.date(from: arguments.argument("value") ?? "")
            now = try arguments.value("now").map(parser.date(from:))
        } catch let error as FormatError {
            throw UsageError(error.description)
        }
    }

    func run(_ terminal: Terminal) async throws {
        let reference = now ?? Date()
        let formatter = TimeFormatter(timeZone: timeZone, language: language, now: { reference })
        terminal.print(
            isRelative ? formatter.relativeString(for: date) : formatter.string(from: date, pattern: pattern))
    }
}
