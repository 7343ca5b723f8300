package missingstateset

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

type memberModel struct {
	ID       types.String `tfsdk:"id"`
	Group    types.String `tfsdk:"group"`
	Members  types.Set    `tfsdk:"members"`
	Label    types.String `tfsdk:"label"`
	Password types.String `tfsdk:"password"`
	TokenWO  types.String `tfsdk:"token_wo"`
}

type members struct{}

func (members) Metadata(context.Context, resource.MetadataRequest, *resource.MetadataResponse) {}
func (members) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id": schema.StringAttribute{Computed: true,
			PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
		"group": schema.StringAttribute{Required: true,
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()}},
		"members":  schema.SetAttribute{Required: true, ElementType: types.StringType},
		"label":    schema.StringAttribute{Optional: true},
		"password": schema.StringAttribute{Required: true, Sensitive: true},
		"token_wo": schema.StringAttribute{Optional: true, WriteOnly: true}, // null in plan and state
	}}
}

func applyMembers(context.Context, memberModel) {}

// Safe: members, label and password are all the attributes that can change
// in place; Terraform does not call Update when none of them changed.
type membersCompared struct{ members }

func (membersCompared) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var m memberModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}
func (membersCompared) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (membersCompared) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}
func (membersCompared) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan, state memberModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if plan.Members.Equal(state.Members) && plan.Label.ValueString() == state.Label.ValueString() && plan.Password.Equal(state.Password) {
		return
	}
	applyMembers(ctx, plan)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// memberModelV2 shares fields through an embedded struct.
type memberModelV2 struct {
	credentials
	ID      types.String `tfsdk:"id"`
	Group   types.String `tfsdk:"group"`
	Members types.Set    `tfsdk:"members"`
}

type credentials struct {
	Label    types.String `tfsdk:"label"`
	Password types.String `tfsdk:"password"`
}

// Safe: the same with a flag set under each comparison, and fields promoted
// from an embedded struct.
type membersFlag struct{ membersCompared }

func (membersFlag) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan, state memberModelV2
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	changed := false
	if !plan.Members.Equal(state.Members) {
		changed = true
	}
	if !plan.Label.Equal(state.Label) || !plan.Password.Equal(state.Password) {
		changed = true
	}
	if !changed {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// The test compares only the password: a change of label alone reaches
// Update, takes this return and leaves resp.State null.
type passwordOnly struct{ membersCompared }

func (passwordOnly) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan, state memberModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if plan.Password.Equal(state.Password) {
		return // want `APPLY-3: passwordOnly.Update can return without an error and without writing resp.State \(when only one of members, label changes`
	}
	applyMembers(ctx, plan)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func createAll(context.Context, memberModel) []error { return nil }

// Safe: a non-empty error slice adds one error per element.
type errorList struct{ members }

func (errorList) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var m memberModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	if errs := createAll(ctx, m); errs != nil {
		for _, err := range errs {
			resp.Diagnostics.AddError("create failed", err.Error())
		}
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}
func (errorList) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (errorList) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (errorList) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

// The slice is not known to be non-empty here.
type errorListUnchecked struct{ errorList }

func (errorListUnchecked) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var m memberModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	if m.Label.IsNull() {
		for _, err := range createAll(ctx, m) {
			resp.Diagnostics.AddError("create failed", err.Error())
		}
		return // want `APPLY-3: errorListUnchecked.Create can return without an error`
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

const (
	converged = "converged"
	failed    = "failed"
	pending   = "pending"
)

func poll(context.Context) (bool, error) { return true, nil }

// converge returns failed only once the diagnostics hold an error, and
// pending without one.
func converge(ctx context.Context, diags *diag.Diagnostics) (string, error) {
	done, err := poll(ctx)
	if err != nil {
		diags.AddError("poll failed", err.Error())
		return failed, nil
	}
	if diags.HasError() {
		return failed, nil
	}
	if !done {
		return pending, nil
	}
	return converged, nil
}

// Safe: "failed" means the helper has already reported the error.
type converging struct{ errorList }

func (converging) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var m memberModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	st, err := converge(ctx, &resp.Diagnostics)
	if st == failed {
		return
	}
	if err != nil {
		resp.Diagnostics.AddError("converge", err.Error())
		return
	}
	if st == pending {
		return // want `APPLY-3: converging.Create can return without an error`
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

// noteOptional is a variable: handed to optionalString, whose flags come
// from its parameter, it leaves them unknown to the schema model.
var noteOptional = true

// optionalString takes its flags as a parameter.
func optionalString(optional bool) schema.StringAttribute {
	return schema.StringAttribute{Optional: optional, Computed: !optional}
}

type uncertainModel struct {
	Label    types.String `tfsdk:"label"`
	Note     types.String `tfsdk:"note"`
	Timeouts types.String `tfsdk:"timeouts"`
}

type uncertain struct{ errorList }

func (uncertain) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"label": schema.StringAttribute{Optional: true},
		"note":  optionalString(noteOptional),
	}}
}

// Safe: every attribute known to change in place is compared; whether
// "note" can is not known, so the check stays quiet.
func (uncertain) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan, state uncertainModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if plan.Label.Equal(state.Label) {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// Bug: the same helper called with a constant fixes the flags: "note" is
// Optional, and an Update that changes only it returns without saving.
type boundNote struct{ errorList }

func (boundNote) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"label": schema.StringAttribute{Optional: true},
		"note":  optionalString(true),
	}}
}

func (boundNote) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan, state uncertainModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if plan.Label.Equal(state.Label) {
		return // want `APPLY-3: boundNote.Update can return without an error and without writing resp.State \(when only note changes`
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

type withTimeouts struct{ errorList }

func (withTimeouts) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"label":    schema.StringAttribute{Optional: true},
		"timeouts": optionalString(true), // stands in for timeouts.Attributes(ctx, ...)
	}}
}

// A change of the timeouts alone reaches Update.
func (withTimeouts) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan, state uncertainModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if plan.Label.Equal(state.Label) {
		return // want `when only timeouts changes`
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}
