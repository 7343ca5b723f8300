package sarif_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/sarif"
)

var docs = []*lint.Doc{
	{Name: "alpha", Title: "Alpha is checked", Rules: []rules.ID{"READ-1"}, Why: "Because alpha.", Severity: "error"},
	{Name: "beta", Title: "Beta is checked", Rules: []rules.ID{"PLAN-1", "PLAN-2"}, Why: "Because beta.", Severity: "warning"},
}

// The driver's -json output: two packages (b sorts after a), a package and
// its test variant reporting the same finding, an analysis error, and an
// analyzer that is not a check (the model's debug output).
const driverJSON = `{
  "example.com/b": {
    "alpha": [{"category": "READ-1", "posn": "/src/b/b.go:7:2", "message": "b finding"}]
  },
  "example.com/a": {
    "beta": [
      {"category": "PLAN-1", "posn": "/src/a/a.go:3:5", "message": "a finding",
       "related": [{"posn": "/src/a/a.go:1:1", "message": "declared here"},
                   {"posn": "/elsewhere/x.go:9:4", "message": "and here"}]}
    ],
    "alpha": {"error": "analysis failed"},
    "providermodel": [{"posn": "/src/a/a.go:1:1", "message": "model"}]
  },
  "example.com/a [example.com/a.test]": {
    "beta": [{"category": "PLAN-1", "posn": "/src/a/a.go:3:5", "message": "a finding"}]
  }
}`

func convert(t *testing.T, levels map[string]string) *sarif.Log {
	t.Helper()
	log, err := sarif.Convert([]byte(driverJSON), docs, "/src", levels)
	if err != nil {
		t.Fatal(err)
	}
	return log
}

func TestConvertRules(t *testing.T) {
	log := convert(t, map[string]string{"beta": "note"})
	if len(log.Runs) != 1 {
		t.Fatalf("%d runs, want 1", len(log.Runs))
	}
	run := log.Runs[0]
	if base := run.BaseIDs["%SRCROOT%"].URI; base != "file:///src/" {
		t.Errorf("%%SRCROOT%% = %q", base)
	}
	ruleList := run.Tool.Driver.Rules
	if len(ruleList) != 2 || ruleList[0].ID != "alpha" || ruleList[1].ID != "beta" {
		t.Fatalf("rules %+v, want alpha then beta", ruleList)
	}
	for _, tc := range []struct {
		i            int
		short, level string
		tags         []rules.ID
	}{
		{0, "Alpha is checked (READ-1)", "error", []rules.ID{"READ-1"}},
		{1, "Beta is checked (PLAN-1, PLAN-2)", "note", []rules.ID{"PLAN-1", "PLAN-2"}}, // overridden
	} {
		r := ruleList[tc.i]
		if r.ShortDescription.Text != tc.short {
			t.Errorf("%s: short description %q, want %q", r.ID, r.ShortDescription.Text, tc.short)
		}
		if r.DefaultConfiguration["level"] != tc.level {
			t.Errorf("%s: level %v, want %s", r.ID, r.DefaultConfiguration["level"], tc.level)
		}
		if r.HelpURI != lint.DocsBase+r.ID+".md" {
			t.Errorf("%s: helpUri %q", r.ID, r.HelpURI)
		}
		if !strings.HasPrefix(r.Help.Markdown, "# "+r.ID+"\n") || r.FullDescription.Text != docs[tc.i].Why {
			t.Errorf("%s: help %q / %q", r.ID, r.Help.Markdown, r.FullDescription.Text)
		}
		if tags, _ := r.Properties["tags"].([]rules.ID); !slices.Equal(tags, tc.tags) {
			t.Errorf("%s: tags %v, want %v", r.ID, r.Properties["tags"], tc.tags)
		}
	}
}

func TestConvertResults(t *testing.T) {
	log := convert(t, map[string]string{"beta": "note"})
	res := log.Runs[0].Results
	// Sorted by package, then analyzer; the test variant's copy, the
	// analysis error and the debug output are dropped.
	if len(res) != 2 {
		t.Fatalf("%d results, want 2: %+v", len(res), res)
	}
	a, b := res[0], res[1]
	for _, tc := range []struct {
		r                sarif.Result
		rule, level, msg string
		index            int
		uri              string
		line, col        int
		contract         string
	}{
		{a, "beta", "note", "a finding", 1, "a/a.go", 3, 5, "PLAN-1"},
		{b, "alpha", "error", "b finding", 0, "b/b.go", 7, 2, "READ-1"},
	} {
		r := tc.r
		loc := r.Locations[0].PhysicalLocation
		if r.RuleID != tc.rule || r.RuleIndex != tc.index || r.Level != tc.level || r.Message.Text != tc.msg {
			t.Errorf("result %+v, want rule %s #%d level %s message %q", r, tc.rule, tc.index, tc.level, tc.msg)
		}
		if loc.ArtifactLocation.URI != tc.uri || loc.ArtifactLocation.URIBaseID != "%SRCROOT%" || loc.Region.StartLine != tc.line || loc.Region.StartColumn != tc.col {
			t.Errorf("%s: location %+v, want %s:%d:%d under %%SRCROOT%%", tc.msg, loc, tc.uri, tc.line, tc.col)
		}
		if r.Properties["contractRule"] != tc.contract {
			t.Errorf("%s: contractRule %v", tc.msg, r.Properties["contractRule"])
		}
	}
	// Related locations are numbered from 1; a file outside the root keeps
	// its absolute path and no base.
	rel := a.RelatedLocations
	if len(rel) != 2 {
		t.Fatalf("related %+v, want 2", rel)
	}
	for i, want := range []struct{ uri, base, msg string }{
		{"a/a.go", "%SRCROOT%", "declared here"},
		{"/elsewhere/x.go", "", "and here"},
	} {
		art := rel[i].PhysicalLocation.ArtifactLocation
		if rel[i].ID == nil || *rel[i].ID != i+1 || art.URI != want.uri || art.URIBaseID != want.base || rel[i].Message.Text != want.msg {
			t.Errorf("related[%d] = %+v (%+v), want %+v", i, rel[i], art, want)
		}
	}
	if b.RelatedLocations != nil {
		t.Errorf("b: related %+v, want none", b.RelatedLocations)
	}
}

// A position the driver could not print as file:line:col still gives a
// valid region (line 1).
func TestConvertOddPositions(t *testing.T) {
	out := `{"p": {"alpha": [
		{"posn": "-", "message": "no position"},
		{"posn": "/src/a.go:x:y", "message": "not numbers"},
		{"posn": "/src/a.go:0:0", "message": "line zero"}
	]}}`
	log, err := sarif.Convert([]byte(out), docs, "/src", nil)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]struct {
		uri  string
		line int
	}{
		"no position": {"-", 1},
		"not numbers": {"a.go:x:y", 1},
		"line zero":   {"a.go", 1},
	}
	for _, r := range log.Runs[0].Results {
		loc := r.Locations[0].PhysicalLocation
		w := want[r.Message.Text]
		if loc.ArtifactLocation.URI != w.uri || loc.Region.StartLine != w.line {
			t.Errorf("%s: %+v, want %s line %d", r.Message.Text, loc, w.uri, w.line)
		}
	}
}

func TestConvertBadInput(t *testing.T) {
	for _, in := range []string{``, `[]`, `{"p": 3}`} {
		if _, err := sarif.Convert([]byte(in), docs, "/src", nil); err == nil || !strings.Contains(err.Error(), "driver's JSON") {
			t.Errorf("Convert(%q): error %v, want one naming the driver's JSON", in, err)
		}
	}
}

// No findings still make a valid log, with an empty (not null) result list.
func TestConvertEmpty(t *testing.T) {
	log, err := sarif.Convert([]byte(`{}`), docs, "/src", nil)
	if err != nil {
		t.Fatal(err)
	}
	doc, _ := json.Marshal(log)
	if !strings.Contains(string(doc), `"results":[]`) {
		t.Errorf("empty log: %s", doc)
	}
	validate(t, doc)
}

// The document validates against the SARIF 2.1.0 schema.
func TestConvertValidates(t *testing.T) {
	doc, err := json.Marshal(convert(t, map[string]string{"alpha": "warning"}))
	if err != nil {
		t.Fatal(err)
	}
	validate(t, doc)
}

func validate(t *testing.T, doc []byte) {
	t.Helper()
	v, err := sarif.Validator()
	if err != nil {
		t.Fatal(err)
	}
	if err := v(doc); err != nil {
		t.Errorf("SARIF does not validate: %v\n%s", err, doc)
	}
}
