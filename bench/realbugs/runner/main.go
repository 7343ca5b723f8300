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
	"sync"
	"time"

	"github.com/tflifecyclelint/tflifecyclelint/passes"
)

// options are the flags that choose rows and say where the report goes.
type options struct {
	rows, only, split, out string
	jobs                   int
	check                  bool
}

func main() {
	var o options
	e := &Env{}
	var mirrors string
	flag.StringVar(&o.rows, "rows", "bench/realbugs/rows.tsv", "the corpus")
	flag.StringVar(&e.Bin, "bin", "", "the tflifecyclelint binary to measure (required)")
	flag.StringVar(&mirrors, "mirrors", os.Getenv("REALBUGS_MIRRORS"), "colon-separated folders holding clones as owner+name[/repo] or owner/name")
	flag.StringVar(&e.Cache, "cache", defaultCache(), "where trees and results are kept; results are reused per binary")
	flag.IntVar(&o.jobs, "j", 1, "rows analysed at once")
	flag.StringVar(&o.only, "only", "", "regexp: only rows whose id or repo matches")
	flag.StringVar(&o.split, "split", "", "only dev or val rows")
	flag.DurationVar(&e.Timeout, "timeout", 30*time.Minute, "per analyzer run")
	flag.BoolVar(&e.KeepTree, "keep-trees", false, "keep the checked-out trees")
	flag.StringVar(&o.out, "o", "", "also write the report to this file")
	flag.BoolVar(&e.Cached, "cached", false, "report from cached results only (rows not yet analysed are listed as not run)")
	flag.BoolVar(&e.Clone, "clone", false, "clone repositories missing from -mirrors into its first folder")
	flag.BoolVar(&o.check, "check", false, "only check rows.tsv and that each row's repository, commits, file and function are present")
	flag.Parse()
	e.Mirrors = filepath.SplitList(mirrors)
	if err := run(o, e); err != nil {
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

func run(o options, env *Env) error {
	rows, err := ReadRows(o.rows)
	if err != nil {
		return err
	}
	if rows, err = selectRows(rows, o.only, o.split); err != nil {
		return err
	}
	if o.check {
		return checkRows(env, rows)
	}
	if env.Bin == "" {
		return fmt.Errorf("-bin is required")
	}
	if env.BinHash, err = fileHash(env.Bin); err != nil {
		return err
	}
	for _, c := range passes.Checks() {
		env.Checks = append(env.Checks, c.Name)
	}
	outcomes := make([]Outcome, len(rows))
	var wg sync.WaitGroup
	sem := make(chan struct{}, max(o.jobs, 1))
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
	if o.out != "" {
		f, err := os.Create(o.out)
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
		o.ParentInFunc = inSpan(o.ParentInFile, r.File, ps)
	}
	fixFn := inSpan(o.FixInFile, r.File, fs)
	o.Default = score(o.ParentInFunc, o.ParentInFile, fixFn, o.FixInFile, fixHas, func(c string) bool { return !optIn[c] })
	o.All = score(o.ParentInFunc, o.ParentInFile, fixFn, o.FixInFile, fixHas, func(string) bool { return true })
	pf, ff := inFile(direct(p.Findings), r.File), inFile(direct(f.Findings), r.File)
	var pfn []Finding
	if ok {
		pfn = inSpan(pf, r.File, ps)
	}
	o.DirectDefault = score(pfn, pf, inSpan(ff, r.File, fs), ff, fixHas, func(c string) bool { return !optIn[c] })
	o.Direct = score(pfn, pf, inSpan(ff, r.File, fs), ff, fixHas, func(string) bool { return true })
	return o
}

// optIn names the checks that do not run by default.
var optIn = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range passes.OptIn() {
		m[n] = true
	}
	return m
}()

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
