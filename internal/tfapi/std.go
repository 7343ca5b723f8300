package tfapi

import (
	"go/token"
	"strings"
)

// stdRoots are the first path elements of the standard library's packages.
var stdRoots = map[string]bool{}

func init() {
	for _, r := range strings.Fields(`archive bufio builtin bytes cmp compress container context crypto
		database debug embed encoding errors expvar flag fmt go hash html image index internal io iter
		log maps math mime net os path plugin reflect regexp runtime slices sort strconv strings structs
		sync syscall testing text time unicode unique unsafe weak vendor C`) {
		stdRoots[r] = true
	}
}

// IsStd reports whether path is a standard library package.
func IsStd(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return stdRoots[first]
}

// IsPluginLib reports whether path belongs to the plugin libraries
// (framework, SDKs, plugin-go, plugin-log) or Terraform itself.
func IsPluginLib(path string) bool {
	return strings.HasPrefix(path, "github.com/hashicorp/terraform-plugin-") || strings.HasPrefix(path, "github.com/hashicorp/terraform/")
}

// SourceOrder orders positions by file name, then offset. token.Pos order is
// not enough across files: loaders add a package's files to the file set in
// no fixed order, and the drivers must agree.
func SourceOrder(fset *token.FileSet, a, b token.Pos) bool {
	pa, pb := fset.Position(a), fset.Position(b)
	if pa.Filename != pb.Filename {
		return pa.Filename < pb.Filename
	}
	return pa.Offset < pb.Offset
}
