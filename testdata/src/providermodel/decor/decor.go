// Package decor holds attribute decorators, in a package of their own so
// that their summaries must travel as facts.
package decor

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	sdkschema "github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/validation"
)

// WithEnum adds a validator and a sentence of description: the flags are the argument's.
func WithEnum(base schema.StringAttribute, choices []string) schema.StringAttribute { // want WithEnum:`attr decorator of param 1 changing \[MarkdownDescription Validators\]`
	if base.MarkdownDescription != "" {
		base.MarkdownDescription += " "
	}
	base.MarkdownDescription += "One of the choices."
	base.Validators = append(base.Validators, oneOf(choices))
	return base
}

// Sensitive changes a flag: the attribute it returns is Uncertain.
func Sensitive(base schema.StringAttribute, on bool) schema.StringAttribute { // want Sensitive:`attr decorator of param 1 changing \[Sensitive\]`
	base.Sensitive = on
	return base
}

// NotEmpty is an SDK decorator on the pointer.
func NotEmpty(s *sdkschema.Schema) *sdkschema.Schema { // want NotEmpty:`sdkschema decorator of param 1 changing \[ValidateFunc\]`
	s.ValidateFunc = validation.StringIsNotEmpty
	return s
}

// Tweak hands the pointer to a function that may change anything: no summary.
func Tweak(s *sdkschema.Schema) *sdkschema.Schema { // want Tweak:`sdkschema unresolved`
	adjust(s)
	return s
}

func adjust(s *sdkschema.Schema) { s.Computed = true }

// Validated adds validators handed in; the slice parameter is no attribute.
func Validated(base schema.StringAttribute, vs ...validator.String) schema.StringAttribute { // want Validated:`attr decorator of param 1 changing \[Validators\]`
	base.Validators = append(base.Validators, vs...)
	return base
}

type oneOf []string

func (oneOf) Description(context.Context) string         { return "one of" }
func (oneOf) MarkdownDescription(context.Context) string { return "one of" }
func (oneOf) ValidateString(context.Context, validator.StringRequest, *validator.StringResponse) {
}

type TokenConfig struct{ TypeDefault string }

// AddTokenFields adds shared fields to the map it is handed.
func AddTokenFields(fields map[string]*sdkschema.Schema, config *TokenConfig) { // want AddTokenFields:`sdkschemamap adds to param 1 \{token_ttl:int/O token_type:string/OD\}`
	if config.TypeDefault == "" {
		config.TypeDefault = "default"
	}
	if _, ok := fields["tune"]; ok {
		config.TypeDefault = "tuned"
	}
	fields["token_ttl"] = &sdkschema.Schema{Type: sdkschema.TypeInt, Optional: true}
	fields["token_type"] = &sdkschema.Schema{Type: sdkschema.TypeString, Optional: true, Default: config.TypeDefault}
}
