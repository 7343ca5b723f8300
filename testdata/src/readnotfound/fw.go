package readnotfound

import (
	"context"
	"net/http"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"fixtures/readnotfound/api"
	"fixtures/readnotfound/errs"
)

type model struct {
	ID   types.String `tfsdk:"id"`
	Name types.String `tfsdk:"name"`
}

type base struct{ client api.Client }

func (base) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_x"
}
func (base) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":   schema.StringAttribute{Computed: true},
		"name": schema.StringAttribute{Required: true},
	}}
}
func (base) Create(context.Context, resource.CreateRequest, *resource.CreateResponse) {}
func (base) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (b base) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {
	b.client.Delete("x")
}

// A 404 reported as an error.
type errorOn404 struct{ base }

func (r errorOn404) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state model
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	thing, httpResp, err := r.client.Get(state.ID.ValueString())
	if err != nil {
		if httpResp != nil && httpResp.StatusCode == http.StatusNotFound {
			resp.Diagnostics.AddError("thing is gone", err.Error()) // want `READ-2: Read of errorOn404 returns an error when the object is gone \(the status is 404\)`
			return
		}
		resp.Diagnostics.AddError("reading thing", err.Error())
		return
	}
	state.Name = types.StringValue(thing.Name)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// Removes, then errors: the removal is lost.
type removeThenError struct{ base }

func (r removeThenError) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state model
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	thing, _, err := r.client.Get(state.ID.ValueString())
	if errs.Gone(err) {
		resp.State.RemoveResource(ctx)
		resp.Diagnostics.AddError("thing is gone", "removed") // want `READ-2: Read of removeThenError removes the resource and then returns an error`
		return
	}
	if err != nil {
		resp.Diagnostics.AddError("reading thing", err.Error())
		return
	}
	state.Name = types.StringValue(thing.Name)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// Returns on not-found, keeping the old state.
type keepsState struct{ base }

func (r keepsState) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state model
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	thing, err := r.client.Lookup(state.ID.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("reading thing", err.Error())
		return
	}
	if thing == nil {
		return // want `READ-2: Read of keepsState returns without error and without removing the resource when the object is gone \(Lookup returned a nil object\)`
	}
	state.Name = types.StringValue(thing.Name)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// The idiom: remove and return.
type removes struct{ base }

func (r removes) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state model
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	thing, httpResp, err := r.client.Get(state.ID.ValueString())
	if httpResp != nil && httpResp.StatusCode == 404 {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.AddError("reading thing", err.Error())
		return
	}
	state.Name = types.StringValue(thing.Name)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// Not-found of an auxiliary lookup that is then handled by more code: not
// this check's business.
type auxiliary struct{ base }

func (r auxiliary) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state model
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	thing, err := r.client.Lookup(state.ID.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("reading thing", err.Error())
		return
	}
	if thing == nil {
		thing, _, err = r.client.Get("default")
		if err != nil {
			resp.Diagnostics.AddError("reading default", err.Error())
			return
		}
	}
	state.Name = types.StringValue(thing.Name)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r base) cached(id string) (*api.Thing, error) {
	// nil, nil means "not modified since the last read" here.
	return r.client.Lookup(id)
}

// A local helper's nil object (an ETag "not modified") is not a missing
// object; neither is a nil object beside an HTTP response (a defensive check).
type notModified struct{ base }

func (r notModified) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state model
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	thing, err := r.cached(state.ID.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("reading thing", err.Error())
		return
	}
	if thing == nil {
		return
	}
	other, httpResp, err := r.client.Get(state.ID.ValueString())
	if httpResp != nil && httpResp.StatusCode == 404 {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil || other == nil {
		resp.Diagnostics.AddError("reading thing", "no thing returned")
		return
	}
	state.Name = types.StringValue(thing.Name)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// A not-found predicate handed the diagnostics may rewrite them: here the
// error becomes a warning, so appending them after the removal is fine.
type downgrades struct{ base }

func (r downgrades) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state model
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	var diags diag.Diagnostics
	_, _, err := r.client.Get(state.ID.ValueString())
	if err != nil {
		diags.AddError("reading thing", err.Error())
	}
	if errs.IsNotFoundWarn(&diags, err) {
		resp.State.RemoveResource(ctx)
		resp.Diagnostics.Append(diags...)
		return
	}
	if resp.Diagnostics.Append(diags...); resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// D14's shape in the framework: a (nil, nil) answer dereferenced.
type nilDeref struct{ base }

func (r nilDeref) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state model
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	role, err := r.client.Role(state.ID.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("reading role", err.Error())
		return
	}
	state.Name = types.StringValue(role.Name) // want `READ-2: Read of nilDeref uses the object Role returns without a nil test`
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// The client reports a missing object through its error (tested with a
// not-found predicate, which removes); the later nil test of the object is a
// defensive check, not the not-found path.
type defensiveNil struct{ base }

func (r defensiveNil) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state model
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	thing, err := r.client.Lookup(state.ID.ValueString())
	if err != nil {
		if errs.Gone(err) {
			resp.State.RemoveResource(ctx)
			return
		}
		resp.Diagnostics.AddError("reading thing", err.Error())
		return
	}
	if thing == nil {
		resp.Diagnostics.AddError("nil pointer", "received a nil thing")
		return
	}
	state.Name = types.StringValue(thing.Name)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// A nil object from a helper handed the diagnostics, which reports there
// (netapp's GetXByName(errorHandler, ...)): not known to be kept silently.

type reportsInHelper struct{ base }

func (r reportsInHelper) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state model
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	thing, err := api.LookupReporting(r.client, state.ID.ValueString(), &resp.Diagnostics)
	if thing == nil || err != nil {
		return
	}
	state.Name = types.StringValue(thing.Name)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// notFoundError and notFoundWarning build one diagnostic each, as provider
// diagnostic packages do.
func notFoundError(what string) diag.ErrorDiagnostic {
	return diag.NewErrorDiagnostic("Not found", "no "+what+" found")
}

func notFoundWarning(what string) diag.WarningDiagnostic {
	return diag.NewWarningDiagnostic("Not found", "no "+what+" found: removed from state")
}

// Removes, but appends an error made by a helper: the removal is lost.
type removeThenHelperError struct{ base }

func (r removeThenHelperError) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state model
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	thing, httpResp, err := r.client.Get(state.ID.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("reading thing", err.Error())
		return
	} else if httpResp.StatusCode == http.StatusNotFound {
		resp.Diagnostics.Append(notFoundError("thing")) // want `READ-2: Read of removeThenHelperError removes the resource and then returns an error`
		resp.State.RemoveResource(ctx)
		return
	}
	state.Name = types.StringValue(thing.Name)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// The same with a warning: the resource is removed, the user is told.
type removeThenHelperWarning struct{ base }

func (r removeThenHelperWarning) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state model
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	thing, httpResp, err := r.client.Get(state.ID.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("reading thing", err.Error())
		return
	} else if httpResp.StatusCode == http.StatusNotFound {
		resp.Diagnostics.Append(notFoundWarning("thing"))
		resp.State.RemoveResource(ctx)
		return
	}
	state.Name = types.StringValue(thing.Name)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// A defensive nil test of an answer that is never nil without an error:
// not a test for the missing object, so not judged as one.
type neverNilAnswer struct{ base }

func (r neverNilAnswer) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state model
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	thing, err := r.client.Entity(state.ID.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("reading thing", err.Error())
		return
	}
	if thing == nil {
		resp.State.RemoveResource(ctx)
		resp.Diagnostics.AddError("unexpected empty answer", state.ID.ValueString())
		return
	}
	state.Name = types.StringValue(thing.Name)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}
