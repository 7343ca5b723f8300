package main

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// tally counts rows of one group.
type tally struct{ rows, loaded, hitDef, fileDef, hitAll, fileAll int }

func (t *tally) add(o Outcome) {
	t.rows++
	if o.Reason != "" {
		return
	}
	t.loaded++
	switch o.Default.Status {
	case "hit":
		t.hitDef++
		t.fileDef++
	case "file":
		t.fileDef++
	}
	switch o.All.Status {
	case "hit":
		t.hitAll++
		t.fileAll++
	case "file":
		t.fileAll++
	}
}

func pct(n, d int) string {
	if d == 0 {
		return "–"
	}
	return fmt.Sprintf("%d (%.0f%%)", n, 100*float64(n)/float64(d))
}

// Report prints recall by split, rule family and plugin, then every row that
// was missed or did not load, with what the analyzer said in the file.
func Report(w io.Writer, os []Outcome, binHash string) {
	fmt.Fprintf(w, "# Real-bug recall (analyzer %s)\n\n", binHash)
	fmt.Fprintln(w, "hit: a finding in the named function at the parent that the fix silences; in file: the same anywhere in the file.")
	fmt.Fprintln(w, "A finding is in a place when it is reported there or one of its evidence positions (related information) lies there;")
	fmt.Fprintf(w, "counted on reported positions only, %d of the rows hit (opt-in checks included) would not be: %s.\n", evidenceOnly(os), directHits(os))
	fmt.Fprintln(w, "default: the checks that run by default; all: opt-in checks too. Recall is over loaded rows.")
	table(w, "split", os, func(o Outcome) string { return side(o.Row) })
	for _, sp := range []string{"dev", "val"} {
		sub := filter(os, func(o Outcome) bool { return side(o.Row) == sp })
		table(w, "family ("+sp+")", sub, func(o Outcome) string { return o.Row.Family() })
		table(w, "plugin ("+sp+")", sub, func(o Outcome) string { return o.Row.Plugin })
	}
	byCheck(w, os)
	hits(w, os)
	missed(w, os)
	notLoaded(w, os)
}

// evidenceOnly counts the rows hit (or hit in the file) only through evidence positions.
func evidenceOnly(os []Outcome) int {
	n := 0
	for _, o := range os {
		if o.Reason == "" && o.All.Status != o.Direct.Status {
			n++
		}
	}
	return n
}

// directHits gives, per split, the hits counted on reported positions only.
func directHits(os []Outcome) string {
	var parts []string
	for _, sp := range []string{"dev", "val"} {
		var def, all, loaded int
		for _, o := range filter(os, func(o Outcome) bool { return side(o.Row) == sp && o.Reason == "" }) {
			loaded++
			if o.DirectDefault.Status == "hit" {
				def++
			}
			if o.Direct.Status == "hit" {
				all++
			}
		}
		parts = append(parts, fmt.Sprintf("%s %d (default) and %d (all) of %d", sp, def, all, loaded))
	}
	return strings.Join(parts, ", ")
}

func filter(os []Outcome, keep func(Outcome) bool) []Outcome {
	var out []Outcome
	for _, o := range os {
		if keep(o) {
			out = append(out, o)
		}
	}
	return out
}

func table(w io.Writer, by string, os []Outcome, key func(Outcome) string) {
	groups := map[string]*tally{}
	total := &tally{}
	for _, o := range os {
		k := key(o)
		if groups[k] == nil {
			groups[k] = &tally{}
		}
		groups[k].add(o)
		total.add(o)
	}
	keys := make([]string, 0, len(groups))
	for k := range groups {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	fmt.Fprintf(w, "\n## By %s\n\n| %s | rows | loaded | hit (default) | in file (default) | hit (all) | in file (all) |\n|---|---|---|---|---|---|---|\n", by, by)
	for _, k := range append(keys, "total") {
		t := groups[k]
		if k == "total" {
			t = total
		}
		fmt.Fprintf(w, "| %s | %d | %d | %s | %s | %s | %s |\n", k, t.rows, t.loaded,
			pct(t.hitDef, t.loaded), pct(t.fileDef, t.loaded), pct(t.hitAll, t.loaded), pct(t.fileAll, t.loaded))
	}
}

func hits(w io.Writer, os []Outcome) {
	fmt.Fprintf(w, "\n## Hits\n\n")
	for _, o := range os {
		if o.All.Status != "hit" && o.All.Status != "file" {
			continue
		}
		how := ""
		if o.Direct.Status != o.All.Status {
			how = " through an evidence position"
		}
		fmt.Fprintf(w, "- %s (%s, %s, %s) %s: %s by %s (%s)%s\n", o.Row.ID, o.Row.Split, o.Row.Rules[0], o.Row.Plugin,
			o.Row.Func, o.All.Status, o.All.Check, o.All.Rule, how)
	}
}

func missed(w io.Writer, os []Outcome) {
	fmt.Fprintf(w, "\n## Missed (loaded, no check silenced by the fix)\n\n")
	for _, o := range os {
		if o.Reason != "" || o.All.Status != "miss" {
			continue
		}
		said := "nothing in the file"
		if len(o.ParentInFile) > 0 {
			said = summary(o.ParentInFile, o.ParentInFunc) + fmt.Sprintf("; %d at the fix", len(o.FixInFile))
		}
		if !o.FuncFound {
			said += "; function not found"
		}
		fmt.Fprintf(w, "- %s (%s, %s, %s) %s %s: %s\n", o.Row.ID, o.Row.Split, strings.Join(o.Row.Rules, ","), o.Row.Plugin, o.Row.Repo, o.Row.Func, said)
	}
}

// summary counts findings by check, those inside the function marked.
func summary(file, fn []Finding) string {
	n := map[string]int{}
	for _, f := range file {
		n[f.Check+" "+f.Rule]++
	}
	var parts []string
	for k, v := range n {
		parts = append(parts, fmt.Sprintf("%s ×%d", k, v))
	}
	sort.Strings(parts)
	return fmt.Sprintf("in the file %s (%d in the function)", strings.Join(parts, ", "), len(fn))
}

func notLoaded(w io.Writer, os []Outcome) {
	fmt.Fprintf(w, "\n## Not loaded\n\n")
	for _, o := range os {
		if o.Reason != "" {
			fmt.Fprintf(w, "- %s (%s) %s: %s\n", o.Row.ID, o.Row.Split, o.Row.Repo, o.Reason)
		}
	}
}

// side is the row's side of the split: a moved row counts as development.
func side(r Row) string {
	if r.Split == "moved" {
		return "dev"
	}
	return r.Split
}

// byCheck counts, per check, the rows it hits (in the function, or only in
// the file) and the loaded rows where it spoke in the file at the parent.
func byCheck(w io.Writer, os []Outcome) {
	type n struct{ hit, file, spoke int }
	counts := map[string]*n{}
	get := func(c string) *n {
		if counts[c] == nil {
			counts[c] = &n{}
		}
		return counts[c]
	}
	for _, o := range os {
		switch o.All.Status {
		case "hit":
			get(o.All.Check).hit++
		case "file":
			get(o.All.Check).file++
		}
		spoke := map[string]bool{}
		for _, f := range o.ParentInFile {
			spoke[f.Check] = true
		}
		for c := range spoke {
			get(c).spoke++
		}
	}
	names := make([]string, 0, len(counts))
	for c := range counts {
		names = append(names, c)
	}
	sort.Strings(names)
	fmt.Fprintf(w, "\n## By check\n\n| check | hit | in file only | rows where it reported in the file at the parent |\n|---|---|---|---|\n")
	for _, c := range names {
		fmt.Fprintf(w, "| %s | %d | %d | %d |\n", c, counts[c].hit, counts[c].file, counts[c].spoke)
	}
}
