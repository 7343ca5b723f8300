package passes_test

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/checkgen"
	"github.com/tflifecyclelint/tflifecyclelint/passes"
)

var update = flag.Bool("update", false, "rewrite the generated docs")

// TestDocs fails when the generated docs are stale; -update rewrites them.
func TestDocs(t *testing.T) {
	docs := passes.GeneratedDocs()
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if docs["README.md"], err = passes.SpliceReadme(string(readme)); err != nil {
		t.Fatal(err)
	}
	for rel, want := range docs {
		path := filepath.Join("..", rel)
		if *update {
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil || string(got) != want {
			t.Errorf("%s is stale: run go test ./passes -run TestDocs -update", rel)
		}
	}
}

// Every check has complete documentation and a row in the README table.
func TestEveryCheckDocumented(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	docs := passes.Docs()
	if len(docs) != len(passes.Checks()) {
		t.Fatalf("%d docs for %d checks", len(docs), len(passes.Checks()))
	}
	for i, d := range docs {
		a := passes.Checks()[i]
		if a.Name != d.Name || a.URL != d.URL() {
			t.Errorf("analyzer %s does not carry doc %s", a.Name, d.Name)
		}
		if d.Title == "" || d.Why == "" || d.Bad == "" || d.Good == "" || len(d.Rules) == 0 || d.Severity == "" || d.Since == "" || d.Summary == "" {
			t.Errorf("%s: incomplete Doc", d.Name)
		}
		if !strings.Contains(string(readme), "| `"+d.Name+"` |") {
			t.Errorf("README check table has no row for %s", d.Name)
		}
	}
}

// README.md and docs/ link only inside the repository: no http(s) or other
// scheme, no relative link that climbs out of it, no link to a missing file.
func TestLinksStayInRepo(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	files := []string{filepath.Join(root, "README.md")}
	err = filepath.WalkDir(filepath.Join(root, "docs"), func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, f)
		for _, u := range urlRE.FindAllString(string(data), -1) {
			t.Errorf("%s: link leaves the repository: %s", rel, u)
		}
		for _, target := range markdownLinks(string(data)) {
			if msg := checkRelativeLink(root, f, target); msg != "" {
				t.Errorf("%s: %s: %s", rel, target, msg)
			}
		}
	}
}

var (
	urlRE      = regexp.MustCompile(`(?i)\b(?:https?|ftp)://[^\s)>\]]+`)
	inlineLink = regexp.MustCompile(`\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)`)
	refLink    = regexp.MustCompile(`(?m)^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)`)
	schemeRE   = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*:`)
)

// markdownLinks returns the targets of inline and reference-style links.
func markdownLinks(text string) []string {
	var out []string
	for _, m := range inlineLink.FindAllStringSubmatch(text, -1) {
		out = append(out, m[1])
	}
	for _, m := range refLink.FindAllStringSubmatch(text, -1) {
		out = append(out, m[1])
	}
	return out
}

// checkRelativeLink says what is wrong with a link target, or "".
func checkRelativeLink(root, from, target string) string {
	if schemeRE.MatchString(target) {
		return "not a path inside the repository"
	}
	path, _, _ := strings.Cut(target, "#")
	if path == "" {
		return "" // an anchor in the same page
	}
	abs := filepath.Join(filepath.Dir(from), filepath.FromSlash(path))
	if strings.HasPrefix(path, "/") {
		abs = filepath.Join(root, filepath.FromSlash(path))
	}
	if r, err := filepath.Rel(root, abs); err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return "climbs out of the repository"
	}
	if _, err := os.Stat(abs); err != nil {
		return "no such file in the repository"
	}
	return ""
}

// bugLabel matches the internal labels of our bug lists (B02, F13, ...),
// which mean nothing to a reader; rule IDs (APPLY-3) do not match.
var bugLabel = regexp.MustCompile(`\b[A-Z][0-9]{2}\b`)

// No internal bug labels in what users read: check docs (hence docs/checks),
// rule texts and the README.
func TestNoBugLabels(t *testing.T) {
	for _, d := range passes.Docs() {
		for field, text := range map[string]string{"Title": d.Title, "Why": d.Why, "Bad": d.Bad, "Good": d.Good} {
			if m := bugLabel.FindString(text); m != "" {
				t.Errorf("%s Doc.%s cites the internal label %s", d.Name, field, m)
			}
		}
	}
	for rel, text := range passes.GeneratedDocs() {
		if m := bugLabel.FindString(text); m != "" {
			t.Errorf("%s cites the internal label %s", rel, m)
		}
	}
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if m := bugLabel.FindString(string(readme)); m != "" {
		t.Errorf("README.md cites the internal label %s", m)
	}
}

// The example golangci-lint config enables exactly the default checks and
// declares every check.
func TestGolangciExample(t *testing.T) {
	cfg := passes.GeneratedDocs()["examples/golangci/.golangci.yml"]
	optIn := map[string]bool{}
	for _, n := range passes.OptIn() {
		optIn[n] = true
	}
	enabled := regexp.MustCompile(`(?m)^    - (\w+)$`).FindAllStringSubmatch(cfg, -1)
	got := map[string]bool{}
	for _, m := range enabled {
		got[m[1]] = true
	}
	for _, a := range passes.Checks() {
		if got[a.Name] == optIn[a.Name] {
			t.Errorf("%s: enabled=%v, opt-in=%v", a.Name, got[a.Name], optIn[a.Name])
		}
		if !strings.Contains(cfg, "\n      "+a.Name+":\n        type: module\n") {
			t.Errorf("%s is not declared as a module plugin", a.Name)
		}
	}
}

// Every rule is explained in docs/rules.md, and the rules Terraform lets
// SDKv2 providers break say so.
func TestEveryRuleExplained(t *testing.T) {
	page := passes.GeneratedDocs()["docs/rules.md"]
	for _, r := range rules.All() {
		_, sec, ok := strings.Cut(page, "\n## "+string(r.ID)+"\n")
		if !ok {
			t.Errorf("%s has no section", r.ID)
			continue
		}
		sec, _, _ = strings.Cut(sec, "\n## ")
		if !strings.Contains(sec, "**When it is broken.** ") || !strings.Contains(sec, "**Plugins.** ") || strings.Contains(sec, "**When it is broken.** \n") {
			t.Errorf("%s: no explanation", r.ID)
		}
		if r.LegacyTolerated != strings.Contains(sec, "[WARN]") {
			t.Errorf("%s: legacy-tolerated is %v, but the text says otherwise", r.ID, r.LegacyTolerated)
		}
	}
}

// The registry lists exactly the check packages under passes/, and each
// check's analyzer is built from its Doc.
func TestRegistryFresh(t *testing.T) {
	want, err := checkgen.Registry("..")
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join("..", checkgen.RegistryFile))
	if err != nil || string(got) != string(want) {
		t.Errorf("%s is stale: run go run ./scripts/newcheck -registry", checkgen.RegistryFile)
	}
	for _, c := range passes.Registry() {
		if c.Analyzer.Name != c.Doc.Name || c.Analyzer.URL != c.Doc.URL() {
			t.Errorf("analyzer %s is not built from doc %s", c.Analyzer.Name, c.Doc.Name)
		}
	}
}
