package contract

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// These tables hold the checker to the verdicts of Terraform v1.8.5's own
// validators (internal/plans/objchange): each case names the case of
// Terraform's test tables it mirrors — the same schema and values, written
// here with tftypes — and the verdict Terraform gives for it.

var str = tftypes.String

func vs(s string) tftypes.Value       { return tftypes.NewValue(str, s) }
func vu(t tftypes.Type) tftypes.Value { return tftypes.NewValue(t, tftypes.UnknownValue) }
func vn(t tftypes.Type) tftypes.Value { return tftypes.NewValue(t, nil) }

// vl and vset build a list and a set; t is the element type, nil to take
// the first element's.
func vl(t tftypes.Type, es ...tftypes.Value) tftypes.Value {
	return tftypes.NewValue(tftypes.List{ElementType: elemType(t, es)}, es)
}
func vset(t tftypes.Type, es ...tftypes.Value) tftypes.Value {
	return tftypes.NewValue(tftypes.Set{ElementType: elemType(t, es)}, es)
}

func elemType(t tftypes.Type, es []tftypes.Value) tftypes.Type {
	if t == nil && len(es) > 0 {
		return es[0].Type()
	}
	return t
}
func vmap(t tftypes.Type, m map[string]tftypes.Value) tftypes.Value {
	return tftypes.NewValue(tftypes.Map{ElementType: t}, m)
}

// vo builds an object from name, value pairs; its type follows the values.
func vo(kv ...any) tftypes.Value {
	m, ts := map[string]tftypes.Value{}, map[string]tftypes.Type{}
	for i := 0; i+1 < len(kv); i += 2 {
		v := kv[i+1].(tftypes.Value)
		m[kv[i].(string)], ts[kv[i].(string)] = v, v.Type()
	}
	return tftypes.NewValue(tftypes.Object{AttributeTypes: ts}, m)
}

func objType(kv ...string) tftypes.Object {
	ts := map[string]tftypes.Type{}
	for _, k := range kv {
		ts[k] = str
	}
	return tftypes.Object{AttributeTypes: ts}
}

// Schema shorthands: flags are any of "r" (Required), "o" (Optional), "c" (Computed), "s" (Sensitive).
func sa(name string, t tftypes.Type, flags string) *tfprotov6.SchemaAttribute {
	a := &tfprotov6.SchemaAttribute{Name: name, Type: t}
	setFlags(a, flags)
	return a
}

func na(name string, n tfprotov6.SchemaObjectNestingMode, flags string, as ...*tfprotov6.SchemaAttribute) *tfprotov6.SchemaAttribute {
	a := &tfprotov6.SchemaAttribute{Name: name, NestedType: &tfprotov6.SchemaObject{Nesting: n, Attributes: as}}
	setFlags(a, flags)
	return a
}

func setFlags(a *tfprotov6.SchemaAttribute, flags string) {
	for _, c := range flags {
		switch c {
		case 'r':
			a.Required = true
		case 'o':
			a.Optional = true
		case 'c':
			a.Computed = true
		case 's':
			a.Sensitive = true
		}
	}
}

func sb(name string, n tfprotov6.SchemaNestedBlockNestingMode, b *tfprotov6.SchemaBlock) *tfprotov6.SchemaNestedBlock {
	return &tfprotov6.SchemaNestedBlock{TypeName: name, Nesting: n, Block: b}
}

func block(as []*tfprotov6.SchemaAttribute, bs ...*tfprotov6.SchemaNestedBlock) *tfprotov6.SchemaBlock {
	return &tfprotov6.SchemaBlock{Attributes: as, BlockTypes: bs}
}

func attrsOf(as ...*tfprotov6.SchemaAttribute) []*tfprotov6.SchemaAttribute { return as }

const (
	nSingle  = tfprotov6.SchemaObjectNestingModeSingle
	nList    = tfprotov6.SchemaObjectNestingModeList
	nSet     = tfprotov6.SchemaObjectNestingModeSet
	nMap     = tfprotov6.SchemaObjectNestingModeMap
	bSingle  = tfprotov6.SchemaNestedBlockNestingModeSingle
	bList    = tfprotov6.SchemaNestedBlockNestingModeList
	bSet     = tfprotov6.SchemaNestedBlockNestingModeSet
	bMap     = tfprotov6.SchemaNestedBlockNestingModeMap
	terraOK  = "valid"
	terraBad = "invalid"
)

type verdictCase struct {
	name      string // the Terraform test case mirrored
	terraform string // its verdict
	schema    *tfprotov6.SchemaBlock
	prior     tftypes.Value // zero: null
	config    tftypes.Value
	planned   tftypes.Value
	want      []string // our violations, "RULE path"
}

func TestPlanVerdicts(t *testing.T) {
	blome := objType("blome")
	cOpt := block(attrsOf(sa("c", str, "o")))
	cObj := objType("c")
	cases := []verdictCase{
		// A nested attribute planned equal to its prior value as a whole is
		// valid without looking inside, even where config differs.
		{name: "NestedType deep nested set", terraform: terraOK,
			schema:  block(attrsOf(na("bleep", nList, "o", na("bloop", nSet, "o", sa("blome", str, "o"))))),
			prior:   vo("bleep", vl(nil, vo("bloop", vset(blome, vo("blome", vs("ok")))))),
			config:  vo("bleep", vl(nil, vo("bloop", vn(tftypes.Set{ElementType: blome})))),
			planned: vo("bleep", vl(nil, vo("bloop", vset(blome, vo("blome", vs("ok")))))),
		},
		// A Computed-only attribute may be planned as any value, even where
		// the config holds one.
		{name: "computed only value with config", terraform: terraOK,
			schema: block(attrsOf(sa("a", str, "c"))),
			prior:  vo("a", vs("old")), config: vo("a", vs("old")), planned: vo("a", vu(str)),
		},
		// A map block collection planned null is invalid, as list and set ones are.
		{name: "nested map, null in plan", terraform: terraBad,
			schema: block(nil, sb("b", bMap, cOpt)),
			config: vo("b", vmap(cObj, map[string]tftypes.Value{})), planned: vo("b", vn(tftypes.Map{ElementType: cObj})),
			want: []string{"PLAN-5 b"},
		},
		{name: "nested list, null in plan", terraform: terraBad,
			schema: block(nil, sb("b", bList, cOpt)),
			config: vo("b", vl(cObj)), planned: vo("b", vn(tftypes.List{ElementType: cObj})),
			want: []string{"PLAN-5 b"},
		},
		{name: "nested set, null in plan", terraform: terraBad,
			schema: block(nil, sb("b", bSet, cOpt)),
			config: vo("b", vset(cObj)), planned: vo("b", vn(tftypes.Set{ElementType: cObj})),
			want: []string{"PLAN-5 b"},
		},
		// A block collection unknown in config (a dynamic block over an
		// unknown value) may only be planned as that unknown value.
		{name: "nested set, unknown dynamic cannot be planned", terraform: terraBad,
			schema:  block(attrsOf(sa("computed", str, "c")), sb("b", bSet, cOpt)),
			prior:   vo("computed", vn(str), "b", vset(cObj, vo("c", vs("x")))),
			config:  vo("computed", vn(str), "b", vu(tftypes.Set{ElementType: cObj})),
			planned: vo("computed", vs("default"), "b", vset(cObj, vo("c", vs("oops")))),
			want:    []string{"PLAN-5 b"},
		},
		// The plan keeps the unknown: valid. (Terraform's prior value there
		// puts "computed" one level too high, which no protocol message can
		// carry; here it is where the schema has it.)
		{name: "nested list, unknown nested dynamic", terraform: terraOK,
			schema:  block(nil, sb("a", bList, block(nil, sb("b", bList, block(attrsOf(sa("c", str, "o"), sa("computed", str, "c"))))))),
			prior:   vo("a", vl(nil, vo("b", vl(nil, vo("c", vs("x"), "computed", vn(str)))))),
			config:  vo("a", vl(nil, vo("b", vu(tftypes.List{ElementType: objType("c", "computed")})))),
			planned: vo("a", vl(nil, vo("b", vu(tftypes.List{ElementType: objType("c", "computed")})))),
		},
		// Set blocks are not paired at plan time: a changed element passes.
		{name: "nested set, no computed, invalid change in plan", terraform: terraOK,
			schema:  block(nil, sb("b", bSet, cOpt)),
			prior:   vo("b", vset(cObj, vo("c", vs("c value")))),
			config:  vo("b", vset(cObj, vo("c", vs("c value")))),
			planned: vo("b", vset(cObj, vo("c", vs("new c value")))),
		},
		{name: "no computed, invalid change in plan", terraform: terraBad,
			schema:  block(attrsOf(sa("a", str, "o")), sb("b", bList, cOpt)),
			config:  vo("a", vs("a value"), "b", vl(nil, vo("c", vs("c value")))),
			planned: vo("a", vs("a value"), "b", vl(nil, vo("c", vs("new c value")))),
			want:    []string{"PLAN-1 b[0].c"},
		},
		{name: "NestedType attr, no computed, diff suppression in plan", terraform: terraOK,
			schema:  block(attrsOf(na("a", nList, "o", sa("b", str, "o")))),
			prior:   vo("a", vl(nil, vo("b", vs("b value")))),
			config:  vo("a", vl(nil, vo("b", vs("new b value")))),
			planned: vo("a", vl(nil, vo("b", vs("b value")))),
		},
		// A nested attribute removed from config is planned null.
		{name: "NestedType NestingSet attribute to null", terraform: terraOK,
			schema:  block(attrsOf(na("bloop", nSet, "o", sa("blop", str, "r")))),
			prior:   vo("bloop", vset(nil, vo("blop", vs("ok")))),
			config:  vo("bloop", vn(tftypes.Set{ElementType: objType("blop")})),
			planned: vo("bloop", vn(tftypes.Set{ElementType: objType("blop")})),
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sch := &tfprotov6.Schema{Block: c.schema}
			prior := c.prior
			if prior.Type() == nil {
				prior = vn(sch.ValueType())
			}
			f := &finder{}
			f.checkPlanned(sch, c.config, prior, c.planned, nil)
			expect(t, f.out, c.want...)
			if (len(f.out) == 0) != (c.terraform == terraOK) {
				t.Errorf("Terraform's verdict is %s", c.terraform)
			}
		})
	}
}

type applyCase struct {
	name      string // the Terraform test case mirrored: its index in TestAssertObjectCompatible
	terraform string
	schema    *tfprotov6.SchemaBlock
	planned   tftypes.Value
	actual    tftypes.Value
	want      []string
}

func TestApplyVerdicts(t *testing.T) {
	foo := block(attrsOf(sa("foo", str, "o")))
	fooObj := objType("foo")
	zones := block(attrsOf(sa("id", str, "c"), sa("zones", tftypes.Set{ElementType: str}, "o")))
	cases := []applyCase{
		// A set planned with unknown elements may shrink once they are known.
		{name: "case 25: set of two unknowns resolves to one element", terraform: terraOK, schema: zones,
			planned: vo("id", vu(str), "zones", vset(str, vu(str), vu(str))),
			actual:  vo("id", vu(str), "zones", vset(str, vs("thingy"))),
		},
		// ...but never grow.
		{name: "case 24: set grows", terraform: terraBad, schema: zones,
			planned: vo("id", vu(str), "zones", vset(str, vs("thingy"))),
			actual:  vo("id", vu(str), "zones", vset(str, vs("thingy"), vs("wotsit"))),
			want:    []string{"APPLY-2 zones", "APPLY-2 zones"}, // an element that was not planned; the length
		},
		{name: "case 43: set block elements with unknowns coalesce", terraform: terraOK,
			schema:  block(nil, sb("block", bSet, foo)),
			planned: vo("block", vset(fooObj, vo("foo", vu(str)), vo("foo", vu(str)))),
			actual:  vo("block", vset(fooObj, vo("foo", vs("hello")))),
		},
		{name: "case 50: a known and an unknown set block element coalesce", terraform: terraOK,
			schema:  block(nil, sb("block3", bSet, foo)),
			planned: vo("block3", vset(fooObj, vo("foo", vs("a")), vo("foo", vu(str)))),
			actual:  vo("block3", vset(fooObj, vo("foo", vs("a")))),
		},
		// A wholly unknown set is not an empty one.
		{name: "case 47: set block returned wholly unknown", terraform: terraOK,
			schema:  block(nil, sb("block", bSet, foo)),
			planned: vo("block", vset(fooObj, vo("foo", vu(str)), vo("foo", vu(str)))),
			actual:  vo("block", vu(tftypes.Set{ElementType: fooObj})),
		},
		// A single nested block going from null to present, or back, is a change.
		{name: "case 34: single block was absent, now present", terraform: terraBad,
			schema:  block(nil, sb("key", bSingle, foo)),
			planned: vo("key", vn(fooObj)),
			actual:  vo("key", vo("foo", vs("hello"))),
			want:    []string{"APPLY-2 key"},
		},
		{name: "case 35: single block was present, now absent", terraform: terraBad,
			schema:  block(nil, sb("key", bSingle, foo)),
			planned: vo("key", vo("foo", vs("hello"))),
			actual:  vo("key", vn(fooObj)),
			want:    []string{"APPLY-2 key"},
		},
		// Set blocks are correlated element by element: a changed value
		// inside an element is caught, not only a changed count.
		{name: "case 46: set block element changed", terraform: terraBad,
			schema:  block(nil, sb("block", bSet, foo)),
			planned: vo("block", vset(fooObj, vo("foo", vs("hello")), vo("foo", vs("world")))),
			actual:  vo("block", vset(fooObj, vo("foo", vs("howdy")), vo("foo", vs("world")))),
			want:    []string{"APPLY-2 block"},
		},
		// The same values in a set of nested attributes, which Terraform
		// compares as a set value (same correlation, same verdict).
		{name: "case 46, as a set nested attribute", terraform: terraBad,
			schema:  block(attrsOf(na("block", nSet, "o", sa("foo", str, "o")))),
			planned: vo("block", vset(fooObj, vo("foo", vs("hello")), vo("foo", vs("world")))),
			actual:  vo("block", vset(fooObj, vo("foo", vs("howdy")), vo("foo", vs("world")))),
			want:    []string{"APPLY-2 block"},
		},
		{name: "case 23: set kept", terraform: terraOK, schema: zones,
			planned: vo("id", vu(str), "zones", vset(str, vs("thingy"))),
			actual:  vo("id", vu(str), "zones", vset(str, vs("thingy"))),
		},
		{name: "case 22: an unknown map element may become null", terraform: terraOK,
			schema:  block(attrsOf(sa("id", str, "c"), sa("tags", tftypes.Map{ElementType: str}, "o"))),
			planned: vo("id", vu(str), "tags", vmap(str, map[string]tftypes.Value{"Name": vu(str)})),
			actual:  vo("id", vu(str), "tags", vmap(str, map[string]tftypes.Value{"Name": vn(str)})),
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := &finder{}
			f.checkApplied(c.schema, c.planned, c.actual, "")
			expect(t, f.out, c.want...)
			if (len(f.out) == 0) != (c.terraform == terraOK) {
				t.Errorf("Terraform's verdict is %s", c.terraform)
			}
		})
	}
}

type proposedCase struct {
	name                 string // the case of Terraform's TestProposedNew mirrored
	schema               *tfprotov6.SchemaBlock
	prior, config, wantV tftypes.Value
}

func TestProposedNewVerdicts(t *testing.T) {
	blopBleep := objType("blop", "bleep")
	innerOC := func(flags string) *tfprotov6.SchemaAttribute {
		return na("obj", nSingle, flags, sa("optional", str, "o"), sa("computed", str, "oc"))
	}
	obj := func(opt, comp tftypes.Value) tftypes.Value {
		return vo("obj", vo("optional", opt, "computed", comp))
	}
	multi := block(attrsOf(na("multi", nSet, "o", sa("opt", str, "o"), sa("oc", str, "oc"))))
	multiAllOC := block(attrsOf(na("multi", nSet, "o", sa("opt", str, "oc"), sa("oc", str, "oc"))))
	oneTwo := func(a, b string, oc1, oc2 tftypes.Value) tftypes.Value {
		return vo("multi", vset(nil, vo("opt", vs(a), "oc", oc1), vo("opt", vs(b), "oc", oc2)))
	}
	cases := []proposedCase{
		// An Optional+Computed nested attribute null in config proposes null,
		// not the prior value, when the prior holds non-Computed values.
		{name: "prior optional computed nested single to null",
			schema: block(attrsOf(na("bloop", nSingle, "oc", sa("blop", str, "r"), sa("bleep", str, "o")))),
			prior:  vo("bloop", vo("blop", vs("glub"), "bleep", vn(str))),
			config: vo("bloop", vn(blopBleep)),
			wantV:  vo("bloop", vn(blopBleep)),
		},
		{name: "prior optional computed nested map to null",
			schema: block(attrsOf(na("bloop", nMap, "oc", sa("blop", str, "o"), sa("bleep", str, "oc")))),
			prior: vo("bloop", vmap(blopBleep, map[string]tftypes.Value{
				"a": vo("blop", vs("glub"), "bleep", vs("computed")),
				"b": vo("blop", vs("blub"), "bleep", vs("computed")),
			})),
			config: vo("bloop", vn(tftypes.Map{ElementType: blopBleep})),
			wantV:  vo("bloop", vn(tftypes.Map{ElementType: blopBleep})),
		},
		{name: "computed within optional+computed",
			schema: block(attrsOf(na("list_obj", nList, "oc", na("obj", nSingle, "o", sa("optional", str, "o"), sa("computed", str, "c"))))),
			prior:  vo("list_obj", vl(nil, obj(vs("prior"), vs("prior computed")))),
			config: vo("list_obj", vn(tftypes.List{ElementType: obj(vn(str), vn(str)).Type()})),
			wantV:  vo("list_obj", vn(tftypes.List{ElementType: obj(vn(str), vn(str)).Type()})),
		},
		// Sets of nested attributes pair each config element with a prior
		// element and keep its Computed values.
		{name: "set attr with partial optional computed change", schema: multi,
			prior:  oneTwo("one", "two", vs("OK"), vs("OK")),
			config: oneTwo("one", "replaced", vn(str), vn(str)),
			wantV:  oneTwo("one", "replaced", vs("OK"), vn(str)),
		},
		{name: "set attr without optional computed change", schema: multi,
			prior:  oneTwo("one", "two", vs("OK"), vs("OK")),
			config: oneTwo("one", "two", vn(str), vn(str)),
			wantV:  oneTwo("one", "two", vs("OK"), vs("OK")),
		},
		{name: "set attr with all optional computed", schema: multiAllOC,
			prior:  oneTwo("one", "two", vs("OK"), vs("OK")),
			config: oneTwo("one", "two", vn(str), vn(str)),
			wantV:  oneTwo("one", "two", vs("OK"), vs("OK")),
		},
		{name: "config add within optional+computed set",
			schema: block(attrsOf(na("set_obj", nSet, "oc", innerOC("o")))),
			prior:  vo("set_obj", vset(nil, obj(vs("first"), vs("first computed")), obj(vs("second"), vs("second computed")))),
			config: vo("set_obj", vset(nil, obj(vs("first"), vn(str)), obj(vs("second"), vn(str)), obj(vs("third"), vn(str)))),
			wantV:  vo("set_obj", vset(nil, obj(vs("first"), vs("first computed")), obj(vs("second"), vs("second computed")), obj(vs("third"), vn(str)))),
		},
		// Set-block pairing looks inside nested objects and blocks.
		{name: "config add within set block",
			schema: block(nil, sb("set_obj", bSet, block(attrsOf(innerOC("o"))))),
			prior:  vo("set_obj", vset(nil, obj(vs("first"), vs("first computed")), obj(vs("second"), vs("second from config")))),
			config: vo("set_obj", vset(nil, obj(vs("first"), vn(str)), obj(vs("second"), vs("second from config")), obj(vs("third"), vn(str)))),
			wantV:  vo("set_obj", vset(nil, obj(vs("first"), vs("first computed")), obj(vs("second"), vs("second from config")), obj(vs("third"), vn(str)))),
		},
		{name: "config change within set block",
			schema: block(nil, sb("set_obj", bSet, block(attrsOf(innerOC("o"))))),
			prior:  vo("set_obj", vset(nil, obj(vs("first"), vs("first computed")), obj(vs("second"), vs("second computed")))),
			config: vo("set_obj", vset(nil, obj(vs("first"), vn(str)), obj(vs("changed"), vn(str)))),
			wantV:  vo("set_obj", vset(nil, obj(vs("first"), vs("first computed")), obj(vs("changed"), vn(str)))),
		},
		{name: "nested list in set",
			schema: block(nil, sb("foo", bSet, block(nil, sb("bar", bList, block(attrsOf(sa("baz", str, ""), sa("qux", str, "oc"))))))),
			prior:  vo("foo", vset(nil, vo("bar", vl(nil, vo("baz", vs("beep"), "qux", vs("boop")))))),
			config: vo("foo", vset(nil, vo("bar", vl(nil, vo("baz", vs("beep"), "qux", vn(str)))))),
			wantV:  vo("foo", vset(nil, vo("bar", vl(nil, vo("baz", vs("beep"), "qux", vs("boop")))))),
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := ProposedNew(&tfprotov6.Schema{Block: c.schema}, c.prior, c.config)
			if !equal(got, c.wantV) {
				t.Errorf("ProposedNew\n got  %s\n want %s", got, c.wantV)
			}
		})
	}
}
