// Package fw holds framework Creates that fail after the create (APPLY-3):
// the framework keeps no state while resp.State is null.
package fw

import (
	"context"
	"errors"

	"fixtures/orphanedcreate/api"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

type model struct {
	ID     types.String `tfsdk:"id"`
	Name   types.String `tfsdk:"name"`
	Status types.String `tfsdk:"status"`
}

func fwSchema(resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":     schema.StringAttribute{Computed: true},
		"name":   schema.StringAttribute{Required: true, PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()}},
		"status": schema.StringAttribute{Computed: true},
	}}
}

// base gives every resource its other methods; Delete deletes.
type base struct{ c api.Client }

func (base) Metadata(context.Context, resource.MetadataRequest, *resource.MetadataResponse) {}
func (base) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	fwSchema(resp)
}
func (base) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (base) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (b base) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var m model
	resp.Diagnostics.Append(req.State.Get(ctx, &m)...)
	if err := b.c.DeleteObject(m.ID.ValueString()); err != nil {
		resp.Diagnostics.AddError("deleting", err.Error())
	}
}

// The bug: the wait fails after the object was made; resp.State is still null.
type waits struct{ base }

func (r waits) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	out, err := r.c.CreateObject(plan.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("creating", err.Error())
		return
	}
	plan.ID = types.StringPointerValue(out.ID)
	if err := r.c.WaitReady(*out.ID); err != nil {
		resp.Diagnostics.AddError("waiting", err.Error()) // want `APPLY-3: Create of waits adds an error after CreateObject made the object and before resp.State.Set saves it`
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// Safe twin: the plan with the ID is saved before the wait; a failed wait
// taints the resource.
type waitsSaved struct{ base }

func (r waitsSaved) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, err := r.c.CreateObject(plan.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("creating", err.Error())
		return
	}
	plan.ID = types.StringPointerValue(out.ID)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
	if err := r.c.WaitReady(*out.ID); err != nil {
		resp.Diagnostics.AddError("waiting", err.Error())
		return
	}
	plan.Status = types.StringValue("ready")
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// Safe twin: only the ID is saved before the wait.
type waitsSavedID struct{ base }

func (r waitsSavedID) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, err := r.c.CreateObject(plan.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("creating", err.Error())
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), *out.ID)...)
	if err := r.c.WaitReady(*out.ID); err != nil {
		resp.Diagnostics.AddError("waiting", err.Error())
		return
	}
	plan.ID = types.StringPointerValue(out.ID)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// Safe twin: the object is deleted before the error is returned.
type cleans struct{ base }

func (r cleans) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, err := r.c.CreateObject(plan.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("creating", err.Error())
		return
	}
	if err := r.c.WaitReady(*out.ID); err != nil {
		_ = r.c.DeleteObject(*out.ID)
		resp.Diagnostics.AddError("waiting", err.Error())
		return
	}
	plan.ID = types.StringPointerValue(out.ID)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// Safe twin: a deferred cleanup deletes the object when Create fails.
type defersCleanup struct{ base }

func (r defersCleanup) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, err := r.c.CreateObject(plan.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("creating", err.Error())
		return
	}
	defer func() {
		if resp.Diagnostics.HasError() {
			_ = r.c.DeleteObject(*out.ID)
		}
	}()
	if err := r.c.WaitReady(*out.ID); err != nil {
		resp.Diagnostics.AddError("waiting", err.Error())
		return
	}
	plan.ID = types.StringPointerValue(out.ID)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// Safe twin: the error comes before the create; nothing was made.
type checksFirst struct{ base }

func (r checksFirst) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if plan.Name.ValueString() == "" {
		resp.Diagnostics.AddError("name", "empty")
		return
	}
	out, err := r.c.CreateObject(plan.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("creating", err.Error())
		return
	}
	plan.ID = types.StringPointerValue(out.ID)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// Safe twin: the only error after the create comes once the state is saved.
type failsAfterSave struct{ base }

func (r failsAfterSave) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, err := r.c.CreateObject(plan.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("creating", err.Error())
		return
	}
	plan.ID = types.StringPointerValue(out.ID)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
	if err := r.c.Tag(*out.ID, nil); err != nil {
		resp.Diagnostics.AddError("tagging", err.Error())
	}
}

// The bug: reading the object back fails (the diagnostics of a conversion
// tested with HasError) with nothing saved.
type readsBack struct{ base }

func (r readsBack) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, err := r.c.CreateObject(plan.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("creating", err.Error())
		return
	}
	plan.ID = types.StringPointerValue(out.ID)
	got, err := r.c.GetObject(*out.ID)
	if err != nil {
		resp.Diagnostics.AddError("reading", err.Error()) // want `APPLY-3: Create of readsBack adds an error after CreateObject`
		return
	}
	resp.Diagnostics.Append(flatten(got, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// The bug: a conversion of the answer fails (its diagnostics tested with
// HasError) before the state is saved.
type converts struct{ base }

func (r converts) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, err := r.c.CreateObject(plan.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("creating", err.Error())
		return
	}
	plan.ID = types.StringPointerValue(out.ID)
	resp.Diagnostics.Append(flatten(out, &plan)...)
	if resp.Diagnostics.HasError() { // want `APPLY-3: Create of converts adds an error after CreateObject`
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// Safe twin: the conversion's diagnostics never hold an error, so the
// HasError test after it cannot fail.
type convertsSilently struct{ base }

func (r convertsSilently) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	out, err := r.c.CreateObject(plan.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("creating", err.Error())
		return
	}
	plan.ID = types.StringPointerValue(out.ID)
	resp.Diagnostics.Append(fill(out, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// Safe twin: the fill's error is nil on every path, so its test cannot fail.
type fillsNever struct{ base }

func (r fillsNever) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, err := r.c.CreateObject(plan.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("creating", err.Error())
		return
	}
	if err := plan.fill(out); err != nil {
		resp.Diagnostics.AddError("filling", err.Error())
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (m *model) fill(o *api.Object) error {
	m.parse(o)
	return nil
}

// The bug: the ID is the configured name (handed to the create); the
// follow-up call fails before the save.
type named struct{ base }

func (r named) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	id := api.NewIdentifier("db", plan.Name.ValueString())
	if err := r.c.CreateNamed(id); err != nil {
		resp.Diagnostics.AddError("creating", err.Error())
		return
	}
	if err := r.c.Resume(id); err != nil {
		resp.Diagnostics.AddError("resuming", err.Error()) // want `APPLY-3: Create of named adds an error after CreateNamed`
		return
	}
	plan.ID = types.StringValue(id.String())
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// The bug: the model saved is built from the create's answer (no "id"
// store in Create); the wait fails first.
type fromAnswer struct{ base }

func (r fromAnswer) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, err := r.c.CreateObject(plan.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("creating", err.Error())
		return
	}
	result := modelOf(out)
	if err := r.c.WaitReady(*out.ID); err != nil {
		resp.Diagnostics.AddError("waiting", err.Error()) // want `APPLY-3: Create of fromAnswer adds an error after CreateObject`
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, result)...)
}

func modelOf(o *api.Object) model {
	return model{ID: types.StringPointerValue(o.ID), Status: types.StringValue(o.Status)}
}

// Safe: a HasError test with no diagnostics produced since the create
// cannot fail.
type idleTest struct{ base }

func (r idleTest) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	out, err := r.c.CreateObject(plan.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("creating", err.Error())
		return
	}
	result := modelOf(out)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, result)...)
}

// The bug: the model is stored whole from a conversion of the answer whose
// diagnostics fail the path before the save.
type convertsWhole struct{ base }

func (r convertsWhole) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, err := r.c.CreateObject(plan.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("creating", err.Error())
		return
	}
	result, diags := convert(out)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() { // want `APPLY-3: Create of convertsWhole adds an error after CreateObject`
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &result)...)
}

func convert(o *api.Object) (model, diag.Diagnostics) {
	var m model
	return m, flatten(o, &m)
}

// The bug: the create is a generated client's request builder; the wait
// fails before the save.
type built struct{ base }

func (r built) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, err := r.c.CreateThing("p").Payload(plan.Name.ValueString()).Execute()
	if err != nil {
		resp.Diagnostics.AddError("creating", err.Error())
		return
	}
	plan.ID = types.StringPointerValue(out.ID)
	if err := r.c.WaitReady(*out.ID); err != nil {
		resp.Diagnostics.AddError("waiting", err.Error()) // want `APPLY-3: Create of built adds an error after CreateThing made the object`
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// The bug: the request is built by a failable converter first; the create
// is the builder's call, not the converter.
type payload struct{ base }

func (r payload) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	body, err := toCreatePayload(&plan)
	if err != nil {
		resp.Diagnostics.AddError("building", err.Error())
		return
	}
	out, err := r.c.CreateThing("p").Payload(body).Execute()
	if err != nil {
		resp.Diagnostics.AddError("creating", err.Error())
		return
	}
	plan.ID = types.StringPointerValue(out.ID)
	if err := r.c.WaitReady(*out.ID); err != nil {
		resp.Diagnostics.AddError("waiting", err.Error()) // want `APPLY-3: Create of payload adds an error after CreateThing made the object`
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func toCreatePayload(m *model) (string, error) {
	if m.Name.IsUnknown() {
		return "", errors.New("unknown name")
	}
	return m.Name.ValueString(), nil
}

// The bug: the plan, filled by a method from the waited-for answer, is
// saved; the create was handed a request expanded from it.
type expanded struct{ base }

func (r expanded) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	body, diags := expand(plan)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	out, err := r.c.CreateThing("p").Payload(body).Execute()
	if err != nil {
		resp.Diagnostics.AddError("creating", err.Error())
		return
	}
	if err := r.c.WaitReady(*out.ID); err != nil {
		resp.Diagnostics.AddError("waiting", err.Error()) // want `APPLY-3: Create of expanded adds an error after CreateThing made the object`
		return
	}
	plan.parse(out)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func expand(m model) (string, diag.Diagnostics) { return m.Name.ValueString(), nil }

func (m *model) parse(o *api.Object) { m.ID = types.StringPointerValue(o.ID) }

// The bug: a helper makes the object and returns the wait's error; Create
// returns it with nothing saved.
type viaHelper struct{ base }

func (r viaHelper) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, err := createAndWait(r.c, plan.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("creating", err.Error()) // want `APPLY-3: Create of viaHelper adds an error when createAndWait fails, and createAndWait can fail after CreateObject made the object`
		return
	}
	plan.ID = types.StringPointerValue(out.ID)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func createAndWait(c api.Client, name string) (*api.Object, error) {
	out, err := c.CreateObject(name)
	if err != nil {
		return nil, err
	}
	if err := c.WaitReady(*out.ID); err != nil {
		return nil, err
	}
	return out, nil
}

// Safe twin: the helper deletes the object when the wait fails.
type viaCleaningHelper struct{ base }

func (r viaCleaningHelper) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, err := createOrClean(r.c, plan.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("creating", err.Error())
		return
	}
	plan.ID = types.StringPointerValue(out.ID)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func createOrClean(c api.Client, name string) (*api.Object, error) {
	out, err := c.CreateObject(name)
	if err != nil {
		return nil, err
	}
	if err := c.WaitReady(*out.ID); err != nil {
		_ = c.DeleteObject(*out.ID)
		return nil, err
	}
	return out, nil
}

// The bug: a follow-up call the plan asks for fails after the create; the
// test of the plan is no test of the create's answer.
type tagsWhenAsked struct{ base }

func (r tagsWhenAsked) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, err := r.c.CreateObject(plan.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("creating", err.Error())
		return
	}
	if plan.Status.ValueString() == "tagged" {
		if err := r.c.Tag(*out.ID, nil); err != nil {
			resp.Diagnostics.AddError("tagging", err.Error()) // want `APPLY-3: Create of tagsWhenAsked adds an error after CreateObject`
			return
		}
	}
	plan.parse(out)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// Safe twin: the builder updates something that exists.
type builtUpdate struct{ base }

func (r builtUpdate) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, err := r.c.UpdateThing("p").Payload(plan.Name.ValueString()).Execute()
	if err != nil {
		resp.Diagnostics.AddError("updating", err.Error())
		return
	}
	plan.ID = types.StringPointerValue(out.ID)
	if err := r.c.WaitReady(*out.ID); err != nil {
		resp.Diagnostics.AddError("waiting", err.Error())
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// Safe: the check named after the create makes nothing; the create's own
// failure leaves nothing behind.
type preflight struct{ base }

func (r preflight) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	id := api.NewIdentifier("db", plan.Name.ValueString())
	if err := r.c.PreflightCreate(id); err != nil {
		resp.Diagnostics.AddError("checking", err.Error())
		return
	}
	if err := r.c.CreateNamed(id); err != nil {
		resp.Diagnostics.AddError("creating", err.Error())
		return
	}
	plan.ID = types.StringValue(id.String())
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// Safe: the resource stands for an action (its Delete asks the API nothing).
type task struct{ base }

func (r task) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, err := r.c.CreateObject(plan.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("creating", err.Error())
		return
	}
	if err := r.c.WaitReady(*out.ID); err != nil {
		resp.Diagnostics.AddError("waiting", err.Error())
		return
	}
	plan.ID = types.StringPointerValue(out.ID)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (task) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

// Safe: the ID is the parent key as configured; the settings are set again
// on the next apply.
type parent struct{ base }

func (r parent) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if err := r.c.CreateNamed(api.NewIdentifier("db", plan.Name.ValueString())); err != nil {
		resp.Diagnostics.AddError("creating", err.Error())
		return
	}
	if err := r.c.Resume(api.NewIdentifier("db", plan.Name.ValueString())); err != nil {
		resp.Diagnostics.AddError("resuming", err.Error())
		return
	}
	plan.ID = plan.Name
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// Safe: a helper handed resp saves the state itself.
type hands struct{ base }

func (r hands) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, err := r.c.CreateObject(plan.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("creating", err.Error())
		return
	}
	plan.ID = types.StringPointerValue(out.ID)
	saveEarly(ctx, &plan, resp)
	if err := r.c.WaitReady(*out.ID); err != nil {
		resp.Diagnostics.AddError("waiting", err.Error())
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func saveEarly(ctx context.Context, m *model, resp *resource.CreateResponse) {
	resp.Diagnostics.Append(resp.State.Set(ctx, m)...)
}

func flatten(o *api.Object, m *model) (d diag.Diagnostics) {
	if o.Status == "" {
		d.AddError("status", "the answer has no status")
	}
	m.Status = types.StringValue(o.Status)
	return d
}

// fill reports no error ever: its diagnostics are always empty.
func fill(o *api.Object, m *model) diag.Diagnostics {
	var d diag.Diagnostics
	m.Status = types.StringValue(o.Status)
	return d
}

var (
	_ resource.Resource = waits{}
	_ resource.Resource = waitsSaved{}
	_ resource.Resource = waitsSavedID{}
	_ resource.Resource = cleans{}
	_ resource.Resource = defersCleanup{}
	_ resource.Resource = checksFirst{}
	_ resource.Resource = failsAfterSave{}
	_ resource.Resource = readsBack{}
	_ resource.Resource = converts{}
	_ resource.Resource = named{}
	_ resource.Resource = task{}
	_ resource.Resource = fromAnswer{}
	_ resource.Resource = idleTest{}
	_ resource.Resource = convertsWhole{}
	_ resource.Resource = built{}
	_ resource.Resource = builtUpdate{}
	_ resource.Resource = preflight{}
	_ resource.Resource = convertsSilently{}
	_ resource.Resource = payload{}
	_ resource.Resource = expanded{}
	_ resource.Resource = viaHelper{}
	_ resource.Resource = tagsWhenAsked{}
	_ resource.Resource = fillsNever{}
	_ resource.Resource = viaCleaningHelper{}
	_ resource.Resource = parent{}
	_ resource.Resource = hands{}
)
