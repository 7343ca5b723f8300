package tfssa_test

import (
	"testing"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

const lookupSrc = `package p

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

type Thing struct{ ID string }
type Req struct{ ID string }

// Client is the API (an interface: its calls are remote).
type Client interface {
	Parent(ctx context.Context, r Req) (*Thing, error)
	Child(id string) (*Thing, *http.Response, error)
	Things(parent string) ([]Thing, error)
	ListRoutes(parent string) (*Thing, error)
	NewRequest(path string) (*Req, error)
}

var ErrNotFound = errors.New("not found")

func NewClient(region string) (Client, error)          { return nil, nil }
func parseID(id string) (string, string, error)        { return "", "", nil }
func suppress404(resp *http.Response, err error) error { return err }

func read(ctx context.Context, d *schema.ResourceData, c Client) diag.Diagnostics {
	if _, err := NewClient(d.Get("region").(string)); err != nil {
		return diag.FromErr(err)
	}
	a, _, err := parseID(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	if _, err := c.NewRequest("/x/" + d.Id()); err != nil {
		return diag.FromErr(err)
	}
	if _, err := c.Things(d.Id()); err != nil {
		return diag.FromErr(err)
	}
	if _, err := c.ListRoutes(d.Id()); err != nil {
		return diag.FromErr(err)
	}
	p, err := c.Parent(ctx, Req{ID: a})
	if err != nil {
		return diag.FromErr(fmt.Errorf("parent: %w", err)) // @parent
	}
	child, resp, err := c.Child(p.ID + d.Id())
	if errors.Is(err, ErrNotFound) {
		d.SetId("")
		return nil
	}
	if err := suppress404(resp, err); err != nil {
		return diag.FromErr(err)
	}
	if err != nil {
		d.SetId("")
		return diag.FromErr(err) // @child
	}
	_ = child
	return nil
}
`

func TestLookups(t *testing.T) {
	s := testutil.Load(t, lookupSrc)
	markers := testutil.Markers(lookupSrc)
	fn := s.Func(t, "read")
	var d = fn.Params[1]
	if !tfapi.IsResourceData(d.Type()) {
		t.Fatalf("param 1 is %s", d.Type())
	}
	ls := tfssa.Lookups(tfssa.Target{Name: "r", SDK: true, Fn: fn, Subject: d}, &facts.Model{})
	got := map[string]tfssa.Lookup{}
	for _, l := range ls {
		got[markers[s.Fset.Position(l.Fails).Line]] = l
	}
	if len(ls) != 2 || got["parent"].Call == nil || got["child"].Call == nil {
		t.Fatalf("lookups: %d, at %v; want the parent's and the child's (client factory, parser, request builder, listings and error filter are not lookups)", len(ls), got)
	}
	if p := got["parent"]; p.NotFound.IsValid() || p.Removed.IsValid() || !p.External {
		t.Errorf("parent: %+v, want an unhandled client call", p)
	}
	if c := got["child"]; !c.NotFound.IsValid() || !c.Removed.IsValid() {
		t.Errorf("child: %+v, want its not-found test and the removal before it fails", c)
	}
}
