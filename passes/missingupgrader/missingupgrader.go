package missingupgrader

import (
	"fmt"
	"go/token"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Analyzer reports schema version without an upgrader for older state.
var Analyzer = lint.NewAnalyzer(Doc, run, facts.Analyzer)

func run(pass *analysis.Pass) (any, error) {
	model := pass.ResultOf[facts.Analyzer].(*facts.Model)
	rep := lint.NewReporter(pass)
	bare := map[string][]*facts.FrameworkResource{}
	var keys []string
	for _, r := range model.Framework {
		if r.Kind == facts.KindResource && r.SchemaResolved {
			if k := checkFramework(rep, r); k != "" {
				if bare[k] == nil {
					keys = append(keys, k)
				}
				bare[k] = append(bare[k], r)
			}
			checkDecodes(rep, r, model)
		}
	}
	for _, k := range keys {
		reportBare(rep, bare[k])
	}
	for _, r := range model.SDK {
		if r.Kind == facts.KindResource && r.Resolved && r.UpgradersResolved {
			checkSDK(rep, r)
		}
	}
	return nil, nil
}

// checkFramework reports what is wrong with r's upgraders; a Version
// above 0 with no upgrader at all is returned as a key instead, for
// reportBare to group the resources that share the Version's source.
func checkFramework(rep *lint.Reporter, r *facts.FrameworkResource) (bareKey string) {
	n := r.Schema.Version
	if n > 0 {
		switch {
		case !r.HasUpgradeState && n == 1:
			// A resource first released at Version 1 has no older state, and
			// nothing in the code tells it from a bump from 0: stay quiet.
		case bornAt(n) && (!r.HasUpgradeState || r.UpgradersResolved && len(r.Upgraders) == 0):
			// No upgrader at all and a Version no provider reaches one bump
			// at a time: the resource was first released at it, nothing older
			// exists in state (see bornAt).
		case !r.HasUpgradeState || r.UpgradersResolved && len(r.Upgraders) == 0:
			bareKey = fmt.Sprintf("%t %d %s", r.HasUpgradeState, n, r.Schema.VersionFrom)
			if r.Schema.VersionFrom == "" {
				bareKey += fmt.Sprint(" ", lint.FirstValid(r.Schema.VersionPos, r.Pos))
			}
		case r.UpgradersResolved:
			checkVersions(rep, r.TypeName, lint.FirstValid(r.Schema.VersionPos, r.Pos), n, r.Upgraders)
		}
	}
	if !r.UpgradersResolved || n == 0 {
		// At Version 0 every saved state is at version 0, which the framework
		// passes through without calling any upgrader: none can break.
		return bareKey
	}
	for _, u := range r.Upgraders {
		if u.Version > n {
			rep.Report(lint.Finding{Rule: "SCHEMA-4", Pos: lint.FirstValid(u.Pos, r.Pos),
				Message: fmt.Sprintf("%s: upgrader for version %d is above the schema Version %d and never runs (Terraform refuses state newer than the schema before any upgrader): was the Version bump it was written for left out?", r.TypeName, u.Version, n)})
		}
		// Keyed by the current version with every older one present: the
		// framework hands state of the current version back unchanged,
		// without calling it. Where older ones are missing, either that
		// finding names the key already, or the family started late and
		// the key is a harmless leftover (random_string's shape).
		if u.Version == n && coversBelow(r.Upgraders, n) {
			rep.Report(lint.Finding{Rule: "SCHEMA-4", Pos: lint.FirstValid(u.Pos, r.Pos),
				Message: fmt.Sprintf("%s: upgrader for version %d is keyed by the schema's current Version and never runs (the framework returns state of the current version as it is, without calling an upgrader): was the Version bump it was written for left out?", r.TypeName, u.Version)})
		}
		if !u.HasPriorSchema && u.ReadsStateKnown && u.ReadsState {
			rep.Report(lint.Finding{Rule: "UPGRADE-3", Pos: lint.FirstValid(u.Pos, r.Pos),
				Message: fmt.Sprintf("%s: upgrader for version %d reads req.State but sets no PriorSchema, so req.State is nil and the provider crashes (nil dereference) on every state of that version; set PriorSchema or read req.RawState", r.TypeName, u.Version)})
		}
	}
	return bareKey
}

// reportBare reports resources with a Version above 0 and no upgrader. Where
// several take their Version from one constant or one schema builder, they
// were versioned together: those released at an older version fail on
// their saved state, those first released later have none, and only the
// release history tells which is which. One finding for the group names
// them all.
func reportBare(rep *lint.Reporter, rs []*facts.FrameworkResource) {
	sort.Slice(rs, func(i, j int) bool { return rs[i].TypeName < rs[j].TypeName })
	r, n := rs[0], rs[0].Schema.Version
	pos := lint.FirstValid(r.Schema.VersionPos, r.Pos)
	what := "no UpgradeState method"
	var related []analysis.RelatedInformation
	if r.HasUpgradeState {
		what = "an UpgradeState that returns no upgrader"
		related = append(related, lint.Related(r.UpgradeStatePos, "UpgradeState defined here"))
	}
	if len(rs) == 1 {
		rep.Report(lint.Finding{Rule: "SCHEMA-4", Pos: pos, Related: related,
			Message: fmt.Sprintf("%s has schema Version %d but %s: on every state saved at version 0..%d Terraform fails with %q and the user cannot plan", r.TypeName, n, what, n-1, unableToUpgrade)})
		return
	}
	names := make([]string, len(rs))
	for i, x := range rs {
		names[i] = x.TypeName
		if i > 0 {
			related = append(related, lint.Related(lint.FirstValid(x.Schema.VersionPos, x.Pos), "%s takes the same Version %d here", x.TypeName, n))
		}
	}
	from := "the same schema builder"
	if c := r.Schema.VersionFrom; c != "" {
		from = c[strings.LastIndex(c, "/")+1:]
	}
	rep.Report(lint.Finding{Rule: "SCHEMA-4", Pos: pos, Related: related,
		Message: fmt.Sprintf("%d resources take schema Version %d from %s and have %s (%s): on the state of each one released at an older version Terraform fails with %q and the user cannot plan; only those first released at %d are safe", len(rs), n, from, what, strings.Join(names, ", "), unableToUpgrade, n)})
}

// checkDecodes: an upgrader reading req.State into a model whose fields are
// not the attributes of the PriorSchema it declares. The framework converts
// only between a struct and an object with exactly the same attributes, so
// the Get fails on every state of that version (UPGRADE-3).
func checkDecodes(rep *lint.Reporter, r *facts.FrameworkResource, model *facts.Model) {
	for _, u := range r.Upgraders {
		if u.Prior == nil {
			continue
		}
		for _, d := range u.Decodes {
			mf := model.Models[d.Model]
			if mf == nil {
				continue
			}
			missing, extra := tagDiff(mf, u.Prior.Attributes, model.Models, "", 0)
			if len(missing) == 0 && len(extra) == 0 {
				continue
			}
			var parts []string
			if len(extra) > 0 {
				parts = append(parts, fmt.Sprintf("its fields %s are not in the PriorSchema", quoted(extra)))
			}
			if len(missing) > 0 {
				parts = append(parts, fmt.Sprintf("it has no field for %s", quoted(missing)))
			}
			name := d.Model[strings.LastIndex(d.Model, ".")+1:]
			rep.Report(lint.Finding{Rule: "UPGRADE-3", Pos: d.Pos,
				Related: []analysis.RelatedInformation{lint.Related(u.Pos, "the upgrader for version %d is declared here", u.Version)},
				Message: fmt.Sprintf("%s: the upgrader for version %d reads req.State into %s, but %s: the prior state is converted through its PriorSchema, so this Get fails (\"Value Conversion Error\") on every state of that version; decode into a model that mirrors the PriorSchema", r.TypeName, u.Version, name, strings.Join(parts, ", and "))})
		}
	}
}

// tagDiff compares a model's tags with a schema's attributes, following
// nested models where both sides are known ("owner.organisation_id").
func tagDiff(mf *facts.ModelFact, attrs []facts.Attribute, models map[string]*facts.ModelFact, prefix string, depth int) (missing, extra []string) {
	byName := map[string]*facts.Attribute{}
	for i := range attrs {
		byName[attrs[i].Name] = &attrs[i]
	}
	inModel := map[string]bool{}
	for _, f := range mf.Fields {
		inModel[f.Tag] = true
		a := byName[f.Tag]
		if a == nil {
			extra = append(extra, prefix+f.Tag)
			continue
		}
		if nested := models[f.Nested]; nested != nil && len(a.Nested) > 0 && !a.Incomplete && depth < 4 {
			m, e := tagDiff(nested, a.Nested, models, prefix+f.Tag+".", depth+1)
			missing, extra = append(missing, m...), append(extra, e...)
		}
	}
	for _, a := range attrs {
		if !inModel[a.Name] {
			missing = append(missing, prefix+a.Name)
		}
	}
	sort.Strings(missing)
	sort.Strings(extra)
	return missing, extra
}

func quoted(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}

// unableToUpgrade is the framework's error when no upgrader matches the
// saved version.
const unableToUpgrade = "Unable to Upgrade Resource State"

// bornAtMin is the lowest Version taken as a release-time numbering
// convention rather than a count of bumps. Across the providers of the corpus,
// versions reached by bumping stop at 15; the conventions start at 500
// (cloudflare's v5 line), and resources first released at 500 carry an
// empty UpgradeState map.
const bornAtMin = 100

// bornAt reports whether Version n reads as the version a resource was first
// released at, when nothing in the code shows an older version: the code of a
// resource born at 500 and of one bumped from 0 to 500 without an upgrader is
// the same, and only the first is common, so the check stays quiet on both.
func bornAt(n int64) bool { return n >= bornAtMin }

// checkVersions reports versions below n that are likely to exist in state
// yet have no upgrader. See the package doc for why jumps are not reported.
func checkVersions(rep *lint.Reporter, name string, pos token.Pos, n int64, ups []facts.Upgrader) {
	have := map[int64]bool{}
	var maxBelow int64 = -1
	for _, u := range ups {
		have[u.Version] = true
		if u.Version < n && u.Version > maxBelow {
			maxBelow = u.Version
		}
	}
	var missing []string
	for i := 1; i < len(ups); i++ {
		if ups[i].Version-ups[i-1].Version == 2 && ups[i].Version <= n {
			missing = append(missing, fmt.Sprint(ups[i].Version-1))
		}
	}
	if !have[n-1] && (maxBelow == n-2 || have[n]) {
		missing = append(missing, fmt.Sprint(n-1))
	}
	if len(missing) == 0 {
		return
	}
	var related []analysis.RelatedInformation
	for _, u := range ups {
		related = append(related, lint.Related(u.Pos, "upgrader for version %d", u.Version))
	}
	hint := ""
	if have[n] {
		hint = fmt.Sprintf("; the upgrader keyed %d is keyed by the current version, but keys name the prior version", n)
	}
	rep.Report(lint.Finding{Rule: "SCHEMA-4", Pos: pos, Related: related,
		Message: fmt.Sprintf("%s has schema Version %d but no upgrader for version %s: on state saved there Terraform fails with %q%s", name, n, strings.Join(missing, ", "), unableToUpgrade, hint)})
}

func checkSDK(rep *lint.Reporter, r *facts.SDKResource) {
	n := int64(r.Schema.Version)
	ups := r.Upgraders
	if len(ups) == 0 {
		// The SDK passes state without an upgrader through unchanged.
		return
	}
	related := make([]analysis.RelatedInformation, 0, len(ups))
	for _, u := range ups {
		related = append(related, lint.Related(u.Pos, "StateUpgrader for version %d", u.Version))
	}
	report := func(pos token.Pos, format string, args ...any) {
		rep.Report(lint.Finding{Rule: "SCHEMA-4", Pos: lint.FirstValid(pos, r.Pos), Related: related,
			Message: fmt.Sprintf("%s: ", r.Name) + fmt.Sprintf(format, args...)})
	}
	for i, u := range ups {
		if u.Version >= n {
			report(u.Pos, "StateUpgrader version %d is not below SchemaVersion %d and never runs (the SDK upgrades only state older than SchemaVersion)", u.Version, n)
		}
		if i > 0 && u.Version-ups[i-1].Version > 1 {
			report(u.Pos, "StateUpgraders skip from version %d to %d: the SDK's chain stops at the gap, so state saved at %d or earlier keeps its old shape, and attributes renamed or retyped since are lost or fail to decode", ups[i-1].Version, u.Version, ups[i-1].Version)
		}
	}
	if last := ups[len(ups)-1].Version; last < n-1 {
		report(r.Schema.VersionPos, "SchemaVersion is %d but StateUpgraders end at version %d: state saved at version %d keeps its old shape, and attributes renamed or retyped since are lost or fail to decode; add an upgrader for version %d", n, last, n-1, n-1)
	}
	// State older than the first upgrader passes through unchanged, as it
	// does for a resource with no upgrader at all: the SDK resources of a
	// family often start their upgraders at the version the family had when
	// the first shape change came, and nothing tells whether the older
	// shapes differ. Not reported.
}

// coversBelow: ups has an upgrader for each of 0..n-1.
func coversBelow(ups []facts.Upgrader, n int64) bool {
	have := map[int64]bool{}
	for _, u := range ups {
		have[u.Version] = true
	}
	for v := int64(0); v < n; v++ {
		if !have[v] {
			return false
		}
	}
	return true
}
