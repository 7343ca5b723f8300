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
	sdk, fw := importsSDK(pass), tfapi.ImportsFramework(pass.Pkg)
	if !sdk && !fw {
		return nil, nil
	}
	for _, fn := range all {
		if s := frameworkScope(fn); fw && s != nil {
			checkFramework(rep, fn, s)
			continue
		}
		if !sdk {
			continue
		}
		if d := tfssa.DiffValue(fn); d != nil {
			if own := owners(model, fn); len(own) > 0 {
				check(rep, fn, d, blockKeys(own))
			} else {
				check(rep, fn, d, blocks)
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

// blockKeys: top-level keys that are blocks (lists or sets of a nested
// resource) in every given SDK resource that has them. A block is
// unknown as a whole only under a dynamic block over unknown values; its
// contents are judged on their own keys.
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
		delete(out, k)
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

// read is one d.Get/GetOk/GetChange whose value decides a branch.
type read struct {
	key    ssa.Value // the key argument
	name   string    // its constant value, or ""
	pos    token.Pos
	branch token.Pos
}

func check(rep *lint.Reporter, fn *ssa.Function, d ssa.Value, blocks map[string]bool) {
	var reads, setNews []read
	hasSetNew := callsSetNew(fn)
	known := map[string]bool{}
	knownVals := map[ssa.Value]bool{}
	errs := false
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if ret, ok := instr.(*ssa.Return); ok && failing(ret) {
				errs = true
			}
			c, ok := instr.(*ssa.Call)
			if !ok || len(c.Call.Args) < 2 || c.Call.Args[0] != d {
				continue
			}
			callee := c.Call.StaticCallee()
			if callee == nil {
				continue
			}
			key := c.Call.Args[1]
			switch callee.Name() {
			case "NewValueKnown":
				knownVals[key] = true
				if s, ok := tfssa.ConstString(key); ok {
					known[s] = true
				}
			case "Get", "GetOk", "GetChange":
				s, _ := tfssa.ConstString(key)
				if br, ok := decides(c, sdkUnknown{c}); ok {
					reads = append(reads, read{key: key, name: s, pos: c.Pos(), branch: br})
				}
				if hasSetNew {
					if br, ok := decides(c, setNewUnknown{sdkUnknown{c}}); ok {
						setNews = append(setNews, read{key: key, name: s, pos: c.Pos(), branch: br})
					}
				}
			}
		}
	}
	unguarded := func(r read) bool {
		return !knownVals[r.key] && (r.name == "" || !known[r.name] && !blocks[strings.TrimSuffix(r.name, ".#")])
	}
	reportSetNews(rep, setNews, unguarded)
	if !errs {
		return
	}
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
		rep.Report(lint.Finding{Rule: "VALIDATE-1", Pos: r.pos,
			Related: []analysis.RelatedInformation{lint.Related(r.branch, "the value decides this branch of a function that can return an error")},
			Message: fmt.Sprintf("CustomizeDiff code decides on %s without asking d.NewValueKnown first: at plan time a value from another resource is unknown, reads as zero or unset, and a valid configuration is rejected", label)})
	}
}

// sdkUnknown reads d.Get/GetOk/GetChange of one call as an unknown reads:
// zero, unset, empty.
type sdkUnknown struct{ call *ssa.Call }

func (u sdkUnknown) leaf(v ssa.Value) (constant.Value, bool) {
	switch v := v.(type) {
	case *ssa.Call:
		if v == u.call && u.call.Call.StaticCallee().Name() == "Get" {
			return zeroMark, true
		}
	case *ssa.Extract:
		if v.Tuple != u.call {
			return nil, false
		}
		switch name := u.call.Call.StaticCallee().Name(); {
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
	if tfssa.ReturnKind(ret) != "error" {
		return false
	}
	if c, ok := ret.Results[len(ret.Results)-1].(*ssa.Call); ok {
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
		if c, ok := instr.(*ssa.Call); ok {
			if fn := c.Call.StaticCallee(); fn != nil && fn.Name() == "SetNew" && fn.Signature.Recv() != nil && tfapi.IsResourceDiff(fn.Signature.Recv().Type()) {
				return instr
			}
		}
	}
	return nil
}

// callsSetNew: fn calls d.SetNew somewhere (else no read can decide one).
func callsSetNew(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		if (setNewUnknown{}).fails(b) != nil {
			return true
		}
	}
	return false
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
		rep.Report(lint.Finding{Rule: "PLAN-8", Pos: r.pos,
			Related: []analysis.RelatedInformation{lint.Related(r.branch, "the value decides this branch; the way an unknown value takes calls d.SetNew")},
			Message: fmt.Sprintf("CustomizeDiff calls d.SetNew on the way %q takes when it reads as zero or unset, without asking d.NewValueKnown first: while a value from another resource is still unknown the initial plan holds what SetNew gives, the final plan made with the value known does not, and apply fails with \"Provider produced inconsistent final plan\"; test d.NewValueKnown(%q) before deciding", r.name, r.name)})
	}
}
