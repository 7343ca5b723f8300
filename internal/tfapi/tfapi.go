// Package tfapi knows the framework's and the SDKs' types by name, for the
// model and the checks: which package path and type a value has.
package tfapi

import (
	"go/types"
	"reflect"
	"strings"
)

// Framework is the import path prefix of terraform-plugin-framework.
const Framework = "github.com/hashicorp/terraform-plugin-framework/"

// SDKSchemaPkgs maps the helper/schema packages to the SDK they belong to.
var SDKSchemaPkgs = map[string]string{
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema": "sdkv2",
	"github.com/hashicorp/terraform-plugin-sdk/helper/schema":    "sdkv1",
	"github.com/hashicorp/terraform/helper/schema":               "legacy",
}

// Named returns the package path and name of t's named type, through one pointer.
func Named(t types.Type) (pkg, name string) {
	if t == nil {
		return "", ""
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return "", ""
	}
	return n.Obj().Pkg().Path(), n.Obj().Name()
}

// IsFramework reports whether t is (a pointer to) framework type pkg.name, e.g. ("tfsdk", "State").
func IsFramework(t types.Type, pkg, name string) bool {
	p, n := Named(t)
	return p == Framework+pkg && n == name
}

// IsError reports whether t is the predeclared error type.
func IsError(t types.Type) bool { return types.Identical(t, types.Universe.Lookup("error").Type()) }

// IsDiagnostics reports whether t is (a pointer to) the framework's diag.Diagnostics.
func IsDiagnostics(t types.Type) bool { return IsFramework(t, "diag", "Diagnostics") }

// IsDiagnostic: one diagnostic of the framework (the diag.Diagnostic
// interface, diag.ErrorDiagnostic, diag.WarningDiagnostic) or of SDK v2
// (diag.Diagnostic).
func IsDiagnostic(t types.Type) bool {
	p, name := Named(t)
	switch p {
	case "github.com/hashicorp/terraform-plugin-framework/diag":
		return name == "Diagnostic" || name == "ErrorDiagnostic" || name == "WarningDiagnostic"
	case "github.com/hashicorp/terraform-plugin-sdk/v2/diag":
		return name == "Diagnostic"
	}
	return false
}

// IsResourceData reports whether t is (a pointer to) an SDK's schema.ResourceData.
func IsResourceData(t types.Type) bool {
	p, n := Named(t)
	return n == "ResourceData" && SDKSchemaPkgs[p] != ""
}

// IsResourceDiff reports whether t is (a pointer to) an SDK's schema.ResourceDiff.
func IsResourceDiff(t types.Type) bool {
	p, n := Named(t)
	return n == "ResourceDiff" && SDKSchemaPkgs[p] != ""
}

// DerefStruct returns the struct underlying t, through one pointer.
func DerefStruct(t types.Type) (*types.Struct, bool) {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := types.Unalias(t).Underlying().(*types.Struct)
	return st, ok
}

// PlanTimeRequest: the request of a function the framework calls while values
// may still be unknown — validators, plan modifiers, ValidateConfig,
// ModifyPlan. Create, Update and Read see known values only.
func PlanTimeRequest(t types.Type) bool {
	pkg, name := Named(t)
	if !strings.Contains(pkg, "terraform-plugin-framework") {
		return false
	}
	return strings.HasSuffix(pkg, "/schema/validator") || strings.HasSuffix(pkg, "/planmodifier") ||
		name == "ValidateConfigRequest" || name == "ModifyPlanRequest"
}

// ModelTag returns the tfsdk name of field i of struct t (or *t), or "" for
// an untagged field or one the framework skips (tfsdk:"-").
func ModelTag(t types.Type, i int) string {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return ""
	}
	if tag, _ := reflect.StructTag(st.Tag(i)).Lookup("tfsdk"); tag != "-" {
		return tag
	}
	return ""
}

// ImportsFramework: pkg imports a package of terraform-plugin-framework (or
// of a module named after it, terraform-plugin-framework-validators).
func ImportsFramework(pkg *types.Package) bool {
	for _, p := range pkg.Imports() {
		if strings.HasPrefix(p.Path(), strings.TrimSuffix(Framework, "/")) {
			return true
		}
	}
	return false
}
