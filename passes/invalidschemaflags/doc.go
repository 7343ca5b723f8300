// Package invalidschemaflags defines an Analyzer that reports attribute flag
// combinations Terraform or the framework reject.
//
// # Analyzer invalidschemaflags
//
// invalidschemaflags: impossible attribute flags (SCHEMA-1, SCHEMA-2)
//
// Reported, for framework and SDK schemas (nested attributes included):
//   - SCHEMA-1: Required together with Optional or Computed; an attribute with
//     none of Required, Optional, Computed.
//   - SCHEMA-2 (framework): a Default on an attribute that is not Computed
//     (the framework rejects the schema at run time); a WriteOnly attribute
//     that is Computed, or nested inside a set (set elements are identified by
//     value, and a write-only value is never stored).
//
// Bad:
//
//	"region": schema.StringAttribute{Optional: true, Default: stringdefault.StaticString("us")},
//
// Good:
//
//	"region": schema.StringAttribute{Optional: true, Computed: true, Default: stringdefault.StaticString("us")},
package invalidschemaflags
