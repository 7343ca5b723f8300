// Command modproxy builds a file:// module proxy holding this repository's two
// modules (the root one and contract) at a release tag, the way the public
// proxy would serve them once the tags are pushed, so that the README's
// install line can be tried before publishing:
//
//	go run ./scripts/modproxy -ref v0.1.0 -out /tmp/proxy
//	GOPROXY=file:///tmp/proxy,https://proxy.golang.org GONOSUMDB=github.com/tflifecyclelint \
//	  go install github.com/tflifecyclelint/tflifecyclelint/cmd/tflifecyclelint@v0.1.0
//
// (GONOSUMDB: sum.golang.org does not know unpublished versions.)
//
// The root module requires contract at a version, and its go.sum must carry
// that version's hashes, or a build outside the workspace (GOWORK=off, or a
// module that requires this one, such as a custom golangci-lint) has nothing
// to check the download against. -sum prints them for the contract/ of the
// working tree (-w writes them into go.sum); building the proxy fails if
// go.sum at the tag disagrees with contract/ at the tag.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"
	"golang.org/x/mod/sumdb/dirhash"
	"golang.org/x/mod/zip"
)

const (
	rootPath     = "github.com/tflifecyclelint/tflifecyclelint"
	contractPath = rootPath + "/contract"
)

func main() {
	repo := flag.String("repo", ".", "the git repository (a clone or worktree)")
	ref := flag.String("ref", "", "the release tag, e.g. v0.1.0 (the root module's version)")
	out := flag.String("out", "", "the proxy directory to create")
	sum := flag.Bool("sum", false, "print go.sum lines for the contract/ of the working tree at the version go.mod requires")
	write := flag.Bool("w", false, "with -sum, write them into go.sum")
	flag.Parse()
	var err error
	switch {
	case *sum:
		err = printSum(*repo, *write)
	case *ref != "" && *out != "":
		err = build(*repo, *ref, *out)
	default:
		err = fmt.Errorf("usage: modproxy -ref vX.Y.Z -out DIR [-repo DIR] | modproxy -sum [-w]")
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "modproxy: %v\n", err)
		os.Exit(1)
	}
}

// contractVersion is the version of contract the root go.mod requires.
func contractVersion(gomod []byte) (string, error) {
	f, err := modfile.Parse("go.mod", gomod, nil)
	if err != nil {
		return "", err
	}
	for _, r := range f.Require {
		if r.Mod.Path == contractPath {
			return r.Mod.Version, nil
		}
	}
	for _, r := range f.Replace {
		if r.Old.Path == contractPath {
			return "", fmt.Errorf("go.mod replaces %s: go install …@version refuses a module with a replace", contractPath)
		}
	}
	return "", fmt.Errorf("go.mod does not require %s", contractPath)
}

// sumLines are the go.sum lines of a module zip and its go.mod.
func sumLines(path, version, zipFile string, gomod []byte) (string, error) {
	h, err := dirhash.HashZip(zipFile, dirhash.Hash1)
	if err != nil {
		return "", err
	}
	hmod, err := dirhash.Hash1([]string{"go.mod"}, func(string) (io.ReadCloser, error) {
		return io.NopCloser(bytes.NewReader(gomod)), nil
	})
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%s %s %s\n%s %s/go.mod %s\n", path, version, h, path, version, hmod), nil
}

func printSum(repo string, write bool) error {
	gomod, err := os.ReadFile(filepath.Join(repo, "go.mod"))
	if err != nil {
		return err
	}
	v, err := contractVersion(gomod)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp("", "contract-*.zip")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := zip.CreateFromDir(tmp, module.Version{Path: contractPath, Version: v}, filepath.Join(repo, "contract")); err != nil {
		return err
	}
	tmp.Close()
	cmod, err := os.ReadFile(filepath.Join(repo, "contract", "go.mod"))
	if err != nil {
		return err
	}
	lines, err := sumLines(contractPath, v, tmp.Name(), cmod)
	if err != nil {
		return err
	}
	if !write {
		fmt.Print(lines)
		return nil
	}
	return writeSum(filepath.Join(repo, "go.sum"), v, lines)
}

// writeSum replaces go.sum's lines for contract at v with lines.
func writeSum(file, v, lines string) error {
	old, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	var keep []string
	for _, l := range strings.SplitAfter(string(old), "\n") {
		if !strings.HasPrefix(l, contractPath+" "+v+" ") && !strings.HasPrefix(l, contractPath+" "+v+"/go.mod ") && l != "" {
			keep = append(keep, l)
		}
	}
	return os.WriteFile(file, []byte(strings.Join(keep, "")+lines), 0o644)
}

func git(repo string, args ...string) ([]byte, error) {
	out, err := exec.Command("git", append([]string{"-C", repo}, args...)...).Output()
	if err != nil {
		return nil, fmt.Errorf("git %s: %v", strings.Join(args, " "), err)
	}
	return out, nil
}

func build(repo, ref, out string) error {
	if !semver.IsValid(ref) {
		return fmt.Errorf("%q is not a semantic version tag", ref)
	}
	rev, err := git(repo, "rev-parse", ref+"^{commit}")
	if err != nil {
		return err
	}
	commit := strings.TrimSpace(string(rev))
	gomod, err := git(repo, "show", commit+":go.mod")
	if err != nil {
		return err
	}
	cv, err := contractVersion(gomod)
	if err != nil {
		return err
	}
	cmod, err := git(repo, "show", commit+":contract/go.mod")
	if err != nil {
		return err
	}
	czip, err := publish(repo, commit, out, module.Version{Path: contractPath, Version: cv}, "contract", cmod)
	if err != nil {
		return err
	}
	want, err := sumLines(contractPath, cv, czip, cmod)
	if err != nil {
		return err
	}
	gosum, err := git(repo, "show", commit+":go.sum")
	if err != nil {
		return err
	}
	for _, l := range strings.Split(strings.TrimSpace(want), "\n") {
		if !bytes.Contains(gosum, []byte(l+"\n")) {
			return fmt.Errorf("go.sum at %s lacks %q (contract/ at the tag hashes differently); run `go run ./scripts/modproxy -sum -w` and tag again", ref, l)
		}
	}
	if _, err := publish(repo, commit, out, module.Version{Path: rootPath, Version: ref}, "", gomod); err != nil {
		return err
	}
	fmt.Printf("%s: %s@%s and %s@%s from %.12s\n", out, rootPath, ref, contractPath, cv, commit)
	return nil
}

// publish writes one module version into the proxy directory: .info, .mod,
// .zip and the list, and returns the zip's path.
func publish(repo, commit, out string, m module.Version, subdir string, gomod []byte) (string, error) {
	esc, err := module.EscapePath(m.Path)
	if err != nil {
		return "", err
	}
	dir := filepath.Join(out, esc, "@v")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	zf, err := os.Create(filepath.Join(dir, m.Version+".zip"))
	if err != nil {
		return "", err
	}
	defer zf.Close()
	if err := zip.CreateFromVCS(zf, m, repo, commit, subdir); err != nil {
		return "", err
	}
	info, _ := json.Marshal(struct{ Version, Time string }{m.Version, time.Now().UTC().Format(time.RFC3339)})
	if err := os.WriteFile(filepath.Join(dir, m.Version+".info"), info, 0o644); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(dir, m.Version+".mod"), gomod, 0o644); err != nil {
		return "", err
	}
	list := filepath.Join(dir, "list")
	old, _ := os.ReadFile(list)
	if !bytes.Contains(old, []byte(m.Version+"\n")) {
		if err := os.WriteFile(list, append(old, m.Version+"\n"...), 0o644); err != nil {
			return "", err
		}
	}
	return zf.Name(), nil
}
