package unknownwhenabsent

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

type model struct {
	ID          types.String `tfsdk:"id"`
	Name        types.String `tfsdk:"name"`
	Mode        types.String `tfsdk:"mode"`
	Tier        types.String `tfsdk:"tier"`
	Fingerprint types.String `tfsdk:"fingerprint"`
	Owner       types.String `tfsdk:"owner"`
	Region      types.String `tfsdk:"region"`
	Size        types.Int64  `tfsdk:"size"`
	Etag        types.String `tfsdk:"etag"`
	KeyID       types.String `tfsdk:"key_id"`
	CertID      types.String `tfsdk:"cert_id"`
}

type out struct {
	ID     string
	Key    *string
	Owner  *string
	Region string
	Size   int64
	Info   map[string]any
	Config struct{ KeyID, CertID *string }
}

type client struct{}

func (client) create(string) (*out, error) { return &out{}, nil }

type widget struct{ c client }

func (widget) Metadata(context.Context, resource.MetadataRequest, *resource.MetadataResponse) {}

func (widget) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":          schema.StringAttribute{Computed: true},
		"name":        schema.StringAttribute{Required: true},
		"mode":        schema.StringAttribute{Optional: true, Computed: true},
		"tier":        schema.StringAttribute{Computed: true},
		"fingerprint": schema.StringAttribute{Computed: true},
		"owner":       schema.StringAttribute{Computed: true},
		"region":      schema.StringAttribute{Computed: true},
		"size":        schema.Int64Attribute{Computed: true},
		"etag":        schema.StringAttribute{Computed: true},
		"key_id":      schema.StringAttribute{Computed: true},
		"cert_id":     schema.StringAttribute{Computed: true},
	}}
}

// fromAPI maps the answer onto the model.
func (m *model) fromAPI(o *out) {
	m.ID = types.StringValue(o.ID)
	if mode, ok := o.Info["mode"].(string); ok && mode != "" {
		m.Mode = types.StringValue(mode) // want `APPLY-1: widget.Create sets "mode" \(Computed\) only when the API's answer holds it`
	}
	if o.Key != nil {
		m.Fingerprint = types.StringValue(*o.Key) // want `APPLY-1: widget.Create sets "fingerprint" \(Computed\) only when the API's answer holds it`
	}
	m.Owner = types.StringPointerValue(o.Owner) // null when absent
	if o.Region != "" {
		m.Region = types.StringValue(o.Region)
	} else {
		m.Region = types.StringNull()
	}
	m.Size = types.Int64Value(o.Size)
}

func (r widget) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	o, err := r.c.create(plan.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("create", err.Error())
		return
	}
	plan.fromAPI(o)
	if o.Owner != nil {
		plan.Etag = types.StringValue(*o.Owner) // want `APPLY-1: widget.Create sets "etag" \(Computed\) only when the API's answer holds it`
	}
	// Two levels into the answer: the test and the load address it anew.
	if o.Config.KeyID != nil {
		plan.KeyID = types.StringValue(*o.Config.KeyID) // want `APPLY-1: widget.Create sets "key_id" \(Computed\) only when the API's answer holds it`
	}
	if o.Config.CertID != nil {
		plan.CertID = types.StringValue(*o.Config.CertID)
	} else {
		plan.CertID = types.StringNull() // null when absent: fine
	}
	if plan.Name.ValueString() != "" {
		plan.Tier = types.StringValue("standard") // a branch on the configuration, not the answer
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (widget) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (widget) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (widget) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

var _ resource.Resource = widget{}

func buildID(parts ...string) (string, error) { return parts[0], nil }

// fill sets the ID unless building it fails: a failure, not an absence.
func (m *model) fill(o *out) error {
	if id, err := buildID(o.ID); err != nil {
		return err
	} else {
		m.Tier = types.StringValue(id)
	}
	return nil
}

type gadget struct{ widget }

func (r gadget) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	o, _ := r.c.create(plan.Name.ValueString())
	if err := plan.fill(o); err != nil {
		resp.Diagnostics.AddError("fill", err.Error())
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

var _ resource.Resource = gadget{}

// applyBody fails when the answer lacks the ID: nothing is saved then.
func (m *model) applyBody(o *out) diag.Diagnostics {
	var diags diag.Diagnostics
	if o.ID == "" {
		diags.AddError("Invalid response", "no id")
		return diags
	}
	m.Tier = types.StringValue(o.ID)
	return diags
}

type gizmo struct{ widget }

func (r gizmo) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	o, _ := r.c.create(plan.Name.ValueString())
	resp.Diagnostics.Append(plan.applyBody(o)...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

var _ resource.Resource = gizmo{}

// An item whose fields come as a list: a value is set when a field of its
// purpose is in the list.
type itemModel struct {
	ID       types.String `tfsdk:"id"`
	Title    types.String `tfsdk:"title"`
	Username types.String `tfsdk:"username"`
	Password types.String `tfsdk:"password"`
	Note     types.String `tfsdk:"note"`
	Pin      types.String `tfsdk:"pin"`
	Code     types.String `tfsdk:"code"`
}

type field struct{ Purpose, Label, Value string }

type item struct {
	ID     string
	Fields []field
	Attrs  map[string]string
}

func (client) createItem(string) (*item, error) { return &item{}, nil }

type vault struct{ c client }

func (vault) Metadata(context.Context, resource.MetadataRequest, *resource.MetadataResponse) {}

func (vault) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":       schema.StringAttribute{Computed: true},
		"title":    schema.StringAttribute{Required: true},
		"username": schema.StringAttribute{Optional: true, Computed: true},
		"password": schema.StringAttribute{Optional: true, Computed: true, Sensitive: true},
		"note":     schema.StringAttribute{Optional: true, Computed: true},
		"pin":      schema.StringAttribute{Optional: true, Computed: true, PlanModifiers: []planmodifier.String{keepPrior{}}},
		"code":     schema.StringAttribute{Optional: true, Computed: true, PlanModifiers: []planmodifier.String{defaultCode{}}},
	}}
}

func itemToModel(it *item, m *itemModel) {
	m.ID = types.StringValue(it.ID)
	// A model of the helper's own, built aside: m's stores stay in sight.
	prev := itemModel{Title: m.Title}
	prev.Username = types.StringValue(it.ID)
	keep(&prev)
	m.Note = types.StringNull() // set before the loop: the loop may replace it
	for _, f := range it.Fields {
		switch f.Purpose {
		case "USERNAME":
			m.Username = types.StringValue(f.Value) // want `APPLY-1: vault.Create sets "username" \(Computed\) only inside a loop over the API's answer`
		case "NOTES":
			m.Note = types.StringValue(f.Value)
		case "PIN":
			m.Pin = types.StringValue(f.Value) // want `APPLY-1: vault.Create sets "pin" \(Computed\) only inside a loop over the API's answer`
		case "CODE":
			m.Code = types.StringValue(f.Value) // the plan modifier makes it known: fine
		default:
			if f.Label == "password" {
				m.Password = types.StringValue(f.Value) // want `APPLY-1: vault.Create sets "password" \(Computed\) only inside a loop over the API's answer`
			}
		}
	}
	for k, v := range it.Attrs {
		if k == "password" {
			m.Password = types.StringValue(v)
		}
	}
}

func (r vault) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan itemModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	it, err := r.c.createItem(plan.Title.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("create", err.Error())
		return
	}
	itemToModel(it, &plan)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (vault) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (vault) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (vault) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

var _ resource.Resource = vault{}

// keepPrior keeps the prior value: without prior state (Create) it does
// nothing, and the plan's unknown stays.
type keepPrior struct{}

func (keepPrior) Description(context.Context) string         { return "keep" }
func (keepPrior) MarkdownDescription(context.Context) string { return "keep" }
func (keepPrior) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if req.StateValue.IsNull() || !req.PlanValue.IsUnknown() || req.ConfigValue.IsUnknown() {
		return
	}
	resp.PlanValue = req.StateValue
}

// defaultCode plans a value of its own when the configuration sets none.
type defaultCode struct{}

func (defaultCode) Description(context.Context) string         { return "default" }
func (defaultCode) MarkdownDescription(context.Context) string { return "default" }
func (defaultCode) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if req.ConfigValue.IsNull() {
		resp.PlanValue = types.StringValue("0000")
	}
}

func keep(*itemModel) {}
