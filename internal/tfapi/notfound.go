package tfapi

import (
	"go/constant"
	"go/types"
	"regexp"
)

// notFoundName matches the names of predicates and error values that mean
// "the remote object does not exist": IsNotFound, tfresource.NotFound,
// isResourceNotFoundError, ErrNotExist, is404, IsGone.
var notFoundName = regexp.MustCompile(`(?i)(not_?found|not_?exists?|does_?not_?exist|is_?gone|is_?404|^gone$)`)

// NotFoundName reports whether name reads as a not-found predicate or error.
func NotFoundName(name string) bool { return notFoundName.MatchString(name) }

// notFoundText matches error texts compared against to detect a missing object.
var notFoundText = regexp.MustCompile(`(?i)(not.?found|\b404\b|does not exist|no such|notexist)`)

// NotFoundText reports whether a constant compared with an error's text
// (strings.Contains(err.Error(), c)) names a missing object.
func NotFoundText(c constant.Value) bool {
	return c != nil && c.Kind() == constant.String && notFoundText.MatchString(constant.StringVal(c))
}

// Is404 reports whether c is the HTTP status 404 (http.StatusNotFound).
func Is404(c constant.Value) bool {
	if c == nil || c.Kind() != constant.Int {
		return false
	}
	v, ok := constant.Int64Val(c)
	return ok && v == 404
}

// IsGRPCNotFound reports whether a constant of type t with value c is
// codes.NotFound of google.golang.org/grpc/codes.
func IsGRPCNotFound(t types.Type, c constant.Value) bool {
	p, n := Named(t)
	if p != "google.golang.org/grpc/codes" || n != "Code" || c == nil || c.Kind() != constant.Int {
		return false
	}
	v, ok := constant.Int64Val(c)
	return ok && v == 5
}

// ReturnsBool reports whether sig has exactly one result, a boolean.
func ReturnsBool(sig *types.Signature) bool {
	if sig.Results().Len() != 1 {
		return false
	}
	b, ok := sig.Results().At(0).Type().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

// The shapes of a not-found test, decided here once for the two readers of
// code: facts' summaries (on the syntax of helpers in any package) and tfssa
// (on the SSA of lifecycle functions).

// NotFoundStatus: a constant whose comparison means "not found": HTTP 404 or
// gRPC codes.NotFound.
func NotFoundStatus(t types.Type, c constant.Value) bool { return Is404(c) || IsGRPCNotFound(t, c) }

// NotFoundPredicate: a function returning one bool and named as a not-found
// test (isNotFound, IsNotFoundError, NotFound).
func NotFoundPredicate(name string, sig *types.Signature) bool {
	return ReturnsBool(sig) && NotFoundName(name)
}

// NotFoundMessageMatch: a strings function (Contains, HasPrefix, EqualFold,
// ...) called with a not-found text as its second argument.
func NotFoundMessageMatch(pkgPath string, nargs int, arg constant.Value) bool {
	return pkgPath == "strings" && nargs == 2 && NotFoundText(arg)
}
