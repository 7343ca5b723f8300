// Command validatesarif checks SARIF files against the SARIF 2.1.0 schema:
//
//	go run ./internal/sarif/validatesarif out.sarif ...
package main

import (
	"fmt"
	"os"

	"github.com/tflifecyclelint/tflifecyclelint/internal/sarif"
)

func main() {
	validate, err := sarif.Validator()
	if err != nil {
		fmt.Fprintf(os.Stderr, "validatesarif: %v\n", err)
		os.Exit(1)
	}
	code := 0
	for _, path := range os.Args[1:] {
		doc, err := os.ReadFile(path)
		if err == nil {
			err = validate(doc)
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "%s: invalid: %v\n", path, err)
			code = 1
			continue
		}
		fmt.Printf("%s: valid SARIF 2.1.0\n", path)
	}
	os.Exit(code)
}
