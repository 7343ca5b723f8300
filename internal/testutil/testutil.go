// Package testutil locates the module-mode fixtures shared by the pass tests.
package testutil

import (
	"path/filepath"
	"runtime"
)

// Fixtures returns the directory of the fixtures module (testdata/src).
func Fixtures() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "testdata", "src")
}
