package main

import (
	"archive/tar"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// A Finding is one diagnostic of the analyzer, positioned relative to the
// repository root.
type Finding struct {
	Check   string `json:"check"`
	Rule    string `json:"rule"`
	File    string `json:"file"`
	Line    int    `json:"line"`
	Message string `json:"message"`
	// Evidence holds the related positions ("read here", "declared here"):
	// a finding shows the bug there too, so it counts for those places.
	Evidence []Loc `json:"evidence,omitempty"`
}

// A Loc is a position relative to the repository root.
type Loc struct {
	File string `json:"file"`
	Line int    `json:"line"`
}

// at reports whether the finding or its evidence lies in file (and, for
// keep != nil, on a line keep accepts).
func (f Finding) at(file string, keep func(int) bool) bool {
	if f.File == file && (keep == nil || keep(f.Line)) {
		return true
	}
	for _, l := range f.Evidence {
		if l.File == file && (keep == nil || keep(l.Line)) {
			return true
		}
	}
	return false
}

// A Result is what the analyzer said about one package at one commit.
type Result struct {
	Loaded   bool      `json:"loaded"`
	Reason   string    `json:"reason,omitempty"` // why it did not load
	Findings []Finding `json:"findings,omitempty"`
	Seconds  float64   `json:"seconds"`
	// Checks are the opt-in checks the run enabled: a result is reused only
	// by a run asking for no check it lacks (a check made opt-in after the
	// binary was built, or by a runner built later, must run).
	Checks []string `json:"checks,omitempty"`
}

// Env is what every analysis run shares.
type Env struct {
	Bin      string   // the analyzer
	BinHash  string   // results are cached per binary
	Checks   []string // every check, named so each runs (opt-in ones too)
	Mirrors  []string // folders holding clones: owner+name[/repo], owner/name
	Cache    string
	Timeout  time.Duration
	KeepTree bool
	Clone    bool     // clone a repository missing from the mirrors (blobless) into the first
	Cached   bool     // report from cached results only; never run the analyzer
	locks    sync.Map // key -> *sync.Mutex
}

func (e *Env) lock(key string) func() {
	m, _ := e.locks.LoadOrStore(key, new(sync.Mutex))
	m.(*sync.Mutex).Lock()
	return m.(*sync.Mutex).Unlock
}

// Analyze runs the analyzer on the package holding file at commit sha, or
// returns the cached result of an earlier run with the same binary.
func (e *Env) Analyze(repo, sha, file string) Result {
	key := filepath.Join(slug(repo), sha, strings.ReplaceAll(filepath.Dir(file), "/", "%"))
	cached := filepath.Join(e.Cache, "results", e.BinHash+resultsFormat, key+".json")
	defer e.lock(key)()
	var r Result
	if b, err := os.ReadFile(cached); err == nil && json.Unmarshal(b, &r) == nil && covers(r.Checks, e.Checks) {
		return r
	}
	if e.Cached {
		return Result{Reason: notRun}
	}
	start := time.Now()
	r = e.analyze(repo, sha, file)
	r.Seconds = time.Since(start).Seconds()
	r.Checks = e.Checks
	if transient(r) {
		return r
	}
	if b, err := json.Marshal(r); err == nil && os.MkdirAll(filepath.Dir(cached), 0o755) == nil {
		os.WriteFile(cached, b, 0o644)
	}
	return r
}

// covers: every check of want is in have.
func covers(have, want []string) bool {
	in := map[string]bool{}
	for _, c := range have {
		in[c] = true
	}
	for _, c := range want {
		if !in[c] {
			return false
		}
	}
	return true
}

// resultsFormat names the layout of a cached Result; a change to what a
// Result records (evidence positions, "-e") changes it, so older results are
// not read as if they held it ("-f": the opt-in checks enabled, Checks).
const resultsFormat = "-f"

// notRun marks a commit with no cached result, under -cached.
const notRun = "not run yet (no cached result for this binary)"

// transient failures depend on this machine (clones, time), not on the
// binary: they are not cached, so a later run tries again.
func transient(r Result) bool {
	for _, p := range []string{"no clone", "git archive", "timed out", "fork/exec", "signal:"} {
		if strings.HasPrefix(r.Reason, p) {
			return true
		}
	}
	return false
}

func (e *Env) analyze(repo, sha, file string) Result {
	git := e.GitDir(repo)
	if git == "" {
		return Result{Reason: "no clone of " + repo + " under -mirrors"}
	}
	tree := filepath.Join(e.Cache, "trees", slug(repo)+"@"+sha)
	defer e.lock("tree:" + tree)()
	if !e.KeepTree {
		defer os.RemoveAll(tree)
	}
	if err := materialise(git, sha, tree); err != nil {
		return Result{Reason: err.Error()}
	}
	pkgDir := filepath.Join(tree, filepath.Dir(file))
	if _, err := os.Stat(pkgDir); err != nil {
		return Result{Reason: "no directory " + filepath.Dir(file) + " at this commit"}
	}
	root, runDir, pattern, env, err := buildSetup(tree, pkgDir, repo)
	if err != nil {
		return Result{Reason: err.Error()}
	}
	defer os.RemoveAll(tree + ".gopath")
	return e.run(root, runDir, pattern, env)
}

// materialise writes the tree of sha into dir with git archive. When a
// partial clone lacks a blob that is not Go source (test data, generated
// metadata), only what a Go build reads is taken; a missing Go file fails the
// load, and the row is "not loaded".
func materialise(git, sha, dir string) error {
	if _, err := os.Stat(filepath.Join(dir, ".complete")); err == nil {
		return nil
	}
	os.RemoveAll(dir)
	missing, err := archive(git, sha, dir, nil)
	if err != nil && missing != "" && !strings.HasSuffix(missing, ".go") {
		os.RemoveAll(dir)
		_, err = archive(git, sha, dir, goBuildFiles(git, sha))
	}
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, ".complete"), nil, 0o644)
}

// goBuildFiles returns pathspecs of what loading Go packages reads, those
// that match something at sha (git archive fails on one that matches nothing).
func goBuildFiles(git, sha string) []string {
	names, _ := gitOut(git, "ls-tree", "-r", "--name-only", sha)
	var specs []string
	for _, suffix := range []string{".go", "go.mod", "go.sum", "vendor/modules.txt", ".s", ".c", ".h"} {
		if strings.Contains(names, suffix+"\n") {
			specs = append(specs, ":(glob)**/*"+suffix)
		}
	}
	return specs
}

var missingBlob = regexp.MustCompile(`invalid object [0-9a-f]+ [0-9a-f]+ for '([^']+)'`)

// archive extracts one git archive of the paths given (all when none);
// missing names the path of an absent blob.
func archive(git, sha, dir string, paths []string) (missing string, err error) {
	args := []string{"--git-dir", git, "archive", "--format=tar", sha}
	if len(paths) > 0 {
		args = append(append(args, "--"), paths...)
	}
	cmd := exec.Command("git", args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return "", err
	}
	if err := cmd.Start(); err != nil {
		return "", err
	}
	untarErr := untar(out, dir)
	if err := cmd.Wait(); err != nil {
		if m := missingBlob.FindStringSubmatch(stderr.String()); m != nil {
			missing = m[1]
		}
		return missing, fmt.Errorf("git archive %s: %s", sha[:12], firstLine(stderr.String(), err))
	}
	return "", untarErr
}

// untar extracts regular files and directories only: symlinks are skipped so
// nothing is written outside dir.
func untar(r io.Reader, dir string) error {
	tr := tar.NewReader(r)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		name := filepath.Clean(h.Name)
		if strings.HasPrefix(name, "..") || filepath.IsAbs(name) {
			continue
		}
		p := filepath.Join(dir, name)
		switch h.Typeflag {
		case tar.TypeDir:
			os.MkdirAll(p, 0o755)
		case tar.TypeReg:
			os.MkdirAll(filepath.Dir(p), 0o755)
			f, err := os.Create(p)
			if err != nil {
				return err
			}
			_, err = io.Copy(f, tr)
			f.Close()
			if err != nil {
				return err
			}
		}
	}
}

func firstLine(s string, err error) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return err.Error()
	}
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// run executes the analyzer and reads its JSON.
func (e *Env) run(tree, dir, pattern string, env []string) Result {
	ctx, cancel := context.WithTimeout(context.Background(), e.Timeout)
	defer cancel()
	args := []string{"-json", "-test=false"}
	for _, c := range e.Checks {
		args = append(args, "-"+c)
	}
	cmd := exec.CommandContext(ctx, e.Bin, append(args, pattern)...)
	cmd.Dir = dir
	// PWD too: go resolves a GOPATH tree reached through a link by $PWD.
	cmd.Env = append(append(os.Environ(), env...), "PWD="+dir)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if ctx.Err() != nil {
		return Result{Reason: fmt.Sprintf("timed out after %s", e.Timeout)}
	}
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		return Result{Reason: err.Error()}
	}
	findings, perr := parseJSON(stdout.Bytes(), tree)
	if perr != nil || (err != nil && len(findings) == 0 && stderr.Len() > 0) {
		return Result{Reason: "did not load: " + firstLine(stderr.String(), fmt.Errorf("exit %v", err))}
	}
	if line := packageError(stderr.String(), dir, pattern); line != "" {
		// The checks see an incomplete package (an import the proxy refused):
		// quiet there means nothing.
		return Result{Reason: "did not load: " + line}
	}
	return Result{Loaded: true, Findings: findings}
}

// packageError returns the first error the driver reported in a file of
// the analysed package (pattern, relative to dir), or "".
func packageError(stderr, dir, pattern string) string {
	pkgDir := filepath.Clean(filepath.Join(dir, pattern))
	for _, line := range strings.Split(stderr, "\n") {
		file, rest, ok := strings.Cut(line, ".go:")
		if !ok || rest == "" || rest[0] < '0' || rest[0] > '9' {
			continue
		}
		file += ".go"
		if !filepath.IsAbs(file) {
			file = filepath.Join(dir, file)
		}
		if filepath.Dir(filepath.Clean(file)) == pkgDir {
			return strings.TrimSpace(line)
		}
	}
	return ""
}

// parseJSON reads the driver's -json output: package -> analyzer -> findings.
func parseJSON(b []byte, tree string) ([]Finding, error) {
	var out map[string]map[string]json.RawMessage
	if len(bytes.TrimSpace(b)) == 0 {
		return nil, nil
	}
	if err := json.Unmarshal(b, &out); err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var fs []Finding
	for _, byCheck := range out {
		for check, raw := range byCheck {
			var ds []struct {
				Posn    string `json:"posn"`
				Message string `json:"message"`
				Related []struct {
					Posn string `json:"posn"`
				} `json:"related"`
			}
			if json.Unmarshal(raw, &ds) != nil || check == "providermodel" || check == "lintignore" {
				continue
			}
			for _, d := range ds {
				f := finding(check, d.Posn, d.Message, tree)
				for _, r := range d.Related {
					if l := loc(r.Posn, tree); l.File != "" {
						f.Evidence = append(f.Evidence, l)
					}
				}
				if k := fmt.Sprint(f); !seen[k] {
					seen[k] = true
					fs = append(fs, f)
				}
			}
		}
	}
	sort.Slice(fs, func(i, j int) bool {
		if fs[i].File != fs[j].File {
			return fs[i].File < fs[j].File
		}
		return fs[i].Line < fs[j].Line
	})
	return fs, nil
}

func finding(check, posn, msg, tree string) Finding {
	// Messages start with the check name ("check: RULE: ..."); the report keeps the rest.
	msg = strings.TrimPrefix(msg, check+": ")
	f := Finding{Check: check, Message: msg}
	if rule, _, ok := strings.Cut(msg, ":"); ok && ruleRE.MatchString(rule) {
		f.Rule = rule
	}
	l := loc(posn, tree)
	f.File, f.Line = l.File, l.Line
	return f
}

// loc parses file:line:col, the file made relative to tree.
func loc(posn, tree string) Loc {
	var l Loc
	parts := strings.Split(posn, ":")
	if len(parts) >= 3 {
		l.File = strings.Join(parts[:len(parts)-2], ":")
		l.Line, _ = strconv.Atoi(parts[len(parts)-2])
	}
	if rel, err := filepath.Rel(tree, l.File); err == nil && !strings.HasPrefix(rel, "..") {
		l.File = filepath.ToSlash(rel)
	}
	return l
}
