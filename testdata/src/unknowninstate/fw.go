package unknowninstate

import (
	"context"
	"errors"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	dsschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"fixtures/unknowninstate/fill"
)

type model struct {
	ID        types.String `tfsdk:"id"`
	Name      types.String `tfsdk:"name"`
	Status    types.String `tfsdk:"status"`
	CreatedAt types.String `tfsdk:"created_at"`
	Region    types.String `tfsdk:"region"`
}

type client struct{}

func (client) Create(string) (fill.Out, error) { return fill.Out{}, nil }
func (client) Wait(string) error               { return nil }

type base struct{ c client }

func (base) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_x"
}
func (base) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id": schema.StringAttribute{Computed: true,
			PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
		"name":       schema.StringAttribute{Required: true},
		"status":     schema.StringAttribute{Computed: true},
		"created_at": schema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
		"region":     schema.StringAttribute{Optional: true, Computed: true, Default: stringdefault.StaticString("eu")},
	}}
}
func (base) Create(context.Context, resource.CreateRequest, *resource.CreateResponse) {}
func (base) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (base) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (base) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

// Sets the ID and saves: status and created_at are still the plan's unknowns.
type forgets struct{ base }

func (r forgets) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	out, err := r.c.Create(plan.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("create", err.Error())
		return
	}
	plan.ID = types.StringValue(out.ID)
	plan.Status = types.StringValue(out.Status)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...) // want `APPLY-1: forgets.Create can save "created_at" \(Computed\) to resp.State while it still holds the plan's value`
}

// The interim-state shape (A04): a helper builds the saved model from the
// plan and nulls some unknowns but not all, then the wait can still fail.
type interim struct{ base }

func pending(plan model, id string) model {
	plan.ID = types.StringValue(id)
	if plan.Status.IsNull() || plan.Status.IsUnknown() {
		plan.Status = types.StringNull()
	}
	return plan
}

func (r interim) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	out, err := r.c.Create(plan.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("create", err.Error())
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, pending(plan, out.ID))...) // want `APPLY-1: interim.Create can save "created_at"`
	if err := r.c.Wait(out.ID); err != nil {
		resp.Diagnostics.AddError("wait", err.Error())
		return
	}
	plan.ID = types.StringValue(out.ID)
	plan.Status = types.StringValue(out.Status)
	plan.CreatedAt = types.StringValue(out.CreatedAt)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}

// Status is set on one path only (an API response that may lack it): left
// alone on purpose, the check reports attributes no path resolves.
type branchForgets struct{ base }

func (r branchForgets) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if plan.Name.ValueString() != "" {
		out, _ := r.c.Create(plan.Name.ValueString())
		plan.Status = types.StringValue(out.Status)
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// An explicit unknown through SetAttribute.
type setsUnknown struct{ base }

func (r setsUnknown) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, _ := r.c.Create(plan.Name.ValueString())
	plan.ID = types.StringValue(out.ID)
	plan.CreatedAt = types.StringValue(out.CreatedAt)
	plan.Status = types.StringValue(out.Status)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("status"), types.StringUnknown())...) // want `APPLY-1: setsUnknown.Create can save an unknown value \(types.XxxUnknown\(\)\) as "status"`
}

// Read writing an unknown (READ-1).
type readUnknown struct{ base }

func (r readUnknown) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state model
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	state.Status = types.StringUnknown()
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...) // want `READ-1: readUnknown.Read can save an unknown value \(types.XxxUnknown\(\)\) as "status"`
}

// --- safe idioms ---

// Every computed field is set from the response.
type fillsAll struct{ base }

func (r fillsAll) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, err := r.c.Create(plan.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("create", err.Error())
		return
	}
	plan.ID = types.StringValue(out.ID)
	plan.Status = types.StringValue(out.Status)
	plan.CreatedAt = types.StringValue(out.CreatedAt)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// Unknowns nulled out before saving, in the two usual spellings.
type nullsUnknowns struct{ base }

func (r nullsUnknowns) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, _ := r.c.Create(plan.Name.ValueString())
	plan.ID = types.StringValue(out.ID)
	if plan.Status.IsUnknown() {
		plan.Status = types.StringNull()
	}
	if plan.CreatedAt.IsNull() || plan.CreatedAt.IsUnknown() {
		plan.CreatedAt = types.StringNull()
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}

// A helper in another package fills the model: not followed, counts as filled.
type otherPackage struct{ base }

func (r otherPackage) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, _ := r.c.Create(plan.Name.ValueString())
	fill.Model(&plan, out)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}

// A field handed to a helper by address counts as set.
type fieldHelper struct{ base }

func (r fieldHelper) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, _ := r.c.Create(plan.Name.ValueString())
	fill.Strings(&plan.ID, out.ID)
	fill.Strings(&plan.Status, out.Status)
	fill.Strings(&plan.CreatedAt, out.CreatedAt)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}

// A method on the model, in this package, that fills it: followed.
func (m *model) refresh(out fill.Out) {
	m.ID = types.StringValue(out.ID)
	m.Status = types.StringValue(out.Status)
	m.CreatedAt = types.StringValue(out.CreatedAt)
}

type modelMethod struct{ base }

func (r modelMethod) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, _ := r.c.Create(plan.Name.ValueString())
	plan.refresh(out)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}

// A helper that fails before filling: only its success returns count.
func (r base) read(m *model) error {
	out, err := r.c.Create(m.Name.ValueString())
	if err != nil {
		return errors.New("read: " + err.Error())
	}
	m.refresh(out)
	return nil
}

type readHelper struct{ base }

func (r readHelper) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if err := r.read(&plan); err != nil {
		resp.Diagnostics.AddError("read", err.Error())
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// Update: UseStateForUnknown keeps id and created_at known; status is set.
type updateKeeps struct{ base }

func (r updateKeeps) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, _ := r.c.Create(plan.Name.ValueString())
	plan.Status = types.StringValue(out.Status)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// A fresh model built from the response, copying only configured values.
type freshModel struct{ base }

func (r freshModel) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, _ := r.c.Create(plan.Name.ValueString())
	state := model{
		ID:     types.StringValue(out.ID),
		Name:   plan.Name,
		Region: plan.Region,
		Status: types.StringValue(out.Status),
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
}

// Saved first, then the remaining attribute written with SetAttribute.
type setAttrAfter struct{ base }

func (r setAttrAfter) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, _ := r.c.Create(plan.Name.ValueString())
	plan.ID = types.StringValue(out.ID)
	plan.Status = types.StringValue(out.Status)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("created_at"), out.CreatedAt)...)
}

// A model captured by a closure: the check cannot follow it and stays quiet.
type closure struct{ base }

func (r closure) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	set := func(out fill.Out) { plan.refresh(out) }
	out, _ := r.c.Create(plan.Name.ValueString())
	set(out)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}

// A data source writing a known state.
type dataSource struct{}

func (dataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_x"
}
func (dataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = dsschema.Schema{Attributes: map[string]dsschema.Attribute{
		"id":     dsschema.StringAttribute{Required: true},
		"status": dsschema.StringAttribute{Computed: true},
	}}
}

type dsModel struct {
	ID     types.String `tfsdk:"id"`
	Status types.String `tfsdk:"status"`
}

func (dataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m dsModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	m.Status = types.StringValue("ok")
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

// Update forgets status on every path (no UseStateForUnknown on it).
type updateForgets struct{ base }

func (r updateForgets) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	for range 3 {
		if _, err := r.c.Create(plan.Name.ValueString()); err == nil {
			break
		}
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...) // want `APPLY-1: updateForgets.Update can save "status"`
}

// A fill method that hands its receiver back, saved directly (argocd's
// resp.State.Set(ctx, data.updateFromAPI(out))).
func (m *model) fromAPI(out fill.Out) *model {
	m.refresh(out)
	return m
}

// ... and one that forgets a field.
func (m *model) partlyFromAPI(out fill.Out) *model {
	m.ID = types.StringValue(out.ID)
	return m
}

type returnsReceiver struct{ base }

func (r returnsReceiver) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, _ := r.c.Create(plan.Name.ValueString())
	resp.Diagnostics.Append(resp.State.Set(ctx, plan.fromAPI(out))...)
}

func (r returnsReceiver) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, _ := r.c.Create(plan.Name.ValueString())
	resp.Diagnostics.Append(resp.State.Set(ctx, plan.partlyFromAPI(out))...) // want `APPLY-1: returnsReceiver.Update can save "status"`
}

// A helper that hands back a pointer to its own copy of the model; the
// caller sets the rest through that pointer (akamai's upsert).
func (r base) upsert(m model) (*model, error) {
	out, err := r.c.Create(m.Name.ValueString())
	if err != nil {
		return nil, err
	}
	m.Status = types.StringValue(out.Status)
	m.CreatedAt = types.StringValue(out.CreatedAt)
	return &m, nil
}

type pointerBack struct{ base }

func (r pointerBack) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	state, err := r.upsert(plan)
	if err != nil {
		resp.Diagnostics.AddError("create", err.Error())
		return
	}
	state.ID = types.StringValue("fixed")
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
}

func (r pointerBack) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	state, err := r.upsert(plan)
	if err != nil {
		resp.Diagnostics.AddError("update", err.Error())
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
}

// A helper builds the state from the API answer and the planned status,
// keeping the planned one only when it is known (vercel's log drain secret).
type keepsKnownPlanned struct{ base }

func fromResponse(out fill.Out, status types.String) model {
	if status.IsNull() || status.IsUnknown() {
		status = types.StringValue(out.Status)
	}
	return model{ID: types.StringValue(out.ID), Name: types.StringValue(out.ID), Status: status,
		CreatedAt: types.StringValue(out.CreatedAt), Region: types.StringValue("eu")}
}

func (r keepsKnownPlanned) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, err := r.c.Create(plan.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("create", err.Error())
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, fromResponse(out, plan.Status))...)
}

// The same helper without the test passes the planned unknown through.
type passesPlanned struct{ base }

func passThrough(out fill.Out, status types.String) model {
	if status.IsNull() {
		status = types.StringValue(out.Status)
	}
	return model{ID: types.StringValue(out.ID), Name: types.StringValue(out.ID), Status: status,
		CreatedAt: types.StringValue(out.CreatedAt), Region: types.StringValue("eu")}
}

func (r passesPlanned) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, err := r.c.Create(plan.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("create", err.Error())
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, passThrough(out, plan.Status))...) // want `APPLY-1: passesPlanned.Create can save "status"`
}

// An unknown value reads as "": a non-empty ValueString() is a known value
// (coderd's user name, falling back to the username).
type fallbackStatus struct{ base }

func (r fallbackStatus) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	status := plan.Name
	if plan.Status.ValueString() != "" {
		status = plan.Status
	}
	plan.Status = status
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}

// Saved only where status reads non-empty, which an unknown never does.
type savesWhenSet struct{ base }

func (r savesWhenSet) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if plan.Status.ValueString() == "" {
		resp.Diagnostics.AddError("status", "not known yet")
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}
