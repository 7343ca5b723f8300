package main

import (
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
)

// versionFlag finds -V (any value) among the flags: "full" is go vet's
// protocol, anything else the human form.
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

// printVersion prints the version. With -V=full it follows go vet's
// protocol: "devel … buildID=<hash of the binary>", so go vet's cache is keyed
// by the exact binary (a rebuilt checkout is never mistaken for the last one).
func printVersion(w io.Writer, mode string) int {
	if mode != "full" {
		fmt.Fprintf(w, "tflifecyclelint %s\n", moduleVersion())
		return exitClean
	}
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintf(os.Stderr, "tflifecyclelint: %v\n", err)
		return exitError
	}
	f, err := os.Open(self)
	if err != nil {
		fmt.Fprintf(os.Stderr, "tflifecyclelint: %v\n", err)
		return exitError
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		fmt.Fprintf(os.Stderr, "tflifecyclelint: %v\n", err)
		return exitError
	}
	v, _, _ := strings.Cut(moduleVersion(), " ")
	fmt.Fprintf(w, "%s version devel %s buildID=%x\n", self, v, h.Sum(nil))
	return exitClean
}
