package main

import (
	"fmt"
	"io"
	"runtime/debug"
	"strings"
)

// versionFlag finds -V (any value) among the flags.
func versionFlag(args []string) (string, bool) {
	for _, a := range args {
		if a == "--" || !strings.HasPrefix(a, "-") {
			break
		}
		name, value, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if name == "V" || name == "version" {
			return value, true
		}
	}
	return "", false
}

// version is set by the release build (-ldflags -X main.version=vX.Y.Z), where
// the build info of a checkout says "(devel)".
var version string

// moduleVersion is the version of the module the binary was built from: the
// tag with `go install …@vX.Y.Z`, "(devel)" from a checkout, with the VCS
// revision when the build recorded one.
func moduleVersion() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown)"
	}
	v := bi.Main.Version
	if (v == "" || v == "(devel)") && version != "" {
		v = version
	}
	if v == "" {
		v = "(devel)"
	}
	var rev, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = ", modified"
			}
		}
	}
	if rev != "" {
		v += fmt.Sprintf(" (commit %.12s%s)", rev, modified)
	}
	return v + " " + bi.GoVersion
}

// printVersion prints the version for people. -V=full (go vet's protocol)
// is left to the x/tools driver, which answers with the binary's hash.
func printVersion(w io.Writer) int {
	fmt.Fprintf(w, "tflifecyclelint %s\n", moduleVersion())
	return exitClean
}
