// Command tflifecyclelint checks Terraform provider code against the resource
// lifecycle contracts.
//
// Standalone:  tflifecyclelint [-json] [-fix] [-<analyzer>=false] ./...
// With go vet: go vet -vettool=$(which tflifecyclelint) ./...
//
// -debug-model reports the provider model each check sees.
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/tflifecyclelint/tflifecyclelint/passes"
)

func main() {
	os.Args = rewriteArgs(os.Args)
	// One line for an unknown flag, not the whole flag list.
	flag.CommandLine.Usage = func() {}
	if wantsHelp(os.Args[1:]) {
		os.Args = []string{os.Args[0], "help"}
	}
	multichecker.Main(passes.All()...)
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
		if !strings.HasPrefix(a, "-") {
			return false
		}
	}
	return false
}

var _ = fmt.Sprint
