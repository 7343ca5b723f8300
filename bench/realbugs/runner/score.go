package main

import (
	"go/ast"
	"go/parser"
	"go/token"
)

// A Score is the verdict on one row under one set of checks.
type Score struct {
	Status string // "hit", "file" (hit in file only), "miss", "not loaded"
	Check  string // the check whose findings the fix silenced
	Rule   string // the rule that check's finding named
}

// An Outcome is everything the report needs about one row.
type Outcome struct {
	Row          Row
	Reason       string // why it did not load
	Default, All Score
	// DirectDefault and Direct are Default and All scored on the findings'
	// own positions only (no evidence), as rows were scored before evidence
	// counted.
	DirectDefault, Direct Score
	ParentInFunc          []Finding // findings in the function at the parent
	ParentInFile          []Finding
	FixInFile             []Finding
	FuncFound             bool // the function was found at the parent
	Seconds               float64
}

// span is a function's line range in a file.
type span struct{ from, to int }

// funcSpan finds the row's function in the file at commit sha.
func funcSpan(git, sha, file, name string) (span, bool) {
	src, err := gitOut(git, "show", sha+":"+file)
	if err != nil {
		return span{}, false
	}
	return spanIn([]byte(src), name)
}

// spanIn finds function name ("Recv.Method" or "name") in Go source. A file
// with syntax errors still yields the functions before them.
func spanIn(src []byte, name string) (span, bool) {
	fset := token.NewFileSet()
	f, _ := parser.ParseFile(fset, "x.go", src, parser.SkipObjectResolution)
	if f == nil {
		return span{}, false
	}
	recv, method := splitFunc(name)
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Name.Name != method || recvName(fd) != recv {
			continue
		}
		return span{fset.Position(fd.Pos()).Line, fset.Position(fd.End()).Line}, true
	}
	return span{}, false
}

func splitFunc(name string) (recv, method string) {
	for i := len(name) - 1; i >= 0; i-- {
		if name[i] == '.' {
			return name[:i], name[i+1:]
		}
	}
	return "", name
}

// recvName is the receiver's type name without pointer or type parameters.
func recvName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return ""
	}
	t := fd.Recv.List[0].Type
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
		case *ast.IndexExpr:
			t = x.X
		case *ast.IndexListExpr:
			t = x.X
		case *ast.ParenExpr:
			t = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}

func inFile(fs []Finding, file string) []Finding {
	var out []Finding
	for _, f := range fs {
		if f.at(file, nil) {
			out = append(out, f)
		}
	}
	return out
}

func inSpan(fs []Finding, file string, s span) []Finding {
	var out []Finding
	for _, f := range fs {
		if f.at(file, func(l int) bool { return l >= s.from && l <= s.to }) {
			out = append(out, f)
		}
	}
	return out
}

// direct drops the findings' evidence: scored on it, a row is credited only
// where findings are reported, as before evidence counted.
func direct(fs []Finding) []Finding {
	out := make([]Finding, len(fs))
	for i, f := range fs {
		f.Evidence = nil
		out[i] = f
	}
	return out
}

// score compares the parent's findings with the fix's: a hit is a check with
// findings in the function at the parent and fewer there at the fix. When the
// function is gone at the fix, the whole file at the fix is the comparison.
func score(parentFn, parentFile, fixFn, fixFile []Finding, fixHasFunc bool, keep func(string) bool) Score {
	if !fixHasFunc {
		fixFn = fixFile
	}
	if c, rule := silenced(parentFn, fixFn, keep); c != "" {
		return Score{Status: "hit", Check: c, Rule: rule}
	}
	if c, rule := silenced(parentFile, fixFile, keep); c != "" {
		return Score{Status: "file", Check: c, Rule: rule}
	}
	return Score{Status: "miss"}
}

// silenced returns a check (and its rule) with more findings before than after.
func silenced(before, after []Finding, keep func(string) bool) (string, string) {
	n := map[string]int{}
	for _, f := range after {
		n[f.Check]--
	}
	for _, f := range before {
		n[f.Check]++
	}
	for _, f := range before {
		if keep(f.Check) && n[f.Check] > 0 {
			return f.Check, f.Rule
		}
	}
	return "", ""
}
