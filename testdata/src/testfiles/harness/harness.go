// Package harness is a provider package whose test file declares a resource
// of its own, as acceptance-test harness providers do.
package harness
