// Attributes of the elements of a list or set block, read where the
// CustomizeDiff ranges over the block: for _, e := range d.Get("disk").([]any)
// { m := e.(map[string]any); if m["path"] == "" { return err } }. The SDK's
// diff reader gives the zero value for an unknown nested primitive, as it
// does for a top-level one, so a path from another resource reads as "".

package unguardedunknown

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// elements: the maps of the elements of one block read by a diff read.
type elements struct {
	key  string
	read *ssa.Call
	maps map[ssa.Value]token.Pos // the element maps, and where each is asserted
}

// newValue: the value a diff read gives for the planned configuration (the
// second result of GetChange; the first is the prior state, which is known).
func newValue(c *ssa.Call, method string) ssa.Value {
	idx := map[string]int{"GetOk": 0, "GetChange": 1}
	if method == "Get" {
		return c
	}
	if i, ok := idx[method]; ok {
		for _, r := range *c.Referrers() {
			if e, ok := r.(*ssa.Extract); ok && e.Index == i {
				return e
			}
		}
	}
	return nil
}

// elementMaps: the map[string]any elements of the list or set v holds
// (asserted to []any, or to *schema.Set and listed), by their assertion.
func elementMaps(v ssa.Value) map[ssa.Value]token.Pos {
	out := map[ssa.Value]token.Pos{}
	for _, l := range asserted(v, isAnySlice) {
		for _, s := range listed(l) {
			for _, e := range indexed(s) {
				for _, m := range asserted(e, isAnyMap) {
					out[m] = m.Pos()
				}
			}
		}
	}
	return out
}

// asserted: v type-asserted to a type that pred accepts (x.(T), or the
// value of x.(T) with comma-ok).
func asserted(v ssa.Value, pred func(types.Type) bool) []ssa.Value {
	var out []ssa.Value
	if v == nil || v.Referrers() == nil {
		return nil
	}
	for _, r := range *v.Referrers() {
		ta, ok := r.(*ssa.TypeAssert)
		if !ok || ta.X != v || !pred(ta.AssertedType) {
			continue
		}
		if !ta.CommaOk {
			out = append(out, ta)
			continue
		}
		for _, rr := range *ta.Referrers() {
			if e, ok := rr.(*ssa.Extract); ok && e.Index == 0 {
				out = append(out, e)
			}
		}
	}
	return out
}

// listed: the slice l is, or the List() of the *schema.Set it is.
func listed(l ssa.Value) []ssa.Value {
	if !isSDKSet(l.Type()) {
		return []ssa.Value{l}
	}
	var out []ssa.Value
	for _, r := range *l.Referrers() {
		if c, ok := r.(*ssa.Call); ok && len(c.Call.Args) == 1 && c.Call.Args[0] == l && c.Call.StaticCallee() != nil && c.Call.StaticCallee().Name() == "List" {
			out = append(out, c)
		}
	}
	return out
}

// indexed: the elements taken from slice s (s[i], a range over s).
func indexed(s ssa.Value) []ssa.Value {
	var out []ssa.Value
	for _, r := range *s.Referrers() {
		switch r := r.(type) {
		case *ssa.Index:
			out = append(out, r)
		case *ssa.IndexAddr:
			for _, rr := range *r.Referrers() {
				if u, ok := rr.(*ssa.UnOp); ok && u.Op == token.MUL {
					out = append(out, u)
				}
			}
		}
	}
	return out
}

func isAnySlice(t types.Type) bool {
	s, ok := t.Underlying().(*types.Slice)
	return ok && isEmptyInterface(s.Elem()) || isSDKSet(t)
}

func isSDKSet(t types.Type) bool {
	p, n := tfapi.Named(t)
	return n == "Set" && tfapi.SDKSchemaPkgs[p] != ""
}

func isAnyMap(t types.Type) bool {
	m, ok := t.Underlying().(*types.Map)
	return ok && isString(m.Key()) && isEmptyInterface(m.Elem())
}

func isEmptyInterface(t types.Type) bool {
	i, ok := t.Underlying().(*types.Interface)
	return ok && i.Empty()
}

// mapKey: the constant key of a lookup in one of maps.
func mapKey(v ssa.Value, maps map[ssa.Value]bool) (string, bool) {
	l, ok := v.(*ssa.Lookup)
	if !ok || !maps[l.X] {
		return "", false
	}
	return tfssa.ConstString(l.Index)
}

// elemHelper: c calls a function of the package with one of maps as its
// i-th argument.
func elemHelper(c *ssa.Call, maps map[ssa.Value]bool) (*ssa.Function, int, bool) {
	if !isHelper(c) {
		return nil, 0, false
	}
	for i, a := range c.Call.Args {
		if maps[a] {
			return c.Call.StaticCallee(), i, true
		}
	}
	return nil, 0, false
}

// lookups: the constant keys looked up in one of maps, in order.
func lookups(maps []ssa.Value) []string {
	set := setOf(maps)
	var out []string
	for _, m := range maps {
		for _, r := range *m.Referrers() {
			if v, ok := r.(ssa.Value); ok {
				if k, ok := mapKey(v, set); ok && !slices.Contains(out, k) {
					out = append(out, k)
				}
			}
		}
	}
	return out
}

func setOf(vs []ssa.Value) map[ssa.Value]bool {
	out := map[ssa.Value]bool{}
	for _, v := range vs {
		out[v] = true
	}
	return out
}

// start is one read of an element's attribute: the lookup itself, or the
// call of a helper that looks it up in the map it is handed.
type start struct {
	v      ssa.Value
	f      string
	helper *ssa.Function
}

// starts: the reads of the elements' attributes, with every key read.
func starts(maps []ssa.Value) ([]start, map[string]bool) {
	set := setOf(maps)
	var out []start
	keys := map[string]bool{}
	for _, m := range maps {
		for _, r := range *m.Referrers() {
			if v, ok := r.(ssa.Value); ok {
				if k, ok := mapKey(v, set); ok {
					out = append(out, start{v: v, f: k})
					keys[k] = true
				}
			}
			c, ok := r.(*ssa.Call)
			if !ok {
				continue
			}
			if fn, i, ok := elemHelper(c, set); ok {
				for _, k := range lookups([]ssa.Value{fn.Params[i]}) {
					out = append(out, start{v: c, f: k, helper: fn})
					keys[k] = true
				}
			}
		}
	}
	return out, keys
}

// nestedUnknown reads one attribute f of the elements as an unknown reads:
// the zero value of its type, under a key that is there. Inside a helper,
// the keys in zero read as zero too: the configuration may leave them
// unset, and the helper's fallback to them (path, else name) then gives
// the zero value.
type nestedUnknown struct {
	f    string
	maps map[ssa.Value]bool
	zero map[string]bool
	h    helperCache
	sums *summaries // nil inside a helper: one call deep
}

func (u nestedUnknown) helpers() helperCache { return u.h }

func (nestedUnknown) fails(b *ssa.BasicBlock) ssa.Instruction { return sdkUnknown{}.fails(b) }

// stops: b takes the next element as a map; what follows it in a loop is
// decided by that element, not this one.
func (u nestedUnknown) stops(b *ssa.BasicBlock) bool {
	for m := range u.maps {
		if in, ok := m.(ssa.Instruction); ok && in.Block() == b {
			return true
		}
	}
	return false
}

func (u nestedUnknown) reads(v ssa.Value) bool {
	k, ok := mapKey(v, u.maps)
	return ok && (k == u.f || u.zero[k])
}

// boxed: v is the interface a lookup of the attribute gives.
func (u nestedUnknown) boxed(v ssa.Value) bool {
	if l, ok := v.(*ssa.Lookup); ok {
		return !l.CommaOk && u.reads(l)
	}
	e, ok := v.(*ssa.Extract)
	return ok && e.Index == 0 && u.reads(e.Tuple)
}

func (u nestedUnknown) leaf(v ssa.Value) (constant.Value, bool) {
	switch v := v.(type) {
	case *ssa.Lookup, *ssa.Extract:
		if u.boxed(v) {
			return zeroMark, true
		}
		if e, ok := v.(*ssa.Extract); ok {
			if u.reads(e.Tuple) {
				return constant.MakeBool(true), true // the reader fills every key of the schema
			}
			if c, ok := e.Tuple.(*ssa.Call); ok {
				return u.result(c, e.Index)
			}
		}
	case *ssa.Call:
		if v.Call.Signature().Results().Len() == 1 {
			return u.result(v, 0)
		}
	case *ssa.BinOp:
		// The interface holds a zero value: it is not nil.
		if (v.Op == token.EQL || v.Op == token.NEQ) && (u.boxed(v.X) && isNil(v.Y) || u.boxed(v.Y) && isNil(v.X)) {
			return constant.MakeBool(v.Op == token.NEQ), true
		}
	}
	return nil, false
}

// result: the i-th result of a helper handed an element, when every way
// through it with the attribute unknown gives the same.
func (u nestedUnknown) result(c *ssa.Call, i int) (constant.Value, bool) {
	if u.sums == nil {
		return nil, false
	}
	fn, p, ok := elemHelper(c, u.maps)
	if !ok {
		return nil, false
	}
	res := u.sums.of(fn, p, u.f)
	if i < len(res) && res[i] != nil {
		return res[i], true
	}
	return nil, false
}

// summaries caches what helpers handed an element give with one attribute
// unknown.
type summaries struct {
	zero  map[string]bool
	h     helperCache
	cache map[sumKey][]constant.Value
}

type sumKey struct {
	fn *ssa.Function
	p  int
	f  string
}

func (s *summaries) of(fn *ssa.Function, p int, f string) []constant.Value {
	k := sumKey{fn, p, f}
	if res, ok := s.cache[k]; ok {
		return res
	}
	s.cache[k] = nil // recursion stays quiet
	zero := map[string]bool{}
	for z, ok := range s.zero {
		zero[z] = ok && z != f
	}
	res := helperResults(fn, nestedUnknown{f: f, maps: map[ssa.Value]bool{fn.Params[p]: true}, zero: zero, h: s.h})
	s.cache[k] = res
	return res
}

// helperResults: each result of fn that every return reached with the
// value unknown gives alike (an error built there counts as not nil), or nil.
func helperResults(fn *ssa.Function, u nestedUnknown) []constant.Value {
	out := make([]constant.Value, fn.Signature.Results().Len())
	seen := false
	walkBlocks(fn.Blocks[0], u, true, func(b *ssa.BasicBlock) bool {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			return true
		}
		for i, r := range ret.Results {
			x := evalZero(r, u, 0)
			if x == nil && tfapi.IsError(r.Type()) && tfssa.BuiltError(r) {
				x = nonNilMark
			}
			if seen && (out[i] == nil || x == nil || !sameConst(out[i], x)) {
				x = nil
			}
			out[i] = x
		}
		seen = true
		return false
	})
	return out
}

// blockSchemas: the schemas an element of block key may have: its nested
// schema in the resources owning the function; without owners, in the
// package's resources and schema maps, those holding every key read.
func blockSchemas(model *facts.Model, own []*facts.SDKResource, key string, keys map[string]bool) [][]facts.Attribute {
	var out [][]facts.Attribute
	nested := func(r *facts.SDKResource) ([]facts.Attribute, bool) {
		a, found := facts.Lookup(r.Schema.Attributes, key)
		if a == nil || !a.Block || a.Incomplete {
			return nil, found
		}
		return a.Nested, true
	}
	if len(own) > 0 {
		for _, r := range own {
			attrs, _ := nested(r)
			if attrs == nil || !holds(attrs, keys) {
				return nil
			}
			out = append(out, attrs)
		}
		return out
	}
	for _, r := range model.SDK {
		if attrs, _ := nested(r); attrs != nil && holds(attrs, keys) {
			out = append(out, attrs)
		}
	}
	for _, attrs := range model.SDKSchemaMaps {
		if holds(attrs, keys) {
			out = append(out, attrs)
		}
	}
	return out
}

func holds(attrs []facts.Attribute, keys map[string]bool) bool {
	n := 0
	for _, a := range attrs {
		if keys[a.Name] {
			n++
		}
	}
	return n == len(keys)
}

// judge: f is a primitive attribute in every schema; zero: the other keys
// read that every schema lets the configuration leave unset.
func judge(schemas [][]facts.Attribute, f string, keys map[string]bool) (map[string]bool, bool) {
	zero := map[string]bool{}
	for k := range keys {
		zero[k] = k != f
	}
	for _, attrs := range schemas {
		for i := range attrs {
			a := &attrs[i]
			if a.Name == f && (a.Block || a.Uncertain || !primitive(a.Type)) {
				return nil, false
			}
			if zero[a.Name] && !unsettable(a) {
				zero[a.Name] = false
			}
		}
	}
	return zero, true
}

func primitive(t string) bool {
	return t == "string" || t == "int" || t == "bool" || t == "float"
}

// unsettable: an attribute the configuration may omit, read then as zero.
func unsettable(a *facts.Attribute) bool {
	return a.Optional && !a.Required && !a.Computed && !a.HasDefault && !a.DefaultFunc && !a.Uncertain && primitive(a.Type)
}

// keyPattern: the key a NewValueKnown call asks about, with "*" for what
// is built at run time: fmt.Sprintf("disk.%d.path", i) is "disk.*.path".
func keyPattern(v ssa.Value, depth int) (string, bool) {
	if s, ok := tfssa.ConstString(v); ok {
		return s, true
	}
	switch x := v.(type) {
	case *ssa.BinOp:
		if x.Op == token.ADD && depth < 6 {
			a, aok := keyPattern(x.X, depth+1)
			b, bok := keyPattern(x.Y, depth+1)
			if !aok {
				a = "*"
			}
			if !bok {
				b = "*"
			}
			return a + b, aok || bok
		}
	case *ssa.Call:
		fn := x.Call.StaticCallee()
		if fn != nil && tfssa.PkgPath(fn) == "fmt" && fn.Name() == "Sprintf" && len(x.Call.Args) > 0 {
			if f, ok := tfssa.ConstString(x.Call.Args[0]); ok {
				return verbs.ReplaceAllString(strings.ReplaceAll(f, "%%", "%"), "*"), true
			}
		}
	}
	return "", false
}

var (
	verbs   = regexp.MustCompile(`%[-+# 0-9.*]*[a-zA-Z]`)
	indexes = regexp.MustCompile(`(^|\.)[0-9]+(\.|$)`)
)

// guardsNested: a NewValueKnown key that covers label (block.*.attr):
// the block itself, or a pattern or index of the same attribute.
func (g *guards) guardsNested(block, label string) bool {
	if g.opaque || g.names[block] {
		return true
	}
	for k := range g.names {
		k = indexes.ReplaceAllString(k, "$1*$2")
		re := "^" + strings.ReplaceAll(regexp.QuoteMeta(k), `\*`, ".*") + "$"
		if ok, _ := regexp.MatchString(re, label); ok {
			return true
		}
	}
	return false
}

// checkNested reports the elements' attributes that decide an error the
// way an unknown reads (VALIDATE-1), once per attribute.
func checkNested(st *state, els []elements, g *guards, schemas func(key string, keys map[string]bool) [][]facts.Attribute) {
	reported := map[string]bool{}
	for _, el := range els {
		maps := el.sorted()
		ss, keys := starts(maps)
		cands := schemas(el.key, keys)
		if len(cands) == 0 {
			continue // the block's schema is out of sight: its attributes cannot be judged
		}
		for _, s := range ss {
			label := el.key + ".*." + s.f
			if reported[label] || g.guardsNested(el.key, label) {
				continue
			}
			zero, ok := judge(cands, s.f, keys)
			if !ok {
				continue
			}
			u := nestedUnknown{f: s.f, maps: setOf(maps), h: st.h, sums: &summaries{zero: zero, h: st.h, cache: map[sumKey][]constant.Value{}}}
			br, via, ok := decidesAt(s.v, nil, u, nil, false)
			if !ok {
				continue
			}
			reported[label] = true
			st.rep.Report(nestedFinding(el, s, label, br, via))
		}
	}
}

func (el elements) sorted() []ssa.Value {
	var out []ssa.Value
	for m := range el.maps {
		out = append(out, m)
	}
	slices.SortFunc(out, func(a, b ssa.Value) int { return int(el.maps[a] - el.maps[b]) })
	return out
}

func nestedFinding(el elements, s start, label string, br token.Pos, via *ssa.Call) lint.Finding {
	through := ""
	if s.helper != nil {
		through = fmt.Sprintf(" (read through %s)", s.helper.Name())
	}
	what := fmt.Sprintf("decides on %q%s", label, through)
	if via != nil {
		what = fmt.Sprintf("passes %q%s to %s, which fails on an empty string,", label, through, calleeName(via))
	}
	el0 := el.sorted()[0]
	return lint.Finding{Rule: "VALIDATE-1", Pos: lint.FirstValid(s.v.Pos(), br),
		Related: []analysis.RelatedInformation{
			lint.Related(el.read.Pos(), "the block %q is read here", el.key),
			lint.Related(el.maps[el0], "each element is taken as a map here"),
			lint.Related(br, "the value decides this branch of a function that can return an error")},
		Message: fmt.Sprintf("CustomizeDiff code %s without asking d.NewValueKnown first: at plan time an attribute of a %q block set from another resource is unknown, the SDK reads it as zero, and a valid configuration is rejected; skip the check while d.NewValueKnown(fmt.Sprintf(%q, i)) is false", what, el.key, el.key+".%d."+s.f)}
}
