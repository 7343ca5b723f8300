package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// gitOut runs git on the git directory dir and returns what it printed.
func gitOut(dir string, args ...string) (string, error) {
	b, err := exec.Command("git", append([]string{"--git-dir", dir}, args...)...).Output()
	return string(b), err
}

// slug is a repository's folder name among the mirrors: owner+name.
func slug(repo string) string { return strings.Replace(repo, "/", "+", 1) }

// GitDir finds a clone of repo under the mirror folders, cloning it when
// asked to; "" if there is none.
func (e *Env) GitDir(repo string) string {
	if d := e.findGitDir(repo); d != "" || !e.Clone || len(e.Mirrors) == 0 {
		return d
	}
	defer e.lock("clone:" + repo)()
	if d := e.findGitDir(repo); d != "" {
		return d
	}
	dst := filepath.Join(e.Mirrors[0], slug(repo))
	// Blobless: git archive fetches the blobs of the two commits it needs.
	if exec.Command("git", "clone", "--quiet", "--bare", "--filter=blob:none", "https://github.com/"+repo, dst).Run() != nil {
		os.RemoveAll(dst)
		return ""
	}
	return dst
}

func (e *Env) findGitDir(repo string) string {
	for _, m := range e.Mirrors {
		for _, d := range []string{filepath.Join(m, slug(repo), "repo"), filepath.Join(m, slug(repo)), filepath.Join(m, repo)} {
			if _, err := gitOut(gitDirOf(d), "rev-parse", "--git-dir"); err == nil {
				return gitDirOf(d)
			}
		}
	}
	return ""
}

// gitDirOf accepts a bare repository or a work tree.
func gitDirOf(d string) string {
	if st, err := os.Stat(filepath.Join(d, ".git")); err == nil && st.IsDir() {
		return filepath.Join(d, ".git")
	}
	return d
}

func gitHas(git, obj string) bool {
	_, err := gitOut(git, "cat-file", "-e", obj)
	return err == nil
}

func gitParent(git, sha string) string {
	out, err := gitOut(git, "rev-parse", sha+"^")
	if err != nil {
		return ""
	}
	return strings.TrimSpace(out)
}
