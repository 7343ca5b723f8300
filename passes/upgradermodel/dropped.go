package upgradermodel

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
)

// UPGRADE-4: an upgrader loses no data the old state held. The framework
// copies nothing from the prior state: an upgrader that builds the current
// model as a literal from the prior one, field by field, and leaves out a
// field the prior model holds under the same tfsdk tag and Go type, saves
// that attribute as null. The value the user had is gone; on the next plan
// the configuration's value (or the default) shows as a change, and a
// RequiresReplace attribute replaces the resource.
//
// Read on the syntax: the functions with an upgrader's signature and the
// package functions they call (a transform helper returning the new model),
// every struct literal of a tfsdk model there that copies at least two
// fields from one other tfsdk model (prior.X). A field of the literal's
// model that the literal leaves out and that no statement of the package
// assigns (m.X = ...) is reported when the model it copies from has the same
// tag with an identical type. Positional literals, embedded fields and
// models whose tag set matches a resource's schema where the attribute is
// Computed only (Read fills it again) are left alone.

const maxCallDepth = 3

func checkDropped(pass *analysis.Pass, model *facts.Model, reporter func() *lint.Reporter) {
	if !tfapi.ImportsFramework(pass.Pkg) {
		return
	}
	decls := map[*types.Func]*ast.FuncDecl{}
	var roots []ast.Node
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			if obj, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
				decls[obj] = fd
				if upgraderSig(obj.Type()) {
					roots = append(roots, fd)
				}
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if fl, ok := n.(*ast.FuncLit); ok {
				if tv, ok := pass.TypesInfo.Types[fl]; ok && upgraderSig(tv.Type) {
					roots = append(roots, fl)
				}
			}
			return true
		})
	}
	if len(roots) == 0 {
		return
	}
	// The upgraders and the package functions they call.
	bodies := map[ast.Node]bool{}
	var visit func(n ast.Node, depth int)
	visit = func(n ast.Node, depth int) {
		if bodies[n] {
			return
		}
		bodies[n] = true
		if depth >= maxCallDepth {
			return
		}
		ast.Inspect(n, func(m ast.Node) bool {
			call, ok := m.(*ast.CallExpr)
			if !ok {
				return true
			}
			var id *ast.Ident
			switch fn := ast.Unparen(call.Fun).(type) {
			case *ast.Ident:
				id = fn
			case *ast.SelectorExpr:
				id = fn.Sel
			}
			if id == nil {
				return true
			}
			if obj, ok := pass.TypesInfo.Uses[id].(*types.Func); ok {
				if fd := decls[obj]; fd != nil {
					visit(fd, depth+1)
				}
			}
			return true
		})
	}
	for _, r := range roots {
		visit(r, 0)
	}
	// Each literal is read with the writes of the function it is built in:
	// innermost first. A helper's literal is returned to its callers, which
	// may fill it in: their writes count too.
	order := make([]ast.Node, 0, len(bodies))
	isRoot := map[ast.Node]bool{}
	for _, r := range roots {
		isRoot[r] = true
	}
	for n := range bodies {
		order = append(order, n)
	}
	sort.Slice(order, func(i, j int) bool {
		si, sj := order[i].End()-order[i].Pos(), order[j].End()-order[j].Pos()
		if si != sj {
			return si < sj
		}
		return order[i].Pos() < order[j].Pos()
	})
	var rootWrites map[fieldKey]bool
	ctx := &dropCtx{computedOnly: computedOnlyTags(pass)}
	seen := map[*ast.CompositeLit]bool{}
	for _, n := range order {
		ctx.comments = commentsIn(pass, n)
		ctx.reads = fieldReads(pass, n)
		assigned := assignedFields(pass, n)
		if !isRoot[n] {
			if rootWrites == nil {
				rootWrites = map[fieldKey]bool{}
				for _, r := range roots {
					for k := range assignedFields(pass, r) {
						rootWrites[k] = true
					}
				}
			}
			for k := range rootWrites {
				assigned[k] = true
			}
		}
		ast.Inspect(n, func(m ast.Node) bool {
			lit, ok := m.(*ast.CompositeLit)
			if ok && !seen[lit] {
				seen[lit] = true
				checkLiteral(pass, reporter, model, lit, assigned, ctx)
			}
			return true
		})
	}
}

// upgraderSig: func(context.Context, resource.UpgradeStateRequest, *resource.UpgradeStateResponse).
func upgraderSig(t types.Type) bool {
	sig, ok := t.(*types.Signature)
	if !ok || sig.Params().Len() != 3 || sig.Results().Len() != 0 {
		return false
	}
	_, req := tfapi.Named(sig.Params().At(1).Type())
	_, resp := tfapi.Named(sig.Params().At(2).Type())
	return req == "UpgradeStateRequest" && resp == "UpgradeStateResponse"
}

// fieldKey names a field of a struct type for assignedFields.
type fieldKey struct {
	st   *types.Struct
	name string
}

// assignedFields: the fields some statement of fn assigns (m.X = v,
// m.X.Y = v, &m.X taken), by their struct.
func assignedFields(pass *analysis.Pass, fn ast.Node) map[fieldKey]bool {
	out := map[fieldKey]bool{}
	mark := func(e ast.Expr) {
		for {
			sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
			if !ok {
				return
			}
			if s, ok := pass.TypesInfo.Selections[sel]; ok && s.Kind() == types.FieldVal {
				if st, ok := tfapi.DerefStruct(s.Recv()); ok {
					out[fieldKey{st, sel.Sel.Name}] = true
				}
			}
			e = sel.X
		}
	}
	{
		ast.Inspect(fn, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.AssignStmt:
				for _, l := range x.Lhs {
					mark(l)
				}
			case *ast.IncDecStmt:
				mark(x.X)
			case *ast.UnaryExpr:
				if x.Op == token.AND {
					mark(x.X)
				}
			case *ast.CallExpr:
				// m.X.SetSomething(...) on a pointer receiver may write it.
				if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok {
					if s, ok := pass.TypesInfo.Selections[sel]; ok && s.Kind() == types.MethodVal {
						if sig, ok := s.Obj().Type().(*types.Signature); ok && sig.Recv() != nil {
							if _, ptr := sig.Recv().Type().(*types.Pointer); ptr {
								mark(sel.X)
							}
						}
					}
				}
			}
			return true
		})
	}
	return out
}

// taggedStruct: t's struct (through a pointer) when it has tfsdk tags.
func taggedStruct(t types.Type) (*types.Named, *types.Struct) {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return nil, nil
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return nil, nil
	}
	for i := 0; i < st.NumFields(); i++ {
		if _, ok := reflect.StructTag(st.Tag(i)).Lookup("tfsdk"); ok {
			return n, st
		}
	}
	return nil, nil
}

func checkLiteral(pass *analysis.Pass, reporter func() *lint.Reporter, model *facts.Model, lit *ast.CompositeLit, assigned map[fieldKey]bool, ctx *dropCtx) {
	tv, ok := pass.TypesInfo.Types[lit]
	if !ok {
		return
	}
	tn, tst := taggedStruct(tv.Type)
	if tst == nil || len(lit.Elts) == 0 {
		return
	}
	keyed := map[string]bool{}
	// copies per source type: the fields taken from one other model.
	type source struct {
		named *types.Named
		st    *types.Struct
		n     int
		pos   token.Pos
		expr  string
	}
	sources := map[*types.Named]*source{}
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			return // positional: every field is given
		}
		k, ok := kv.Key.(*ast.Ident)
		if !ok {
			return
		}
		keyed[k.Name] = true
		sel, ok := ast.Unparen(kv.Value).(*ast.SelectorExpr)
		if !ok {
			continue
		}
		s, ok := pass.TypesInfo.Selections[sel]
		if !ok || s.Kind() != types.FieldVal {
			continue
		}
		sn, sst := taggedStruct(s.Recv())
		if sst == nil || sn == tn || types.Identical(sn, tn) || throughEmbedded(s, tn) {
			continue
		}
		src := sources[sn]
		if src == nil {
			src = &source{named: sn, st: sst, pos: kv.Pos(), expr: types.ExprString(sel.X)}
			sources[sn] = src
		}
		src.n++
	}
	var from *source
	for _, s := range sources {
		if s.n >= 2 && (from == nil || s.n > from.n) {
			from = s
		}
	}
	if from == nil {
		return
	}
	prior := map[string]*types.Var{}
	facts.EachTagged(from.st, func(tf facts.TaggedField) {
		if tf.Var.Exported() {
			prior[tf.Tag] = tf.Var
		}
	})
	attrs := schemaFor(model, tst)
	var names, goNames []string
	var related []analysis.RelatedInformation
	for i := 0; i < tst.NumFields(); i++ {
		fl := tst.Field(i)
		tag, ok := reflect.StructTag(tst.Tag(i)).Lookup("tfsdk")
		if !ok || tag == "" || tag == "-" || fl.Embedded() || !fl.Exported() || keyed[fl.Name()] {
			continue
		}
		if assigned[fieldKey{tst, fl.Name()}] {
			continue
		}
		pv := prior[tag]
		if pv == nil || !types.Identical(pv.Type(), fl.Type()) {
			continue
		}
		if a, ok := attrs[tag]; ok && a.Computed && !a.Optional && !a.Required {
			continue // Read fills it again
		}
		if attrs == nil && ctx.computedOnly[tag] {
			continue // a schema of the package declares it Computed only
		}
		if ctx.reads[fieldKey{from.st, pv.Name()}] > 0 {
			continue // the prior value is read elsewhere: moved, not lost
		}
		if ctx.mentions(fl.Name(), tag) {
			continue // a comment says why it is left out
		}
		names = append(names, fmt.Sprintf("%s (%q)", fl.Name(), tag))
		goNames = append(goNames, fl.Name())
		if pv.Pkg() == pass.Pkg {
			related = append(related, lint.Related(pv.Pos(), "%s holds %q here", from.named.Obj().Name(), tag))
		}
	}
	if len(names) == 0 {
		return
	}
	sort.Strings(names)
	related = append([]analysis.RelatedInformation{lint.Related(from.pos, "the literal copies the other attributes from the prior %s, starting here", from.named.Obj().Name())}, related...)
	reporter().Report(lint.Finding{Rule: "UPGRADE-4", Pos: lint.FirstValid(lit.Lbrace, lit.Pos()), Related: related,
		Message: fmt.Sprintf("a state upgrader builds %s from the prior state's %s but leaves out %s, which %s holds: the framework copies nothing from the prior state, so the upgraded state has null there and the value the user had is lost; the next plan shows the configured value (or default) as a change, or a replacement for a RequiresReplace attribute; copy it (%s: %s.%s)",
			tn.Obj().Name(), from.named.Obj().Name(), strings.Join(names, ", "), from.named.Obj().Name(), goNames[0], from.expr, goNames[0])})
}

// schemaFor: the top-level attributes of a resource of the package whose
// complete schema has every tag of st, by name; nil when none does.
func schemaFor(model *facts.Model, st *types.Struct) map[string]facts.Attribute {
	if model == nil {
		return nil
	}
	var tags []string
	facts.EachTagged(st, func(tf facts.TaggedField) { tags = append(tags, tf.Tag) })
	for _, r := range model.Framework {
		if r.Kind != facts.KindResource || !r.SchemaResolved || !r.Schema.Complete {
			continue
		}
		byName := map[string]facts.Attribute{}
		for _, a := range r.Schema.Attributes {
			byName[a.Name] = a
		}
		all := true
		for _, t := range tags {
			if _, ok := byName[t]; !ok {
				all = false
				break
			}
		}
		if all {
			return byName
		}
	}
	return nil
}

// dropCtx is what tells a field left out on purpose from one forgotten.
type dropCtx struct {
	// reads counts the reads of each field in the literal's function.
	reads map[fieldKey]int
	// computedOnly: tags some schema attribute literal of the package
	// declares Computed without Optional or Required.
	computedOnly map[string]bool
	// comments of the function the literal is built in.
	comments []string
}

func (c *dropCtx) mentions(goName, tag string) bool {
	for _, t := range c.comments {
		if strings.Contains(t, goName) || strings.Contains(t, tag) {
			return true
		}
	}
	return false
}

func commentsIn(pass *analysis.Pass, n ast.Node) []string {
	var out []string
	for _, f := range pass.Files {
		if f.Pos() > n.Pos() || f.End() < n.End() {
			continue
		}
		for _, cg := range f.Comments {
			if cg.Pos() >= n.Pos() && cg.End() <= n.End() {
				for _, c := range cg.List {
					// analysistest's expectations are not the author's word
					if t := strings.TrimSpace(strings.TrimPrefix(c.Text, "//")); !strings.HasPrefix(t, "want ") {
						out = append(out, t)
					}
				}
			}
		}
	}
	return out
}

// fieldReads counts the reads of model fields in fn. The literal being
// checked leaves the field out, so a read of the prior field in the same
// function uses its value elsewhere (moved into a nested model).
func fieldReads(pass *analysis.Pass, fn ast.Node) map[fieldKey]int {
	out := map[fieldKey]int{}
	ast.Inspect(fn, func(m ast.Node) bool {
		sel, ok := m.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if s, ok := pass.TypesInfo.Selections[sel]; ok && s.Kind() == types.FieldVal {
			if st, ok := tfapi.DerefStruct(s.Recv()); ok {
				out[fieldKey{st, sel.Sel.Name}]++
			}
		}
		return true
	})
	return out
}

// computedOnlyTags: the keys of the package's map literals whose value is
// a framework schema attribute literal with Computed: true and neither
// Optional nor Required.
func computedOnlyTags(pass *analysis.Pass) map[string]bool {
	out := map[string]bool{}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			kv, ok := n.(*ast.KeyValueExpr)
			if !ok {
				return true
			}
			key, ok := kv.Key.(*ast.BasicLit)
			if !ok || key.Kind != token.STRING {
				return true
			}
			lit, ok := kv.Value.(*ast.CompositeLit)
			if !ok {
				return true
			}
			tv, ok := pass.TypesInfo.Types[lit]
			if !ok {
				return true
			}
			if p, _ := tfapi.Named(tv.Type); !strings.Contains(p, "terraform-plugin-framework/") {
				return true
			}
			flags := map[string]bool{}
			for _, e := range lit.Elts {
				if fkv, ok := e.(*ast.KeyValueExpr); ok {
					if id, ok := fkv.Key.(*ast.Ident); ok {
						if v, ok := fkv.Value.(*ast.Ident); ok && v.Name == "true" {
							flags[id.Name] = true
						}
					}
				}
			}
			if flags["Computed"] && !flags["Optional"] && !flags["Required"] {
				if name, err := strconv.Unquote(key.Value); err == nil {
					out[name] = true
				}
			}
			return true
		})
	}
	return out
}

// throughEmbedded: the field is promoted from an embedded struct of type t
// (old.ID of a Docker that embeds the Runtime being built): the source
// holds the literal's own model, not a prior one.
func throughEmbedded(sel *types.Selection, t *types.Named) bool {
	idx := sel.Index()
	cur := sel.Recv()
	for i := 0; i < len(idx)-1; i++ {
		st, ok := tfapi.DerefStruct(cur)
		if !ok || idx[i] >= st.NumFields() {
			return false
		}
		f := st.Field(idx[i])
		if n, ok := types.Unalias(f.Type()).(*types.Named); ok && (n == t || types.Identical(n, t)) {
			return true
		}
		cur = f.Type()
	}
	return false
}
