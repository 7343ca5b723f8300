package main_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
)

// copyFixtures copies the fixtures module so fixes can be applied to it.
func copyFixtures(t *testing.T) string {
	t.Helper()
	dst := t.TempDir()
	src := testutil.Fixtures()
	err := filepath.WalkDir(src, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// Applying the suggested fixes, through -fix or go fix -fixtool, makes the
// findings go away.
func TestFixRemovesFindings(t *testing.T) {
	t.Parallel()
	slow(t)
	bin := buildTool(t)
	for name, fix := range map[string][]string{
		"-fix":            {bin, "-fix", "./fixes/..."},
		"go fix -fixtool": {"go", "fix", "-fixtool=" + bin, "./fixes/..."},
	} {
		t.Run(name, func(t *testing.T) {
			dir := copyFixtures(t)
			if before := run(t, dir, bin, "./fixes/..."); before.code != 3 {
				t.Fatalf("before fixing: exit %d, want 3 (findings)", before.code)
			}
			if r := run(t, dir, fix[0], fix[1:]...); r.code != 0 {
				t.Fatalf("%s: exit %d\n%s", name, r.code, r.stderr)
			}
			if after := run(t, dir, bin, "./fixes/..."); after.code != 0 {
				t.Errorf("after fixing: exit %d, findings remain:\n%s", after.code, after.stderr)
			}
		})
	}
}
