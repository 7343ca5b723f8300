package checkgen_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tflifecyclelint/tflifecyclelint/internal/checkgen"
)

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// Only packages declaring both a Doc and an Analyzer are checks.
func TestRegistry(t *testing.T) {
	root := t.TempDir()
	write(t, filepath.Join(root, "passes/zeta/doc.go"), "package zeta\n\nvar Doc = &lint.Doc{}\n")
	write(t, filepath.Join(root, "passes/zeta/zeta.go"), "package zeta\n\nvar Analyzer = 1\n")
	write(t, filepath.Join(root, "passes/alpha/alpha.go"), "package alpha\n\nvar Doc = &lint.Doc{}\nvar Analyzer = 1\n")
	write(t, filepath.Join(root, "passes/helper/helper.go"), "package helper\n\nvar Analyzer = 1\n")
	write(t, filepath.Join(root, "passes/all.go"), "package passes\n")
	names, err := checkgen.Checks(root)
	if err != nil || strings.Join(names, ",") != "alpha,zeta" {
		t.Fatalf("Checks = %v, %v; want alpha, zeta", names, err)
	}
	src, err := checkgen.Registry(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"DO NOT EDIT", `"github.com/tflifecyclelint/tflifecyclelint/passes/alpha"`, "{Doc: zeta.Doc, Analyzer: zeta.Analyzer}"} {
		if !strings.Contains(string(src), want) {
			t.Errorf("registry lacks %s:\n%s", want, src)
		}
	}
	if strings.Contains(string(src), "helper") {
		t.Errorf("registry lists a package without a Doc:\n%s", src)
	}
}

func TestScaffold(t *testing.T) {
	root := t.TempDir()
	if err := checkgen.Scaffold(root, "newthing"); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"passes/newthing/doc.go", "passes/newthing/newthing.go", "passes/newthing/newthing_test.go", "testdata/src/newthing/newthing.go"} {
		data, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(data), "NAME") {
			t.Errorf("%s keeps the NAME placeholder", f)
		}
	}
	if names, _ := checkgen.Checks(root); len(names) != 1 || names[0] != "newthing" {
		t.Errorf("the scaffold is not a check: %v", names)
	}
	if err := checkgen.Scaffold(root, "newthing"); err == nil {
		t.Error("scaffolding an existing check succeeded")
	}
	if err := checkgen.Scaffold(root, "Bad-Name"); err == nil {
		t.Error("a bad name was accepted")
	}
}
