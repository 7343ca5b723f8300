package facts

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
)

// FuncSummary says what a helper function does that the path checks need to
// know when it is called from a lifecycle method in another package (or the
// same one): whether it may drop the resource from state, and whether it is a
// "the object is gone" predicate.
type FuncSummary struct {
	// Removes: the function (or a helper it calls) calls RemoveResource on a
	// framework state or SetId("") on an SDK ResourceData.
	Removes bool
	// NotFound: the function returns a bool that tests for a missing remote
	// object (an HTTP 404, a not-found error, a "not found" message).
	NotFound bool
	// NilWhenMissing: the function returns (*T, ..., error) and answers a
	// missing object with a nil pointer and a nil error (consul's RoleRead:
	// `if !found { return nil, qm, nil }`).
	NilWhenMissing bool
	// NeverNil: the function returns (*T, ..., error) and every return
	// hands back an address (&resp.Entity, &T{}, new(T)) or an error: a nil
	// object never comes with a nil error, so a nil test of it is no
	// not-found test.
	NeverNil bool
	// CopiesInto: the function is func(dst, src map[K]V) and copies every
	// entry of src into dst, as maps.Copy does (vsphere's
	// structure.MergeSchema, which only panics on a key dst already has).
	CopiesInto bool
	// EmptyFails: bit i is set when the function returns a non-nil error
	// whenever its i-th string argument is "" (the receiver of a method is
	// argument 0): a parser of a fixed set of names, such as an enum's
	// FromString. A configured value that is unknown reads as "".
	EmptyFails uint16
	// NullWhenEmpty: bit i is set when the function's first result is a
	// null framework list, set or map whenever its i-th argument (a Go
	// slice or map) is empty: a converter that cannot keep a configured [].
	NullWhenEmpty uint16
	// UnknownFalse, UnknownTrue: bit i is set when the function answers
	// false (true) first whenever its i-th argument is an unknown framework
	// value (`IsDefined(v) { return !v.IsNull() && !v.IsUnknown() }`): a
	// guard written in a helper.
	UnknownFalse, UnknownTrue uint16
}

func (*FuncSummary) AFact() {}

// NeverNilFact lists the functions of a package (localName) whose only
// summary is NeverNil: client packages hold thousands, and one fact per
// package costs far less to carry to every importer than one per function.
type NeverNilFact struct{ Funcs []string }

func (*NeverNilFact) AFact() {}

func (f *NeverNilFact) String() string { return fmt.Sprintf("nevernil(%d)", len(f.Funcs)) }

// localName names fn within its package: "Name", or "Type.Name" for a
// method.
func localName(fn *types.Func) string {
	fn = fn.Origin()
	if r := fn.Type().(*types.Signature).Recv(); r != nil {
		t := r.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := t.(*types.Named); ok {
			return n.Obj().Name() + "." + fn.Name()
		}
	}
	return fn.Name()
}

func (s *FuncSummary) String() string {
	var parts []string
	if s.Removes {
		parts = append(parts, "removes")
	}
	if s.NotFound {
		parts = append(parts, "notfound")
	}
	if s.NilWhenMissing {
		parts = append(parts, "nilwhenmissing")
	}
	if s.NeverNil {
		parts = append(parts, "nevernil")
	}
	if s.CopiesInto {
		parts = append(parts, "copiesinto")
	}
	if s.UnknownFalse|s.UnknownTrue != 0 {
		parts = append(parts, fmt.Sprintf("unknown(false %b, true %b)", s.UnknownFalse, s.UnknownTrue))
	}
	if s.EmptyFails != 0 {
		parts = append(parts, fmt.Sprintf("emptyfails(%b)", s.EmptyFails))
	}
	if s.NullWhenEmpty != 0 {
		parts = append(parts, fmt.Sprintf("nullwhenempty(%b)", s.NullWhenEmpty))
	}
	return "summary(" + strings.Join(parts, ",") + ")"
}

// summarisable reports whether pkg's functions are worth summarising: code of
// providers and of their clients, not the standard library or the plugin
// libraries themselves.
func summarisable(pkg *types.Package) bool {
	return !tfapi.IsStd(pkg.Path()) && !tfapi.IsPluginLib(pkg.Path())
}

type summarizer struct {
	pass    *analysis.Pass
	decls   map[*types.Func]*ast.FuncDecl
	results map[*types.Func]*FuncSummary
}

// exportSummaries computes and exports a FuncSummary for every function of
// the package that removes a resource or tests for not-found.
func exportSummaries(pass *analysis.Pass) map[*types.Func]*FuncSummary {
	if !summarisable(pass.Pkg) {
		return nil
	}
	s := &summarizer{pass: pass, decls: map[*types.Func]*ast.FuncDecl{}, results: map[*types.Func]*FuncSummary{}}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					s.decls[fn] = fd
				}
			}
		}
	}
	// Iterate to a fixpoint: a helper calling a remover is a remover.
	for changed := true; changed; {
		changed = false
		for fn, fd := range s.decls {
			sum := s.summarise(fn, fd)
			old := s.results[fn]
			if (old == nil) != (sum == nil) || (old != nil && *old != *sum) {
				s.results[fn], changed = sum, true
			}
		}
	}
	var neverNil []string
	for fn, sum := range s.results {
		switch {
		case sum == nil:
		case *sum == FuncSummary{NeverNil: true}:
			neverNil = append(neverNil, localName(fn))
		default:
			pass.ExportObjectFact(fn, sum)
		}
	}
	if len(neverNil) > 0 {
		sort.Strings(neverNil)
		pass.ExportPackageFact(&NeverNilFact{Funcs: neverNil})
	}
	return s.results
}

func (s *summarizer) summarise(fn *types.Func, fd *ast.FuncDecl) *FuncSummary {
	sum := FuncSummary{Removes: s.removes(fd.Body)}
	if sig, ok := fn.Type().(*types.Signature); ok && tfapi.ReturnsBool(sig) && sig.Params().Len() > 0 {
		sum.NotFound = s.testsNotFound(fd.Body)
	}
	if sig, ok := fn.Type().(*types.Signature); ok && pointerAndError(sig) {
		sum.NilWhenMissing = s.nilWhenMissing(fd.Body)
		sum.NeverNil = !sum.NilWhenMissing && neverNil(fd.Body)
	}
	sum.CopiesInto = copiesInto(fn, fd)
	sum.EmptyFails = s.emptyFails(fn, fd)
	sum.NullWhenEmpty = s.nullWhenEmpty(fn, fd)
	sum.UnknownFalse, sum.UnknownTrue = s.unknownAnswers(fn, fd)
	if sum == (FuncSummary{}) {
		return nil
	}
	return &sum
}

// copiesInto: fd is `func(dst, src map[K]V) { for k, v := range src {
// dst[k] = v } }`, the loop's other statements only tests that end in a
// panic or a return.
func copiesInto(fn *types.Func, fd *ast.FuncDecl) bool {
	sig := fn.Signature()
	if sig.Results().Len() != 0 || sig.Params().Len() != 2 || len(fd.Body.List) != 1 || !types.Identical(sig.Params().At(0).Type(), sig.Params().At(1).Type()) {
		return false
	}
	if _, ok := sig.Params().At(0).Type().Underlying().(*types.Map); !ok {
		return false
	}
	rng, ok := fd.Body.List[0].(*ast.RangeStmt)
	dst, src := sig.Params().At(0).Name(), sig.Params().At(1).Name()
	if !ok || !sameIdent(rng.X, src) || len(rng.Body.List) == 0 {
		return false
	}
	stmts := rng.Body.List
	for _, st := range stmts[:len(stmts)-1] {
		if !onlyExits(st) {
			return false
		}
	}
	return copyKV(stmts[len(stmts)-1], dst, rng.Key, rng.Value)
}

// onlyExits: an if statement (with an optional init) whose body ends the
// function: a panic or a return, nothing else.
func onlyExits(st ast.Stmt) bool {
	ifs, ok := st.(*ast.IfStmt)
	if !ok || ifs.Else != nil || len(ifs.Body.List) != 1 {
		return false
	}
	switch b := ifs.Body.List[0].(type) {
	case *ast.ReturnStmt:
		return len(b.Results) == 0
	case *ast.ExprStmt:
		call, ok := b.X.(*ast.CallExpr)
		return ok && sameIdent(call.Fun, "panic")
	}
	return false
}

// Summary returns what is known of fn: from this package's summaries or a fact.
func (s *summarizer) summary(fn *types.Func) *FuncSummary {
	if fn == nil {
		return nil
	}
	if sum, ok := s.results[fn]; ok {
		return sum
	}
	var f FuncSummary
	if s.pass.ImportObjectFact(fn, &f) {
		return &f
	}
	return nil
}

func (s *summarizer) removes(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		found = IsRemoval(s.pass.TypesInfo, call)
		if !found {
			if sum := s.summary(callee(s.pass.TypesInfo, call)); sum != nil && sum.Removes {
				found = true
			}
		}
		return !found
	})
	return found
}

// IsRemoval reports whether call is state.RemoveResource(ctx) on a framework
// state or d.SetId("") on an SDK ResourceData.
func IsRemoval(info *types.Info, call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	recv := info.TypeOf(sel.X)
	switch sel.Sel.Name {
	case "RemoveResource":
		return tfapi.IsFramework(recv, "tfsdk", "State")
	case "SetId":
		if len(call.Args) != 1 || !tfapi.IsResourceData(recv) {
			return false
		}
		tv, ok := info.Types[call.Args[0]]
		return ok && tv.Value != nil && tv.Value.ExactString() == `""`
	}
	return false
}

// testsNotFound reports whether some return statement of body (outside
// function literals) yields a not-found test.
func (s *summarizer) testsNotFound(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) == 1 && s.notFoundExpr(n.Results[0]) {
				found = true
			}
		}
		return !found
	})
	return found
}

// notFoundExpr recognises the syntactic shapes of a not-found test anywhere
// inside x: a comparison with 404 or codes.NotFound, a call of a not-found
// predicate, errors.Is with a not-found target, a match on a "not found" text.
func (s *summarizer) notFoundExpr(x ast.Expr) bool {
	info := s.pass.TypesInfo
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BinaryExpr:
			if n.Op == token.EQL {
				for _, side := range []ast.Expr{n.X, n.Y} {
					if tv, ok := info.Types[side]; ok && tfapi.NotFoundStatus(tv.Type, tv.Value) {
						found = true
					}
				}
			}
		case *ast.CallExpr:
			found = s.notFoundCall(n)
		case *ast.Ident:
			// errors.Is(err, ErrNotFound), err == ErrNotFound
			if obj := info.Uses[n]; obj != nil && isErrorValue(obj) && tfapi.NotFoundName(obj.Name()) {
				found = true
			}
		}
		return !found
	})
	return found
}

func (s *summarizer) notFoundCall(call *ast.CallExpr) bool {
	fn := callee(s.pass.TypesInfo, call)
	if fn == nil {
		return false
	}
	if sig, ok := fn.Type().(*types.Signature); ok && tfapi.NotFoundPredicate(fn.Name(), sig) {
		return true
	}
	if sum := s.summary(fn); sum != nil && sum.NotFound {
		return true
	}
	return fn.Pkg() != nil && len(call.Args) == 2 && tfapi.NotFoundMessageMatch(fn.Pkg().Path(), 2, s.pass.TypesInfo.Types[call.Args[1]].Value)
}

func isErrorValue(obj types.Object) bool {
	v, ok := obj.(*types.Var)
	return ok && types.Implements(v.Type(), types.Universe.Lookup("error").Type().Underlying().(*types.Interface))
}

// callee is the function or method a call names, interface methods included
// (a not-found predicate may be one).
func callee(info *types.Info, call *ast.CallExpr) *types.Func {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	return fn
}

// pointerAndError: the first result is a pointer and the last an error.
func pointerAndError(sig *types.Signature) bool {
	r := sig.Results()
	if r.Len() < 2 {
		return false
	}
	_, ptr := r.At(0).Type().Underlying().(*types.Pointer)
	return ptr && tfapi.IsError(r.At(r.Len()-1).Type())
}

// nilWhenMissing reports whether body, under a test for a missing object
// (`if !found`, `if resp.StatusCode == 404`, a not-found predicate), returns
// nil for both the object and the error.
func (s *summarizer) nilWhenMissing(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if s.missingCond(n.Cond) && returnsNilNil(n.Body) {
				found = true
			}
		}
		return !found
	})
	return found
}

// missingCond: a not-found test, or the negation of a found/exists flag.
func (s *summarizer) missingCond(x ast.Expr) bool {
	if u, ok := ast.Unparen(x).(*ast.UnaryExpr); ok && u.Op == token.NOT {
		if id, ok := ast.Unparen(u.X).(*ast.Ident); ok {
			switch strings.ToLower(id.Name) {
			case "found", "exists", "exist":
				return true
			}
		}
	}
	return s.notFoundExpr(x)
}

// neverNil: every return of body (closures aside) hands back an address as
// its first result, or a nil first result beside a non-nil last one (an
// error path); at least one return is of the first kind.
func neverNil(body *ast.BlockStmt) bool {
	addr, ok := false, true
	locals := addressLocals(body)
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			switch {
			case len(n.Results) < 2:
				ok = false // a bare return of named results, or a call
			case isAddress(n.Results[0]) || isLocal(n.Results[0], locals):
				addr = true
			case !isNilIdent(n.Results[0]) || isNilIdent(n.Results[len(n.Results)-1]):
				ok = false
			}
		}
		return ok
	})
	return ok && addr
}

// addressLocals: the local names every assignment of which (in body,
// closures aside) is an address (owner := new(T); ...; return owner, nil).
func addressLocals(body *ast.BlockStmt) map[string]bool {
	out := map[string]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				id, ok := lhs.(*ast.Ident)
				if !ok {
					continue
				}
				addr := len(n.Lhs) == len(n.Rhs) && isAddress(n.Rhs[i])
				if prev, seen := out[id.Name]; seen {
					out[id.Name] = prev && addr
				} else {
					out[id.Name] = addr
				}
			}
		case *ast.ValueSpec:
			for _, id := range n.Names {
				out[id.Name] = false // var x *T: nil until assigned
			}
		}
		return true
	})
	return out
}

func isLocal(x ast.Expr, locals map[string]bool) bool {
	id, ok := ast.Unparen(x).(*ast.Ident)
	return ok && locals[id.Name]
}

// isAddress: &x, &T{...} or new(T): never nil.
func isAddress(x ast.Expr) bool {
	switch x := ast.Unparen(x).(type) {
	case *ast.UnaryExpr:
		return x.Op == token.AND
	case *ast.CallExpr:
		id, ok := ast.Unparen(x.Fun).(*ast.Ident)
		return ok && id.Name == "new" && len(x.Args) == 1
	}
	return false
}

// returnsNilNil: a return directly in block whose first and last results are
// the literal nil.
func returnsNilNil(block *ast.BlockStmt) bool {
	for _, st := range block.List {
		ret, ok := st.(*ast.ReturnStmt)
		if !ok || len(ret.Results) < 2 {
			continue
		}
		if isNilIdent(ret.Results[0]) && isNilIdent(ret.Results[len(ret.Results)-1]) {
			return true
		}
	}
	return false
}

func isNilIdent(x ast.Expr) bool {
	id, ok := ast.Unparen(x).(*ast.Ident)
	return ok && id.Name == "nil"
}
