// Command newcheck adds a check: `go run ./scripts/newcheck NAME` writes the
// pass (passes/NAME), its fixture (testdata/src/NAME), registers it in
// passes/registry.go and regenerates the docs. `-registry` only rewrites the
// registry from the packages under passes/.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"

	"github.com/tflifecyclelint/tflifecyclelint/internal/checkgen"
)

func main() {
	registryOnly := flag.Bool("registry", false, "only rewrite passes/registry.go")
	root := flag.String("root", ".", "the repository root")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: go run ./scripts/newcheck [-root DIR] NAME | -registry")
	}
	flag.Parse()
	if err := run(*root, *registryOnly, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "newcheck:", err)
		os.Exit(1)
	}
}

func run(root string, registryOnly bool, args []string) error {
	if registryOnly {
		return checkgen.WriteRegistry(root)
	}
	if len(args) != 1 {
		flag.Usage()
		os.Exit(2)
	}
	if err := checkgen.Scaffold(root, args[0]); err != nil {
		return err
	}
	if err := checkgen.WriteRegistry(root); err != nil {
		return err
	}
	// The docs are computed from the registry by the passes package's test.
	cmd := exec.Command("go", "test", "./passes", "-run", "TestDocs", "-update")
	cmd.Dir, cmd.Stdout, cmd.Stderr = root, os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("regenerating docs: %v", err)
	}
	fmt.Printf("added check %s: edit passes/%s (doc.go, %s.go) and testdata/src/%s\n", args[0], args[0], args[0], args[0])
	return nil
}
