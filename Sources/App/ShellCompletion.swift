// The shell completions (`splashlab completion bash|zsh|fish`) and the man page (`splashlab help
// man`), both written from `CLI.commands` and `CLI.options`, the table `--help` reads, so a new
// option completes and is documented with no change here.

import Exports
import Foundation
import Scenes

/// The shells `splashlab completion` writes a script for.
public enum CompletionShell: String, CaseIterable, Sendable {
    case bash, zsh, fish
}

/// What a command line's words may be, taken from the command table.
public enum ShellCompletion {
    /// The words `splashlab` accepts before any command.
    static let topLevelFlags = ["--help", CLI.versionFlag]

    /// The fixed values an option takes, from the declarations that check them.
    public static func choices(_ option: CLIOption) -> [String]? {
        switch option.name {
        case CLIOption.device.name: return Device.names
        case CLIOption.orientation.name: return Orientation.allCases.map(\.rawValue)
        case CLIOption.appearance.name: return Appearance.allCases.map(\.rawValue) + [Appearance.allCases.map(\.rawValue).joined(separator: ",")]
        case CLIOption.renderer.name: return knownRendererNames
        case CLIOption.inspector.name: return ["on", "off"]
        case CLIOption.rate.name: return ["1", "0.5", "0.25", "0.1"]
        default: return nil
        }
    }

    /// Whether an option's operand is a path, so the shell offers files.
    static func takesPath(_ option: CLIOption) -> Bool {
        guard let value = option.value else { return false }
        return ["FILE", "PATH", "DIR", "SCRIPT", "FILE.png"].contains(value)
    }

    /// The operands a command takes, as words: `export`'s targets, `help`'s topics, the shells.
    static func operands(_ command: CLICommand) -> [String] {
        command.operands.contains("|") ? command.operands.split(separator: "|").map(String.init) : []
    }

    static let helpTopics = ["keys", "options", "man"] + CLI.commands.map(\.name)

    public static func script(_ shell: CompletionShell) -> String {
        switch shell {
        case .bash: return bash
        case .zsh: return zsh
        case .fish: return fish
        }
    }

    // MARK: bash

    /// A `case` arm per value-taking option: its choices, files, or nothing (a number).
    private static func valueArms(choicesLine: ([String]) -> String, filesLine: String, noneLine: String) -> [String] {
        CLI.options.filter { !$0.isFlag }.map { o in
            let body = choices(o).map(choicesLine) ?? (takesPath(o) ? filesLine : noneLine)
            return "    \(o.name)) \(body); return ;;"
        }
    }

    /// A `case` arm per command: the words after it.
    private static func commandArms(_ line: (CLICommand, [String]) -> String) -> [String] {
        CLI.commands.map { c in
            "    \(c.name)) \(line(c, CLI.options(for: c.name).map(\.name) + ["--help"]))" + " ;;"
        } + ["    help) \(line(CLICommand(name: "help", summary: "", operands: "", examples: []), helpTopics)) ;;"]
    }

    /// How bash and zsh spell the parts of one completion function: both pick the completing
    /// option's value, else the first word, else the command's words, with two `case`s.
    private struct CaseDialect {
        var header: [String]
        /// Sets `prev` and `command` (run when the first word is an option).
        var locals: [String]
        var offer: ([String]) -> String
        var offerFiles: String
        var offerNothing: String
        var isFirstWord: String
        var footer: String
    }

    private static func caseScript(_ d: CaseDialect) -> String {
        (d.header + ["_splashlab() {"] + d.locals + ["  case \"$prev\" in"]
            + valueArms(choicesLine: d.offer, filesLine: d.offerFiles, noneLine: d.offerNothing) + [
            "  esac",
            "  if \(d.isFirstWord); then",
            "    " + d.offer(CLI.commands.map(\.name) + ["help"] + topLevelFlags + CLI.options(for: "run").map(\.name)),
            "    return",
            "  fi",
            "  case \"$command\" in",
        ] + commandArms { c, opts in d.offer(opts + operands(c)) } + ["  esac", "}", d.footer]).joined(separator: "\n") + "\n"
    }

    static var bash: String {
        caseScript(CaseDialect(
            header: ["# bash completion for splashlab, written by `splashlab completion bash`."],
            locals: ["  local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\" command=run",
                     "  if [ \"$COMP_CWORD\" -gt 1 ] && [[ \"${COMP_WORDS[1]}\" != -* ]]; then command=\"${COMP_WORDS[1]}\"; fi"],
            offer: { "COMPREPLY=($(compgen -W \"\($0.joined(separator: " "))\" -- \"$cur\"))" },
            offerFiles: "COMPREPLY=($(compgen -f -- \"$cur\"))", offerNothing: "COMPREPLY=()",
            isFirstWord: "[ \"$COMP_CWORD\" -eq 1 ]",
            footer: "complete -o default -F _splashlab splashlab"))
    }

    // MARK: zsh

    /// zsh's `compadd` filters by what is typed itself, so no `cur` is needed.
    static var zsh: String {
        caseScript(CaseDialect(
            header: ["#compdef splashlab", "# zsh completion for splashlab, written by `splashlab completion zsh`."],
            locals: ["  local prev=${words[CURRENT-1]} command=run",
                     "  if (( CURRENT > 2 )) && [[ ${words[2]} != -* ]]; then command=${words[2]}; fi"],
            offer: { "compadd -- \($0.joined(separator: " "))" }, offerFiles: "_files", offerNothing: ":",
            isFirstWord: "(( CURRENT == 2 ))",
            footer: "if [[ $funcstack[1] == _splashlab ]]; then _splashlab \"$@\"; else compdef _splashlab splashlab; fi"))
    }

    // MARK: fish

    /// A fish single-quoted word.
    static func fishQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    static var fish: String {
        var lines = [
            "# fish completion for splashlab, written by `splashlab completion fish`.",
            "complete -c splashlab -f",
            "complete -c splashlab -n __fish_use_subcommand -l version -d 'print the version and the commit'",
        ]
        for c in CLI.commands {
            lines.append("complete -c splashlab -n __fish_use_subcommand -a \(c.name) -d \(fishQuoted(c.summary))")
            let words = operands(c)
            if !words.isEmpty {
                lines.append("complete -c splashlab -n '__fish_seen_subcommand_from \(c.name)' -a \(fishQuoted(words.joined(separator: " ")))")
            }
        }
        lines.append("complete -c splashlab -n __fish_use_subcommand -a help -d 'a command\\'s options, the window\\'s keys, the option table or the man page'")
        lines.append("complete -c splashlab -n '__fish_seen_subcommand_from help' -a \(fishQuoted(helpTopics.joined(separator: " ")))")
        for o in CLI.options {
            // `run` is the default command: its options complete before any command too.
            var condition = "__fish_seen_subcommand_from \(o.commands.joined(separator: " "))"
            if o.commands.contains("run") { condition = "__fish_use_subcommand; or " + condition }
            var line = "complete -c splashlab -n \(fishQuoted(condition)) -l \(o.name.dropFirst(2))"
            if let values = choices(o) { line += " -x -a \(fishQuoted(values.joined(separator: " ")))" } else if takesPath(o) { line += " -r -F" } else if !o.isFlag { line += " -x" }
            lines.append(line + " -d \(fishQuoted(o.help))")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
