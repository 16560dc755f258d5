/// A shell that `--generate-completion-script` writes a completion script for.
///
/// ```sh
/// source <(bsl --generate-completion-script bash)
/// bsl --generate-completion-script fish > ~/.config/fish/completions/bsl.fish
/// ```
public enum CompletionShell: String, Sendable, CaseIterable, ExpressibleByArgument {
    /// GNU bash 4 or later.
    case bash
    /// zsh, with its completion system (`compinit`) loaded.
    case zsh
    /// fish 3.4 or later.
    case fish
}
