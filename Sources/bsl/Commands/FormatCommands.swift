import BasicCLI
import BasicFormat
import Foundation

/// `bsl money AMOUNT [--upper] [--symbol ¥]`
struct MoneyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "money",
        abstract: "Format an amount of money: grouped with two decimals, or in Chinese uppercase (大写).",
        discussion: "A negative AMOUNT such as -1234.5 is taken as the amount, not as an option.")

    @Argument(
        help: "The amount: digits, an optional sign and decimal point.", completion: .nothing,
        transform: { try Money.parse($0) })
    var amount: Decimal
    @Flag(help: "The Chinese uppercase form: 壹仟零壹元零伍分.") var upper = false
    @Option(help: "A currency symbol before the digits, such as ¥.", completion: .nothing) var symbol = ""

    func validate() throws {
        if upper && !symbol.isEmpty {
            throw ValidationError("--symbol has no place in the uppercase form; use one or the other")
        }
    }

    func run() async throws {
        Terminal().print(upper ? try Money.chineseUppercase(amount) : Money.format(amount, symbol: symbol))
    }
}

/// `bsl time VALUE [--format PATTERN] [--relative [--now VALUE]] [--tz ZONE] [--locale zh|en]`
struct TimeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "time",
        abstract: "Read a timestamp or date and print it with a pattern, or relative to now (3分钟前).",
        discussion: "VALUE: unix seconds or milliseconds (told apart by magnitude), ISO 8601, or yyyy-MM-dd HH:mm:ss "
            + "in the --tz zone. The default pattern is \(defaultPattern).")

    static let defaultPattern = "yyyy-MM-dd HH:mm:ss"

    /// The languages of `--relative`.
    enum Language: String, CaseIterable, ExpressibleByArgument {
        case zh, en

        var formatterLanguage: TimeFormatter.Language {
            switch self {
            case .zh: .chinese
            case .en: .english
            }
        }
    }

    @Argument(help: "The time to read.", completion: .nothing) var value: String
    @Option(
        help: ArgumentHelp("A date pattern, such as 'yyyy年M月d日 HH:mm'.", valueName: "pattern"), completion: .nothing)
    var format: String?
    @Flag(help: "Print the time relative to now: 刚刚, 3分钟前, 昨天 14:05…") var relative = false
    @Option(help: "The moment --relative measures from (default: the clock).", completion: .nothing) var now: String?
    @Option(
        help: ArgumentHelp(
            "The time zone: an IANA identifier (Asia/Shanghai) or an offset (+08:00), not an abbreviation such as CST "
                + "(default: the system's).", valueName: "zone"),
        completion: .nothing, transform: { try TimeParser.timeZone(named: $0) })
    var tz: TimeZone?
    @Option(help: "The language of --relative.") var locale: Language = .zh

    func validate() throws {
        if now != nil && !relative { throw ValidationError("--now only makes sense with --relative") }
        if relative && format != nil {
            throw ValidationError("--format and --relative are two different outputs; use one or the other")
        }
        _ = try moments()
    }

    /// VALUE and `--now` read in the `--tz` zone; one that cannot be read is a usage error, as
    /// any malformed argument.
    func moments() throws -> (date: Date, now: Date?) {
        let parser = TimeParser(timeZone: tz ?? .current)
        do {
            return (try parser.date(from: value), try now.map(parser.date(from:)))
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() async throws {
        let (date, now) = try moments()
        let reference = now ?? Date()
        let formatter = TimeFormatter(
            timeZone: tz ?? .current, language: locale.formatterLanguage, now: { reference })
        Terminal().print(
            relative
                ? formatter.relativeString(for: date)
                : formatter.string(from: date, pattern: format ?? Self.defaultPattern))
    }
}
