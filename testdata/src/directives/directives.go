// Package directives exercises //lintignore end to end (cmd/tflifecyclelint
// tests): by check name, by rule ID, a typo, and one that silences nothing.
package directives

import (
	"context"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

func create(_ context.Context, d *schema.ResourceData, _ any) diag.Diagnostics {
	d.SetId("id")
	return nil
}

func noop(context.Context, *schema.ResourceData, any) diag.Diagnostics { return nil }

func byName() *schema.Resource {
	//lintignore:missingforcenew the remote API replaces the object by itself
	return &schema.Resource{CreateContext: create, ReadContext: noop, DeleteContext: noop, Schema: map[string]*schema.Schema{"name": {Type: schema.TypeString, Required: true}}}
}

func byRule() *schema.Resource {
	//lintignore:SCHEMA-3 the remote API replaces the object by itself
	return &schema.Resource{CreateContext: create, ReadContext: noop, DeleteContext: noop, Schema: map[string]*schema.Schema{"name": {Type: schema.TypeString, Required: true}}}
}

func typo() *schema.Resource {
	//lintignore:missingforcenw the remote API replaces the object by itself
	return &schema.Resource{CreateContext: create, ReadContext: noop, DeleteContext: noop, Schema: map[string]*schema.Schema{"name": {Type: schema.TypeString, Required: true}}}
}

func stale() *schema.Resource {
	//lintignore:missingforcenew left behind when name became ForceNew
	return &schema.Resource{CreateContext: create, ReadContext: noop, DeleteContext: noop, Schema: map[string]*schema.Schema{"name": {Type: schema.TypeString, Required: true, ForceNew: true}}}
}
