package testutil_test

import (
	"strings"
	"testing"

	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
)

const probeSrc = `package p

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

type R struct{}

func (R) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	resp.State.RemoveResource(ctx)
}

func (*R) Ptr() {}

func sdkRead(d *schema.ResourceData, m any) error {
	if d.Id() == "" {
		d.SetId("")
	}
	return nil
}
`

// The snippet loads with framework and SDK types, and its functions are
// found by name, with their calls and branches.
func TestLoad(t *testing.T) {
	s := testutil.Load(t, probeSrc)
	for _, tc := range []struct {
		fn, call string
		calls    int
		ifs      int
	}{
		{"R.Read", "RemoveResource", 1, 0},
		{"(*R).Ptr", "RemoveResource", 0, 0},
		{"sdkRead", "SetId", 1, 1},
	} {
		fn := s.Func(t, tc.fn)
		if got := len(testutil.Calls(fn, tc.call)); got != tc.calls {
			t.Errorf("%s: %d calls of %s, want %d", tc.fn, got, tc.call, tc.calls)
		}
		if got := len(testutil.Ifs(fn)); got != tc.ifs {
			t.Errorf("%s: %d branches, want %d", tc.fn, got, tc.ifs)
		}
	}
	if n := len(s.Funcs()); n != 3 {
		t.Errorf("Funcs: %d functions, want 3 (Read, Ptr, sdkRead)", n)
	}
}

// A snippet that does not compile is an error naming the cause, not a panic.
func TestLoadErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"package p\n\nfunc f() int { return \"x\" }\n", "snippet:"},
		{"package p\n\nfunc f( {\n", "snippet:"},
		{"package p\n\nimport _ \"example.com/nosuch\"\n", "go list -export"},
	} {
		_, err := testutil.LoadSnippet(tc.src)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("LoadSnippet(%q): %v, want an error containing %q", tc.src, err, tc.want)
		}
	}
}

func TestMarkers(t *testing.T) {
	got := testutil.Markers("a\nb // @x\nc // @y z\n")
	if len(got) != 2 || got[2] != "x" || got[3] != "y" {
		t.Errorf("Markers: %v", got)
	}
}
