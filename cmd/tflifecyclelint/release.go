package main

import (
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/tflifecyclelint/tflifecyclelint/internal/lazyssa"
	"github.com/tflifecyclelint/tflifecyclelint/passes"
)

// planRelease lets each package's SSA go once the last check using it is
// done (lazyssa.Expect). It needs the packages the run is about and the
// checks it runs; when either cannot be known (go vet's protocol, a listing
// error) the SSA is kept to the end, as before.
func planRelease(args []string) {
	pats := patterns(args)
	if len(pats) == 0 || vetMode(pats) {
		return
	}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName, Tests: true}, pats...)
	if err != nil {
		return
	}
	roots := map[string]bool{}
	for _, p := range pkgs {
		roots[p.PkgPath] = true
	}
	root, dep := lazyssa.Consumers(selected(args, passes.All()))
	lazyssa.Expect(roots, root, dep)
}

// selected mirrors the driver's analyzer flags: when any -NAME is true only
// those run, otherwise all but those set false.
func selected(args []string, all []*analysis.Analyzer) []*analysis.Analyzer {
	names := map[string]bool{}
	for _, a := range all {
		names[a.Name] = true
	}
	set, anyTrue := map[string]bool{}, false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" || !strings.HasPrefix(a, "-") {
			break
		}
		name, v, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !hasValue && valueFlags[name] {
			i++
		}
		if !names[name] {
			continue
		}
		on, err := strconv.ParseBool(v)
		if !hasValue {
			on, err = true, nil
		}
		if err == nil {
			set[name] = on
			anyTrue = anyTrue || on
		}
	}
	var out []*analysis.Analyzer
	for _, a := range all {
		if on, named := set[a.Name]; on || !named && !anyTrue {
			out = append(out, a)
		}
	}
	return out
}
