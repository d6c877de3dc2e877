// The man page, splashlab.1, written by `splashlab help man` from the same command table as
// `--help`, so the two never disagree. roff as man-pages(7) and groff_man(7) describe it.

import Foundation

public enum ManPage {
    /// Text safe in roff: a backslash is `\e`, a hyphen in an option is `\-` (so it copies as a
    /// minus sign), and a line may not start with a control character (`.` or `'`).
    static func escaped(_ text: String) -> String {
        let body = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        return body.hasPrefix(".") || body.hasPrefix("'") ? "\\&" + body : body
    }

    public static var roff: String {
        var lines = [
            ".TH SPLASHLAB 1 \"\" \"splashlab \(BuildInfo.version)\" \"User Commands\"",
            ".SH NAME",
            "splashlab \\- preview iOS launch choreography",
            ".SH SYNOPSIS",
            ".B splashlab",
            "[\\fICOMMAND\\fR] [\\fIOPTIONS\\fR]",
            ".br",
            ".B splashlab \\-\\-version",
            ".SH DESCRIPTION",
            "SplashLab previews an iOS app's launch: its launch screen, the intro that follows and the first screen, "
                + "in a window with tools to tune the timings, or headless as frames, videos, JSON and code for the platforms.",
            ".SH COMMANDS",
        ]
        for c in CLI.commands {
            lines += [".TP", ".B \(escaped(c.name))" + (c.operands.isEmpty ? "" : " \\fI\(escaped(c.operands))\\fR"), escaped(c.summary) + "."]
            for e in c.examples { lines += [".br", "\\fB\(escaped(e))\\fR"] }
        }
        lines += [".TP", ".B help \\fR[\\fIkeys\\fR|\\fIoptions\\fR|\\fIman\\fR|\\fICOMMAND\\fR]",
                  "The window's keys, the option table, this page, or one command's options."]
        lines.append(".SH OPTIONS")
        for o in CLI.options {
            lines += [".TP", "\\fB\(escaped(o.name))\\fR" + (o.value.map { " \\fI\(escaped($0))\\fR" + (o.takesMany ? "..." : "") } ?? ""),
                      escaped(o.help) + " (" + escaped(o.commands.joined(separator: ", ")) + ")"]
        }
        lines += [
            ".SH ENVIRONMENT",
            ".TP", ".B SPLASHLAB_ASSETS",
            "The built\\-in assets folder, when it is not \\fI../share/splashlab\\fR beside the executable's folder or an \\fIAssets\\fR folder beside or above it.",
            ".SH EXIT STATUS",
            "0 when done, 1 on a failure of SDL or of a file (and lint's findings), 2 on a usage mistake.",
            ".SH FILES",
            ".TP", ".I PREFIX/share/splashlab",
            "The built\\-in assets: the logo, splash texts, photos, the launch screen and the default timings.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
