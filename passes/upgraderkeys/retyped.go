// UPGRADE-4: an attribute whose JSON shape changes between the upgrader's
// prior schema and the next one in a way go-cty's decoder cannot convert,
// left untouched by the upgrader, fails to decode on every old state.

package upgraderkeys

import (
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// nextSchema is the schema the state r.Upgraders[i] produces must decode
// into: the next upgrader's Type, or the current schema after the last.
func nextSchema(r *facts.SDKResource, i int) *facts.Schema {
	u := r.Upgraders[i]
	if i+1 < len(r.Upgraders) && r.Upgraders[i+1].Version == u.Version+1 {
		return r.Upgraders[i+1].Prior
	}
	if u.Version == r.Schema.Version-1 && r.SchemaResolved && r.Schema.Complete {
		return &r.Schema
	}
	return nil
}

// checkRetyped reports an attribute that prior and next declare with JSON
// shapes the SDK cannot convert between (a string and a list, a list of
// strings and a block, a map and a list) which the upgrader leaves as it is:
// decoding the upgraded state fails on every state that holds it.
func checkRetyped(rep *lint.Reporter, u facts.Upgrader, fn *upgradeFunc, accesses []access, prior, next []facts.Attribute, path []string) {
	for _, p := range prior {
		n := find(next, p.Name)
		if n == nil || touched(accesses, path, p.Name) {
			continue
		}
		ps, ns := shape(p), shape(*n)
		switch {
		case ps == "" || ns == "":
		case ps == "block" && ns == "block" && !p.Incomplete && !n.Incomplete && len(path) < 3:
			checkRetyped(rep, u, fn, accesses, p.Nested, n.Nested, append(append([]string(nil), path...), p.Name))
		case incompatible(ps, ns):
			reportRetyped(rep, u, fn, path, p, *n, ps, ns)
		}
	}
}

// touched reports whether the upgrader writes, deletes or hands on key at
// path, or anything below it.
func touched(accesses []access, path []string, key string) bool {
	full := append(append([]string(nil), path...), key)
	for _, a := range accesses {
		if !a.write {
			continue
		}
		at := append(append([]string(nil), a.path...), a.key)
		if len(at) <= len(full) && prefix(at, full) || prefix(full, at) {
			return true // a write above it replaces it, one below changes it
		}
	}
	return false
}

func prefix(p, of []string) bool {
	if len(p) > len(of) {
		return false
	}
	for i := range p {
		if p[i] != of[i] {
			return false
		}
	}
	return true
}

// shape is the JSON form of an attribute's value, "" when unknown:
// "primitive:string|number|bool", "map", "block", "array of <elem>".
func shape(a facts.Attribute) string {
	switch {
	case a.Uncertain:
		return ""
	case a.Block:
		return "block"
	case a.Type == "map":
		return "map"
	case a.Type == "list" || a.Type == "set":
		if p := primitive(a.ElemType); p != "" {
			return "array of " + p
		}
		return ""
	}
	if p := primitive(a.Type); p != "" {
		return "primitive:" + p
	}
	return ""
}

func primitive(t string) string {
	switch t {
	case "int", "float":
		return "number"
	case "string", "bool":
		return t
	}
	return ""
}

// incompatible reports shapes the SDK's JSON decoding cannot convert
// between (go-cty's json.Unmarshal: a list or set needs an array, a map
// an object, a bool true/false, a number a number or numeric string).
// A string source or target converts when its text allows: not reported.
func incompatible(ps, ns string) bool {
	kind := func(s string) string {
		if i := strings.IndexAny(s, ": "); i >= 0 && !strings.HasPrefix(s, "array") {
			return s[:i]
		}
		if strings.HasPrefix(s, "array") {
			return "array"
		}
		return s
	}
	elem := func(s string) string { return s[strings.LastIndexAny(s, ": ")+1:] }
	if kind(ps) != kind(ns) {
		return true
	}
	if kind(ps) == "primitive" || kind(ps) == "array" {
		a, b := elem(ps), elem(ns)
		return a != b && a != "string" && b != "string" && a != "" && b != ""
	}
	return false
}

var shapeWords = map[string]string{"map": "a map", "block": "a block (list of objects)"}

func describe(s string) string {
	if w, ok := shapeWords[s]; ok {
		return w
	}
	if strings.HasPrefix(s, "primitive:") {
		return "a " + strings.TrimPrefix(s, "primitive:")
	}
	return "a list of " + strings.TrimPrefix(s, "array of ") + " values"
}

func reportRetyped(rep *lint.Reporter, u facts.Upgrader, fn *upgradeFunc, path []string, p, n facts.Attribute, ps, ns string) {
	name := strings.Join(append(append([]string(nil), path...), p.Name), ".")
	var related []analysis.RelatedInformation
	if p.Pos.IsValid() {
		related = append(related, lint.Related(p.Pos, "the prior schema declares %q as %s", name, describe(ps)))
	}
	if n.Pos.IsValid() {
		related = append(related, lint.Related(n.Pos, "the next version declares it as %s", describe(ns)))
	}
	rep.Report(lint.Finding{
		Rule: Doc.Rules[1], Pos: fn.typ.Pos(),
		Message: "the state upgrader for version " + strconv.FormatInt(u.Version, 10) + " leaves " + strconv.Quote(name) + " as it is, but it changes from " +
			describe(ps) + " (prior schema " + shortName(u.PriorFrom) + ") to " + describe(ns) +
			" in the next version: the SDK cannot convert it, so decoding the upgraded state fails on every state that holds it",
		Related: related,
	})
}
