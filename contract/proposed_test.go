package contract

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

var inner = &tfprotov6.SchemaBlock{Attributes: []*tfprotov6.SchemaAttribute{
	{Name: "c", Type: tftypes.String, Computed: true},
	{Name: "o", Type: tftypes.String, Optional: true},
}}

var pnsSchema = &tfprotov6.Schema{Block: &tfprotov6.SchemaBlock{
	Attributes: []*tfprotov6.SchemaAttribute{
		{Name: "req", Type: tftypes.String, Required: true},
		{Name: "opt", Type: tftypes.String, Optional: true},
		{Name: "comp", Type: tftypes.String, Computed: true},
		{Name: "oc", Type: tftypes.String, Optional: true, Computed: true},
		{Name: "nested", Optional: true, NestedType: &tfprotov6.SchemaObject{Nesting: tfprotov6.SchemaObjectNestingModeSingle, Attributes: inner.Attributes}},
		{Name: "nlist", Optional: true, NestedType: &tfprotov6.SchemaObject{Nesting: tfprotov6.SchemaObjectNestingModeList, Attributes: inner.Attributes}},
	},
	BlockTypes: []*tfprotov6.SchemaNestedBlock{
		{TypeName: "s", Nesting: tfprotov6.SchemaNestedBlockNestingModeSingle, Block: inner},
		{TypeName: "l", Nesting: tfprotov6.SchemaNestedBlockNestingModeList, Block: inner},
		{TypeName: "st", Nesting: tfprotov6.SchemaNestedBlockNestingModeSet, Block: inner},
		{TypeName: "m", Nesting: tfprotov6.SchemaNestedBlockNestingModeMap, Block: inner},
		{TypeName: "g", Nesting: tfprotov6.SchemaNestedBlockNestingModeGroup, Block: inner},
	},
}}

func pnsValue(t *testing.T, js string) tftypes.Value {
	t.Helper()
	if js == "null" {
		return tftypes.NewValue(pnsSchema.ValueType(), nil)
	}
	v, err := tftypes.ValueFromJSON([]byte(js), pnsSchema.ValueType())
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}

func TestProposedNew(t *testing.T) {
	const empty = `"l": [], "st": [], "m": {}`
	cases := []struct{ name, prior, config, want string }{
		// A group block is never null in a decoded config; given a null one,
		// Terraform proposes the empty block of the (null) prior.
		{"create: config as is, computed null",
			`null`, `{"req": "a", "opt": "b", ` + empty + `}`, `{"req": "a", "opt": "b", "g": {"c": null, "o": null}, ` + empty + `}`},
		{"destroy: null",
			`{"req": "a", "comp": "x", ` + empty + `}`, `null`, `null`},
		{"computed null in config takes prior",
			`{"req": "a", "comp": "x", "oc": "y", ` + empty + `}`, `{"req": "a", ` + empty + `}`, `{"req": "a", "comp": "x", "oc": "y", ` + empty + `}`},
		{"optional+computed set in config keeps config",
			`{"req": "a", "oc": "y", ` + empty + `}`, `{"req": "b", "oc": "z", ` + empty + `}`, `{"req": "b", "oc": "z", ` + empty + `}`},
		{"optional null in config stays null",
			`{"req": "a", "opt": "old", ` + empty + `}`, `{"req": "a", ` + empty + `}`, `{"req": "a", ` + empty + `}`},
		{"nested single attribute merges",
			`{"req": "a", "nested": {"c": "x", "o": "p"}, ` + empty + `}`, `{"req": "a", "nested": {"o": "q"}, ` + empty + `}`, `{"req": "a", "nested": {"c": "x", "o": "q"}, ` + empty + `}`},
		{"nested list attribute by index",
			`{"req": "a", "nlist": [{"c": "x", "o": "1"}], ` + empty + `}`, `{"req": "a", "nlist": [{"o": "1"}, {"o": "2"}], ` + empty + `}`, `{"req": "a", "nlist": [{"c": "x", "o": "1"}, {"o": "2"}], ` + empty + `}`},
		{"single block merges; null block stays null",
			`{"req": "a", "s": {"c": "x", "o": "p"}, ` + empty + `}`, `{"req": "a", "s": {"o": "p"}, ` + empty + `}`, `{"req": "a", "s": {"c": "x", "o": "p"}, ` + empty + `}`},
		{"single block removed in config",
			`{"req": "a", "s": {"c": "x", "o": "p"}, ` + empty + `}`, `{"req": "a", ` + empty + `}`, `{"req": "a", ` + empty + `}`},
		{"list blocks by index, new index as config",
			`{"req": "a", "l": [{"c": "x", "o": "1"}], "st": [], "m": {}}`, `{"req": "a", "l": [{"o": "9"}, {"o": "2"}], "st": [], "m": {}}`, `{"req": "a", "l": [{"c": "x", "o": "9"}, {"o": "2"}], "st": [], "m": {}}`},
		{"map blocks by key",
			`{"req": "a", "l": [], "st": [], "m": {"k": {"c": "x", "o": "1"}}}`, `{"req": "a", "l": [], "st": [], "m": {"k": {"o": "2"}, "n": {"o": "3"}}}`, `{"req": "a", "l": [], "st": [], "m": {"k": {"c": "x", "o": "2"}, "n": {"o": "3"}}}`},
		{"group block merges like a single block",
			`{"req": "a", "g": {"c": "x", "o": "p"}, ` + empty + `}`, `{"req": "a", "g": {"o": "q"}, ` + empty + `}`, `{"req": "a", "g": {"c": "x", "o": "q"}, ` + empty + `}`},
		{"set blocks pair on non-computed attributes",
			`{"req": "a", "l": [], "st": [{"c": "x", "o": "1"}, {"c": "y", "o": "2"}], "m": {}}`, `{"req": "a", "l": [], "st": [{"o": "2"}, {"o": "3"}], "m": {}}`, `{"req": "a", "l": [], "st": [{"c": "y", "o": "2"}, {"o": "3"}], "m": {}}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := ProposedNew(pnsSchema, pnsValue(t, c.prior), pnsValue(t, c.config))
			want := pnsValue(t, c.want)
			if !equal(got, want) {
				t.Errorf("ProposedNew\n got  %s\n want %s", got, want)
			}
		})
	}
}

// An unknown config attribute stays unknown in the proposal, and a wholly
// unknown config is passed through.
func TestProposedNewUnknown(t *testing.T) {
	prior := pnsValue(t, `{"req": "a", "comp": "x", "l": [], "st": [], "m": {}}`)
	cfg := pnsValue(t, `{"req": "a", "l": [], "st": [], "m": {}}`)
	m := attrs(cfg)
	m["opt"] = tftypes.NewValue(tftypes.String, tftypes.UnknownValue)
	m["oc"] = tftypes.NewValue(tftypes.String, tftypes.UnknownValue)
	cfg = tftypes.NewValue(pnsSchema.ValueType(), m)
	got := attrs(ProposedNew(pnsSchema, prior, cfg))
	if got["opt"].IsKnown() || got["oc"].IsKnown() {
		t.Errorf("unknown config values must stay unknown: %v", got)
	}
	if !equal(got["comp"], tftypes.NewValue(tftypes.String, "x")) {
		t.Errorf("computed null in config must take prior: %v", got["comp"])
	}
	whole := tftypes.NewValue(pnsSchema.ValueType(), tftypes.UnknownValue)
	if ProposedNew(pnsSchema, prior, whole).IsKnown() {
		t.Error("a wholly unknown config must stay unknown")
	}
}
