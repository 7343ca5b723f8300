// The same zeros inside nested objects (APPLY-2, READ-3 in Read): objects
// built from maps keyed by attribute name, judged against the nested
// attribute's schema.

package zerofornull

import (
	"go/constant"
	"go/token"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Nested objects built from a map keyed by attribute name
// (types.ObjectValue(attrTypes, map[string]attr.Value{"variation": v}))
// hold their attributes in no model field. The zero constants of the rule
// above are looked for there too: the attribute is found by name, in the
// nested attributes of the resource whose names hold every key of the map.

// objectZeros: in fn and the package functions it calls, map entries of
// types.ObjectValue (Must, basetypes.NewObjectValue...) whose key names a
// scalar, Optional, non-Computed nested attribute and whose value is
// types.XxxValue of a zero constant, or a helper answering one.
func objectZeros(fn *ssa.Function, r *facts.FrameworkResource, summaries map[*ssa.Function]*zeroResult) []zeroStore {
	var out []zeroStore
	seen := map[*ssa.Function]bool{}
	var visit func(f *ssa.Function, d int)
	visit = func(f *ssa.Function, d int) {
		if f == nil || seen[f] || d > depth {
			return
		}
		seen[f] = true
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				ci, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				callee := ci.Common().StaticCallee()
				if callee == nil {
					continue
				}
				if callee.Pkg == fn.Pkg && callee.Blocks != nil {
					visit(callee, d+1)
					continue
				}
				if call, ok := ci.(*ssa.Call); ok && objectCtor(callee) {
					out = append(out, mapZeros(call, r, fn.Pkg, summaries)...)
				}
			}
		}
	}
	visit(fn, 0)
	return out
}

func objectCtor(fn *ssa.Function) bool {
	if fn.Signature.Recv() != nil || !strings.HasPrefix(tfssa.PkgPath(fn), tfapi.Framework) {
		return false
	}
	switch strings.TrimPrefix(fn.Name(), "New") {
	case "ObjectValue", "ObjectValueMust":
		return true
	}
	return false
}

// mapZeros: the entries of the map literal handed to call that save a zero.
func mapZeros(call *ssa.Call, r *facts.FrameworkResource, pkg *ssa.Package, summaries map[*ssa.Function]*zeroResult) []zeroStore {
	args := call.Call.Args
	if len(args) < 2 {
		return nil
	}
	mm, ok := args[len(args)-1].(*ssa.MakeMap)
	if !ok || mm.Referrers() == nil {
		return nil
	}
	entries := map[string]*ssa.MapUpdate{}
	for _, ref := range *mm.Referrers() {
		u, ok := ref.(*ssa.MapUpdate)
		if !ok {
			continue
		}
		k, ok := u.Key.(*ssa.Const)
		if !ok || k.Value == nil || k.Value.Kind() != constant.String {
			return nil // a key built at run time: the object is not known
		}
		entries[constant.StringVal(k.Value)] = u
	}
	if len(entries) == 0 {
		return nil
	}
	keys := make([]string, 0, len(entries))
	for k := range entries {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var out []zeroStore
	for _, k := range keys {
		a := facts.NestedByKeys(r.Schema.Attributes, keys, k, candidate)
		if a == nil || collection(a) {
			continue
		}
		u := entries[k]
		v := u.Value
		if mi, ok := v.(*ssa.MakeInterface); ok {
			v = mi.X
		}
		if z, ok := zeroValue(v, u.Block(), pkg, summaries, 0); ok {
			z.attr, z.pos = a, u.Pos()
			if !z.pos.IsValid() {
				z.pos = call.Pos()
			}
			out = append(out, z)
		}
	}
	return out
}

// zeroValue: v is types.XxxValue of a zero constant, a helper's result that
// can be one, or a phi with such an edge (variation := types.Int64Value(0);
// if r.Variation != nil { variation = ... }), on a path no framework test
// decides.
func zeroValue(v ssa.Value, at *ssa.BasicBlock, pkg *ssa.Package, summaries map[*ssa.Function]*zeroResult, n int) (zeroStore, bool) {
	if n > 3 || fwGuarded(at) {
		return zeroStore{}, false
	}
	switch x := v.(type) {
	case *ssa.Phi:
		for i, e := range x.Edges {
			if i >= len(x.Block().Preds) {
				break
			}
			if z, ok := zeroValue(e, x.Block().Preds[i], pkg, summaries, n+1); ok {
				return z, true
			}
		}
	case *ssa.Call:
		if ctor := scalarCtor(x); ctor != "" && len(x.Call.Args) == 1 {
			k, ok := zeroArg(x.Call.Args[0], "", nil)
			if !ok || testsValue(x.Block(), unconvert(x.Call.Args[0])) {
				return zeroStore{}, false
			}
			if phi, isPhi := unconvert(x.Call.Args[0]).(*ssa.Phi); isPhi {
				// the edge carrying the constant must not be decided by a
				// framework test either
				for i, e := range phi.Edges {
					if unconvert(e) == k && i < len(phi.Block().Preds) && fwGuarded(phi.Block().Preds[i]) {
						return zeroStore{}, false
					}
				}
			}
			return zeroStore{source: posOr(k, x.Pos()), field: constText(k), ctor: ctor, zero: true}, true
		}
		callee := x.Call.StaticCallee()
		if callee == nil || callee.Pkg != pkg {
			return zeroStore{}, false
		}
		if z := zeroReturn(callee, summaries, 0); z != nil && !z.empty && !toldNull(x.Call.Args) {
			for _, arg := range x.Call.Args {
				if guarded(x.Block(), arg, apiField(arg)) {
					return zeroStore{}, false
				}
			}
			return zeroStore{source: z.pos, field: callee.Name(), ctor: z.ctor, zero: true, helper: true}, true
		}
	}
	return zeroStore{}, false
}

// posOr: v's position, or at when it has none (a constant).
func posOr(v ssa.Value, at token.Pos) token.Pos {
	if v.Pos().IsValid() {
		return v.Pos()
	}
	return at
}
