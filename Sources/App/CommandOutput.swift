import Formats

/// The process's exit codes: 0 done, 1 a failure of SDL or of a file, 2 a usage mistake.
package enum ExitCode { package static let failure: Int32 = 1; package static let usage: Int32 = 2 }

/// A message for the person at the terminal: standard error, one line.
package func printError(_ text: String) {
    OutputFile.writeStandardError(text + "\n")
}

/// A command's output: every byte reaches standard output, or the command fails with a message
/// (a closed pipe, a full disk), where `print` would drop the rest silently.
package func printOutput(_ text: String, terminator: String = "\n") throws {
    try OutputFile.writeStandardOutput(text + terminator)
}
