package tfssa

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
)

// Request follows a framework request parameter (a plan modifier's,
// validator's, ValidateConfig's or ModifyPlan's) through one function: the
// locals it is copied into, which of its fields a value reads, and the models
// filled from its Config, Plan or State.
type Request struct {
	Param  ssa.Value
	spills map[ssa.Value]bool
	// Models maps a model local filled by Get/GetAttribute on the request's
	// Config, Plan or State to that field's name.
	Models map[ssa.Value]string
}

func NewRequest(fn *ssa.Function, req ssa.Value) *Request {
	r := &Request{Param: req, spills: map[ssa.Value]bool{}, Models: map[ssa.Value]string{}}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if st, ok := instr.(*ssa.Store); ok && st.Val == req {
				r.spills[st.Addr] = true
			}
		}
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(*ssa.Call)
			if !ok || len(c.Call.Args) < 2 {
				continue
			}
			callee := c.Call.StaticCallee()
			if callee == nil || (callee.Name() != "Get" && callee.Name() != "GetAttribute") {
				continue
			}
			if part := r.tfsdkPart(c.Call.Args[0]); part != "" {
				if m := ModelRoot(c.Call.Args[len(c.Call.Args)-1]); m != nil {
					r.Models[m] = part
				}
			}
		}
	}
	return r
}

// FieldIndex: the index of the request field v reads (req.X, or X of a
// local copy of req).
func (r *Request) FieldIndex(v ssa.Value) (int, bool) {
	switch v := v.(type) {
	case *ssa.Field:
		if v.X == r.Param {
			return v.Field, true
		}
	case *ssa.UnOp:
		if fa, ok := v.X.(*ssa.FieldAddr); ok && r.spills[fa.X] {
			return fa.Field, true
		}
	}
	return 0, false
}

// Field names the request field v reads, or "".
func (r *Request) Field(v ssa.Value) string {
	if f := r.field(v); f != nil {
		return f.Name()
	}
	return ""
}

func (r *Request) field(v ssa.Value) *types.Var {
	i, ok := r.FieldIndex(v)
	if !ok {
		return nil
	}
	st, isStruct := r.Param.Type().Underlying().(*types.Struct)
	if !isStruct || i >= st.NumFields() {
		return nil
	}
	return st.Field(i)
}

// tfsdkPart: "Config", "Plan" or "State" when v reads that tfsdk field of the request.
func (r *Request) tfsdkPart(v ssa.Value) string {
	f := r.field(v)
	if f == nil {
		return ""
	}
	switch f.Name() {
	case "Plan", "Config", "State":
		if p, _ := tfapi.Named(f.Type()); strings.HasSuffix(p, "/tfsdk") {
			return f.Name()
		}
	}
	return ""
}

// ModelRoot returns the local a model value lives in: the alloc behind v
// through interfaces, conversions and loads, or the one alloc a phi merges
// with nil (var p *M; if ... { p = &M{} }); nil otherwise.
func ModelRoot(v ssa.Value) ssa.Value {
	for i := 0; i < 4; i++ {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		case *ssa.UnOp:
			v = x.X
		case *ssa.Alloc:
			return x
		case *ssa.Phi:
			return phiAlloc(x)
		default:
			return nil
		}
	}
	return nil
}

func phiAlloc(phi *ssa.Phi) ssa.Value {
	var out ssa.Value
	for _, e := range phi.Edges {
		if k, ok := e.(*ssa.Const); ok && k.IsNil() {
			continue
		}
		a, ok := e.(*ssa.Alloc)
		if !ok || (out != nil && out != a) {
			return nil
		}
		out = a
	}
	return out
}
