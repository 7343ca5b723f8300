package missingstateset

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

type model struct {
	ID   types.String `tfsdk:"id"`
	When types.String `tfsdk:"when"`
}

type base struct{}

func (base) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_x"
}
func (base) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":   schema.StringAttribute{Computed: true},
		"when": schema.StringAttribute{Optional: true},
	}}
}
func (base) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (base) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

func act(context.Context, model, *tfsdk.State, *diag.Diagnostics) {}

// B02's shape: state written only in one branch.
type action struct{ base }

func (action) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	if resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...); resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}

func (action) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan model
	if resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...); resp.Diagnostics.HasError() {
		return
	}
	if plan.When.ValueString() == "apply" {
		act(ctx, plan, &resp.State, &resp.Diagnostics)
	}
} // want `APPLY-3: action.Update can return without an error and without writing resp.State`

// The fix: every success path writes state.
type actionFixed struct{ base }

func (actionFixed) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	plan.ID = types.StringValue("1")
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (actionFixed) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan model
	if resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...); resp.Diagnostics.HasError() {
		return
	}
	if plan.When.ValueString() == "apply" {
		act(ctx, plan, &resp.State, &resp.Diagnostics)
	} else {
		resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
	}
}

// An early return that is neither an error nor a write.
type early struct{ base }

func (early) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if plan.When.IsNull() {
		return // want `APPLY-3: early.Create can return without an error and without writing resp.State: the framework then fails`
	}
	if err := call(); err != nil {
		resp.Diagnostics.AddError("create failed", err.Error())
		return
	}
	if diags := helper(); diags.HasError() {
		resp.Diagnostics.Append(diags...)
		return
	}
	resp.State.SetAttribute(ctx, pathID, plan.ID)
}

func (early) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if err := call(); err != nil {
		resp.Diagnostics.Append(diag.NewErrorDiagnostic("update failed", err.Error()))
		return
	}
	resp.State.Raw = req.Plan.Raw
}

// Safe: resp handed to a helper, or to a closure, may be written there.
type delegates struct{ base }

func (delegates) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	createOrUpdate(ctx, req.Plan, resp)
}

func (delegates) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	do := func() { resp.State.Raw = req.Plan.Raw }
	do()
}

func createOrUpdate(context.Context, tfsdk.Plan, *resource.CreateResponse) {}

func call() error              { return nil }
func helper() diag.Diagnostics { return nil }

// Safe: a helper handed the diagnostics reports the failure the branch tests.
type helperFails struct{ base }

func (helperFails) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	if !supported(&resp.Diagnostics) {
		return
	}
	if err := validate(ctx, &resp.Diagnostics); err != nil {
		return
	}
	resp.State.Raw = req.Plan.Raw
}

// Safe: an Update that never writes state is the "cannot update" idiom (missingforcenew's business).
func (helperFails) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}

func supported(*diag.Diagnostics) bool                  { return true }
func validate(context.Context, *diag.Diagnostics) error { return nil }

// A helper that adds the error and answers true when it did: the branch that
// just returns is the failure, whichever way the helper answers.
func addOnError(*diag.Diagnostics, error) bool { return false }

type addsOnError struct{ base }

func (addsOnError) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var m model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	if addOnError(&resp.Diagnostics, call()) {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, m)...)
}

func (addsOnError) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}

// The same through an interface of the helper's own that *diag.Diagnostics
// satisfies (a task result reporting into an accumulator).
type accumulator interface{ AddError(summary, detail string) }

type taskResult struct{ err error }

func (r taskResult) AddDiags(diags accumulator, summary string) bool {
	if r.err != nil {
		diags.AddError(summary, r.err.Error())
		return true
	}
	return false
}

func runTask() taskResult { return taskResult{} }

type accumulates struct{ base }

func (accumulates) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var m model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	if runTask().AddDiags(&resp.Diagnostics, "task") {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, m)...)
}

func (accumulates) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}

// A helper that adds the error it is handed, then return; and a helper that
// reports into the diagnostics and answers a nil object on failure.
func addWriteError(diags *diag.Diagnostics, err error) { diags.AddError("write failed", err.Error()) }

func source(diags *diag.Diagnostics) *model {
	diags.AddError("no source", "")
	return nil
}

type delegatesError struct{ base }

func (delegatesError) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var m model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	if err := call(); err != nil {
		addWriteError(&resp.Diagnostics, err)
		return
	}
	if src := source(&resp.Diagnostics); src != nil {
		m = *src
	} else {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, m)...)
}

func (delegatesError) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}

// One of two helpers handed the diagnostics builds the object; a nil object
// from either is their failure (linode's volume from a source or anew).
type eitherHelper struct{ base }

func (eitherHelper) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var m model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	var got *model
	if m.When.IsNull() {
		got = source(&resp.Diagnostics)
	} else {
		got = otherSource(&resp.Diagnostics)
	}
	if got != nil {
		resp.Diagnostics.Append(resp.State.Set(ctx, got)...)
	}
}

func (eitherHelper) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}

func otherSource(diags *diag.Diagnostics) *model {
	diags.AddError("no other source", "")
	return nil
}

// The diagnostics wrapped in an error handler of the provider's own, which
// the helpers report into (netapp's utils.NewErrorHandler(ctx, &resp.Diagnostics)).
type errorHandler struct{ diags *diag.Diagnostics }

func newErrorHandler(diags *diag.Diagnostics) *errorHandler { return &errorHandler{diags: diags} }

func (h *errorHandler) fail(err error) error {
	h.diags.AddError("failed", err.Error())
	return err
}

func createWith(h *errorHandler) (string, error) {
	if err := call(); err != nil {
		return "", h.fail(err)
	}
	return "id", nil
}

type handlerReports struct{ base }

func (handlerReports) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var m model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	h := newErrorHandler(&resp.Diagnostics)
	id, err := createWith(h)
	if err != nil {
		return
	}
	m.ID = types.StringValue(id)
	resp.Diagnostics.Append(resp.State.Set(ctx, m)...)
}

func (handlerReports) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
