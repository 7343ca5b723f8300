// Package sarif turns the driver's JSON findings into SARIF 2.1.0.
package sarif

import (
	"encoding/json"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// The driver's -json output: package -> analyzer -> diagnostics or {"error": ...}.
type jsonDiag struct {
	Category string `json:"category"`
	Posn     string `json:"posn"`
	Message  string `json:"message"`
	Related  []struct {
		Posn    string `json:"posn"`
		Message string `json:"message"`
	} `json:"related"`
}

type Log struct {
	Schema  string `json:"$schema"`
	Version string `json:"version"`
	Runs    []Run  `json:"runs"`
}

type Run struct {
	Tool    Tool                   `json:"tool"`
	Results []Result               `json:"results"`
	BaseIDs map[string]ArtifactLoc `json:"originalUriBaseIds,omitempty"`
}

type Tool struct {
	Driver Driver `json:"driver"`
}

type Driver struct {
	Name           string `json:"name"`
	InformationURI string `json:"informationUri"`
	Rules          []Rule `json:"rules"`
}

type Message struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

type Rule struct {
	ID                   string         `json:"id"`
	Name                 string         `json:"name"`
	ShortDescription     Message        `json:"shortDescription"`
	FullDescription      Message        `json:"fullDescription"`
	Help                 Message        `json:"help"`
	HelpURI              string         `json:"helpUri"`
	DefaultConfiguration map[string]any `json:"defaultConfiguration"`
	Properties           map[string]any `json:"properties"`
}

type Result struct {
	RuleID           string         `json:"ruleId"`
	RuleIndex        int            `json:"ruleIndex"`
	Level            string         `json:"level"`
	Message          Message        `json:"message"`
	Locations        []Location     `json:"locations"`
	RelatedLocations []Location     `json:"relatedLocations,omitempty"`
	Properties       map[string]any `json:"properties,omitempty"`
}

type Location struct {
	ID               *int             `json:"id,omitempty"`
	PhysicalLocation PhysicalLocation `json:"physicalLocation"`
	Message          *Message         `json:"message,omitempty"`
}

type PhysicalLocation struct {
	ArtifactLocation ArtifactLoc `json:"artifactLocation"`
	Region           Region      `json:"region"`
}

type ArtifactLoc struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type Region struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
}

// Convert builds a SARIF log from the driver's JSON output. root is the
// directory file URIs are made relative to; levels overrides the severity of
// checks by name ("error", "warning", "note").
func Convert(out []byte, docs []*lint.Doc, root string, levels map[string]string) (*Log, error) {
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal(out, &tree); err != nil {
		return nil, fmt.Errorf("reading the driver's JSON: %v", err)
	}
	run := Run{
		Tool:    Tool{Driver: Driver{Name: "tflifecyclelint", InformationURI: "https://github.com/tflifecyclelint/tflifecyclelint"}},
		Results: []Result{},
		BaseIDs: map[string]ArtifactLoc{"%SRCROOT%": {URI: "file://" + filepath.ToSlash(root) + "/"}},
	}
	index := map[string]int{}
	for i, d := range docs {
		index[d.Name] = i
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, rule(d, level(d, levels)))
	}
	seen := map[string]bool{}
	for _, pkg := range slices.Sorted(maps.Keys(tree)) {
		for _, analyzer := range slices.Sorted(maps.Keys(tree[pkg])) {
			i, isCheck := index[analyzer]
			var diags []jsonDiag
			if !isCheck || json.Unmarshal(tree[pkg][analyzer], &diags) != nil {
				continue // an analysis error, or the model's debug output
			}
			for _, d := range diags {
				key := d.Posn + "\x00" + d.Message
				if seen[key] { // a package and its test variant report alike
					continue
				}
				seen[key] = true
				run.Results = append(run.Results, result(d, analyzer, i, level(docs[i], levels), root))
			}
		}
	}
	return &Log{Schema: "https://json.schemastore.org/sarif-2.1.0.json", Version: "2.1.0", Runs: []Run{run}}, nil
}

func level(d *lint.Doc, levels map[string]string) string {
	if l, ok := levels[d.Name]; ok {
		return l
	}
	return d.Severity
}

func rule(d *lint.Doc, lvl string) Rule {
	// SARIF wants an array, even for a check with no rule (lintignore).
	tags := append([]rules.ID{}, d.Rules...)
	return Rule{
		ID:                   d.Name,
		Name:                 d.Name,
		ShortDescription:     Message{Text: d.Title + " (" + d.RuleList() + ")"},
		FullDescription:      Message{Text: d.Why},
		Help:                 Message{Text: d.Why, Markdown: d.Markdown()},
		HelpURI:              d.URL(),
		DefaultConfiguration: map[string]any{"level": lvl},
		Properties:           map[string]any{"tags": tags},
	}
}

func result(d jsonDiag, analyzer string, idx int, lvl, root string) Result {
	r := Result{
		RuleID:     analyzer,
		RuleIndex:  idx,
		Level:      lvl,
		Message:    Message{Text: d.Message},
		Locations:  []Location{location(d.Posn, root)},
		Properties: map[string]any{"contractRule": d.Category},
	}
	for i, rel := range d.Related {
		id := i + 1
		loc := location(rel.Posn, root)
		loc.ID, loc.Message = &id, &Message{Text: rel.Message}
		r.RelatedLocations = append(r.RelatedLocations, loc)
	}
	return r
}

// location parses "file:line:col".
func location(posn, root string) Location {
	file, line, col := posn, 1, 0
	if i := strings.LastIndex(posn, ":"); i > 0 {
		if j := strings.LastIndex(posn[:i], ":"); j > 0 {
			l, err1 := strconv.Atoi(posn[j+1 : i])
			c, err2 := strconv.Atoi(posn[i+1:])
			if err1 == nil && err2 == nil {
				file, line, col = posn[:j], l, c
			}
		}
	}
	art := ArtifactLoc{URI: filepath.ToSlash(file)}
	if rel, err := filepath.Rel(root, file); err == nil && !strings.HasPrefix(rel, "..") {
		art = ArtifactLoc{URI: filepath.ToSlash(rel), URIBaseID: "%SRCROOT%"}
	}
	return Location{PhysicalLocation: PhysicalLocation{ArtifactLocation: art, Region: Region{StartLine: max(line, 1), StartColumn: col}}}
}
