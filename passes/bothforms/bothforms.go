package bothforms

import (
	"fmt"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/attruse"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Analyzer reports Create, Read and Update saving, from the API's answer, an
// Optional, non-Computed SDK attribute that has an alternative form
// (ConflictsWith, ExactlyOneOf), without testing which form the
// configuration uses.
var Analyzer = lint.NewAnalyzer(Doc, run, tfssa.Requires...)

// depth is how many package calls below Create, Read or Update are followed.
const depth = 3

// candidate is an attribute with alternatives that Terraform keeps null
// whenever the configuration uses another form.
type candidate struct {
	attr     *facts.Attribute
	partners []string // the other forms, sorted
	altPos   token.Pos
}

func run(pass *analysis.Pass) (any, error) {
	model, funcs, ok := tfssa.Prepare(pass, tfssa.SDK)
	if !ok {
		return nil, nil
	}
	rep := lint.NewReporter(pass)
	byName, _ := tfssa.ByName(funcs)
	type seenKey struct {
		pos  token.Pos
		name string
	}
	reported := map[seenKey]bool{}
	for _, r := range model.SDK {
		if r.Kind != facts.KindResource || !r.Resolved || !r.SchemaResolved {
			continue
		}
		cands := candidates(r.Schema.Attributes)
		if len(cands) == 0 {
			continue
		}
		// Read first: a d.Set Create reaches through Read is Read's.
		for _, m := range []string{"Read", "Create", "Update"} {
			ref, ok := r.Funcs[m]
			if !ok {
				continue
			}
			fn := byName[ref.Key()]
			if fn == nil {
				continue
			}
			for _, s := range sets(fn, cands) {
				// A DiffSuppressFunc hides the difference in every later
				// plan (Read, Update); only Create, whose plan held null,
				// still ends with a value the plan did not have.
				if s.cand.attr.DiffSuppress && m != "Create" {
					continue
				}
				k := seenKey{s.pos, s.cand.attr.Name}
				if reported[k] {
					continue
				}
				reported[k] = true
				rep.Report(finding(r, fn, m, s))
			}
		}
	}
	return nil, nil
}

// candidates: top-level attributes that are Optional, not Computed (nor
// Required, write-only or of uncertain flags), with at least one
// alternative form named by their own or another attribute's ConflictsWith
// or ExactlyOneOf.
func candidates(attrs []facts.Attribute) map[string]*candidate {
	byName := map[string]*facts.Attribute{}
	for i := range attrs {
		byName[attrs[i].Name] = &attrs[i]
	}
	partners := map[string]map[string]bool{}
	pos := map[string]token.Pos{}
	link := func(a, b string, at token.Pos) {
		if a == b {
			return
		}
		if partners[a] == nil {
			partners[a] = map[string]bool{}
		}
		partners[a][b] = true
		if !pos[a].IsValid() {
			pos[a] = at
		}
	}
	for i := range attrs {
		a := &attrs[i]
		for _, k := range a.ConflictsWith {
			link(a.Name, k, a.AlternativesPos)
			link(k, a.Name, a.AlternativesPos)
		}
		for _, x := range a.ExactlyOneOf {
			for _, y := range a.ExactlyOneOf {
				link(x, y, a.AlternativesPos)
			}
			link(a.Name, x, a.AlternativesPos)
			link(x, a.Name, a.AlternativesPos)
		}
	}
	out := map[string]*candidate{}
	for name, ps := range partners {
		a := byName[name]
		// A Default fills the plan in: it is not null when the other form is used.
		if a == nil || !a.Optional || a.Computed || a.Required || a.HasDefault || a.WriteOnly || a.Uncertain || !a.Pos.IsValid() {
			continue
		}
		c := &candidate{attr: a, altPos: pos[name]}
		if a.AlternativesPos.IsValid() {
			c.altPos = a.AlternativesPos
		}
		for p := range ps {
			if oneSetting(a, p, byName[p]) {
				c.partners = append(c.partners, p)
			}
		}
		if len(c.partners) == 0 {
			continue
		}
		sort.Strings(c.partners)
		out[name] = c
	}
	return out
}

// oneSetting: the alternatives are two forms of one setting, not two
// settings that exclude each other (a branch or a tag pattern, a Helm URL or
// a git repository, whose unused one the API answers with nothing, which
// the SDK reads as unset): one of them is deprecated (the old form and its
// successor), or one name is the other's with words added ("start" and
// "start_date", "policies" and "token_policies").
func oneSetting(a *facts.Attribute, other string, o *facts.Attribute) bool {
	if a.Deprecated || o != nil && o.Deprecated {
		return true
	}
	return wordsWithin(a.Name, other) || wordsWithin(other, a.Name)
}

// wordsWithin: the words of short ("_"-separated) appear, in order and
// together, among those of long.
func wordsWithin(short, long string) bool {
	s, l := strings.Split(short, "_"), strings.Split(long, "_")
	for i := 0; i+len(s) <= len(l); i++ {
		match := true
		for j := range s {
			if l[i+j] != s[j] {
				match = false
				break
			}
		}
		if match {
			return true
		}
	}
	return false
}

// site is a block of a function on the way to a d.Set: the d.Set's own, or
// the call (or closure) that leads to it.
type site struct {
	fn    *ssa.Function
	block *ssa.BasicBlock
	pos   token.Pos
}

// set is a d.Set of a candidate on a way no test of its forms decides.
type set struct {
	cand   *candidate
	pos    token.Pos
	caller token.Pos // the call in the lifecycle function leading to it, when in a helper
}

// sets: the d.Set calls, in fn, its closures and the package functions
// handed d it calls (depth deep), of a candidate attribute, with a value
// from elsewhere than the configuration, that no test of the attribute's
// forms decides, in any function on the way.
func sets(fn *ssa.Function, cands map[string]*candidate) []set {
	var out []set
	onPath := map[*ssa.Function]bool{}
	var visit func(f *ssa.Function, d int, path []site)
	visit = func(f *ssa.Function, d int, path []site) {
		if f == nil || onPath[f] || d > depth || f.Blocks == nil {
			return
		}
		onPath[f] = true
		defer delete(onPath, f)
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				here := append(path[:len(path):len(path)], site{f, b, instr.Pos()})
				switch in := instr.(type) {
				case *ssa.MakeClosure:
					if cl, ok := in.Fn.(*ssa.Function); ok {
						visit(cl, d, here)
					}
				case ssa.CallInstruction:
					c := in.Common()
					if attruse.ResourceDataMethod(c) == "Set" && len(c.Args) == 3 {
						for _, k := range keysOf(c.Args[1]) {
							cand := cands[k]
							if cand == nil || constant(c.Args[2]) || fromConfig(c.Args[2], k, 0) {
								continue
							}
							if decidedOnPath(here, cand) || exclusive(f, b, cand) || presenceGuarded(f, b) {
								continue
							}
							s := set{cand: cand, pos: in.Pos()}
							if len(here) > 1 {
								s.caller = here[0].pos
							}
							out = append(out, s)
						}
						continue
					}
					if callee := c.StaticCallee(); callee != nil && callee.Pkg == fn.Pkg && callee.Blocks != nil && tfssa.HandsResourceData(c) {
						visit(callee, d+1, here)
					}
				}
			}
		}
	}
	visit(fn, 0, nil)
	return out
}

// presenceGuarded: in f, a test that the API's answer holds a value (x !=
// nil, x != "", v, ok := m[k]; ok, x.GetFooOk()) decides whether the d.Set
// runs: it is saved only when the API has it, and an API that keeps one
// form answers the other with nothing.
func presenceGuarded(f *ssa.Function, b *ssa.BasicBlock) bool {
	for _, x := range f.Blocks {
		ifi, ok := x.Instrs[len(x.Instrs)-1].(*ssa.If)
		if !ok || !presenceTest(ifi.Cond) || !decides(x, b) {
			continue
		}
		// The way that skips the d.Set goes on to what follows it (not a
		// not-found return: if resp == nil { d.SetId(""); return nil }).
		for _, s := range x.Succs {
			if !reaches(s, b, x) && meets(s, b) {
				return true
			}
		}
	}
	return false
}

// meets: some block is reached both from a and from after b.
func meets(a, b *ssa.BasicBlock) bool {
	from := map[*ssa.BasicBlock]bool{}
	work := append([]*ssa.BasicBlock(nil), b.Succs...)
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if from[x] {
			continue
		}
		from[x] = true
		work = append(work, x.Succs...)
	}
	seen := map[*ssa.BasicBlock]bool{}
	work = []*ssa.BasicBlock{a}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if from[x] {
			return true
		}
		if seen[x] {
			continue
		}
		seen[x] = true
		work = append(work, x.Succs...)
	}
	return false
}

func presenceTest(v ssa.Value) bool {
	switch c := v.(type) {
	case *ssa.BinOp:
		if c.Op != token.NEQ && c.Op != token.EQL {
			return false
		}
		x, k := c.X, c.Y
		if _, ok := x.(*ssa.Const); ok {
			x, k = k, x
		}
		kc, ok := k.(*ssa.Const)
		if !ok || types.Identical(x.Type(), types.Universe.Lookup("error").Type()) {
			return false
		}
		return kc.Value == nil || kc.Value.ExactString() == `""` || kc.Value.ExactString() == "0"
	case *ssa.Extract:
		switch t := c.Tuple.(type) {
		case *ssa.Lookup:
			return t.CommaOk && c.Index == 1
		case *ssa.Call:
			if callee := t.Call.StaticCallee(); callee != nil && attruse.ResourceDataMethod(&t.Call) == "" {
				return strings.HasSuffix(callee.Name(), "Ok") && c.Index == 1
			}
		}
	}
	return false
}

// exclusive: f also saves an alternative of the attribute, on a way that
// never meets this d.Set's block (if api.Type == "tag" { d.Set("tag", x) }
// else { d.Set("branch", x) }): the API's answer says which form is in use.
func exclusive(f *ssa.Function, b *ssa.BasicBlock, c *candidate) bool {
	partner := map[string]bool{}
	for _, p := range c.partners {
		partner[p] = true
	}
	for _, ob := range f.Blocks {
		for _, instr := range ob.Instrs {
			ci, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			com := ci.Common()
			if attruse.ResourceDataMethod(com) != "Set" || len(com.Args) != 3 {
				continue
			}
			for _, k := range keysOf(com.Args[1]) {
				if partner[k] && !constant(com.Args[2]) && !reaches(b, ob, nil) && !reaches(ob, b, nil) {
					return true
				}
			}
		}
	}
	return false
}

// keysOf: the keys a d.Set's key argument takes: a constant, or the
// element of a range over a local slice literal of constants
// (for _, k := range []string{"a", "b"} { d.Set(k, ...) }).
func keysOf(v ssa.Value) []string {
	if k, ok := tfssa.ConstString(v); ok {
		return []string{k}
	}
	u, ok := v.(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return nil
	}
	ia, ok := u.X.(*ssa.IndexAddr)
	if !ok {
		return nil
	}
	return literalElems(ia.X)
}

// literalElems: the constant strings stored into a local array literal
// (or a slice of one); nil when any element is not a constant.
func literalElems(v ssa.Value) []string {
	if s, ok := v.(*ssa.Slice); ok {
		v = s.X
	}
	a, ok := v.(*ssa.Alloc)
	if !ok || a.Referrers() == nil {
		return nil
	}
	var keys []string
	for _, r := range *a.Referrers() {
		ia, ok := r.(*ssa.IndexAddr)
		if !ok || ia.Referrers() == nil {
			continue
		}
		for _, rr := range *ia.Referrers() {
			if st, ok := rr.(*ssa.Store); ok && st.Addr == ia {
				k, ok := tfssa.ConstString(st.Val)
				if !ok {
					return nil
				}
				keys = append(keys, k)
			}
		}
	}
	return keys
}

// constant: the value saved is a constant (nil, a zero, a literal): not
// the API's answer.
func constant(v ssa.Value) bool {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	_, ok := v.(*ssa.Const)
	return ok
}

// fromConfig: v is the configuration's (or state's) own value of key:
// d.Get or d.GetOk of it, through conversions and assertions.
func fromConfig(v ssa.Value, key string, d int) bool {
	if d > 6 {
		return false
	}
	switch x := tfssa.StripConversions(v).(type) {
	case *ssa.Extract:
		return fromConfig(x.Tuple, key, d+1)
	case *ssa.Call:
		switch attruse.ResourceDataMethod(x.Common()) {
		case "Get", "GetOk", "GetOkExists", "GetChange":
			k, ok := tfssa.ConstString(x.Call.Args[1])
			return ok && k == key
		}
	case *ssa.Phi:
		for _, e := range x.Edges {
			if !fromConfig(e, key, d+1) {
				return false
			}
		}
		return len(x.Edges) > 0
	}
	return false
}

// decidedOnPath: in some function on the way to the d.Set, a test of the
// presence or value of the attribute or one of its alternatives decides
// whether the way goes on to it.
func decidedOnPath(path []site, c *candidate) bool {
	keys := map[string]bool{c.attr.Name: true}
	for _, p := range c.partners {
		keys[p] = true
	}
	for _, s := range path {
		for _, b := range s.fn.Blocks {
			ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
			if !ok || !testsKeys(ifi.Cond, keys, map[ssa.Value]bool{}, 0) {
				continue
			}
			if decides(b, s.block) {
				return true
			}
		}
	}
	return false
}

// decides: one way out of the test's block reaches target (without coming
// back through the test) and another never does.
func decides(test, target *ssa.BasicBlock) bool {
	hit, miss := false, false
	for _, s := range test.Succs {
		if reaches(s, target, test) {
			hit = true
		} else {
			miss = true
		}
	}
	return hit && miss
}

// reaches: target can be reached from b without passing through avoid.
func reaches(b, target, avoid *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{}
	work := []*ssa.BasicBlock{b}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if x == target {
			return true
		}
		if x == avoid || seen[x] {
			continue
		}
		seen[x] = true
		work = append(work, x.Succs...)
	}
	return false
}

// keyedTests are the *schema.ResourceData methods that tell which form
// the configuration, plan or state holds.
var keyedTests = map[string]bool{"Get": true, "GetOk": true, "GetOkExists": true, "HasChange": true,
	"HasChanges": true, "GetChange": true, "HasChangeExcept": true, "HasChangesExcept": true}

// testsKeys: the test's condition depends on the presence or value of
// one of keys (a d.Get, d.GetOk, d.HasChange... of it, a raw config, plan
// or state, or a package function handed d and one of the keys).
func testsKeys(v ssa.Value, keys map[string]bool, seen map[ssa.Value]bool, d int) bool {
	if v == nil || d > 10 || seen[v] {
		return false
	}
	seen[v] = true
	next := func(xs ...ssa.Value) bool {
		for _, x := range xs {
			if testsKeys(x, keys, seen, d+1) {
				return true
			}
		}
		return false
	}
	switch x := v.(type) {
	case *ssa.Call:
		c := x.Common()
		switch m := attruse.ResourceDataMethod(c); {
		case strings.HasPrefix(m, "GetRaw"):
			return true
		case keyedTests[m]:
			for _, a := range c.Args[1:] {
				if anyKey(a, keys) {
					return true
				}
			}
			return false
		}
		if callee := c.StaticCallee(); callee != nil && x.Parent() != nil && callee.Pkg == x.Parent().Pkg && callee.Blocks != nil && tfssa.HandsResourceData(c) {
			for _, a := range c.Args {
				if k, ok := tfssa.ConstString(a); ok && keys[k] {
					return true
				}
			}
			if mentions(callee, keys, 0) {
				return true
			}
		}
		return next(c.Args...)
	case *ssa.UnOp:
		if x.Op == token.MUL {
			if a, ok := x.X.(*ssa.Alloc); ok && a.Referrers() != nil {
				for _, r := range *a.Referrers() {
					if st, ok := r.(*ssa.Store); ok && st.Addr == a && next(st.Val) {
						return true
					}
				}
				return false
			}
		}
		return next(x.X)
	case *ssa.BinOp:
		return next(x.X, x.Y)
	case *ssa.Phi:
		return next(x.Edges...)
	case *ssa.Extract:
		return next(x.Tuple)
	case *ssa.TypeAssert:
		return next(x.X)
	case *ssa.Convert:
		return next(x.X)
	case *ssa.ChangeType:
		return next(x.X)
	case *ssa.MakeInterface:
		return next(x.X)
	case *ssa.Field:
		return next(x.X)
	case *ssa.FieldAddr:
		return next(x.X)
	case *ssa.Index:
		return next(x.X)
	case *ssa.IndexAddr:
		return next(x.X)
	case *ssa.Lookup:
		return next(x.X)
	case *ssa.Slice:
		return next(x.X)
	}
	return false
}

// anyKey: a key argument that is, or may be, one of keys: a constant
// among them, a slice literal holding one, or a key not spelled here.
func anyKey(v ssa.Value, keys map[string]bool) bool {
	if k, ok := tfssa.ConstString(v); ok {
		return keys[k] || keys[strings.SplitN(k, ".", 2)[0]]
	}
	if _, ok := v.(*ssa.Const); ok {
		return false
	}
	ks := keysOf(v)
	if ks == nil {
		ks = literalElems(v)
	}
	if ks == nil {
		return true // a key built elsewhere: it may be one of them
	}
	for _, k := range ks {
		if keys[k] {
			return true
		}
	}
	return false
}

// mentions: fn (or what it calls, two deep) tests one of keys with a
// keyed d method.
func mentions(fn *ssa.Function, keys map[string]bool, d int) bool {
	if fn == nil || d > 2 || fn.Blocks == nil {
		return false
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			ci, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			c := ci.Common()
			if m := attruse.ResourceDataMethod(c); keyedTests[m] {
				for _, a := range c.Args[1:] {
					if k, ok := tfssa.ConstString(a); ok && keys[k] {
						return true
					}
				}
				continue
			}
			if callee := c.StaticCallee(); callee != nil && callee.Pkg == fn.Pkg && tfssa.HandsResourceData(c) && mentions(callee, keys, d+1) {
				return true
			}
		}
	}
	return false
}

func finding(r *facts.SDKResource, fn *ssa.Function, method string, s set) lint.Finding {
	a := s.cand.attr
	others := quoteAll(s.cand.partners)
	rule, what := rules.ID("APPLY-2"), "the plan holds null for it and the new state a value (the SDK only logs the inconsistency), and every later plan shows a change back to null"
	if a.DiffSuppress {
		what = "the plan holds null for it and the new state a value (the SDK only logs the inconsistency; its DiffSuppressFunc hides the difference in later plans)"
	}
	if method == "Read" {
		rule, what = "READ-3", "every plan of a configuration that uses the other form shows a change back to null"
	}
	related := []analysis.RelatedInformation{
		lint.Related(s.cand.altPos, "%q and %s are declared alternatives here: the configuration sets at most one", a.Name, others),
	}
	if s.caller.IsValid() {
		related = append(related, lint.Related(s.caller, "%s reaches it here", attruse.FuncName(fn)))
	}
	related = append(related, lint.Related(a.Pos, "%q is declared Optional, not Computed", a.Name))
	return lint.Finding{Rule: rule, Pos: s.pos, Related: related,
		Message: fmt.Sprintf("%s of %s saves %q from the API's answer without testing which form the configuration uses, though it is Optional, not Computed, and an alternative to %s: a configuration that sets %s leaves %q null, so %s; save it only when d.GetOk(%q) (or the state) shows that form is in use, or make it Optional+Computed",
			method, r.Name, a.Name, others, others, a.Name, what, a.Name)}
}

func quoteAll(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	switch len(q) {
	case 1:
		return q[0]
	case 2:
		return q[0] + " or " + q[1]
	}
	return strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
}
