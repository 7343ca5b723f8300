package unguardedunknown

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/modelflow"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// fwScope knows, in one framework function taking (ctx, req, resp), which
// values come from the configuration or the plan and may be unknown:
// req.ConfigValue of a validator or plan modifier, and the fields of models
// (and GetAttribute targets) filled from req.Config or req.Plan.
type fwScope struct {
	*tfssa.Request
	h     helperCache
	model *facts.Model
	sites map[string]*ssa.BasicBlock // where a loop takes the element a key names
	// decodedLists: slices of models a configuration collection was
	// decoded into, by the collection's key.
	decodedLists map[ssa.Value]string
}

// frameworkScope returns the scope of fn, or nil when fn has no such request.
func frameworkScope(fn *ssa.Function) *fwScope {
	if len(fn.Params) < 2 {
		return nil
	}
	req := fn.Params[len(fn.Params)-2]
	st, ok := req.Type().Underlying().(*types.Struct)
	if !ok || !hasField(st, "ConfigValue", "Config") || !tfapi.PlanTimeRequest(req.Type()) {
		return nil
	}
	s := &fwScope{Request: tfssa.NewRequest(fn, req)}
	s.decoded(fn)
	return s
}

// decoded adds the models an object validator decodes its value into
// (req.ConfigValue.As(ctx, &m, opts)): their fields are configured values
// too, unknown where the object's attributes are.
func (s *fwScope) decoded(fn *ssa.Function) {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(*ssa.Call)
			if !ok || len(c.Call.Args) != 4 || c.Call.StaticCallee() == nil || c.Call.Signature().Recv() == nil {
				continue
			}
			if c.Call.StaticCallee().Name() == "ElementsAs" {
				s.decodedList(c)
				continue
			}
			if c.Call.StaticCallee().Name() != "As" {
				continue
			}
			if s.Field(c.Call.Args[0]) != "ConfigValue" {
				continue
			}
			if m := tfssa.ModelRoot(c.Call.Args[2]); m != nil {
				if _, known := s.Models[m]; !known {
					s.Models[m] = "Config"
				}
			}
		}
	}
}

// decodedList records the slice of models x.ElementsAs(ctx, &list, _)
// fills from a configuration collection x.
func (s *fwScope) decodedList(c *ssa.Call) {
	k, _ := s.key(c.Call.Args[0])
	m := tfssa.ModelRoot(c.Call.Args[2])
	if k == "" || m == nil {
		return
	}
	if p, ok := m.Type().(*types.Pointer); !ok || !isModelSlice(p.Elem()) {
		return
	}
	if s.decodedLists == nil {
		s.decodedLists = map[ssa.Value]string{}
	}
	s.decodedLists[m] = k
}

func isModelSlice(t types.Type) bool {
	sl, ok := t.Underlying().(*types.Slice)
	return ok && modelflow.IsModel(sl.Elem())
}

func hasField(st *types.Struct, names ...string) bool {
	for i := 0; i < st.NumFields(); i++ {
		for _, n := range names {
			if st.Field(i).Name() == n {
				return true
			}
		}
	}
	return false
}

// key identifies a possibly unknown value across loads; label names it.
func (s *fwScope) key(v ssa.Value) (key, label string) {
	return s.keyAt(v, 0)
}

func (s *fwScope) keyAt(v ssa.Value, depth int) (key, label string) {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X // handed as an attr.Value, it is the same value
	}
	if s.Field(v) == "ConfigValue" {
		return "req.ConfigValue", "the attribute's value"
	}
	u, ok := v.(*ssa.UnOp)
	if !ok {
		return s.innerKey(v, depth)
	}
	if fa, ok := u.X.(*ssa.FieldAddr); ok {
		if m := tfssa.ModelRoot(throughEmbedded(fa.X)); m != nil && s.fromConfigOrPlan(m) {
			tag := modelflow.FieldTag(fa)
			return fmt.Sprintf("%p.%s", m, tag), fmt.Sprintf("%q", tag)
		}
	}
	if m := tfssa.ModelRoot(u.X); m != nil && s.fromConfigOrPlan(m) && u.X == m {
		// Read at a constant path, the value is the one a helper handed
		// that path reads.
		if c := getAttribute(m); c != nil {
			if pk := pathKey(c.Call.Args[2]); pk != "" {
				return pk, pathLabel(pk)
			}
		}
		return fmt.Sprintf("%p", m), "a value read with GetAttribute"
	}
	return s.innerKey(v, depth)
}

// throughEmbedded: the model a field of an embedded struct belongs to
// (data.Key where Key is declared in an embedded ModelV0).
func throughEmbedded(v ssa.Value) ssa.Value {
	for i := 0; i < 4; i++ {
		fa, ok := v.(*ssa.FieldAddr)
		if !ok {
			return v
		}
		st, ok := tfapi.DerefStruct(fa.X.Type())
		if !ok || fa.Field >= st.NumFields() || !st.Field(fa.Field).Embedded() {
			return v
		}
		v = fa.X
	}
	return v
}

// fromConfigOrPlan: m was filled from req.Config or req.Plan (not the prior state).
func (s *fwScope) fromConfigOrPlan(m ssa.Value) bool {
	part := s.Models[m]
	return part == "Config" || part == "Plan"
}

// fwUnknown: one configuration value read while unknown — ValueXxx() gives
// the zero value, Elements() an empty collection, IsUnknown() true and
// IsNull() false.
type fwUnknown struct {
	s   *fwScope
	key string
}

func (u fwUnknown) helpers() helperCache { return u.s.h }

func (u fwUnknown) leaf(v ssa.Value) (constant.Value, bool) {
	c, ok := v.(*ssa.Call)
	if !ok {
		return nil, false
	}
	if readSucceeds(c) {
		return constant.MakeBool(false), true
	}
	recv, _, ok := recvCall(c)
	if !ok {
		return nil, false
	}
	if k, _ := u.s.key(recv); k != u.key {
		return nil, false
	}
	return unknownRead(c)
}

// fails: a block that adds an error diagnostic, or appends one built
// as an error (diag.NewAttributeErrorDiagnostic, the validators'
// validatordiag.InvalidAttributeValueDiagnostic and the like).
func (fwUnknown) fails(b *ssa.BasicBlock) ssa.Instruction {
	for _, instr := range b.Instrs {
		if tfssa.AddsError(instr) || appendsError(instr) || callsErrorAdder(instr) {
			return instr
		}
	}
	return nil
}

func appendsError(instr ssa.Instruction) bool {
	c, ok := instr.(*ssa.Call)
	if !ok {
		return false
	}
	fn := c.Call.StaticCallee()
	if fn == nil || fn.Name() != "Append" || fn.Signature.Recv() == nil || !tfapi.IsDiagnostics(fn.Signature.Recv().Type()) || len(c.Call.Args) != 2 {
		return false
	}
	sl, ok := c.Call.Args[1].(*ssa.Slice)
	if !ok {
		return false
	}
	arr, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return false
	}
	for _, r := range *arr.Referrers() {
		ia, ok := r.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		for _, u := range *ia.Referrers() {
			st, ok := u.(*ssa.Store)
			if !ok || st.Addr != ia {
				continue
			}
			if mc, ok := tfssa.StripInterface(st.Val).(*ssa.Call); ok && errorDiagnostic(mc) {
				return true
			}
		}
	}
	return false
}

// errorDiagnostic: a call building an error diagnostic.
func errorDiagnostic(c *ssa.Call) bool {
	fn := c.Call.StaticCallee()
	if fn == nil || fn.Pkg == nil {
		return false
	}
	path, name := fn.Pkg.Pkg.Path(), fn.Name()
	switch {
	case strings.HasSuffix(path, "terraform-plugin-framework/diag"):
		return name == "NewErrorDiagnostic" || name == "NewAttributeErrorDiagnostic"
	case strings.HasSuffix(path, "/validatordiag"):
		return strings.HasPrefix(name, "Invalid")
	}
	return false
}

// rejectsUnknown: read is x.IsUnknown() deciding an If reached while x is
// unknown, whose true branch fails on every path (an error added because
// the value is unknown) while the false branch can succeed. A true branch
// that goes on to other tests fails, if at all, for other reasons.
func rejectsUnknown(read ssa.Value, u unknown) (token.Pos, bool) {
	for _, r := range *read.Referrers() {
		ifi, ok := r.(*ssa.If)
		if !ok || !zeroReaches(ifi.Parent().Blocks[0], ifi.Block(), u) {
			continue
		}
		taken, other := ifi.Block().Succs[0], ifi.Block().Succs[1]
		if nullToo(taken, u) && !canSucceed(taken, u) && len(failures(taken, u, true)) > 0 && canSucceed(other, u) {
			return tfssa.CondPos(ifi), true
		}
	}
	return token.NoPos, false
}

// nullToo: b is also where x.IsNull() leads (x.IsNull() || x.IsUnknown()):
// the unknown is taken for a missing value. An unknown refused beside a
// value (x.IsUnknown() || x.ValueBool()) may be a deliberate demand for a
// value known at plan time.
func nullToo(b *ssa.BasicBlock, u unknown) bool {
	fu, ok := u.(fwUnknown)
	if !ok {
		return false
	}
	for _, p := range b.Preds {
		ifi, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If)
		if !ok || p.Succs[0] != b {
			continue
		}
		if c, ok := ifi.Cond.(*ssa.Call); ok {
			if recv, name, ok := recvCall(c); ok && name == "IsNull" {
				if k, _ := fu.s.key(recv); k == fu.key {
					return true
				}
			}
		}
	}
	return false
}

// convertsUnknown reports x.ElementsAs(ctx, &target, false) of a
// configuration or plan value reached while it may be unknown: an unknown
// collection cannot be converted, and the framework answers with a "Value
// Conversion Error" that rejects a valid configuration. With true an
// unknown converts as empty (Elements' case).
func convertsUnknown(rep *lint.Reporter, fn *ssa.Function, s *fwScope, c *ssa.Call, reported map[string]bool) {
	args := c.Call.Args
	if len(args) != 4 || c.Call.Signature().Recv() == nil {
		return
	}
	if k, ok := args[3].(*ssa.Const); !ok || k.Value == nil || k.Value.Kind() != constant.Bool || constant.BoolVal(k.Value) {
		return
	}
	key, label := s.key(args[0])
	if key == "" || reported[key+"\x00as"] || !appended(c) || !zeroReaches(fn.Blocks[0], c.Block(), fwUnknown{s, key}) {
		return
	}
	reported[key+"\x00as"] = true
	rep.Report(lint.Finding{Rule: "VALIDATE-1", Pos: c.Pos(),
		Message: fmt.Sprintf("%s converts %s with ElementsAs(..., false) without asking IsUnknown() first: a collection from another resource is unknown at validation and plan time, cannot be converted into a Go slice or map, and the framework's \"Value Conversion Error\" means a valid configuration is rejected; return early while it is unknown", fn.Name(), label)})
}

// appended: the diagnostics v answers are added to others (Append): the
// conversion error reaches the user. Diagnostics only tested with
// HasError() to give up quietly reject nothing.
func appended(v ssa.Value) bool {
	for _, r := range *v.Referrers() {
		if ct, ok := r.(*ssa.ChangeType); ok && appended(ct) {
			return true // Diagnostics made a []Diagnostic for Append(d...)
		}
		c, ok := r.(ssa.CallInstruction)
		if !ok {
			continue
		}
		fn := c.Common().StaticCallee()
		if fn != nil && fn.Name() == "Append" && fn.Signature.Recv() != nil && tfapi.IsDiagnostics(fn.Signature.Recv().Type()) {
			return true
		}
	}
	return false
}

// checkFramework reports reads of possibly unknown configuration values that
// decide an error diagnostic.
func checkFramework(rep *lint.Reporter, fn *ssa.Function, s *fwScope) {
	reported := map[string]bool{}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(*ssa.Call)
			if ok && c.Call.StaticCallee() != nil && c.Call.StaticCallee().Name() == "ElementsAs" {
				convertsUnknown(rep, fn, s, c, reported)
				continue
			}
			if ok && helperDecides(rep, fn, s, c, reported) {
				continue
			}
			if !ok {
				continue
			}
			recv, name, ok := recvCall(c)
			if !ok {
				continue
			}
			if name == "IsNull" {
				presentRejected(rep, fn, s, c, reported)
				continue
			}
			if !(strings.HasPrefix(name, "Value") || name == "Elements" || name == "IsUnknown") {
				continue
			}
			k, label := s.key(recv)
			if k == "" || reported[k] {
				continue
			}
			u := fwUnknown{s, k}
			var br token.Pos
			var via *ssa.Call
			absent := false
			if name == "IsUnknown" {
				br, ok = rejectsUnknown(c, u)
				if !ok && afterNotNull(c, u) {
					at := func(ifi *ssa.If) bool { return absentLeadsToFailure(ifi, u) }
					br, _, ok = decidesAt(c, nil, u, at, false)
					if !ok {
						if phi := setPhi(c); phi != nil {
							br, _, ok = decidesAt(phi, nil, u, at, false)
						}
					}
					absent = ok
				}
			} else {
				br, via, ok = decidesAt(c, nil, u, nil, false)
			}
			if ok {
				reported[k] = true
				msg := fmt.Sprintf("%s reads %s with %s() and can add an error without asking IsUnknown() first: a value from another resource is unknown at validation and plan time, reads as zero, and a valid configuration is rejected (IsNull() alone does not guard it)", fn.Name(), label, name)
				if via != nil {
					msg = fmt.Sprintf("%s passes %s, read with %s(), to %s, which fails on an empty string, without asking IsUnknown() first: a value from another resource is unknown at validation and plan time, reads as \"\", the parse fails, and a valid configuration is rejected (IsNull() alone does not guard it)", fn.Name(), label, name, calleeName(via))
				}
				if absent {
					msg = fmt.Sprintf("%s takes %s as not set when it is unknown (!IsNull() && !IsUnknown()) and adds an error the set value would not: a value from another resource is unknown at validation and plan time, so a valid configuration is rejected when it sets the value from another resource; skip the check while the value is unknown", fn.Name(), label)
				} else if name == "IsUnknown" {
					msg = fmt.Sprintf("%s adds an error when %s is unknown: a value from another resource is unknown at validation and plan time, so a valid configuration is rejected; skip the check while the value is unknown", fn.Name(), label)
				}
				rep.Report(lint.Finding{Rule: "VALIDATE-1", Pos: c.Pos(),
					Related: []analysis.RelatedInformation{lint.Related(br, "the value decides this branch, which adds an error diagnostic")},
					Message: msg})
			}
		}
	}
}

// presentRejected reports x.IsNull() of an Optional attribute read from the
// configuration (or the plan) deciding a branch whose not-null way adds an
// error on every path while the null way can succeed: "x is set, so the
// configuration conflicts". An unknown is not null, yet it may become null
// (a conditional expression, a module output): the configuration that sets
// x only on some instances is rejected while it is unknown. The framework's
// own ConflictsWith waits while the other value is unknown.
func presentRejected(rep *lint.Reporter, fn *ssa.Function, s *fwScope, c *ssa.Call, reported map[string]bool) {
	arg, _, _ := recvCall(c)
	k, label := s.key(arg)
	if k == "" || k == "req.ConfigValue" || reported[k+"\x00null"] {
		return
	}
	a := s.attribute(arg)
	if a == nil || a.Uncertain || a.Block || a.Required || !a.Optional {
		return
	}
	u := fwUnknown{s, k}
	entry := fn.Blocks[0]
	at := func(ifi *ssa.If) bool {
		v := evalZero(ifi.Cond, u, 0)
		if v == nil || v.Kind() != constant.Bool || !zeroReaches(entry, ifi.Block(), u) {
			return false
		}
		taken, other := ifi.Block().Succs[0], ifi.Block().Succs[1]
		if !constant.BoolVal(v) {
			taken, other = other, taken
		}
		return !canSucceed(taken, u) && len(failures(taken, u, true)) > 0 && canSucceed(other, u)
	}
	br, _, ok := decidesAt(c, nil, u, at, false)
	if !ok {
		return
	}
	reported[k+"\x00null"] = true
	rep.Report(lint.Finding{Rule: "VALIDATE-1", Pos: c.Pos(),
		Related: []analysis.RelatedInformation{lint.Related(br, "the value being present decides this branch, which adds an error diagnostic")},
		Message: fmt.Sprintf("%s takes %s as set when IsNull() is false and adds an error, without asking IsUnknown() first: a value from another resource or a conditional expression is unknown at validation and plan time, is not null, and may still become null, so a valid configuration is rejected; skip the check while the value is unknown", fn.Name(), label)})
}

// attribute: the schema attribute a model field read from the configuration
// or plan is bound to, found through the framework resources of the package
// whose models include the model's type; nil when none or they disagree.
func (s *fwScope) attribute(v ssa.Value) *facts.Attribute {
	if s.model == nil {
		return nil
	}
	u, ok := v.(*ssa.UnOp)
	if !ok {
		return nil
	}
	fa, ok := u.X.(*ssa.FieldAddr)
	if !ok {
		return nil
	}
	m := tfssa.ModelRoot(throughEmbedded(fa.X))
	if m == nil {
		return nil
	}
	mt := m.Type()
	if p, ok := mt.(*types.Pointer); ok {
		mt = p.Elem()
	}
	named, ok := mt.(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return nil
	}
	qual := named.Obj().Pkg().Path() + "." + named.Obj().Name()
	tag := modelflow.FieldTag(fa)
	var out *facts.Attribute
	for _, r := range s.model.Framework {
		if !r.SchemaResolved || r.Kind != facts.KindResource && r.Kind != facts.KindDataSource {
			continue
		}
		bound := false
		for _, mdl := range r.Models {
			if mdl == qual {
				bound = true
			}
		}
		if !bound {
			continue
		}
		for i := range r.Schema.Attributes {
			a := &r.Schema.Attributes[i]
			if a.Name != tag {
				continue
			}
			if out != nil && (out.Required != a.Required || out.Optional != a.Optional || out.Block != a.Block) {
				return nil
			}
			out = a
		}
	}
	return out
}

// afterNotNull: the IsUnknown() call runs only where x.IsNull() of the same
// value was false — the "is it set" idiom !x.IsNull() && !x.IsUnknown(),
// which counts an unknown as not set.
func afterNotNull(c *ssa.Call, u unknown) bool {
	fu, ok := u.(fwUnknown)
	if !ok {
		return false
	}
	b := c.Block()
	if len(b.Preds) != 1 {
		return false
	}
	p := b.Preds[0]
	ifi, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If)
	if !ok {
		return false
	}
	cond, notNull := ifi.Cond, p.Succs[1]
	if un, isNot := cond.(*ssa.UnOp); isNot && un.Op == token.NOT {
		cond, notNull = un.X, p.Succs[0] // hasX := !x.IsNull() && ...
	}
	if notNull != b {
		return false
	}
	n, ok := cond.(*ssa.Call)
	if !ok {
		return false
	}
	recv, name, ok := recvCall(n)
	if !ok || name != "IsNull" {
		return false
	}
	k, _ := fu.s.key(recv)
	return k == fu.key
}

// setPhi: the bool x.IsUnknown() is folded into as a value (set :=
// !x.IsNull() && !x.IsUnknown()), or nil.
func setPhi(c *ssa.Call) *ssa.Phi {
	for _, r := range *c.Referrers() {
		un, ok := r.(*ssa.UnOp)
		if !ok || un.Op != token.NOT {
			continue
		}
		for _, rr := range *un.Referrers() {
			if phi, ok := rr.(*ssa.Phi); ok && len(phi.Edges) == 2 {
				return phi
			}
		}
	}
	return nil
}

// absentLeadsToFailure is zeroLeadsToFailure for a value taken as not set:
// the way it takes must reach an error the set way does not without
// passing a test of a call's error (err != nil): an error for a failed
// parse or lookup on the other branch comes from that call, not from the
// value being absent.
func absentLeadsToFailure(ifi *ssa.If, u unknown) bool {
	v := evalZero(ifi.Cond, u, 0)
	if v == nil || v.Kind() != constant.Bool {
		return false
	}
	if fn := ifi.Parent(); len(fn.Blocks) == 0 || !zeroReaches(fn.Blocks[0], ifi.Block(), u) {
		return false
	}
	succs := ifi.Block().Succs
	if len(succs) != 2 {
		return false
	}
	taken, other := succs[0], succs[1]
	if !constant.BoolVal(v) {
		taken, other = other, taken
	}
	if !canSucceed(other, u) {
		return false
	}
	b := failures(other, u, false)
	skips := skipsSuccess(taken, other, u)
	found := false
	seen := map[*ssa.BasicBlock]bool{}
	var walk func(x *ssa.BasicBlock)
	walk = func(x *ssa.BasicBlock) {
		if found || seen[x] || stops(u, x) {
			return
		}
		seen[x] = true
		if f := u.fails(x); f != nil {
			found = !b[f] || skips
			return
		}
		if testsError(x) {
			return
		}
		for _, n := range zeroSuccs(x, u) {
			walk(n)
		}
	}
	walk(taken)
	return found
}

// skipsSuccess: the set way reaches a successful return the unset way
// cannot (if set && x.ValueBool() { return }): a known value may leave
// there, the unknown goes on to the tests after it, and an error they add
// (target is required...) rejects what the known value accepts, even
// where the set way can reach that error too.
func skipsSuccess(taken, other *ssa.BasicBlock, u unknown) bool {
	// The set way is known: its reads of the value are not zero.
	t, o := successes(taken, u, true), successes(other, u, false)
	for r := range o {
		if !t[r] {
			return true
		}
	}
	return false
}

// successes: the return blocks reachable from from without failing;
// pruned, the branches the unknown decides go only its way.
func successes(from *ssa.BasicBlock, u unknown, prune bool) map[*ssa.BasicBlock]bool {
	out := map[*ssa.BasicBlock]bool{}
	walkBlocks(from, u, prune, func(b *ssa.BasicBlock) bool {
		if stops(u, b) || u.fails(b) != nil {
			return false
		}
		if _, isRet := b.Instrs[len(b.Instrs)-1].(*ssa.Return); isRet && !errorExit(b) {
			out[b] = true
		}
		return true
	})
	return out
}

// errorExit: b is the return of an "if diags.HasError() { return }": the
// way out of a failure added before, not a success.
func errorExit(b *ssa.BasicBlock) bool {
	for _, p := range b.Preds {
		ifi, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If)
		if !ok || p.Succs[0] != b {
			continue
		}
		if c, ok := ifi.Cond.(*ssa.Call); ok {
			if recv, name, ok := recvCall(c); ok && name == "HasError" && tfapi.IsDiagnostics(recv.Type()) {
				return true
			}
		}
	}
	return false
}

// testsError: b ends in a branch on an error value (err != nil, err == nil).
func testsError(b *ssa.BasicBlock) bool {
	ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok {
		return false
	}
	bin, ok := ifi.Cond.(*ssa.BinOp)
	if !ok || (bin.Op != token.EQL && bin.Op != token.NEQ) {
		return false
	}
	return tfapi.IsError(bin.X.Type()) || tfapi.IsError(bin.Y.Type())
}
