package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestScaffold adds a trivial check to a copy of the repository with the
// scaffold and shows what adding a check touches: the check's package, its
// fixture, and the generated registry and docs — nothing written by hand
// elsewhere. The new check then builds, passes its test, is documented and
// listed by help. The copy is thrown away: the check is removed with it.
func TestScaffold(t *testing.T) {
	if os.Getenv("TF_ACC") == "" {
		t.Skip("copies the repository and builds it; set TF_ACC=1 to run it")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	copyTracked(t, root, dir)
	git(t, dir, "init", "-q")
	git(t, dir, "add", "-A")
	git(t, dir, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "base")

	goRun(t, dir, "run", "./scripts/newcheck", "trivialcheck")

	status := git(t, dir, "status", "--porcelain", "-uall")
	t.Logf("adding trivialcheck touched:\n%s", status)
	for _, path := range strings.Fields(status) {
		if len(path) <= 2 {
			continue // status letters
		}
		switch {
		case strings.HasPrefix(path, "passes/trivialcheck/"), strings.HasPrefix(path, "testdata/src/trivialcheck/"):
		case path == "passes/registry.go", path == "README.md", strings.HasPrefix(path, "docs/"), strings.HasPrefix(path, "examples/golangci/"):
			// generated
		default:
			t.Errorf("adding a check touched %s", path)
		}
	}
	// (passes' other tests count every check's findings; the placeholder reports on every resource.)
	goRun(t, dir, "test", "./passes/trivialcheck")
	goRun(t, dir, "test", "./passes", "-run", "TestDocs|TestRegistryFresh|TestEveryCheckDocumented|TestGolangciExample")
	help := goRun(t, dir, "run", "./cmd/tflifecyclelint", "help", "trivialcheck")
	if !strings.Contains(help, "trivialcheck") || !strings.Contains(help, "opt-in") {
		t.Errorf("help does not explain the new check as opt-in:\n%s", help)
	}
}

func copyTracked(t *testing.T, from, to string) {
	t.Helper()
	for _, rel := range strings.Split(strings.TrimSpace(git(t, from, "ls-files", "--cached", "--others", "--exclude-standard")), "\n") {
		data, err := os.ReadFile(filepath.Join(from, rel))
		if err != nil {
			continue // deleted in the working tree
		}
		dst := filepath.Join(to, rel)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return string(out)
}

func goRun(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go %v: %v\n%s", args, err, out)
	}
	return string(out)
}
