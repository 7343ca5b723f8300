package unguardedunknown

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lazyssa"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Analyzer reports CustomizeDiff code that errors on values that may be unknown.
var Analyzer = lint.NewAnalyzer(Doc, run, tfssa.Requires...)

func run(pass *analysis.Pass) (any, error) {
	funcs := pass.ResultOf[lazyssa.Analyzer].(*lazyssa.Lazy).Funcs()
	if funcs == nil {
		return nil, nil
	}
	rep := lint.NewReporter(pass)
	model := pass.ResultOf[facts.Analyzer].(*facts.Model)
	blocks := blockKeys(model.SDK)
	all := tfssa.WithClosures(funcs)
	st := &state{rep: rep, h: helperCache{}, seen: map[seenKey]bool{}, model: model}
	sdk, fw := importsSDK(pass), tfapi.ImportsFramework(pass.Pkg)
	if !sdk && !fw {
		return nil, nil
	}
	for _, fn := range all {
		if s := frameworkScope(fn); fw && s != nil {
			s.h = st.h
			s.model = model
			checkFramework(rep, fn, s)
			continue
		}
		if !sdk {
			continue
		}
		if d := tfssa.DiffValue(fn); d != nil {
			own := owners(model, fn)
			schemas := func(key string, keys map[string]bool) [][]facts.Attribute {
				return blockSchemas(model, own, key, keys)
			}
			if len(own) > 0 {
				check(st, fn, d, blockKeys(own), schemas)
			} else {
				check(st, fn, d, blocks, schemas)
			}
		}
	}
	return nil, nil
}

// owners: the SDK resources whose CustomizeDiff names fn (or, for a function
// literal, the function it is declared in) or holds it.
func owners(model *facts.Model, fn *ssa.Function) []*facts.SDKResource {
	top := fn
	for top.Parent() != nil {
		top = top.Parent()
	}
	var out []*facts.SDKResource
	for _, r := range model.SDK {
		span := r.CustomizeDiffSpan
		if span[0].IsValid() && fn.Pos() >= span[0] && fn.Pos() < span[1] {
			out = append(out, r)
			continue
		}
		if obj, ok := top.Object().(*types.Func); ok {
			for _, name := range r.CustomizeDiffFuncs {
				if name == facts.FuncName(obj) {
					out = append(out, r)
					break
				}
			}
		}
	}
	return out
}

// blockKeys: the top-level keys of the given SDK resources, true for those
// that are blocks (lists or sets of a nested resource) in every resource
// that has them. A block is unknown as a whole only under a dynamic block
// over unknown values; its contents are judged on their own keys.
func blockKeys(resources []*facts.SDKResource) map[string]bool {
	out := map[string]bool{}
	notBlock := map[string]bool{}
	for _, r := range resources {
		for _, a := range r.Schema.Attributes {
			if a.Block && !a.Uncertain {
				out[a.Name] = true
			} else {
				notBlock[a.Name] = true
			}
		}
	}
	for k := range notBlock {
		out[k] = false
	}
	return out
}

func importsSDK(pass *analysis.Pass) bool {
	for _, p := range pass.Pkg.Imports() {
		if tfapi.SDKSchemaPkgs[p.Path()] != "" {
			return true
		}
	}
	return false
}

// state is what one run shares between the functions it checks.
type state struct {
	rep   *lint.Reporter
	h     helperCache
	seen  map[seenKey]bool // helper reads already reported, by rule
	model *facts.Model
}

type seenKey struct {
	pos  token.Pos
	rule rules.ID
}

// read is one d.Get/GetOk/GetChange whose value decides a branch.
type read struct {
	key    ssa.Value // the key argument
	name   string    // its constant value, or ""
	pos    token.Pos
	branch token.Pos
	via    *ssa.Call       // the parser the value went through, if any
	skip   ssa.Instruction // the SetNew/SetNewComputed a swallowed parse failure skips
}

// diffRead: c reads a key of the diff held in d (d.Get, or the same method
// called through an interface d was passed as); its key and method.
func diffRead(c *ssa.Call, d ssa.Value) (ssa.Value, string) {
	args := c.Call.Args
	if c.Call.IsInvoke() && c.Call.Value == d && len(args) == 1 {
		return args[0], c.Call.Method.Name()
	}
	if callee := c.Call.StaticCallee(); callee != nil && len(args) >= 2 && args[0] == d {
		return args[1], callee.Name()
	}
	return nil, ""
}

// guards: the keys fn asks d.NewValueKnown about; a key built at run
// time by its pattern (disk.*.path); opaque when one is neither.
type guards struct {
	names  map[string]bool
	vals   map[ssa.Value]bool
	opaque bool
}

func (g *guards) add(key ssa.Value) {
	g.vals[key] = true
	if s, ok := keyPattern(key, 0); ok {
		g.names[s] = true
	} else {
		g.opaque = true
	}
}

func check(st *state, fn *ssa.Function, d ssa.Value, blocks map[string]bool, schemas func(string, map[string]bool) [][]facts.Attribute) {
	var reads, setNews []read
	var els []elements
	hasSetNew, computes := callsPlan(fn, "SetNew"), callsPlan(fn, "SetNew", "SetNewComputed")
	g := &guards{names: map[string]bool{}, vals: map[ssa.Value]bool{}}
	errs := false
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if ret, ok := instr.(*ssa.Return); ok && failing(ret) {
				errs = true
			}
			c, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			key, method := diffRead(c, d)
			switch method {
			case "NewValueKnown":
				g.add(key)
			case "Get", "GetOk", "GetChange":
				s, isConst := tfssa.ConstString(key)
				if maps := elementMaps(newValue(c, method)); isConst && len(maps) > 0 {
					els = append(els, elements{key: s, read: c, maps: maps})
				}
				u := sdkUnknown{c, st.h, st.model}
				if br, via, ok := decidesAt(c, nil, u, nil, false); ok {
					reads = append(reads, read{key: key, name: s, pos: c.Pos(), branch: br, via: via})
				}
				if hasSetNew {
					if br, ok := decides(c, setNewUnknown{u}); ok {
						setNews = append(setNews, read{key: key, name: s, pos: c.Pos(), branch: br})
					}
				}
				if computes {
					if r, ok := skipsOnParse(c, u); ok {
						r.key, r.name = key, s
						setNews = append(setNews, r)
					}
				}
			}
		}
	}
	// A key no visible resource declares, whose elements are taken as
	// maps, is a block too: its schema lives in an importing package.
	inferred := map[string]bool{}
	for _, el := range els {
		if _, declared := blocks[el.key]; !declared {
			inferred[el.key] = true
		}
	}
	unguarded := func(r read) bool {
		k := strings.TrimSuffix(r.name, ".#")
		return !g.vals[r.key] && (r.name == "" || !g.names[r.name] && !blocks[k] && !inferred[k])
	}
	reportSetNews(st.rep, setNews, unguarded)
	checkHelpers(st, fn, d, blocks, g)
	if !errs {
		return
	}
	checkNested(st, els, g, schemas)
	reported := map[string]bool{}
	for _, r := range reads {
		if !unguarded(r) {
			continue
		}
		label := r.name
		if label == "" {
			label = "a key held in a variable"
		} else {
			label = fmt.Sprintf("%q", label)
		}
		if reported[label] {
			continue
		}
		reported[label] = true
		st.rep.Report(lint.Finding{Rule: "VALIDATE-1", Pos: r.pos,
			Related: []analysis.RelatedInformation{lint.Related(r.branch, "the value decides this branch of a function that can return an error")},
			Message: validateMessage(label, r.via)})
	}
}

func validateMessage(label string, via *ssa.Call) string {
	if via != nil {
		return fmt.Sprintf("CustomizeDiff code passes %s to %s, which fails on an empty string, without asking d.NewValueKnown first: at plan time a value from another resource is unknown and reads as \"\", the parse fails, and a valid configuration is rejected", label, calleeName(via))
	}
	return fmt.Sprintf("CustomizeDiff code decides on %s without asking d.NewValueKnown first: at plan time a value from another resource is unknown, reads as zero or unset, and a valid configuration is rejected", label)
}

func calleeName(c *ssa.Call) string {
	fn := c.Call.StaticCallee()
	if fn.Pkg != nil && fn.Pkg != c.Parent().Pkg {
		return fn.Pkg.Pkg.Name() + "." + fn.Name()
	}
	return fn.Name()
}

// sdkUnknown reads d.Get/GetOk/GetChange of one call as an unknown reads:
// zero, unset, empty.
type sdkUnknown struct {
	call  *ssa.Call
	h     helperCache  // nil: in-package helpers are not followed
	model *facts.Model // nil: summaries of parsers are not used
}

func (u sdkUnknown) helpers() helperCache     { return u.h }
func (u sdkUnknown) factsModel() *facts.Model { return u.model }

// readName: the method of a read, called directly or through an interface.
func readName(c *ssa.Call) string {
	if c.Call.IsInvoke() {
		return c.Call.Method.Name()
	}
	return c.Call.StaticCallee().Name()
}

func (u sdkUnknown) leaf(v ssa.Value) (constant.Value, bool) {
	switch v := v.(type) {
	case *ssa.Call:
		if v == u.call && readName(u.call) == "Get" {
			return zeroMark, true
		}
	case *ssa.Extract:
		if v.Tuple != u.call {
			return nil, false
		}
		switch name := readName(u.call); {
		case name == "GetOk" && v.Index == 1:
			return constant.MakeBool(false), true
		case name == "GetOk" && v.Index == 0, name == "GetChange" && v.Index == 1:
			return zeroMark, true
		}
	}
	return nil, false
}

// fails: a block that returns an error.
func (sdkUnknown) fails(b *ssa.BasicBlock) ssa.Instruction {
	if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && failing(ret) {
		return ret
	}
	return nil
}

// failing: a return of an error, other than the result of d.ForceNew,
// d.SetNew and the like (which fail only on misuse).
func failing(ret *ssa.Return) bool {
	if tfssa.ReturnKindThroughDefers(ret) != "error" {
		return false
	}
	last := ret.Results[len(ret.Results)-1]
	if u, ok := last.(*ssa.UnOp); ok {
		if x := tfssa.StoredBefore(u); x != nil {
			last = x // a function with defers returns its results through local slots
		}
	}
	if c, ok := last.(*ssa.Call); ok {
		if fn := c.Call.StaticCallee(); fn != nil && fn.Signature.Recv() != nil && tfapi.IsResourceDiff(fn.Signature.Recv().Type()) {
			return false
		}
	}
	return true
}

// setNewUnknown reads like sdkUnknown; its "failures" are d.SetNew calls:
// a plan value given because the configuration read as unset.
type setNewUnknown struct{ sdkUnknown }

func (setNewUnknown) fails(b *ssa.BasicBlock) ssa.Instruction {
	for _, instr := range b.Instrs {
		if planCall(instr, "SetNew") {
			return instr
		}
	}
	return nil
}

// reportSetNews reports reads that decide a d.SetNew the way an unknown
// reads (PLAN-8): the initial plan, made while the value is unknown, holds
// what SetNew gives; the final plan, made with it known, does not.
func reportSetNews(rep *lint.Reporter, setNews []read, unguarded func(read) bool) {
	reported := map[string]bool{}
	for _, r := range setNews {
		if !unguarded(r) || r.name == "" || reported[r.name] {
			continue
		}
		reported[r.name] = true
		if r.skip != nil {
			reportSkip(rep, r, "CustomizeDiff")
			continue
		}
		rep.Report(lint.Finding{Rule: "PLAN-8", Pos: r.pos,
			Related: []analysis.RelatedInformation{lint.Related(r.branch, "the value decides this branch; the way an unknown value takes calls d.SetNew")},
			Message: fmt.Sprintf("CustomizeDiff calls d.SetNew on the way %q takes when it reads as zero or unset, without asking d.NewValueKnown first: while a value from another resource is still unknown the initial plan holds what SetNew gives, the final plan made with the value known does not, and apply fails with \"Provider produced inconsistent final plan\"; test d.NewValueKnown(%q) before deciding", r.name, r.name)})
	}
}
