// Rules: APPLY-2, VALIDATE-1 (a framework value's debug rendering used as its value).

package renderedvalue

import (
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
)

// sinkKind says where a rendering ends up used as data.
type sinkKind int

const (
	noSink sinkKind = iota
	sent            // a struct field, a collection, a call of the API or a helper
	saved           // a framework value constructor: the state holds it
	parsed          // a parser: the text is read as data
)

// sink is the first place a rendering is used as data.
type sink struct {
	kind    sinkKind
	pos     token.Pos
	what    string // "strconv.ParseInt", "a struct field", ...
	trimmed bool   // went through strings.Trim and the like first
}

// flow follows v, the result of a rendering, through locals, conversions,
// trims, concatenation and fmt to its first use as data.
type flow struct {
	c       *checker
	seen    map[ssa.Value]bool
	trimmed bool
}

func (c *checker) follow(v ssa.Value) sink {
	f := &flow{c: c, seen: map[ssa.Value]bool{}}
	return f.value(v, 0)
}

func (f *flow) value(v ssa.Value, depth int) sink {
	if v == nil || f.seen[v] || depth > 8 {
		return sink{}
	}
	f.seen[v] = true
	refs := v.Referrers()
	if refs == nil {
		return sink{}
	}
	for _, r := range *refs {
		if s := f.use(v, r, depth); s.kind != noSink {
			return s
		}
	}
	return sink{}
}

func (f *flow) use(v ssa.Value, r ssa.Instruction, depth int) sink {
	switch r := r.(type) {
	case *ssa.Phi, *ssa.ChangeType, *ssa.Convert, *ssa.MakeInterface:
		return f.value(r.(ssa.Value), depth+1)
	case *ssa.Slice: // s[1:len(s)-1]: the quotes cut, the escapes kept
		f.trimmed = true
		return f.value(r, depth+1)
	case *ssa.BinOp:
		if r.Op == token.ADD { // concatenation carries the rendering on
			return f.value(r, depth+1)
		}
	case *ssa.IndexAddr: // an element of a collected slice, read back
		return f.loads(r, depth)
	case *ssa.Index:
		return f.value(r, depth+1)
	case *ssa.Store:
		if r.Val == v {
			return f.store(r, depth)
		}
	case *ssa.MapUpdate:
		if r.Value == v {
			return f.mark(sink{kind: sent, pos: r.Pos(), what: "a map"})
		}
	case *ssa.Send:
		return f.mark(sink{kind: sent, pos: r.Pos(), what: "a channel"})
	case *ssa.Return:
		return f.returned(v, r, depth)
	case *ssa.Call:
		return f.call(v, r, depth)
	}
	return sink{}
}

func (f *flow) mark(s sink) sink {
	s.trimmed = f.trimmed
	return s
}

// store: into a struct field or a slice element (data), into a local
// (followed through its loads) or into the arguments of a variadic call.
func (f *flow) store(st *ssa.Store, depth int) sink {
	switch a := st.Addr.(type) {
	case *ssa.FieldAddr:
		return f.mark(sink{kind: sent, pos: st.Pos(), what: "a struct field"})
	case *ssa.IndexAddr:
		if call := varargCall(a); call != nil {
			return f.call(st.Val, call, depth)
		}
		// An element: the slice carries the rendering on (a list of keys
		// sorted and joined for a comparison is no use as data).
		return f.value(a.X, depth+1)
	case *ssa.Alloc:
		// A local: followed through its loads, and as &s where the
		// pointer itself is handed on (a field, a call).
		if s := f.loads(a, depth); s.kind != noSink {
			return s
		}
		return f.value(a, depth+1)
	}
	return sink{}
}

// loads follows what is read from addr.
func (f *flow) loads(addr ssa.Value, depth int) sink {
	for _, r := range *addr.Referrers() {
		if u, ok := r.(*ssa.UnOp); ok && u.Op == token.MUL {
			if s := f.value(u, depth+1); s.kind != noSink {
				return s
			}
		}
	}
	return sink{}
}

// returned: a helper returning the rendering; followed at its callers in
// the package, the string result only.
func (f *flow) returned(v ssa.Value, ret *ssa.Return, depth int) sink {
	i := slices.Index(ret.Results, v)
	if i < 0 {
		return sink{}
	}
	for _, call := range f.c.callers[ret.Parent()] {
		if s := f.value(result(call, i, len(ret.Results)), depth+1); s.kind != noSink {
			return s
		}
	}
	return sink{}
}

// result i of n of call: the call itself, or the Extract of it.
func result(call *ssa.Call, i, n int) ssa.Value {
	if n == 1 {
		return call
	}
	for _, r := range *call.Referrers() {
		if e, ok := r.(*ssa.Extract); ok && e.Index == i {
			return e
		}
	}
	return nil
}

// call: v handed to a call. Messages, logs, comparisons and the right
// inverse (strconv.Unquote) are not uses as data; trims and fmt carry the
// rendering on; helpers of the package are followed into; any other call
// takes it as data.
func (f *flow) call(v ssa.Value, call *ssa.Call, depth int) sink {
	cc := call.Common()
	if cc.IsInvoke() {
		if messageName(cc.Method.Name()) {
			return sink{}
		}
		what := cc.Method.Name()
		if _, n := tfapi.Named(cc.Value.Type()); n != "" {
			what = n + "." + what
		}
		return f.mark(sink{kind: sent, pos: call.Pos(), what: what})
	}
	if b, ok := cc.Value.(*ssa.Builtin); ok {
		if b.Name() == "append" {
			return f.value(call, depth+1)
		}
		return sink{}
	}
	fn := cc.StaticCallee()
	if fn == nil {
		return f.mark(sink{kind: sent, pos: call.Pos(), what: "a function value"})
	}
	pkg := funcPkg(fn)
	switch decide(pkg, fn) {
	case passOn:
		if pkg == "strings" || pkg == "bytes" {
			f.trimmed = true
		}
		return f.value(call, depth+1)
	case quiet:
		return sink{}
	case parse:
		return f.mark(sink{kind: parsed, pos: call.Pos(), what: shortName(pkg, fn)})
	case construct:
		return f.mark(sink{kind: saved, pos: call.Pos(), what: shortName(pkg, fn)})
	}
	if len(fn.Blocks) > 0 && fn.Pkg != nil && fn.Pkg == call.Parent().Pkg {
		return f.intoHelper(v, call, fn, depth)
	}
	return f.mark(sink{kind: sent, pos: call.Pos(), what: shortName(pkg, fn)})
}

// intoHelper follows v into the parameters of a package helper it is handed
// as; its sink there stands for the call.
func (f *flow) intoHelper(v ssa.Value, call *ssa.Call, fn *ssa.Function, depth int) sink {
	args := call.Call.Args
	for i, a := range args {
		if a != v || i >= len(fn.Params) {
			continue
		}
		s := f.value(fn.Params[i], depth+1)
		if s.kind != noSink {
			s.pos = call.Pos()
			s.what = fn.Name() + " (" + s.what + ")"
			return s
		}
	}
	return sink{}
}

type verdict int

const (
	dataUse verdict = iota
	passOn
	quiet
	parse
	construct
)

// decide how a call of fn (of package pkg) uses a string argument.
func decide(pkg string, fn *ssa.Function) verdict {
	name := fn.Name()
	switch pkg {
	case "strings", "bytes":
		if strings.HasPrefix(name, "Trim") || strings.HasPrefix(name, "To") || strings.HasPrefix(name, "Replace") {
			return passOn
		}
		if name == "Split" || name == "SplitN" || name == "Fields" || name == "Join" {
			return passOn
		}
		return quiet // comparisons, searches, builders of messages
	case "fmt":
		if name == "Sprintf" || name == "Sprint" || name == "Sprintln" {
			return passOn
		}
		return quiet
	case "strconv":
		if name == "Unquote" || name == "UnquoteChar" || strings.HasPrefix(name, "Quote") {
			return quiet // the right inverse, or quoting it for a message
		}
		return parse
	case "errors", "log", "log/slog", "testing", "sort", "regexp", "unicode/utf8", "path", "path/filepath":
		if pkg == "regexp" && (strings.HasPrefix(name, "Compile") || strings.HasPrefix(name, "MustCompile")) {
			return parse
		}
		return quiet
	case "encoding/json", "gopkg.in/yaml.v2", "gopkg.in/yaml.v3", "sigs.k8s.io/yaml":
		return parse
	}
	if tfapi.IsPluginLib(pkg) {
		return pluginLib(pkg, name)
	}
	if messageName(name) || errorResult(fn) {
		return quiet
	}
	if strings.HasPrefix(name, "Parse") || strings.HasPrefix(name, "Unmarshal") || strings.HasPrefix(name, "Decode") {
		return parse
	}
	return dataUse
}

// pluginLib: framework and SDK functions take a rendering as data only in
// value constructors; tflog, diag and path take messages and names.
func pluginLib(pkg, name string) verdict {
	if strings.HasSuffix(pkg, "/types") || strings.HasSuffix(pkg, "/basetypes") || strings.HasPrefix(pkg, "github.com/hashicorp/terraform-plugin-framework-") {
		if strings.HasSuffix(name, "Value") || strings.HasSuffix(name, "ValueMust") || strings.HasSuffix(name, "Pointer") || strings.HasPrefix(name, "New") {
			return construct
		}
	}
	return quiet
}

// messageName: functions that print, log or describe.
func messageName(name string) bool {
	for _, p := range []string{"Print", "Log", "Debug", "Info", "Warn", "Error", "Trace", "Fatal", "Panic", "Add", "Append", "Write", "Equal", "Contains", "Has"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// errorResult: fn builds an error or diagnostic from its arguments.
func errorResult(fn *ssa.Function) bool {
	res := fn.Signature.Results()
	if res.Len() != 1 {
		return false
	}
	t := res.At(0).Type()
	return tfapi.IsError(t) || tfapi.IsDiagnostic(t) || tfapi.IsDiagnostics(t)
}

func shortName(pkg string, fn *ssa.Function) string {
	if recv := fn.Signature.Recv(); recv != nil {
		_, n := tfapi.Named(recv.Type())
		return n + "." + fn.Name()
	}
	if pkg == "" {
		return fn.Name()
	}
	if i := strings.LastIndex(pkg, "/"); i >= 0 {
		pkg = pkg[i+1:]
	}
	return pkg + "." + fn.Name()
}
