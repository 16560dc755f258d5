/// What a shell completion script offers for a value: file names, folder names, or a fixed list.
///
/// ```swift
/// @Option(help: "The cassette folder.", completion: .directory) var replay: String?
/// @Argument(help: "The feed.", completion: .file(extensions: ["xml", "rss"])) var file: String
/// ```
///
/// An enumeration's values (``ExpressibleByArgument/allValueStrings``) complete as a list
/// without being told.
public struct CompletionKind: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case files(extensions: [String])
        case directories
        case list([String])
        case nothing
    }

    let kind: Kind

    /// File names (the shell's default).
    public static let `default` = CompletionKind(kind: .files(extensions: []))
    /// Folder names only.
    public static let directory = CompletionKind(kind: .directories)
    /// Nothing: the value is free text, such as a key or a number. (Not `none`, which would read
    /// as `Optional.none` where a completion is optional.)
    public static let nothing = CompletionKind(kind: .nothing)

    /// File names, of the given extensions when `extensions` is not empty (`["json"]`).
    public static func file(extensions: [String] = []) -> CompletionKind {
        CompletionKind(kind: .files(extensions: extensions))
    }

    /// The given words.
    public static func list(_ words: [String]) -> CompletionKind {
        CompletionKind(kind: .list(words))
    }
}
