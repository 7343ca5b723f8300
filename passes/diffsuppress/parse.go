package diffsuppress

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// parsers return (value, error); a failure gives the zero value.
var parsers = map[string]bool{
	"strconv.ParseBool": true, "strconv.ParseInt": true, "strconv.ParseUint": true,
	"strconv.ParseFloat": true, "strconv.Atoi": true,
	"time.Parse": true, "time.ParseDuration": true, "time.ParseInLocation": true,
}

// unmarshalers fill their second argument; a failure on the first byte leaves it zero.
var unmarshalers = map[string]bool{
	"encoding/json.Unmarshal": true, "encoding/xml.Unmarshal": true,
	"gopkg.in/yaml.v2.Unmarshal": true, "gopkg.in/yaml.v3.Unmarshal": true, "sigs.k8s.io/yaml.Unmarshal": true,
}

// parsed is one side of a comparison: the value a parse of old or new gave.
type parsed struct {
	side int // 1: old, 2: new (the DSF's parameters)
	call *ssa.Call
}

// lossyParse: shape (a). The DSF parses old and new, drops both errors, and
// suppresses when the results compare equal — two values that fail to parse
// are both zero, so every change between them is hidden.
func lossyParse(fn *ssa.Function, uses []use) (lint.Finding, bool) {
	open := openUses(uses)
	if len(open) == 0 {
		return lint.Finding{}, false
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			v, ok := instr.(ssa.Value)
			if !ok {
				continue
			}
			x, y, eq, ok := comparison(v)
			if !ok {
				continue
			}
			px, okx := parsedFrom(fn, x, 0)
			py, oky := parsedFrom(fn, y, 0)
			if !okx || !oky || px.side == py.side || !suppressesWhen(v, eq) {
				continue
			}
			return parseFinding(fn, v, px, py, open), true
		}
	}
	return lint.Finding{}, false
}

// openUses: the uses nothing else holds to a parsable form — no validator,
// and not a bool/int/float attribute (the SDK hands those over in its own
// form, which always parses).
func openUses(uses []use) []use {
	var out []use
	for _, u := range uses {
		if !u.validated && !u.scalar {
			out = append(out, u)
		}
	}
	return out
}

// comparison: v compares x and y; eq is the outcome that holds when they
// are equal (true for ==, <=, >=, DeepEqual, Equal; false for !=, <, >).
func comparison(v ssa.Value) (x, y ssa.Value, eq, ok bool) {
	switch c := v.(type) {
	case *ssa.BinOp:
		switch c.Op {
		case token.EQL, token.LEQ, token.GEQ:
			return c.X, c.Y, true, true
		case token.NEQ, token.LSS, token.GTR:
			return c.X, c.Y, false, true
		}
	case *ssa.Call:
		callee := c.Call.StaticCallee()
		if callee == nil || len(c.Call.Args) != 2 {
			return nil, nil, false, false
		}
		if qualified(callee) == "reflect.DeepEqual" || callee.Signature.Recv() != nil && callee.Name() == "Equal" {
			return c.Call.Args[0], c.Call.Args[1], true, true
		}
	}
	return nil, nil, false, false
}

// suppressesWhen: the DSF returns true when the comparison v has outcome
// eq — v is returned (eq must be true), or it is a branch condition whose
// eq side goes straight to `return true`.
func suppressesWhen(v ssa.Value, eq bool) bool {
	for _, r := range *v.Referrers() {
		switch r := r.(type) {
		case *ssa.Return:
			if eq {
				return true
			}
		case *ssa.If:
			succ := r.Block().Succs[0]
			if !eq {
				succ = r.Block().Succs[1]
			}
			if returnsTrue(succ, 0) {
				return true
			}
		}
	}
	return false
}

// returnsTrue: b (through plain jumps) returns the constant true.
func returnsTrue(b *ssa.BasicBlock, n int) bool {
	if n > 4 || len(b.Instrs) == 0 {
		return false
	}
	switch last := b.Instrs[len(b.Instrs)-1].(type) {
	case *ssa.Return:
		return len(last.Results) == 1 && constBool(last.Results[0], true)
	case *ssa.Jump:
		return returnsTrue(b.Succs[0], n+1)
	}
	return false
}

// parsedFrom: v is (derived from) the result of a parse of old or new whose
// error nobody looks at.
func parsedFrom(fn *ssa.Function, v ssa.Value, n int) (parsed, bool) {
	if n > 6 {
		return parsed{}, false
	}
	switch x := tfssa.StripInterface(v).(type) {
	case *ssa.Extract:
		call, ok := x.Tuple.(*ssa.Call)
		if ok && x.Index == 0 && parsers[qualifiedCallee(call)] && !errorUsed(call) {
			return side(fn, call, call.Call.Args[0])
		}
	case *ssa.UnOp:
		if x.Op == token.MUL {
			if a, ok := x.X.(*ssa.Alloc); ok {
				return unmarshalInto(fn, a)
			}
		}
		return parsedFrom(fn, x.X, n+1)
	case *ssa.Alloc:
		return unmarshalInto(fn, x)
	case *ssa.Convert:
		return parsedFrom(fn, x.X, n+1)
	case *ssa.ChangeType:
		return parsedFrom(fn, x.X, n+1)
	case *ssa.Field:
		return parsedFrom(fn, x.X, n+1)
	case *ssa.Call:
		// A method of the standard library on the parsed value (d.Seconds(), t.UTC()).
		callee := x.Call.StaticCallee()
		if callee != nil && callee.Signature.Recv() != nil && std(callee) && len(x.Call.Args) > 0 {
			return parsedFrom(fn, x.Call.Args[0], n+1)
		}
	}
	return parsed{}, false
}

// unmarshalInto: the local a is the target of an unmarshal of old or new
// whose error is dropped.
func unmarshalInto(fn *ssa.Function, a *ssa.Alloc) (parsed, bool) {
	for _, r := range *a.Referrers() {
		mi, ok := r.(*ssa.MakeInterface)
		if !ok {
			continue
		}
		for _, rr := range *mi.Referrers() {
			call, ok := rr.(*ssa.Call)
			if ok && unmarshalers[qualifiedCallee(call)] && len(call.Call.Args) == 2 && call.Call.Args[1] == mi && !errorUsed(call) {
				return side(fn, call, call.Call.Args[0])
			}
		}
	}
	return parsed{}, false
}

// errorUsed: the call's error result is looked at (tested, returned, kept).
func errorUsed(call *ssa.Call) bool {
	refs := call.Referrers()
	if refs == nil {
		return false
	}
	if call.Call.Signature().Results().Len() == 1 {
		return len(*refs) > 0
	}
	for _, r := range *refs {
		if e, ok := r.(*ssa.Extract); ok && e.Index == e.Tuple.Type().(*types.Tuple).Len()-1 && len(*e.Referrers()) > 0 {
			return true
		}
	}
	return false
}

// side: which of old and new the parsed argument comes from (only one).
func side(fn *ssa.Function, call *ssa.Call, arg ssa.Value) (parsed, bool) {
	o, n := mentions(arg, fn.Params[1], 0), mentions(arg, fn.Params[2], 0)
	switch {
	case o && !n:
		return parsed{side: 1, call: call}, true
	case n && !o:
		return parsed{side: 2, call: call}, true
	}
	return parsed{}, false
}

// mentions: v is built from p (through conversions, string functions, ...).
func mentions(v, p ssa.Value, n int) bool {
	if v == p {
		return true
	}
	instr, ok := v.(ssa.Instruction)
	if !ok || n > 5 {
		return false
	}
	if _, isPhi := v.(*ssa.Phi); isPhi {
		return false
	}
	for _, op := range instr.Operands(nil) {
		if *op != nil && mentions(*op, p, n+1) {
			return true
		}
	}
	return false
}

func parseFinding(fn *ssa.Function, cmp ssa.Value, x, y parsed, open []use) lint.Finding {
	oldCall, newCall := x.call, y.call
	if x.side == 2 {
		oldCall, newCall = newCall, oldCall
	}
	parser := qualifiedCallee(oldCall)
	rel := []analysis.RelatedInformation{
		lint.Related(oldCall.Pos(), "old is parsed here; the error is dropped"),
		lint.Related(newCall.Pos(), "new is parsed here; the error is dropped"),
	}
	rel = append(rel, useRelated(open)...)
	return lint.Finding{Rule: "PLAN-1", Pos: cmp.Pos(), Related: rel,
		Message: fmt.Sprintf("%s compares what %s made of old and new without looking at the errors: two values that do not parse are both zero and compare equal, so every change between them is suppressed and the plan keeps the prior value instead of the configured one; return false when either parse fails", label(fn, open), parser)}
}

func qualifiedCallee(call *ssa.Call) string {
	callee := call.Call.StaticCallee()
	if callee == nil {
		return ""
	}
	return qualified(callee)
}

func qualified(fn *ssa.Function) string {
	if fn.Signature.Recv() != nil {
		return ""
	}
	return tfssa.PkgPath(fn) + "." + fn.Name()
}

// std: fn belongs to the standard library (no dot in the first path element).
func std(fn *ssa.Function) bool {
	p := tfssa.PkgPath(fn)
	first, _, _ := strings.Cut(p, "/")
	return p != "" && !strings.Contains(first, ".")
}
