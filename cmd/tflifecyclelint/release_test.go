package main

import (
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// selected follows the analyzer flags as the driver reads them: -NAME=false
// removes one, any -NAME (true) keeps only those; other flags and their
// values are skipped.
func TestSelected(t *testing.T) {
	a, b, c := &analysis.Analyzer{Name: "x"}, &analysis.Analyzer{Name: "y"}, &analysis.Analyzer{Name: "z"}
	all := []*analysis.Analyzer{a, b, c}
	names := func(as []*analysis.Analyzer) []string {
		var out []string
		for _, x := range as {
			out = append(out, x.Name)
		}
		return out
	}
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"-json", "./..."}, []string{"x", "y", "z"}},
		{[]string{"-y=false", "./..."}, []string{"x", "z"}},
		{[]string{"-c", "3", "-y", "./..."}, []string{"y"}},
		{[]string{"-x=false", "-z=true", "./..."}, []string{"z"}},
		{[]string{"./...", "-y=false"}, []string{"x", "y", "z"}},
	} {
		if got := names(selected(tc.args, all)); !slices.Equal(got, tc.want) {
			t.Errorf("selected(%q) = %v, want %v", tc.args, got, tc.want)
		}
	}
}
