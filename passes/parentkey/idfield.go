// The request-struct form of an attribute in place of the ID: Update writes
// the planned value of an attribute into the object field Create sets the
// ID from (u.Username = d.Get("username") where Create ends with
// d.SetId(u.Username)) and hands the struct to the API as the whole
// request: the request addresses the object by the attribute (SCHEMA-3).

package parentkey

import (
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/attruse"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// idFields: the fields that address the object: those Create sets the ID
// from (d.SetId(u.Username)), and, by name within the API's package, those
// Read fills with d.Id() alone in its request (GetNetworkInput{Name:
// d.Id()}: UpdateNetworkInput.Name addresses the object as well).
type idFields struct {
	exact  map[attruse.Field]token.Pos
	byName map[pkgField]token.Pos
}

type pkgField struct {
	pkg  *types.Package
	name string
}

func addressFields(create, read *ssa.Function) *idFields {
	f := &idFields{exact: attruse.IDFields(create), byName: map[pkgField]token.Pos{}}
	tfssa.EachInstr(read, 1, false, func(instr ssa.Instruction) {
		st, ok := instr.(*ssa.Store)
		if !ok {
			return
		}
		fd, ok := attruse.FieldAt(st.Addr)
		keys := attruse.KeysOf(st.Val)
		if ok && len(keys) == 1 && keys[attruse.IDKey] && fd.Owner.Pkg() != read.Pkg.Pkg {
			f.byName[pkgField{fd.Owner.Pkg(), fd.Name}] = st.Pos()
		}
	})
	return f
}

func (f *idFields) empty() bool { return len(f.exact) == 0 && len(f.byName) == 0 }

// at: the evidence that fd addresses the object (the SetId call, or Read's
// store of d.Id()), or NoPos.
func (f *idFields) at(fd attruse.Field) token.Pos {
	if at, ok := f.exact[fd]; ok {
		return at
	}
	return f.byName[pkgField{fd.Owner.Pkg(), fd.Name}]
}

// fieldCall: the API call a struct holding key in the ID's field is handed
// to, the field, and where the key is written into it.
type fieldCall struct {
	call  *ssa.Call
	field attruse.Field
	at    token.Pos
	setID token.Pos
}

// write is a store into an ID field, in Update or in a package function
// Update hands the struct to (then at that call): keys, what it holds.
type write struct {
	instr ssa.Instruction
	field attruse.Field
	keys  map[string]bool
	at    token.Pos
}

// idFieldAddressed: the keys Update writes last into an ID field of a
// struct it then hands to an API call that may fail and takes no plain key
// beside it (the struct is the whole request, its ID field the address).
// A d.Id() written into the field after the key puts the address back.
func idFieldAddressed(update *ssa.Function, fields *idFields) map[string]fieldCall {
	out := map[string]fieldCall{}
	if fields.empty() {
		return out
	}
	writes, requests, idElsewhere := fieldWrites(update, fields)
	for _, call := range requests {
		for _, w := range writes {
			if idElsewhere[w.field.Owner] || !before(w.instr, call) || !handedOwner(call, w.field.Owner) {
				continue
			}
			for k := range w.keys {
				if _, seen := out[k]; seen || k == attruse.IDKey || overwritten(w, writes) {
					continue
				}
				out[k] = fieldCall{call: call, field: w.field, at: w.at, setID: fields.at(w.field)}
			}
		}
	}
	return out
}

// fieldWrites: Update's writes into ID fields, its API calls that may fail
// and take no plain key, and the struct types Update writes d.Id() into
// another field of (that field is the address).
func fieldWrites(update *ssa.Function, fields *idFields) (writes []write, requests []*ssa.Call, idElsewhere map[*types.TypeName]bool) {
	idElsewhere = map[*types.TypeName]bool{}
	for _, b := range update.Blocks {
		for _, instr := range b.Instrs {
			switch in := instr.(type) {
			case *ssa.Store:
				f, ok := attruse.FieldAt(in.Addr)
				switch keys := attruse.KeysOf(in.Val); {
				case ok && fields.at(f).IsValid():
					writes = append(writes, write{in, f, keys, in.Pos()})
				case ok && keys[attruse.IDKey]:
					idElsewhere[f.Owner] = true
				}
			case *ssa.Call:
				callee := in.Common().StaticCallee()
				if callee != nil && callee.Pkg == update.Pkg && callee.Blocks != nil {
					writes = append(writes, helperWrites(in, callee, fields)...)
				} else if apiCall(in) && tfssa.Failable(in) && noPlainKey(in) {
					requests = append(requests, in)
				}
			}
		}
	}
	return writes, requests, idElsewhere
}

// helperWrites: the writes into ID fields of a package function (and those
// it calls) handed a struct, counted at the call.
func helperWrites(call *ssa.Call, callee *ssa.Function, fields *idFields) []write {
	var out []write
	tfssa.EachInstr(callee, 1, false, func(instr ssa.Instruction) {
		st, ok := instr.(*ssa.Store)
		if !ok {
			return
		}
		if f, ok := attruse.FieldAt(st.Addr); ok && fields.at(f).IsValid() && handedOwner(call, f.Owner) {
			out = append(out, write{call, f, attruse.KeysOf(st.Val), st.Pos()})
		}
	})
	return out
}

// overwritten: a write of d.Id() into the same field follows w.
func overwritten(w write, writes []write) bool {
	for _, o := range writes {
		if o.field == w.field && o.keys[attruse.IDKey] && o.instr != w.instr && before(w.instr, o.instr) {
			return true
		}
	}
	return w.keys[attruse.IDKey]
}

// before: a runs before b (earlier in one block, or in a block that
// dominates b's).
func before(a, b ssa.Instruction) bool {
	if a.Block() != b.Block() {
		return a.Block().Dominates(b.Block())
	}
	for _, in := range a.Block().Instrs {
		switch in {
		case a:
			return true
		case b:
			return false
		}
	}
	return false
}

// handedOwner: call is handed a value of type T or *T.
func handedOwner(call *ssa.Call, owner *types.TypeName) bool {
	for _, arg := range call.Common().Args {
		if n, ok := types.Unalias(pointee(tfssa.StripInterface(arg).Type())).(*types.Named); ok && n.Origin().Obj() == owner {
			return true
		}
	}
	return false
}

// noPlainKey: no string or number argument of call is built from a key or
// the ID: the struct it is handed is the whole request.
func noPlainKey(call *ssa.Call) bool {
	for _, arg := range call.Common().Args {
		arg = tfssa.StripInterface(arg)
		if basic(arg.Type()) && len(attruse.KeysOf(arg)) > 0 {
			return false
		}
	}
	return true
}

func idFieldFinding(u *attruse.Resource, a *facts.Attribute, fc fieldCall) lint.Finding {
	f := fc.field.Owner.Name() + "." + fc.field.Name
	related := []analysis.RelatedInformation{
		lint.Related(fc.setID, "the object is addressed by %s here (Create sets the ID from it, or Read's request holds the ID in it)", fc.field.Name),
		lint.Related(fc.at, "Update writes the planned %q into %s here", a.Name, f),
		lint.Related(fc.call.Pos(), "%s hands the API the request addressed by it", attruse.FuncName(u.Update)),
		lint.Related(u.Read.Pos(), "%s finds the object through the ID and never reads %q", attruse.FuncName(u.Read), a.Name),
	}
	return lint.Finding{Rule: "SCHEMA-3", Pos: a.Pos, Related: related,
		Message: fmt.Sprintf("%q of %s can change in place (%s, not ForceNew), but Update writes it into %s, the field that holds the object's ID (Create sets the ID from it, or Read's request addresses the object by d.Id() in it), and hands that request to the API (%s): after a change the request addresses the object by the new %q in place of its ID, where it does not exist, so the apply fails or changes another object; mark it ForceNew, or address the object by d.Id() in Update", a.Name, u.Name, attruse.Flags(a), f, tfssa.CalleeName(fc.call), a.Name)}
}
