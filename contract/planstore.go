package contract

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"sync"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// PlanStore turns on PLAN-8: the final plan, made while Terraform applies,
// must keep every value the initial plan knew, and its action. Terraform
// compares the two only within one apply, so the wrapper must tell an
// apply's final plan from the plan of another command. It reads that from
// the order of calls one provider process receives (terraform-plugin-testing
// starts a new one for each Terraform command):
//
//   - a command that reads the configuration (plan, apply without a plan
//     file) validates it before it configures the provider; its plans are
//     initial plans, kept in dir;
//   - applying a saved plan skips that validation: the provider is
//     configured first, and every plan it is asked for is a final plan, held
//     to the initial plans in dir;
//   - an apply without a plan file configures the provider again for its
//     apply walk: the plans after that are final plans, held to this
//     process's own initial plans.
//
// A final plan is held to the initial plans of the same resource type and
// prior state whose known configuration values it keeps; when any of them
// agrees with it, or none exists, nothing is reported. A wrapper must serve
// one process only (CheckV6Factories and CheckV5Factories wrap each server
// the factories make).
func PlanStore(dir string) Option {
	return func(c *checker) {
		c.store = dir
		c.proc = &process{initial: map[string][]storedPlan{}}
	}
}

type storedPlan struct {
	TypeName string
	Config   []byte // msgpack
	Planned  []byte
	Action   string
}

// process follows one provider process through Terraform's walks.
type process struct {
	mu         sync.Mutex
	validated  bool // a resource or data source was validated before the first configure
	configured int  // ConfigureProvider calls: one per walk that uses the provider
	initial    map[string][]storedPlan
}

// planRole says whether a plan is an initial plan, a final plan, or unknown.
type planRole int

const (
	roleUnknown    planRole = iota // not configured yet: say nothing
	roleInitial                    // the planning walk of a command that read the configuration
	roleFinalSaved                 // applying a saved plan
	roleFinalSame                  // the apply walk of an apply without a plan file
)

func (p *process) validate() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.configured == 0 {
		p.validated = true
	}
}

func (p *process) configure() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.configured++
}

func (p *process) role() planRole {
	p.mu.Lock()
	defer p.mu.Unlock()
	switch {
	case p.configured == 0:
		return roleUnknown
	case !p.validated:
		return roleFinalSaved
	case p.configured == 1:
		return roleInitial
	}
	return roleFinalSame
}

func (p *process) keep(group string, sp storedPlan) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.initial[group] = append(p.initial[group], sp)
}

func (p *process) plans(group string) []storedPlan {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]storedPlan(nil), p.initial[group]...)
}

func msgpack(v tftypes.Value) []byte {
	d, err := tfprotov6.NewDynamicValue(v.Type(), v)
	if err != nil {
		return nil
	}
	return d.MsgPack
}

func action(prior, planned tftypes.Value, replace int) string {
	switch {
	case prior.IsNull() && planned.IsNull():
		return "no-op"
	case prior.IsNull():
		return "create"
	case planned.IsNull():
		return "delete"
	case replace > 0:
		return "replace"
	case equal(prior, planned):
		return "no-op"
	}
	return "update"
}

// pairPlans keeps an initial plan, or holds a final plan to the initial
// plans of the same apply (PLAN-8).
func (c *checker) pairPlans(f *finder, sch *tfprotov6.Schema, cfg, prior, plan tftypes.Value, replace int) {
	sum := sha256.Sum256(append([]byte(f.typeName+"\x00"), msgpack(prior)...))
	group := hex.EncodeToString(sum[:8])
	sp := storedPlan{TypeName: f.typeName, Config: msgpack(cfg), Planned: msgpack(plan), Action: action(prior, plan, replace)}
	switch c.proc.role() {
	case roleInitial:
		c.proc.keep(group, sp)
		store(filepath.Join(c.store, group), sp)
	case roleFinalSaved:
		f.checkFinalPlan(sch, load(filepath.Join(c.store, group)), cfg, sp.Action, plan)
	case roleFinalSame:
		f.checkFinalPlan(sch, c.proc.plans(group), cfg, sp.Action, plan)
	}
}

// checkFinalPlan holds a final plan to the candidate initial plans; only
// when every candidate disagrees is the closest disagreement reported.
func (f *finder) checkFinalPlan(sch *tfprotov6.Schema, initial []storedPlan, cfg tftypes.Value, act string, plan tftypes.Value) {
	var best []Violation
	matched := false
	for _, sp := range initial {
		cfg0, err1 := (&tfprotov6.DynamicValue{MsgPack: sp.Config}).Unmarshal(sch.ValueType())
		plan0, err2 := (&tfprotov6.DynamicValue{MsgPack: sp.Planned}).Unmarshal(sch.ValueType())
		if sp.TypeName != f.typeName || err1 != nil || err2 != nil || !keepsKnown(cfg0, cfg) {
			continue
		}
		g := &finder{rpc: f.rpc, typeName: f.typeName}
		// Terraform lets an update become a no-op once unknowns are known.
		if act != sp.Action && !(sp.Action == "update" && act == "no-op") {
			g.add("PLAN-8", "", "the initial plan was %s, the final plan is %s", sp.Action, act)
		}
		g.keptKnown(kept{"PLAN-8", "the final plan has"}, sch.Block, plan0, plan, "")
		if !matched || len(g.out) < len(best) {
			best, matched = g.out, true
		}
	}
	f.out = append(f.out, best...)
}

// keepsKnown reports whether every value known in before is the same in after.
func keepsKnown(before, after tftypes.Value) bool {
	ok := true
	_ = tftypes.Walk(before, func(p *tftypes.AttributePath, v tftypes.Value) (bool, error) {
		if !ok || !v.IsKnown() {
			return false, nil
		}
		if v.IsFullyKnown() {
			got, _, err := tftypes.WalkAttributePath(after, p)
			w, isVal := got.(tftypes.Value)
			ok = err == nil && isVal && equal(v, w)
			return false, nil
		}
		return true, nil
	})
	return ok
}

// load reads the initial plans kept in a group directory.
func load(group string) []storedPlan {
	entries, _ := os.ReadDir(group)
	var out []storedPlan
	for _, e := range entries {
		if filepath.Ext(e.Name()) != ".json" {
			continue
		}
		data, err := os.ReadFile(filepath.Join(group, e.Name()))
		var sp storedPlan
		if err == nil && json.Unmarshal(data, &sp) == nil {
			out = append(out, sp)
		}
	}
	return out
}

// store writes an initial plan atomically under a random name: two equal
// plans are two candidates, as they were two plans.
func store(group string, sp storedPlan) {
	data, err := json.Marshal(sp)
	if err != nil || os.MkdirAll(group, 0o755) != nil {
		return
	}
	var id [12]byte
	_, _ = rand.Read(id[:])
	name := filepath.Join(group, hex.EncodeToString(id[:])+".json")
	tmp := filepath.Join(group, "."+hex.EncodeToString(id[:])+".tmp")
	if os.WriteFile(tmp, data, 0o644) == nil {
		_ = os.Rename(tmp, name)
	}
}
