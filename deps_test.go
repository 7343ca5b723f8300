package tflifecyclelint_test

// The fixtures under testdata/src compile against these modules; analysistest
// loads them with the module proxy off, so they must stay required here (and
// be in the module cache: `go mod download`). SDK v1 fixtures are required
// by testdata/src/go.mod only (its grpc pin conflicts with this module's);
// .ci/run downloads that module's requirements too.
import (
	_ "github.com/hashicorp/terraform-plugin-framework/resource"
	_ "github.com/hashicorp/terraform-plugin-go/tfprotov6"
	_ "github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)
