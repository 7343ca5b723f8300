package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// commit makes a git repository holding files and returns it and the commit.
func commit(t *testing.T, files map[string]string) (git, sha string) {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "."}, {"-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "c"}} {
		if out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput(); err != nil {
			t.Skipf("git %v: %v %s", args, err, out)
		}
	}
	out, _ := exec.Command("git", "-C", dir, "rev-parse", "HEAD").Output()
	return filepath.Join(dir, ".git"), strings.TrimSpace(string(out))
}

func TestModuleSetup(t *testing.T) {
	git, sha := commit(t, map[string]string{"go.mod": "module example.org/m\n", "internal/p/a.go": "package p\n"})
	tree := filepath.Join(t.TempDir(), "tree")
	if err := materialise(git, sha, tree); err != nil {
		t.Fatal(err)
	}
	root, dir, pattern, env, err := buildSetup(tree, filepath.Join(tree, "internal/p"), "o/m")
	if err != nil {
		t.Fatal(err)
	}
	if root != tree || dir != tree || pattern != "./internal/p" || !slices.Contains(env, "GOFLAGS=-mod=mod") {
		t.Errorf("root %s dir %s pattern %s env %v", root, dir, pattern, env)
	}
}

func TestGopathSetup(t *testing.T) {
	git, sha := commit(t, map[string]string{
		"main.go": "package main\nimport _ \"github.com/old-org/terraform-provider-x/x\"\n",
		"x/a.go":  "package x\nimport _ \"github.com/hashicorp/terraform/helper/schema\"\n",
		"vendor/github.com/hashicorp/terraform/helper/schema/s.go": "package schema\n",
	})
	tree := filepath.Join(t.TempDir(), "tree")
	if err := materialise(git, sha, tree); err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(tree + ".gopath")
	root, dir, pattern, env, err := buildSetup(tree, filepath.Join(tree, "x"), "new-org/terraform-provider-x")
	if err != nil {
		t.Fatal(err)
	}
	gp := tree + ".gopath"
	if want := filepath.Join(gp, "src/github.com/old-org/terraform-provider-x"); root != want || dir != filepath.Join(want, "x") || pattern != "." {
		t.Errorf("root %s dir %s pattern %s; want the import path from main.go's import", root, dir, pattern)
	}
	// Vendored packages are a GOPATH entry of their own: canonical paths.
	if _, err := os.Stat(filepath.Join(gp, "vendor/src/github.com/hashicorp/terraform/helper/schema/s.go")); err != nil {
		t.Error(err)
	}
	if !slices.Contains(env, "GO111MODULE=off") || !slices.Contains(env, "GOPATH="+gp+string(filepath.ListSeparator)+filepath.Join(gp, "vendor")) {
		t.Errorf("env %v", env)
	}
}

func TestNoModuleNoVendor(t *testing.T) {
	git, sha := commit(t, map[string]string{"x/a.go": "package x\n"})
	tree := filepath.Join(t.TempDir(), "tree")
	if err := materialise(git, sha, tree); err != nil {
		t.Fatal(err)
	}
	if _, _, _, _, err := buildSetup(tree, filepath.Join(tree, "x"), "o/x"); err == nil {
		t.Error("a tree with neither go.mod nor vendor/ was set up")
	}
}
