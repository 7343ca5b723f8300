package flow_test

import (
	"go/token"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/flow"
	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
)

// In these functions set() settles the question, fail() makes the path a
// failure path, and the then-branch of `if failed()` is a failure path.
const src = `package p

func set()         {}
func fail()        {}
func failed() bool { return false }
func cond() bool   { return true }

func always() { set() }

func never() {} // @never

func oneBranch() {
	if cond() { // @c1
		set()
	}
} // @end1

func failing() {
	if cond() {
		fail()
		return
	}
	set()
}

func failedBranch() {
	if failed() {
		return
	}
	set()
}

func twoReturns() int {
	if cond() { // @c2
		return 1 // @r2
	}
	set()
	return 2
}

func nested() int {
	if cond() { // @outer
		if cond() { // @inner
			return 1 // @r3
		}
		set()
	}
	return 2 // @r4
}

func loop() {
	for cond() { // @loop
		set()
	}
} // @end5

func setThenFail() {
	set()
	fail()
}

func failAfterReturnPath() int {
	if cond() { // @c6
		return 1 // @r6
	}
	fail()
	return 2
}

func pair() (bool, error) { return true, nil }

func extracted() {
	ok, _ := pair() // @call
	if !ok {
		return // @r7
	}
	set()
}
`

func question() flow.Question {
	named := func(name string) func(ssa.Instruction) bool {
		return func(instr ssa.Instruction) bool {
			c, ok := instr.(*ssa.Call)
			return ok && c.Call.StaticCallee() != nil && c.Call.StaticCallee().Name() == name
		}
	}
	return flow.Question{
		Hit:   named("set"),
		Fails: named("fail"),
		FailedSucc: func(ifi *ssa.If) int {
			if instr, ok := ifi.Cond.(ssa.Instruction); ok && named("failed")(instr) {
				return 0
			}
			return -1
		},
	}
}

func TestUnsettled(t *testing.T) {
	s := testutil.Load(t, src)
	lines := testutil.Markers(src)
	for _, tc := range []struct {
		fn string
		// want: for each unsettled return, the marker of its line (the
		// closing brace for the implicit return), then the branches taken:
		// "c1:else" for the else-branch of the condition marked @c1.
		want []string
	}{
		{"always", nil},
		{"never", []string{"ret@never"}},
		{"oneBranch", []string{"ret@end1 c1:else"}},
		{"failing", nil},
		{"failedBranch", nil},
		{"twoReturns", []string{"ret@r2 c2:then"}},
		{"nested", []string{"ret@r3 outer:then inner:then", "ret@r4 outer:else"}},
		{"loop", []string{"ret@end5 loop:else"}},
		{"setThenFail", nil},
		{"failAfterReturnPath", []string{"ret@r6 c6:then"}},
		// The condition is a call's extracted result, with no position of
		// its own: the branch is placed at the call. SSA folds the ! into
		// the branch order: on this path ok is false.
		{"extracted", []string{"ret@r7 call:else"}},
	} {
		fn := s.Func(t, tc.fn)
		var got []string
		for _, p := range flow.Unsettled(fn, question()) {
			got = append(got, describe(s.Fset, lines, fn, p))
		}
		sort.Strings(got)
		if strings.Join(got, "; ") != strings.Join(tc.want, "; ") {
			t.Errorf("%s: unsettled %q, want %q", tc.fn, got, tc.want)
		}
	}
}

func describe(fset *token.FileSet, markers map[int]string, fn *ssa.Function, p flow.Path) string {
	parts := []string{"ret@" + markers[fset.Position(flow.Pos(fn, p.Return)).Line]}
	for _, b := range p.Branches {
		side := "else"
		if b.Taken {
			side = "then"
		}
		parts = append(parts, markers[fset.Position(b.Pos()).Line]+":"+side)
	}
	return strings.Join(parts, " ")
}

// Without a Hit every return is unsettled; a nil function or one without a
// body has none.
func TestUnsettledEdges(t *testing.T) {
	s := testutil.Load(t, src)
	if got := flow.Unsettled(s.Func(t, "twoReturns"), flow.Question{}); len(got) != 2 {
		t.Errorf("empty question: %d unsettled returns, want 2", len(got))
	}
	if got := flow.Unsettled(nil, question()); got != nil {
		t.Errorf("nil function: %v", got)
	}
	if got := flow.Unsettled(&ssa.Function{}, question()); got != nil {
		t.Errorf("function without blocks: %v", got)
	}
}
