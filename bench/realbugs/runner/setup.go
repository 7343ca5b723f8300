package main

import (
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// buildSetup says where (root: the repository as the analyzer sees it) to run the analyzer on pkgDir and with which
// environment: module mode when a go.mod encloses the package (vendor/ used
// when it has a modules.txt), GOPATH mode for trees from before modules.
func buildSetup(tree, pkgDir, repo string) (root, runDir, pattern string, env []string, err error) {
	base := []string{"GOWORK=off", "GOTOOLCHAIN=local", "GOFLAGS="}
	for d := pkgDir; strings.HasPrefix(d, tree); d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			mode := "-mod=mod"
			if _, err := os.Stat(filepath.Join(d, "vendor", "modules.txt")); err == nil {
				mode = "-mod=vendor"
			}
			rel, _ := filepath.Rel(d, pkgDir)
			return tree, d, "./" + filepath.ToSlash(rel), append(base, "GOFLAGS="+mode, "GO111MODULE=on"), nil
		}
		if d == tree {
			break
		}
	}
	if _, err := os.Stat(filepath.Join(tree, "vendor")); err != nil {
		return "", "", "", nil, fmt.Errorf("no go.mod and no vendor/: dependencies unknown")
	}
	ip := importPath(tree, pkgDir, repo)
	gopath := tree + ".gopath"
	dst := filepath.Join(gopath, "src", filepath.FromSlash(ip))
	os.RemoveAll(gopath)
	if err := os.MkdirAll(filepath.Join(gopath, "vendor"), 0o755); err != nil {
		return "", "", "", nil, err
	}
	// vendor/ becomes a GOPATH entry of its own, so vendored packages keep
	// their canonical paths (github.com/hashicorp/terraform/helper/schema,
	// not .../vendor/github.com/...), as in module mode. The tree is no
	// longer whole, so it is not reused.
	os.Remove(filepath.Join(tree, ".complete"))
	if err := os.Rename(filepath.Join(tree, "vendor"), filepath.Join(gopath, "vendor", "src")); err != nil {
		return "", "", "", nil, err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return "", "", "", nil, err
	}
	// The tree is linked, not moved, so its cleanup stays with the caller.
	if err := os.Symlink(tree, dst); err != nil {
		return "", "", "", nil, err
	}
	rel, _ := filepath.Rel(tree, pkgDir)
	gp := gopath + string(filepath.ListSeparator) + filepath.Join(gopath, "vendor")
	return dst, filepath.Join(dst, rel), ".", append(base, "GO111MODULE=off", "GOPATH="+gp), nil
}

// importPath guesses the import path of a GOPATH-era repository from the
// imports of its own packages: an import ending in one of the tree's
// directories names the root. Providers moved between GitHub organisations,
// so the repository's current name is only the fallback.
func importPath(tree, pkgDir, repo string) string {
	votes := map[string]int{}
	for _, dir := range []string{tree, pkgDir} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		for _, f := range files {
			af, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
			if err != nil {
				continue
			}
			for _, imp := range af.Imports {
				p, _ := strconv.Unquote(imp.Path.Value)
				if vendored(tree, p) {
					continue // a dependency whose path ends in a directory name of the tree (go-oracle-terraform/opc)
				}
				if root := rootOf(tree, p); root != "" {
					votes[root]++
				}
			}
		}
	}
	best, n := "github.com/"+repo, 0
	for root, v := range votes {
		if v > n {
			best, n = root, v
		}
	}
	return best
}

// vendored: p is a package of tree's vendor/.
func vendored(tree, p string) bool {
	_, err := os.Stat(filepath.Join(tree, "vendor", filepath.FromSlash(p)))
	return err == nil
}

// rootOf returns the prefix of import path p that leaves a directory of
// tree, or "".
func rootOf(tree, p string) string {
	parts := strings.Split(p, "/")
	for i := 1; i < len(parts); i++ {
		rel := filepath.Join(parts[i:]...)
		if rel == "vendor" || strings.HasPrefix(rel, "vendor"+string(filepath.Separator)) {
			continue
		}
		if st, err := os.Stat(filepath.Join(tree, rel)); err == nil && st.IsDir() && i >= 2 {
			return strings.Join(parts[:i], "/")
		}
	}
	return ""
}
