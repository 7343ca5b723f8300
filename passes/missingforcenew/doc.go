// Package missingforcenew defines an Analyzer that reports configurable
// attributes which nothing can update in place.
//
// # Analyzer missingforcenew
//
// missingforcenew: attribute can change but the resource cannot update it (SCHEMA-3)
//
// SDK: a resource without an Update function (in any spelling: Update,
// UpdateContext, UpdateWithoutTimeout), or whose Update is the very same
// function as Create, must mark every non-Computed attribute ForceNew
// (nested ones too, unless an enclosing block is ForceNew). Otherwise a
// change plans an in-place update that either fails ("doesn't support
// update") or, when Update is Create, creates a second remote object and
// orphans the first. When some attribute is ForceNew, a shared Create is an
// upsert keyed by those (a Vault role write) and nothing is reported. A shared function whose name marks it as an upsert
// (CreateOrUpdate, Upsert, Put, Set, Apply, ...) is taken as idempotent by
// design and not reported. Write-only attributes never plan a change and are
// skipped; Optional+Computed attributes are not (the SDK's own InternalValidate
// lets them through, yet changing one plans an update all the same).
//
// Framework: an Update method that never writes resp.State (it only adds
// an error, or does nothing) while a non-Computed attribute has no
// RequiresReplace plan modifier: changing that attribute fails at apply.
// Attributes with a custom plan modifier are left alone, since it may
// require replacement.
//
// Bad:
//
//	return &schema.Resource{
//		CreateContext: nsCreate,
//		UpdateContext: nsCreate,
//		Schema: map[string]*schema.Schema{"path": {Type: schema.TypeString, Required: true}},
//	}
//
// Good:
//
//	Schema: map[string]*schema.Schema{"path": {Type: schema.TypeString, Required: true, ForceNew: true}},
package missingforcenew
