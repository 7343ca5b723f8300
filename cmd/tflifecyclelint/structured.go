package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"slices"
	"strings"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
)

// childEnv marks the run of the driver that the structured modes (-json,
// -sarif, -debug-model) start with -json and read back: x/tools' driver
// exits 0 with -json whatever it found, and counts the model's debug lines as
// findings, so the exit code is decided here from what it printed.
const childEnv = "TFLIFECYCLELINT_CHILD"

// runChild runs the driver with -json and returns its stdout and exit code;
// its stderr (packages that do not load) goes to ours.
func runChild(args []string) ([]byte, int) {
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintf(os.Stderr, "tflifecyclelint: %v\n", err)
		return nil, exitError
	}
	cmd := exec.Command(self, append([]string{"-json"}, args...)...)
	cmd.Env = append(os.Environ(), childEnv+"=1")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, os.Stderr
	if err := cmd.Run(); err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			return out.Bytes(), ee.ExitCode()
		}
		fmt.Fprintf(os.Stderr, "tflifecyclelint: %v\n", err)
		return nil, exitError
	}
	return out.Bytes(), exitClean
}

// jsonDiag is one diagnostic of the driver's JSON output.
type jsonDiag struct {
	Posn    string `json:"posn"`
	Message string `json:"message"`
	Related []struct {
		Posn    string `json:"posn"`
		Message string `json:"message"`
	} `json:"related"`
}

// entry is one package's output for one analyzer: diagnostics or an error.
type entry struct {
	pkg, analyzer string
	diags         []jsonDiag
	err           string
}

// parseTree reads the JSON tree (package -> analyzer -> diagnostics or
// {"error": ...}) in a stable order.
func parseTree(out []byte) ([]entry, error) {
	var tree map[string]map[string]json.RawMessage
	if len(bytes.TrimSpace(out)) == 0 {
		return nil, nil
	}
	if err := json.Unmarshal(out, &tree); err != nil {
		return nil, fmt.Errorf("reading the driver's JSON: %v", err)
	}
	var es []entry
	for _, pkg := range slices.Sorted(maps.Keys(tree)) {
		for _, a := range slices.Sorted(maps.Keys(tree[pkg])) {
			e := entry{pkg: pkg, analyzer: a}
			var failed struct {
				Err string `json:"error"`
			}
			if json.Unmarshal(tree[pkg][a], &e.diags) != nil {
				if json.Unmarshal(tree[pkg][a], &failed) != nil || failed.Err == "" {
					return nil, fmt.Errorf("reading the driver's JSON: unexpected entry for %s in %s", a, pkg)
				}
				e.err = failed.Err
			}
			es = append(es, e)
		}
	}
	return es, nil
}

// exitCode is the standalone driver's code for a run: like x/tools' text
// mode, 1 when a check failed, else 3 with findings (the model's debug lines
// are not findings), never below what the run itself exited with (1 when
// packages did not load).
func exitCode(es []entry, child int) int {
	code := exitClean
	for _, e := range es {
		switch {
		case e.err != "":
			code = exitError
		case len(e.diags) > 0 && e.analyzer != facts.Analyzer.Name && code == exitClean:
			code = exitFindings
		}
	}
	return max(code, child)
}

// runJSON prints the driver's JSON unchanged and exits as documented.
func runJSON(args []string) int {
	out, child := runChild(args)
	es, err := parseTree(out)
	if err != nil {
		fmt.Fprintf(os.Stderr, "tflifecyclelint: %v\n", err)
		return exitError
	}
	os.Stdout.Write(out)
	return exitCode(es, child)
}

// runDebugModel prints the text output (findings and model lines, related
// positions indented) and exits as documented.
func runDebugModel(args []string) int {
	out, child := runChild(args)
	es, err := parseTree(out)
	if err != nil {
		fmt.Fprintf(os.Stderr, "tflifecyclelint: %v\n", err)
		return exitError
	}
	printText(os.Stderr, es)
	return exitCode(es, child)
}

func printText(w io.Writer, es []entry) {
	seen := map[string]bool{} // a package and its test variant report alike
	for _, e := range es {
		if e.err != "" {
			fmt.Fprintf(w, "%s: %s\n", e.analyzer, e.err)
			continue
		}
		for _, d := range e.diags {
			line := d.Posn + ": " + d.Message
			if seen[e.analyzer+line] {
				continue
			}
			seen[e.analyzer+line] = true
			fmt.Fprintln(w, line)
			for _, r := range d.Related {
				fmt.Fprintf(w, "%s: \t%s\n", r.Posn, strings.TrimSpace(r.Message))
			}
		}
	}
}
