// Command runner scores tflifecyclelint on real lifecycle bugs: for each row of
// rows.tsv it analyses the package of the named file at the buggy parent and
// at the fix, and counts a hit when a check's findings in the named function
// go away at the fix. Run it through ../run.
package main

import (
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/tflifecyclelint/tflifecyclelint/passes"
)

func main() {
	rowsPath := flag.String("rows", "bench/realbugs/rows.tsv", "the corpus")
	bin := flag.String("bin", "", "the tflifecyclelint binary to measure (required)")
	mirrors := flag.String("mirrors", os.Getenv("REALBUGS_MIRRORS"), "colon-separated folders holding clones as owner+name[/repo] or owner/name")
	cache := flag.String("cache", defaultCache(), "where trees and results are kept; results are reused per binary")
	jobs := flag.Int("j", 1, "rows analysed at once")
	only := flag.String("only", "", "regexp: only rows whose id or repo matches")
	split := flag.String("split", "", "only dev or val rows")
	timeout := flag.Duration("timeout", 30*time.Minute, "per analyzer run")
	keep := flag.Bool("keep-trees", false, "keep the checked-out trees")
	out := flag.String("o", "", "also write the report to this file")
	cached := flag.Bool("cached", false, "report from cached results only (rows not yet analysed are listed as not run)")
	clone := flag.Bool("clone", false, "clone repositories missing from -mirrors into its first folder")
	check := flag.Bool("check", false, "only check rows.tsv and that each row's repository, commits, file and function are present")
	flag.Parse()
	if err := run(*rowsPath, *bin, *mirrors, *cache, *jobs, *only, *split, *timeout, *keep, *out, *check, *clone, *cached); err != nil {
		fmt.Fprintf(os.Stderr, "realbugs: %v\n", err)
		os.Exit(2)
	}
}

func defaultCache() string {
	if d, err := os.UserCacheDir(); err == nil {
		return filepath.Join(d, "tflifecyclelint-realbugs")
	}
	return filepath.Join(os.TempDir(), "tflifecyclelint-realbugs")
}

func run(rowsPath, bin, mirrors, cache string, jobs int, only, split string, timeout time.Duration, keep bool, out string, checkOnly, clone, cached bool) error {
	rows, err := ReadRows(rowsPath)
	if err != nil {
		return err
	}
	rows, err = selectRows(rows, only, split)
	if err != nil {
		return err
	}
	env := &Env{Bin: bin, Cache: cache, Timeout: timeout, KeepTree: keep, Clone: clone, Cached: cached, Mirrors: filepath.SplitList(mirrors)}
	if checkOnly {
		return checkRows(env, rows)
	}
	if bin == "" {
		return fmt.Errorf("-bin is required")
	}
	if env.BinHash, err = fileHash(bin); err != nil {
		return err
	}
	for _, c := range passes.Checks() {
		env.Checks = append(env.Checks, c.Name)
	}
	outcomes := make([]Outcome, len(rows))
	var wg sync.WaitGroup
	sem := make(chan struct{}, max(jobs, 1))
	var mu sync.Mutex
	done := 0
	for i, r := range rows {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			outcomes[i] = env.Outcome(r)
			mu.Lock()
			done++
			fmt.Fprintf(os.Stderr, "[%d/%d] %s %s: %s\n", done, len(rows), r.ID, r.Repo, describe(outcomes[i]))
			mu.Unlock()
		}()
	}
	wg.Wait()
	w := io.Writer(os.Stdout)
	if out != "" {
		f, err := os.Create(out)
		if err != nil {
			return err
		}
		defer f.Close()
		w = io.MultiWriter(os.Stdout, f)
	}
	Report(w, outcomes, env.BinHash)
	return nil
}

func selectRows(rows []Row, only, split string) ([]Row, error) {
	re, err := regexp.Compile(only)
	if err != nil {
		return nil, fmt.Errorf("-only: %v", err)
	}
	if split != "" && split != "dev" && split != "val" {
		return nil, fmt.Errorf("-split is dev or val, not %q", split)
	}
	var out []Row
	for _, r := range rows {
		if (only == "" || re.MatchString(r.ID) || re.MatchString(r.Repo)) && (split == "" || side(r) == split) {
			out = append(out, r)
		}
	}
	return out, nil
}

func fileHash(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}

// Outcome analyses a row at its parent and fix and scores it.
func (e *Env) Outcome(r Row) Outcome {
	o := Outcome{Row: r}
	p := e.Analyze(r.Repo, r.Parent, r.File)
	f := e.Analyze(r.Repo, r.Fix, r.File)
	o.Seconds = p.Seconds + f.Seconds
	switch {
	case !p.Loaded:
		o.Reason = "parent: " + p.Reason
	case !f.Loaded:
		o.Reason = "fix: " + f.Reason
	}
	if o.Reason != "" {
		o.Default.Status, o.All.Status = "not loaded", "not loaded"
		return o
	}
	git := e.GitDir(r.Repo)
	ps, ok := funcSpan(git, r.Parent, r.File, r.Func)
	o.FuncFound = ok
	fs, fixHas := funcSpan(git, r.Fix, r.File, r.Func)
	o.ParentInFile = inFile(p.Findings, r.File)
	o.FixInFile = inFile(f.Findings, r.File)
	if ok {
		o.ParentInFunc = inSpan(o.ParentInFile, ps)
	}
	fixFn := inSpan(o.FixInFile, fs)
	optIn := map[string]bool{}
	for _, n := range passes.OptIn() {
		optIn[n] = true
	}
	o.Default = score(o.ParentInFunc, o.ParentInFile, fixFn, o.FixInFile, fixHas, func(c string) bool { return !optIn[c] })
	o.All = score(o.ParentInFunc, o.ParentInFile, fixFn, o.FixInFile, fixHas, func(string) bool { return true })
	return o
}

func describe(o Outcome) string {
	if o.Reason != "" {
		return "not loaded (" + o.Reason + ")"
	}
	s := o.All.Status
	if o.All.Check != "" {
		s += " by " + o.All.Check
	}
	return fmt.Sprintf("%s; %d finding(s) in the file at the parent, %d at the fix (%.0fs)", s, len(o.ParentInFile), len(o.FixInFile), o.Seconds)
}

// checkRows verifies that each row can be found: clone, commits, file, function.
func checkRows(e *Env, rows []Row) error {
	bad := 0
	for _, r := range rows {
		git := e.GitDir(r.Repo)
		var problem string
		switch {
		case git == "":
			problem = "no clone"
		case !gitHas(git, r.Parent+":"+r.File):
			problem = "file absent at the parent"
		case !gitHas(git, r.Fix):
			problem = "fix commit absent"
		case gitParent(git, r.Fix) != r.Parent:
			problem = "parent is not the fix's first parent"
		}
		if problem == "" {
			if _, ok := funcSpan(git, r.Parent, r.File, r.Func); !ok {
				problem = "function " + r.Func + " not in the file at the parent"
			}
		}
		if problem != "" {
			bad++
			fmt.Printf("%s\t%s\t%s\n", r.ID, r.Repo, problem)
		}
	}
	fmt.Printf("%d rows, %d with a problem\n", len(rows), bad)
	if bad > 0 {
		return fmt.Errorf("%d rows cannot be materialised", bad)
	}
	return nil
}

func gitHas(git, obj string) bool {
	return exec_("git", "--git-dir", git, "cat-file", "-e", obj) == nil
}

func gitParent(git, sha string) string {
	out, err := output("git", "--git-dir", git, "rev-parse", sha+"^")
	if err != nil {
		return ""
	}
	return strings.TrimSpace(out)
}
