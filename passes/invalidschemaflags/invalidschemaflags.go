package invalidschemaflags

import (
	"fmt"
	"go/token"

	"golang.org/x/tools/go/analysis"

	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Analyzer reports attribute flag combination that Terraform or the framework rejects.
var Analyzer = lint.NewAnalyzer(Doc, run, facts.Analyzer)

func run(pass *analysis.Pass) (any, error) {
	model := pass.ResultOf[facts.Analyzer].(*facts.Model)
	rep := lint.NewReporter(pass)
	// A schema helper shared by several resources is reported once per position.
	seen := map[string]bool{}
	report := func(rule rules.ID, pos token.Pos, fixes []analysis.SuggestedFix, format string, args ...any) {
		msg := fmt.Sprintf(format, args...)
		key := fmt.Sprint(pos, msg)
		if !seen[key] {
			seen[key] = true
			rep.Report(lint.Finding{Rule: rule, Pos: pos, Message: msg, Fixes: fixes})
		}
	}
	for _, r := range model.Framework {
		if r.SchemaResolved {
			checkAttrs(pass, r.TypeName, r.Pos, r.Schema.Attributes, true, false, report)
		}
	}
	for _, r := range model.SDK {
		if r.SchemaResolved {
			checkAttrs(pass, r.Name, r.Pos, r.Schema.Attributes, false, false, report)
		}
	}
	return nil, nil
}

// invalidSchema is how Terraform's error on a refused schema begins.
const invalidSchema = "has invalid schema"

type reportFunc func(rule rules.ID, pos token.Pos, fixes []analysis.SuggestedFix, format string, args ...any)

func checkAttrs(pass *analysis.Pass, owner string, ownerPos token.Pos, attrs []facts.Attribute, framework, inSet bool, report reportFunc) {
	for i := range attrs {
		a := &attrs[i]
		if a.Uncertain {
			continue
		}
		pos := lint.FirstValid(a.Pos, ownerPos)
		name := fmt.Sprintf("%s: attribute %q", owner, a.Name)
		hasFlags := !(framework && a.Block)
		switch {
		case hasFlags && a.Required && (a.Optional || a.Computed):
			report("SCHEMA-1", pos, nil, "%s is Required and also %s; Required excludes Optional and Computed, and Terraform refuses the schema when it loads the provider (%q), so every command fails", name, other(a), invalidSchema)
		case hasFlags && !a.Required && !a.Optional && !a.Computed:
			report("SCHEMA-1", pos, nil, "%s is none of Required, Optional, Computed: Terraform refuses the schema when it loads the provider (%q), so every command fails", name, invalidSchema)
		}
		if framework && a.HasDefault && !a.Computed {
			report("SCHEMA-2", pos, insertFix(pass, a, "Computed: true"), "%s has a Default but is not Computed: the framework rejects the schema with \"Invalid Attribute Implementation\", so every command fails (add Computed: true)", name)
		}
		if framework && a.WriteOnly && a.Computed {
			report("SCHEMA-2", pos, deleteComputedFix(pass, a), "%s is WriteOnly and Computed; a write-only value is never stored, so the provider cannot compute it, and the framework fails every validation with \"Invalid Attribute Definition\"", name)
		}
		if framework && a.WriteOnly && inSet {
			report("SCHEMA-2", pos, nil, "%s is WriteOnly inside a set; set elements are identified by value, which a write-only value never keeps, and the framework rejects the schema with \"Invalid Schema Implementation\"", name)
		}
		checkAttrs(pass, owner, ownerPos, a.Nested, framework, inSet || a.Nesting == "set", report)
	}
}

func other(a *facts.Attribute) string {
	switch {
	case a.Optional && a.Computed:
		return "Optional and Computed"
	case a.Optional:
		return "Optional"
	}
	return "Computed"
}

func insertFix(pass *analysis.Pass, a *facts.Attribute, field string) []analysis.SuggestedFix {
	edit, ok := lint.InsertField(pass, a.Lit, a.LitEnd, field)
	if !ok {
		return nil
	}
	return []analysis.SuggestedFix{{Message: "Add " + field, TextEdits: []analysis.TextEdit{edit}}}
}

func deleteComputedFix(pass *analysis.Pass, a *facts.Attribute) []analysis.SuggestedFix {
	edit, ok := lint.DeleteElement(pass, a.ComputedKV, a.ComputedKVEnd)
	if !ok {
		return nil
	}
	return []analysis.SuggestedFix{{Message: "Remove Computed from the write-only attribute", TextEdits: []analysis.TextEdit{edit}}}
}
