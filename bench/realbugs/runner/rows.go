package main

import (
	"bufio"
	"fmt"
	"hash/fnv"
	"os"
	"regexp"
	"strings"
)

// A Row is one real bug: a fix commit, its buggy parent, and where the bug sits.
type Row struct {
	ID          string
	Split       string // "dev" or "val", fixed by Split(repo, fix); "moved": a val row used in development; "mined": a candidate not yet split (kept out of rows.tsv)
	Repo        string // owner/name on GitHub
	Fix, Parent string // full commit hashes
	File        string // path at the parent
	Func        string // "Recv.Method" or "funcName"
	Rules       []string
	Plugin      string
	Description string
	Link        string
}

// Family is the rule family of the row's main rule: "READ" for READ-2.
func (r Row) Family() string { return family(r.Rules[0]) }

func family(rule string) string {
	if i := strings.IndexByte(rule, '-'); i > 0 {
		return rule[:i]
	}
	return rule
}

// columns is the header of rows.tsv, in order.
var columns = []string{"id", "split", "repo", "fix", "parent", "file", "function", "rules", "plugin", "description", "link"}

// Split says whether a row is for development or validation. It depends only
// on the repository and the fix commit, so it is fixed before anyone reads the
// row's code: every fourth row, by hash, is held out.
func Split(repo, fix string) string {
	h := fnv.New32a()
	h.Write([]byte(strings.ToLower(repo) + "@" + strings.ToLower(fix)))
	if h.Sum32()%4 == 0 {
		return "val"
	}
	return "dev"
}

var (
	hexRE   = regexp.MustCompile(`^[0-9a-f]{40}$`)
	ruleRE  = regexp.MustCompile(`^(SCHEMA|VALIDATE|PLAN|APPLY|READ|UPGRADE|IMPORT|IDENTITY|MOVE)-[0-9]+$`)
	repoRE  = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]*/[A-Za-z0-9][A-Za-z0-9_.-]*$`)
	funcRE  = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*\.)?[A-Za-z_][A-Za-z0-9_]*$`)
	plugins = map[string]bool{"framework": true, "sdkv2": true, "sdkv1": true, "legacy": true}
)

// ReadRows reads and checks rows.tsv: a header line, then one row a line.
func ReadRows(path string) ([]Row, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var rows []Row
	seen := map[string]bool{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if n == 1 {
			if line != strings.Join(columns, "\t") {
				return nil, fmt.Errorf("%s:1: header is not %q", path, strings.Join(columns, " "))
			}
			continue
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		r, err := parseRow(line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, n, err)
		}
		if seen[r.ID] {
			return nil, fmt.Errorf("%s:%d: id %s used twice", path, n, r.ID)
		}
		seen[r.ID] = true
		rows = append(rows, r)
	}
	return rows, sc.Err()
}

func parseRow(line string) (Row, error) {
	f := strings.Split(line, "\t")
	if len(f) != len(columns) {
		return Row{}, fmt.Errorf("%d fields, want %d", len(f), len(columns))
	}
	r := Row{ID: f[0], Split: f[1], Repo: f[2], Fix: f[3], Parent: f[4], File: f[5], Func: f[6],
		Rules: strings.Split(f[7], ","), Plugin: f[8], Description: f[9], Link: f[10]}
	switch {
	case !repoRE.MatchString(r.Repo):
		return r, fmt.Errorf("repo %q is not owner/name", r.Repo)
	case !hexRE.MatchString(r.Fix) || !hexRE.MatchString(r.Parent):
		return r, fmt.Errorf("fix and parent must be 40 lower-case hex digits")
	case r.Split != Split(r.Repo, r.Fix) && !(r.Split == "moved" && Split(r.Repo, r.Fix) == "val") && r.Split != "mined":
		return r, fmt.Errorf("split is %q, but the hash of repo and fix says %q", r.Split, Split(r.Repo, r.Fix))
	case !strings.HasSuffix(r.File, ".go"):
		return r, fmt.Errorf("file %q is not a Go file", r.File)
	case !funcRE.MatchString(r.Func):
		return r, fmt.Errorf("function %q is not Recv.Method or name", r.Func)
	case !plugins[r.Plugin]:
		return r, fmt.Errorf("plugin %q is not framework, sdkv2, sdkv1 or legacy", r.Plugin)
	case r.Description == "" || !strings.HasPrefix(r.Link, "https://github.com/"):
		return r, fmt.Errorf("description empty or link not to GitHub")
	}
	for _, rule := range r.Rules {
		if !ruleRE.MatchString(rule) {
			return r, fmt.Errorf("rule %q is not a rule ID", rule)
		}
	}
	return r, nil
}
