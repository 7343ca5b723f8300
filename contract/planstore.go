package contract

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// PlanStore keeps every plan in dir so that the final plan made at apply time
// can be held to the initial one (PLAN-8) even though Terraform starts a new
// provider process for each command. Plans are grouped by resource type and
// prior state; a later plan is compared with the earlier ones whose known
// config values it keeps (the initial config may have had unknowns).
func PlanStore(dir string) Option {
	return func(c *checker) { c.store = dir }
}

type storedPlan struct {
	TypeName string
	Config   []byte // msgpack
	Planned  []byte
	Action   string
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

// checkFinalPlan compares this plan with the stored earlier plans of the same
// resource type and prior state, then stores it.
func (f *finder) checkFinalPlan(dir string, sch *tfprotov6.Schema, cfg, prior, plan tftypes.Value, replace int) {
	sum := sha256.Sum256(append([]byte(f.typeName+"\x00"), msgpack(prior)...))
	group := filepath.Join(dir, hex.EncodeToString(sum[:8]))
	entries, _ := os.ReadDir(group)
	var best []Violation
	matched := false
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(group, e.Name()))
		var sp storedPlan
		if err != nil || json.Unmarshal(data, &sp) != nil || sp.TypeName != f.typeName {
			continue
		}
		cfg0, err1 := (&tfprotov6.DynamicValue{MsgPack: sp.Config}).Unmarshal(sch.ValueType())
		plan0, err2 := (&tfprotov6.DynamicValue{MsgPack: sp.Planned}).Unmarshal(sch.ValueType())
		if err1 != nil || err2 != nil || !keepsKnown(cfg0, cfg) {
			continue
		}
		g := &finder{rpc: f.rpc, typeName: f.typeName}
		if a := action(prior, plan, replace); a != sp.Action {
			g.add("PLAN-8", "", "the initial plan was %s, the final plan is %s", sp.Action, a)
		}
		g.keptKnown(kept{"PLAN-8", "the final plan has"}, sch.Block, plan0, plan, "")
		if !matched || len(g.out) < len(best) {
			best, matched = g.out, true
		}
	}
	f.out = append(f.out, best...)
	store(group, storedPlan{TypeName: f.typeName, Config: msgpack(cfg), Planned: msgpack(plan), Action: action(prior, plan, replace)})
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

func store(group string, sp storedPlan) {
	data, err := json.Marshal(sp)
	if err != nil || os.MkdirAll(group, 0o755) != nil {
		return
	}
	sum := sha256.Sum256(data)
	name := filepath.Join(group, hex.EncodeToString(sum[:12])+".json")
	tmp := name + ".tmp"
	if os.WriteFile(tmp, data, 0o644) == nil {
		_ = os.Rename(tmp, name)
	}
}
