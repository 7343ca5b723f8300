// UPGRADE-4 (an upgrade changes the shape, never the meaning): an upgrader
// returning a map it made, without the raw state's other attributes, drops
// every configurable attribute it does not write.

package upgraderkeys

import (
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// checkFresh reports an upgrader that returns a map it made without
// copying the raw state into it: every attribute it does not write is gone
// from the upgraded state (the SDK copies nothing), so configured values
// the old state held are lost.
func checkFresh(rep *lint.Reporter, u facts.Upgrader, res result, next *facts.Schema) {
	written := map[string]bool{}
	for _, a := range res.accesses {
		if a.write && a.fresh != nil && res.fresh.ids[a.fresh] && len(a.path) == 0 {
			written[a.key] = true
		}
	}
	// What the old state held: the prior schema's attributes, unless the
	// Type describes one of the resource's blocks (then: anything).
	anyHeld := u.Prior == nil || nestedHome(u.Prior.Attributes, next.Attributes) != nil
	var lost []string
	for _, a := range next.Attributes {
		held := anyHeld || find(u.Prior.Attributes, a.Name) != nil
		if held && !written[a.Name] && (a.Required || a.Optional) && !a.Uncertain && a.Name != "id" {
			lost = append(lost, strconv.Quote(a.Name))
		}
	}
	if len(lost) == 0 {
		return
	}
	sort.Strings(lost)
	n := len(lost)
	if n > 4 {
		lost = append(lost[:4], "…")
	}
	rep.Report(lint.Finding{
		Rule: Doc.Rules[1], Pos: res.fresh.ret,
		Message: "the state upgrader for version " + strconv.FormatInt(u.Version, 10) + " returns a new map that holds only the keys it writes: " +
			strconv.Itoa(n) + " configurable attributes of the state (" + strings.Join(lost, ", ") + ") are dropped, since the SDK keeps only what the upgrader returns",
		Related: []analysis.RelatedInformation{lint.Related(u.Pos, "the upgrader for version %d", u.Version)},
	})
}

// checkNestedPrior reports top-level reads of keys when the upgrader's Type
// is the schema of one of the resource's blocks rather than the resource's
// (none of its attributes is at the top level of the current schema, all
// are inside one block): the raw state holds the whole resource.
func checkNestedPrior(rep *lint.Reporter, r *facts.SDKResource, u facts.Upgrader, accesses []access) {
	home := nestedHome(u.Prior.Attributes, r.Schema.Attributes)
	if home == nil {
		return
	}
	var keys []string
	var first access
	for _, a := range accesses {
		if len(a.path) > 0 || a.write || find(u.Prior.Attributes, a.key) == nil || contains(keys, strconv.Quote(a.key)) {
			continue
		}
		if keys == nil {
			first = a
		}
		keys = append(keys, strconv.Quote(a.key))
	}
	if keys == nil {
		return
	}
	block := strings.Join(home, ".")
	rep.Report(lint.Finding{
		Rule: Doc.Rules[0], Pos: first.pos, End: first.end,
		Message: "the state upgrader for version " + strconv.FormatInt(u.Version, 10) + " reads " + strings.Join(keys, ", ") +
			" at the top level of the raw state, but its Type " + shortName(u.PriorFrom) + " is the schema of block " + block +
			", not of the resource: the raw state holds the whole resource, with these keys inside " + block +
			", so the reads yield nil on every state",
		Related: []analysis.RelatedInformation{lint.Related(u.Pos, "the upgrader's Type is %s's schema", shortName(u.PriorFrom))},
	})
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// nestedHome returns the path of the block of current whose attributes
// include two thirds of prior's top-level ones (two or more), when current
// declares none of them at its top level.
func nestedHome(prior, current []facts.Attribute) []string {
	var keys []string
	for _, a := range prior {
		if a.Name == "id" || a.Name == "timeouts" {
			continue
		}
		if find(current, a.Name) != nil {
			return nil
		}
		keys = append(keys, a.Name)
	}
	if len(keys) < 2 {
		return nil
	}
	return blockHolding(current, keys, nil)
}

func blockHolding(attrs []facts.Attribute, keys, path []string) []string {
	for _, a := range attrs {
		if !a.Block || a.Incomplete || len(path) > 3 {
			continue
		}
		p := append(append([]string(nil), path...), a.Name)
		n := 0
		for _, k := range keys {
			if find(a.Nested, k) != nil {
				n++
			}
		}
		if n >= 2 && 3*n >= 2*len(keys) { // a renamed attribute or two aside
			return p
		}
		if found := blockHolding(a.Nested, keys, p); found != nil {
			return found
		}
	}
	return nil
}
