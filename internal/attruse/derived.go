package attruse

import "strings"

// derivedQualifiers name a value the remote system derives from the
// setting of the same name: full_name from name, resolved_execution_mode
// from execution_mode.
var derivedQualifiers = map[string]bool{"full": true, "resolved": true, "effective": true, "actual": true,
	"canonical": true, "normalized": true, "normalised": true, "computed": true, "fully_qualified": true}

// Derived reports whether the name y names a value derived from the
// setting x, so that an in-place change of x changes y (PLAN-9):
//   - y is x with a qualifier of derivation in front: "full_name" of
//     "name", "resolved_execution_mode" of "execution_mode";
//   - x names a thing by name and y by identifier: "plan_id" (or
//     "plan_uuid") of "plan_name", the identifier resolved from the name —
//     unless the thing is the resource itself (owner, the resource's Go
//     name, names it: "certificate_id" of a certificate resource is its own
//     identifier, which a rename keeps).
//
// It relates names only: a check must also know that x changes in place and
// that y is an output the provider fills. (A slug of the name was tried: on
// the corpus a custom image's slug, which a rename keeps, was reported.)
func Derived(x, y, owner string) bool {
	if x == "" || y == "" || x == y {
		return false
	}
	if q, ok := strings.CutSuffix(y, "_"+x); ok && derivedQualifiers[q] {
		return true
	}
	if p, ok := strings.CutSuffix(x, "_name"); ok && p != "" && (y == p+"_id" || y == p+"_uuid") {
		return !strings.Contains(strings.ToLower(owner), strings.ReplaceAll(p, "_", ""))
	}
	return false
}
