// Package datasourceremove defines an Analyzer that reports data sources that
// remove themselves from state instead of failing (READ-4).
//
// See [Doc] for what it reports and why; docs/checks/datasourceremove.md is generated from it.
package datasourceremove

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "datasourceremove",
	Title: "Data source removes itself instead of reporting the missing object",
	Rules: []rules.ID{"READ-4"},
	Why: `A data source has no state to drop: when the object it looks up does not exist, the user's configuration is wrong and Read must return an error. resp.State.RemoveResource in a framework data source's Read returns a null object, which Terraform rejects with "Provider produced null object" — nothing the user can act on. d.SetId("") in an SDK data source's Read makes the SDK return an object whose attributes are all null, without an error, so everything that reads the data source silently gets nulls. A removal followed on its path by an error diagnostic (framework) or an error return (SDK) is left alone: Terraform then reports that error.

An SDK data source whose Read never gives it an ID at all — no d.SetId with a non-empty value in Read, its closures, or the package's helpers it hands d to — has the same fate on every read: the SDK builds no state without an ID. A Read that hands d to code out of sight is left alone.`,
	Bad: `if httpResp.StatusCode == http.StatusNotFound {
	resp.State.RemoveResource(ctx)
	return
}`,
	Good: `if httpResp.StatusCode == http.StatusNotFound {
	resp.Diagnostics.AddError("Network not found", fmt.Sprintf("no network named %q", name))
	return
}`,
	Severity: "error",
	Since:    "v0.1.0",
	Summary:  "a data source that removes itself (`resp.State.RemoveResource`, SDK `d.SetId(\"\")`) instead of reporting the missing object, or an SDK data source whose Read never sets an ID",
}
