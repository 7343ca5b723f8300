package providermodel

import (
	sdkschema "github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

// A helper shared with a data source changes its map on one side of a
// branch on its parameter: its value holds on the other side, and each call
// resolves it from its argument.

type guardOpts struct{ isDataSource bool }

func guardedBase(opts guardOpts) map[string]*sdkschema.Schema { // want guardedBase:`sdkschemamap \{label:string/O\} where param 1.isDataSource is false`
	m := map[string]*sdkschema.Schema{
		"label": {Type: sdkschema.TypeString, Optional: true},
	}
	if opts.isDataSource {
		m = guardStrip(m)
	}
	return m
}

func guardStrip(m map[string]*sdkschema.Schema) map[string]*sdkschema.Schema { // want guardStrip:`sdkschemamap unresolved`
	return m
}

// A bool parameter, negated, handed on by a helper of its own.
func guardedFlag(keep bool) map[string]*sdkschema.Schema { // want guardedFlag:`sdkschemamap \{label:string/O\} where param 1 is true`
	m := map[string]*sdkschema.Schema{
		"label": {Type: sdkschema.TypeString, Optional: true},
	}
	if !keep {
		m = guardStrip(m)
	}
	return m
}

func guardedRelay(keep bool) map[string]*sdkschema.Schema { // want guardedRelay:`sdkschemamap \{label:string/O\} where param 1 is true`
	return guardedFlag(keep)
}

// The helper changes the parameter itself: not followed.
func guardedChanged(opts guardOpts) map[string]*sdkschema.Schema { // want guardedChanged:`sdkschemamap unresolved`
	opts.isDataSource = !opts.isDataSource
	m := map[string]*sdkschema.Schema{
		"label": {Type: sdkschema.TypeString, Optional: true},
	}
	if opts.isDataSource {
		m = guardStrip(m)
	}
	return m
}

func guardedRes() *sdkschema.Resource { // want guardedRes:`sdk resource guardedRes funcs\(Create=CreateContext\) schema v0\{label:string/O\}`
	return &sdkschema.Resource{CreateContext: sdkOp, Schema: guardedBase(guardOpts{})}
}

func guardedDataSide() *sdkschema.Resource { // want guardedDataSide:`sdk resource guardedDataSide funcs\(Create=CreateContext\) schema unresolved`
	return &sdkschema.Resource{CreateContext: sdkOp, Schema: guardedBase(guardOpts{isDataSource: true})}
}

func guardedKept() *sdkschema.Resource { // want guardedKept:`sdk resource guardedKept funcs\(Create=CreateContext\) schema v0\{label:string/O\}`
	return &sdkschema.Resource{CreateContext: sdkOp, Schema: guardedRelay(true)}
}
