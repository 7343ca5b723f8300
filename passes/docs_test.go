package passes_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tflifecyclelint/tflifecyclelint/passes"
)

var update = flag.Bool("update", false, "rewrite the generated docs")

// TestDocs fails when the generated docs are stale; -update rewrites them.
func TestDocs(t *testing.T) {
	for rel, want := range passes.GeneratedDocs() {
		path := filepath.Join("..", rel)
		if *update {
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil || string(got) != want {
			t.Errorf("%s is stale: run go test ./passes -run TestDocs -update", rel)
		}
	}
}

// Every check has complete documentation and a row in the README table.
func TestEveryCheckDocumented(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	docs := passes.Docs()
	if len(docs) != len(passes.Checks()) {
		t.Fatalf("%d docs for %d checks", len(docs), len(passes.Checks()))
	}
	for i, d := range docs {
		a := passes.Checks()[i]
		if a.Name != d.Name || a.URL != d.URL() {
			t.Errorf("analyzer %s does not carry doc %s", a.Name, d.Name)
		}
		if d.Title == "" || d.Why == "" || d.Bad == "" || d.Good == "" || len(d.Rules) == 0 || d.Severity == "" || d.Since == "" {
			t.Errorf("%s: incomplete Doc", d.Name)
		}
		if !strings.Contains(string(readme), "| `"+d.Name+"` |") {
			t.Errorf("README check table has no row for %s", d.Name)
		}
	}
}
