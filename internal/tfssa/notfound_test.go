package tfssa_test

import (
	"go/types"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

const notFoundSrc = `package p

import (
	"errors"
	"net/http"
	"strings"

	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

var (
	ErrNotFound = errors.New("not found")
	ErrOther    = errors.New("other")
)

type NotFoundError struct{}

func (*NotFoundError) Error() string { return "" }

type Obj struct{}
type Client struct{}

type apiError interface {
	IsNotFound() bool
	Retryable() bool
}

func (Client) Get(id string) (*Obj, error)                   { return nil, nil }
func (Client) List() (*Obj, error)                           { return nil, nil }
func (Client) Fetch(id string) (*Obj, *http.Response, error) { return nil, nil, nil }
func (Client) Check() error                                  { return nil }
func (Client) lookupAddr(id string) (*Obj, error)            { return &Obj{}, nil }

func work()                                                   {}
func isNotFound(err error) bool                              { return false }
func vanished(err error) bool                                { return false }
func resourceFooExists(d *schema.ResourceData) (bool, error) { return true, nil }
func existsCheck(d *schema.ResourceData) bool                { return true }
func getList(key string, d *schema.ResourceData) ([]string, error) { return nil, nil }

func tests(c Client, d *schema.ResourceData, resp *http.Response, err error, apiErr apiError) {
	if apiErr.IsNotFound() { // @invoke
		work()
	}
	if apiErr.Retryable() { // @invokeOther
		work()
	}
	if resp.StatusCode == 404 { // @s404
		work()
	}
	if resp.StatusCode != http.StatusNotFound { // @sNe
		work()
	}
	if status.Code(err) == codes.NotFound { // @grpc
		work()
	}
	if status.Code(err) == codes.Internal { // @grpcOther
		work()
	}
	if isNotFound(err) { // @byName
		work()
	}
	if !isNotFound(err) { // @byNameNot
		work()
	}
	gone := !isNotFound(err) // @stored
	if gone {
		work()
	}
	if vanished(err) { // @bySummary
		work()
	}
	if errors.Is(err, ErrNotFound) { // @errorsIs
		work()
	}
	if errors.Is(err, ErrOther) { // @errorsIsOther
		work()
	}
	var nfe *NotFoundError
	if errors.As(err, &nfe) { // @errorsAs
		work()
	}
	if err == ErrNotFound { // @eqGlobal
		work()
	}
	if strings.Contains(err.Error(), "not found") { // @message
		work()
	}
	if strings.Contains(err.Error(), "conflict") { // @messageOther
		work()
	}
	if obj, _ := c.Get("x"); obj == nil { // @nilObj
		work()
	}
	if a, _ := c.lookupAddr("x"); a == nil { // @nilNeverNil
		work()
	}
	if l, _ := c.List(); l == nil { // @nilList
		work()
	}
	if f, _, _ := c.Fetch("x"); f == nil { // @nilWithResponse
		work()
	}
	if exists, _ := resourceFooExists(d); !exists { // @existsResult
		work()
	}
	if existsCheck(d) { // @existsBool
		work()
	}
	if _, lerr := getList("x", d); errors.Is(lerr, ErrNotFound) { // @missingKey
		work()
	}
	if err != nil { // @plain
		work()
	}
}

func depends(c Client) {
	obj, err := c.Get("x")
	_ = status.Code(err)
	_ = err.Error()
	_ = isNotFound(errors.Unwrap(err))
	_ = existsCheck(nil)
	_ = obj
	_ = status.Code(c.Check())
}
`

func TestNotFoundBranch(t *testing.T) {
	type want struct {
		side, what string
		localNil   bool
	}
	cases := map[string]*want{
		"invoke":        {"then", "IsNotFound reported not found", false},
		"invokeOther":   nil,
		"s404":          {"then", "the status is 404", false},
		"sNe":           {"else", "the status is 404", false},
		"grpc":          {"then", "the status is 5", false},
		"grpcOther":     nil,
		"byName":        {"then", "isNotFound reported not found", false},
		"byNameNot":     {"else", "isNotFound reported not found", false},
		"stored":        {"else", "isNotFound reported not found", false},
		"bySummary":     {"then", "vanished reported not found", false},
		"errorsIs":      {"then", "the error is ErrNotFound", false},
		"errorsIsOther": nil,
		"errorsAs":      {"then", "the error is a not-found error", false},
		"eqGlobal":      {"then", "the error is ErrNotFound", false},
		"message":       {"then", `the message contains "not found"`, false},
		"messageOther":  nil,
		// Client is declared in the snippet: a nil may mean something else.
		"nilObj":          {"then", "Get returned a nil object", true},
		"nilNeverNil":     nil, // summarised: never nil without an error
		"nilList":         nil, // an empty listing
		"nilWithResponse": nil, // the HTTP response tells a 404
		"existsResult":    {"then", "resourceFooExists reported false", false},
		"existsBool":      {"else", "existsCheck reported false", false},
		"missingKey":      nil, // ErrNotFound of an attribute read from d
		"plain":           nil,
	}
	s := testutil.Load(t, notFoundSrc)
	markers := testutil.Markers(notFoundSrc)
	sums := namedSummaries{}
	seen := map[string]bool{}
	for _, ifi := range testutil.Ifs(s.Func(t, "tests")) {
		m := markers[s.Fset.Position(tfssa.CondPos(ifi)).Line]
		w, known := cases[m]
		if !known {
			continue
		}
		seen[m] = true
		nf, ok := tfssa.NotFoundBranch(ifi, sums)
		if w == nil {
			if ok {
				t.Errorf("%s: recognised as not-found: %+v", m, nf)
			}
			continue
		}
		if !ok {
			t.Errorf("%s: not recognised", m)
			continue
		}
		got := want{side(ifi.Block().Succs[nf.Succ]), nf.What, nf.LocalNil}
		if got != *w {
			t.Errorf("%s: %+v, want %+v", m, got, *w)
		}
		if (nf.Call != nil) != (w.what == "Get returned a nil object") {
			t.Errorf("%s: Call %v", m, nf.Call)
		}
	}
	for m := range cases {
		if !seen[m] {
			t.Errorf("%s: no branch found", m)
		}
	}
	// Without the summary, vanished is just a function.
	for _, ifi := range testutil.Ifs(s.Func(t, "tests")) {
		if markers[s.Fset.Position(tfssa.CondPos(ifi)).Line] == "bySummary" {
			if nf, ok := tfssa.NotFoundBranch(ifi, nil); ok {
				t.Errorf("bySummary without summaries: %+v", nf)
			}
		}
	}
}

func TestDependsOnError(t *testing.T) {
	fn := testutil.Load(t, notFoundSrc).Func(t, "depends")
	get := testutil.Calls(fn, "Get")[0].(*ssa.Call)
	check := testutil.Calls(fn, "Check")[0].(*ssa.Call)
	codes := testutil.Calls(fn, "Code")
	for _, tc := range []struct {
		name string
		v    ssa.Value
		of   *ssa.Call
		want bool
	}{
		{"status.Code(err)", codes[0].(*ssa.Call), get, true},
		{"err.Error()", testutil.Calls(fn, "Error")[0].(*ssa.Call), get, true},
		{"isNotFound(errors.Unwrap(err))", testutil.Calls(fn, "isNotFound")[0].(*ssa.Call), get, true},
		{"existsCheck(nil)", testutil.Calls(fn, "existsCheck")[0].(*ssa.Call), get, false},
		{"status.Code(c.Check())", codes[1].(*ssa.Call), check, true}, // a single error result
		{"status.Code(c.Check()) of Get", codes[1].(*ssa.Call), get, false},
		{"nil", nil, get, false},
	} {
		if got := tfssa.DependsOnError(tc.v, tc.of); got != tc.want {
			t.Errorf("DependsOnError(%s) = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// namedSummaries stands for the facts: vanished is a not-found predicate,
// lookupAddr never answers a nil object without an error.
type namedSummaries struct{}

func (namedSummaries) NotFoundPredicate(fn *types.Func) bool { return fn.Name() == "vanished" }
func (namedSummaries) NeverNil(fn *types.Func) bool          { return fn.Name() == "lookupAddr" }
