package zeroelements

import (
	"go/token"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Analyzer reports slices saved with zero-value elements.
var Analyzer = lint.NewAnalyzer(Doc, run, tfssa.Requires...)

func run(pass *analysis.Pass) (any, error) {
	_, funcs, ok := tfssa.Prepare(pass, tfssa.SDK|tfssa.Framework)
	if !ok {
		return nil, nil
	}
	rep := lint.NewReporter(pass)
	for _, fn := range tfssa.WithClosures(funcs) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if ms, ok := instr.(*ssa.MakeSlice); ok {
					check(rep, ms)
				}
			}
		}
	}
	return nil, nil
}

func check(rep *lint.Reporter, ms *ssa.MakeSlice) {
	if c, ok := ms.Len.(*ssa.Const); ok && c.Int64() == 0 {
		return
	}
	fam := family(ms)
	if writtenOrCopied(ms) {
		if loop, lenCall := filledFromOther(ms); loop != nil {
			if saved := savedAt(fam); saved != nil {
				rep.Report(lint.Finding{Rule: "APPLY-2", Pos: ms.Pos(),
					Related: []analysis.RelatedInformation{
						lint.Related(lenCall.Pos(), "its length is taken here"),
						lint.Related(loop.Pos(), "elements are written only here, by the index of a loop over another collection"),
						lint.Related(saved.Pos(), "the slice is saved or handed on here"),
					},
					Message: "this slice is sized by the length of one collection but filled by index from a loop over another collection: wherever that one is shorter, zero-value elements remain and are saved as elements nobody configured; size it by the collection it is filled from, or append to make([]T, 0, n)"})
			}
		}
		return
	}
	app := appendOf(fam)
	if app == nil {
		return
	}
	if saved := savedAt(fam); saved != nil {
		rep.Report(lint.Finding{Rule: "APPLY-2", Pos: ms.Pos(),
			Related: []analysis.RelatedInformation{
				lint.Related(app.Pos(), "elements are appended here, after the ones make already put there"),
				lint.Related(saved.Pos(), "the slice is saved or handed on here"),
			},
			Message: "this slice is made with a length and then appended to: its first elements stay zero values (nil maps, empty strings) and are saved as elements nobody configured; make it with length 0 and that capacity, make([]T, 0, n)"})
	}
}

// family: ms and the values it flows into through appends and phis.
func family(ms *ssa.MakeSlice) map[ssa.Value]bool {
	fam := map[ssa.Value]bool{ms: true}
	work := []ssa.Value{ms}
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		for _, r := range refs(v) {
			var next ssa.Value
			switch r := r.(type) {
			case *ssa.Phi:
				next = r
			case *ssa.Call:
				if isBuiltin(r.Call, "append") && len(r.Call.Args) > 0 && r.Call.Args[0] == v {
					next = r
				}
			}
			if next != nil && !fam[next] {
				fam[next] = true
				work = append(work, next)
			}
		}
	}
	return fam
}

// writtenOrCopied: ms's own elements are addressed (written or read by
// index), copied into, or resliced.
func writtenOrCopied(ms *ssa.MakeSlice) bool {
	for _, r := range refs(ms) {
		switch r := r.(type) {
		case *ssa.IndexAddr, *ssa.Slice:
			return true
		case *ssa.Call:
			if isBuiltin(r.Call, "copy") {
				return true
			}
		}
	}
	return false
}

func appendOf(fam map[ssa.Value]bool) *ssa.Call {
	for v := range fam {
		if c, ok := v.(*ssa.Call); ok {
			return c
		}
	}
	return nil
}

// filledFromOther: every element write of ms is by the index of a range
// loop over a collection other than the one len() sized ms by, a collection
// returned by a call that was not handed the first. It returns a write and
// the len call.
func filledFromOther(ms *ssa.MakeSlice) (ssa.Instruction, *ssa.Call) {
	lenCall, ok := ms.Len.(*ssa.Call)
	if !ok || !isBuiltin(lenCall.Call, "len") {
		return nil, nil
	}
	sized := lenCall.Call.Args[0]
	var write ssa.Instruction
	for _, r := range refs(ms) {
		switch r := r.(type) {
		case *ssa.IndexAddr:
			other := rangedOver(r.Index)
			if other == nil || other == sized || !fromUnrelatedCall(other, sized) {
				return nil, nil
			}
			write = r
		case *ssa.DebugRef:
		default:
			if _, isCall := r.(*ssa.Call); isCall {
				if c := r.(*ssa.Call); isBuiltin(c.Call, "append") || isBuiltin(c.Call, "copy") {
					return nil, nil
				}
			}
			if _, isSlice := r.(*ssa.Slice); isSlice {
				return nil, nil
			}
		}
	}
	if write == nil {
		return nil, nil
	}
	return write, lenCall
}

// rangedOver: the collection idx indexes in a `for i := range xs` loop:
// idx is i (phi+1), compared with len(xs) in the loop header.
func rangedOver(idx ssa.Value) ssa.Value {
	for _, r := range refs(idx) {
		cmp, ok := r.(*ssa.BinOp)
		if !ok || cmp.Op != token.LSS || cmp.X != idx {
			continue
		}
		if l, ok := cmp.Y.(*ssa.Call); ok && isBuiltin(l.Call, "len") {
			return l.Call.Args[0]
		}
	}
	return nil
}

// fromUnrelatedCall: other is the result of a call (possibly through an
// extract) that shares nothing with sized: not the same function (a getter
// called twice, list.Elements() and list.Elements()), and no argument from
// the same root (a sorted or converted copy of it).
func fromUnrelatedCall(other, sized ssa.Value) bool {
	call := callOf(other)
	if call == nil || call.Call.StaticCallee() == nil {
		return false
	}
	if sc := callOf(sized); sc != nil && sc.Call.StaticCallee() == call.Call.StaticCallee() {
		return false
	}
	from := roots(sized)
	for _, a := range call.Call.Args {
		if from[tfssa.RootLoad(a)] {
			return false
		}
	}
	return true
}

func callOf(v ssa.Value) *ssa.Call {
	if e, ok := v.(*ssa.Extract); ok {
		v = e.Tuple
	}
	c, _ := v.(*ssa.Call)
	return c
}

// roots: the values v is taken from: its root, and for a call its
// arguments' roots.
func roots(v ssa.Value) map[ssa.Value]bool {
	out := map[ssa.Value]bool{v: true, tfssa.RootLoad(v): true}
	if c := callOf(v); c != nil {
		for _, a := range c.Call.Args {
			out[tfssa.RootLoad(a)] = true
		}
	}
	return out
}

// savedAt: where a value of fam is saved or handed on: to d.Set or a
// plugin-library function, returned, stored into a map, a struct field or
// a variable.
func savedAt(fam map[ssa.Value]bool) ssa.Instruction {
	for v := range fam {
		if r := savedUse(v, 0); r != nil {
			return r
		}
	}
	return nil
}

func savedUse(v ssa.Value, depth int) ssa.Instruction {
	if depth > 3 {
		return nil
	}
	for _, r := range refs(v) {
		switch r := r.(type) {
		case *ssa.MakeInterface:
			if in := savedUse(r, depth+1); in != nil {
				return in
			}
		case *ssa.ChangeType:
			if in := savedUse(r, depth+1); in != nil {
				return in
			}
		case *ssa.Return, *ssa.MapUpdate:
			return r
		case *ssa.Store:
			if r.Val == v {
				return r
			}
		case *ssa.Call:
			if fn := r.Call.StaticCallee(); fn != nil && tfapi.IsPluginLib(tfssa.PkgPath(fn)) {
				return r
			}
		}
	}
	return nil
}

func isBuiltin(c ssa.CallCommon, name string) bool {
	b, ok := c.Value.(*ssa.Builtin)
	return ok && b.Name() == name
}

// refs: v's referrers; none for a constant or a global.
func refs(v ssa.Value) []ssa.Instruction {
	if r := v.Referrers(); r != nil {
		return *r
	}
	return nil
}
