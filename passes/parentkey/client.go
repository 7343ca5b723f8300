package parentkey

import (
	"golang.org/x/tools/go/ssa"
)

// selectsClient: call is a function of the provider's own package whose
// result is a client — a value the API is later called through (a method's
// receiver, directly or after a constructor: spacesClient(region), then
// s3.New(session)). Its arguments choose the endpoint, as a region does;
// they are not sent to the object. Calls of other packages stay out: a
// request builder's result is a receiver too (api.Update(ctx, id).Body(b)).
func selectsClient(call *ssa.Call) bool {
	callee := call.Common().StaticCallee()
	if callee == nil || callee.Blocks == nil || callee.Pkg != call.Parent().Pkg {
		return false
	}
	return clientValue(call, 0)
}

// clientValue: v (or its first result) is called through: the receiver of
// a method, handed to a package function that calls through it, or to a
// constructor of another package whose result is called through.
func clientValue(v ssa.Value, depth int) bool {
	if depth > 6 || v.Referrers() == nil {
		return false
	}
	for _, r := range *v.Referrers() {
		switch x := r.(type) {
		case *ssa.Extract:
			if x.Index == 0 && clientValue(x, depth+1) {
				return true
			}
		case *ssa.MakeInterface: // s3.New(session) takes a ConfigProvider
			if clientValue(x, depth+1) {
				return true
			}
		case ssa.CallInstruction:
			if clientUse(x, v, depth) {
				return true
			}
		}
	}
	return false
}

// clientUse: call uses v as a client.
func clientUse(call ssa.CallInstruction, v ssa.Value, depth int) bool {
	com := call.Common()
	if com.IsInvoke() {
		return com.Value == v
	}
	callee := com.StaticCallee()
	if callee == nil {
		return false
	}
	for i, a := range com.Args {
		if a != v {
			continue
		}
		switch {
		case i == 0 && callee.Signature.Recv() != nil:
			return true
		case callee.Blocks != nil && callee.Pkg == call.Parent().Pkg && i < len(callee.Params):
			if clientValue(callee.Params[i], depth+1) {
				return true
			}
		case callee.Pkg != call.Parent().Pkg:
			if c, ok := call.(*ssa.Call); ok && clientValue(c, depth+1) {
				return true
			}
		}
	}
	return false
}
