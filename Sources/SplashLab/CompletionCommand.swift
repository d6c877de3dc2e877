import App

/// `splashlab completion bash|zsh|fish`: the shell's completion script on standard output.
func completionCommand(_ arguments: [String]) throws -> Int32 {
    let args = try ParsedArguments(arguments, command: "completion", allowsPositionals: true)
    let names = CompletionShell.allCases.map(\.rawValue).joined(separator: ", ")
    guard args.positionals.count == 1, let name = args.positionals.first else { throw args.mistake("name one shell: \(names)") }
    guard let shell = CompletionShell(rawValue: name) else { throw args.mistake("unknown shell '\(name)'; shells: \(names)") }
    try printOutput(ShellCompletion.script(shell), terminator: "")
    return 0
}
