package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/sarif"
	"github.com/tflifecyclelint/tflifecyclelint/passes"
)

// ownFlags takes -sarif and -severity out of the arguments; the rest goes to
// the analysis driver untouched, so the go vet protocol is not disturbed.
func ownFlags(args []string) (sarifOut bool, levels map[string]string, rest []string, err error) {
	levels = map[string]string{}
	known := map[string]bool{}
	for _, d := range passes.Docs() {
		known[d.Name] = true
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") || (name != "sarif" && name != "severity") {
			rest = append(rest, a)
			continue
		}
		if name == "sarif" {
			sarifOut = !hasValue || value == "true"
			continue
		}
		if !hasValue {
			if i+1 >= len(args) {
				return false, nil, nil, fmt.Errorf("-severity needs a value: check=level,...")
			}
			i++
			value = args[i]
		}
		for _, kv := range strings.Split(value, ",") {
			check, lvl, ok := strings.Cut(kv, "=")
			switch {
			case !ok:
				return false, nil, nil, fmt.Errorf("-severity %q: want check=level", kv)
			case !known[check]:
				return false, nil, nil, fmt.Errorf("-severity: unknown check %q", check)
			case lvl != "error" && lvl != "warning" && lvl != "note":
				return false, nil, nil, fmt.Errorf("-severity: level %q for %s must be error, warning or note", lvl, check)
			}
			levels[check] = lvl
		}
	}
	return sarifOut, levels, rest, nil
}

// runSARIF runs the driver with -json, converts its output, and prints
// SARIF to stdout. It exits like the other modes: 3 with findings.
func runSARIF(args []string, levels map[string]string) int {
	out, child := runChild(args)
	if len(out) == 0 && child != exitClean {
		return child // it said why on stderr
	}
	es, err := parseTree(out)
	if err != nil {
		fmt.Fprintf(os.Stderr, "tflifecyclelint: %v\n", err)
		return exitError
	}
	wd, _ := os.Getwd()
	log, err := sarif.Convert(out, append(passes.Docs(), lint.DirectivesDoc), wd, levels)
	if err != nil {
		fmt.Fprintf(os.Stderr, "tflifecyclelint: %v\n", err)
		return exitError
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(log); err != nil {
		fmt.Fprintf(os.Stderr, "tflifecyclelint: %v\n", err)
		return exitError
	}
	return exitCode(es, child)
}
