// Command tflifecyclelint checks Terraform provider code against the resource
// lifecycle contracts.
//
// Standalone:  tflifecyclelint [-json] [-fix] [-<analyzer>=false] ./...
// With go vet: go vet -vettool=$(which tflifecyclelint) ./...
//
// -debug-model reports the provider model each check sees; -sarif prints
// SARIF 2.1.0 instead of text; -severity=check=level,... sets SARIF levels.
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"golang.org/x/tools/go/analysis/multichecker"
	"golang.org/x/tools/go/packages"

	"github.com/tflifecyclelint/tflifecyclelint/passes"
)

func main() {
	// The child run of the structured modes goes straight to the driver.
	// One line for an unknown flag, not the whole flag list.
	flag.CommandLine.Usage = func() {}
	if os.Getenv(childEnv) != "" {
		planRelease(os.Args[1:])
		multichecker.Main(passes.All()...)
	}
	os.Args = rewriteArgs(os.Args)
	args := os.Args[1:]
	if v, ok := versionFlag(args); ok && v != "full" {
		os.Exit(printVersion(os.Stdout))
	}
	sarifOut, levels, rest, err := ownFlags(args)
	if err != nil {
		fmt.Fprintf(os.Stderr, "tflifecyclelint: %v\n", err)
		os.Exit(exitUsage)
	}
	if wantsHelp(rest) {
		os.Exit(help(os.Stdout, os.Stderr, nil))
	}
	pats := patterns(rest)
	if len(pats) > 0 && !vetMode(pats) {
		switch pats[0] {
		case "help":
			os.Exit(help(os.Stdout, os.Stderr, pats[1:]))
		case "version":
			os.Exit(printVersion(os.Stdout))
		}
		if err := checkPatterns(pats); err != nil {
			fmt.Fprintf(os.Stderr, "tflifecyclelint: %v\n", err)
			os.Exit(exitError)
		}
	}
	args = optIn(rest)
	os.Args = append([]string{os.Args[0]}, args...)
	switch {
	case vetMode(pats) || len(pats) == 0 || hasFlag(args, "fix"):
		// go vet's protocol, -flags, -fix: the driver's own behaviour.
	case sarifOut:
		os.Exit(runSARIF(args, levels))
	case hasFlag(args, "json"):
		os.Exit(runJSON(args))
	case hasFlag(args, "providermodel.debug"):
		os.Exit(runDebugModel(args))
	}
	planRelease(args)
	multichecker.Main(passes.All()...)
}

// hasFlag reports whether the boolean flag name is set among the flags.
func hasFlag(args []string, name string) bool {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" || !strings.HasPrefix(a, "-") {
			return false
		}
		f, v, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if f == name {
			return !hasValue || v == "true"
		}
		if !hasValue && valueFlags[f] {
			i++
		}
	}
	return false
}

// rewriteArgs maps -debug-model onto the providermodel analyzer's flag.
func rewriteArgs(args []string) []string {
	out := make([]string, 0, len(args))
	for _, a := range args {
		switch strings.TrimLeft(a, "-") {
		case "debug-model", "debug-model=true":
			a = "-providermodel.debug"
		}
		out = append(out, a)
	}
	return out
}

func wantsHelp(args []string) bool {
	for _, a := range args {
		switch a {
		case "-h", "-help", "--help":
			return true
		}
	}
	return false
}

// valueFlags are the driver's flags that take their value as the next argument.
var valueFlags = map[string]bool{"c": true, "debug": true, "cpuprofile": true, "memprofile": true, "trace": true}

// patterns returns the package patterns among the arguments.
func patterns(args []string) []string {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return args[i+1:]
		}
		if !strings.HasPrefix(a, "-") {
			return args[i:]
		}
		name := strings.TrimLeft(a, "-")
		if !strings.Contains(name, "=") && valueFlags[name] {
			i++
		}
	}
	return nil
}

func vetMode(pats []string) bool {
	return len(pats) == 1 && strings.HasSuffix(pats[0], ".cfg")
}

// checkPatterns lists the packages (without type-checking) so that a pattern
// that matches nothing, or a directory outside any module, gets one clear line
// instead of one line per analyzer.
func checkPatterns(pats []string) error {
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedFiles}, pats...)
	if err != nil {
		return firstLine(err.Error())
	}
	if len(pkgs) == 0 {
		return fmt.Errorf("no packages match %s", strings.Join(pats, " "))
	}
	for _, p := range pkgs {
		for _, e := range p.Errors {
			if e.Kind == packages.ListError {
				return firstLine(e.Msg)
			}
		}
	}
	return nil
}

func firstLine(s string) error {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return fmt.Errorf("%s", s)
}

// optIn turns the opt-in checks (passes.OptIn) off unless a flag names them.
func optIn(args []string) []string {
	var add []string
	for _, name := range passes.OptIn() {
		named := false
		for _, a := range args {
			if a == "--" {
				break
			}
			f := strings.TrimLeft(a, "-")
			if strings.HasPrefix(a, "-") && (f == name || strings.HasPrefix(f, name+"=")) {
				named = true
			}
		}
		if !named {
			add = append(add, "-"+name+"=false")
		}
	}
	return append(add, args...)
}
