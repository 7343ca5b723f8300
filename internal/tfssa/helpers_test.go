package tfssa_test

import (
	"go/types"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

func TestConstStringAndHandsResourceData(t *testing.T) {
	s := testutil.Load(t, outcomeSrc)
	fn := s.Func(t, "sdkRead")
	for _, tc := range []struct {
		call  string
		i     int // the argument ConstString reads
		str   string
		isStr bool
		hands bool
	}{
		{"SetId", 1, "", true, true}, // the receiver d is an argument
		{"drop", 0, "", false, true},
	} {
		c := testutil.Calls(fn, tc.call)[0].Common()
		str, ok := tfssa.ConstString(c.Args[tc.i])
		if str != tc.str || ok != tc.isStr {
			t.Errorf("ConstString(%s arg %d) = %q, %v", tc.call, tc.i, str, ok)
		}
		if got := tfssa.HandsResourceData(c); got != tc.hands {
			t.Errorf("HandsResourceData(%s) = %v", tc.call, got)
		}
	}
	calls := s.Func(t, "calls")
	get := testutil.Calls(calls, "Get")[0].Common()
	if str, ok := tfssa.ConstString(get.Args[1]); str != "name" || !ok {
		t.Errorf(`ConstString(d.Get("name")) = %q, %v`, str, ok)
	}
	if tfssa.HandsResourceData(testutil.Calls(calls, "Printf")[0].Common()) {
		t.Error("HandsResourceData(log.Printf)")
	}
	// An integer constant, a nil constant and a parameter are no strings.
	for _, v := range []ssa.Value{ssa.NewConst(nil, types.Typ[types.UntypedNil]), calls.Params[0]} {
		if _, ok := tfssa.ConstString(v); ok {
			t.Errorf("ConstString(%v) holds", v)
		}
	}
}

func TestStructName(t *testing.T) {
	s := testutil.Load(t, outcomeSrc)
	r := s.Types.Scope().Lookup("R").Type()
	str := s.Func(t, "calls").Params[3].Type() // types.String, an alias
	for _, tc := range []struct {
		t    types.Type
		want string
	}{
		{r, testutil.SnippetPath + ".R"},
		{types.NewPointer(r), testutil.SnippetPath + ".R"},
		{str, "github.com/hashicorp/terraform-plugin-framework/types/basetypes.StringValue"},
		{types.Typ[types.Int], ""},
		{types.Universe.Lookup("error").Type(), ""},
	} {
		if got := tfssa.StructName(tc.t); got != tc.want {
			t.Errorf("StructName(%s) = %q, want %q", tc.t, got, tc.want)
		}
	}
}
