package readneverremoves

import (
	"context"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/retry"

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
func (b base) Create(context.Context, resource.CreateRequest, *resource.CreateResponse) {
	b.client.Create("x")
}
func (b base) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {
	b.client.Put("x", api.Thing{})
}
func (b base) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {
	b.client.Delete("x")
}

// D01's shape: the response is discarded, every error is an error.
type never struct{ base }

func (r never) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state model
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	thing, _, err := r.client.Get(state.ID.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("reading thing", err.Error()) // want `READ-2: Read of never has no path that removes the resource from state`
		return
	}
	state.Name = types.StringValue(thing.Name)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func forget(ctx context.Context, st *tfsdk.State, err error) bool {
	if errs.Gone(err) {
		st.RemoveResource(ctx)
		return true
	}
	return false
}

// A local helper removes: its summary says so.
type viaHelper struct{ base }

func (r viaHelper) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state model
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	thing, _, err := r.client.Get(state.ID.ValueString())
	if forget(ctx, &resp.State, err) {
		return
	}
	if err != nil {
		resp.Diagnostics.AddError("reading thing", err.Error())
		return
	}
	state.Name = types.StringValue(thing.Name)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

type refresher interface {
	Refresh(context.Context, *resource.ReadResponse) error
}

// The response goes to code that cannot be followed.
type opaque struct {
	base
	impl refresher
}

func (r opaque) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	if err := r.impl.Refresh(ctx, resp); err != nil {
		resp.Diagnostics.AddError("reading thing", err.Error())
	}
}

// No remote call: nothing can disappear.
type local struct{ base }

func (local) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state model
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// A settings singleton looked up by a constant (or the provider's
// configuration), not by anything in state: it cannot disappear.
type settings struct{ base }

func (r settings) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state model
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	thing, _, err := r.client.Get("global")
	if err != nil {
		resp.Diagnostics.AddError("reading settings", err.Error())
		return
	}
	state.Name = types.StringValue(thing.Name)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// Settings of a site it does not own: Create and Update apply them, Delete
// only warns. Its Read fails once the site is gone, which the site's own
// resource reports.
type siteSettings struct{ base }

func (r siteSettings) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	r.client.Put("site", api.Thing{})
}
func (r siteSettings) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	resp.Diagnostics.AddWarning("settings are now unmanaged", "the site keeps its last settings")
}
func (r siteSettings) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state model
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	thing, _, err := r.client.Get(state.ID.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("reading settings", err.Error())
		return
	}
	state.Name = types.StringValue(thing.Name)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// Created with the same PUT that updates it, but deleted with a call of its
// own: it owns its object, which can be deleted outside Terraform.
type upsert struct{ base }

func (r upsert) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	r.client.Put("x", api.Thing{})
}
func (r upsert) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state model
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	thing, _, err := r.client.Get(state.ID.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("reading", err.Error()) // want `READ-2: Read of upsert has no path`
		return
	}
	state.Name = types.StringValue(thing.Name)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// An instance-wide default text: Create applies it with the call Update
// makes, Delete puts the default back. There is no object to delete, so
// there is no not-found to meet.
type instanceDefault struct{ base }

func (r instanceDefault) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	r.client.Put("x", api.Thing{})
}
func (r instanceDefault) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	r.client.ResetToDefault("x")
}
func (r instanceDefault) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state model
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	thing, _, err := r.client.Get(state.ID.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("reading default text", err.Error())
		return
	}
	state.Name = types.StringValue(thing.Name)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// Update deletes a conflicting object before it retries: Delete's call is
// also Update's, but Create makes an object of its own.
type replacesConflict struct{ base }

func (r replacesConflict) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	if err := r.client.Put("x", api.Thing{}); err != nil {
		r.client.Delete("conflict")
		r.client.Put("x", api.Thing{})
	}
}
func (r replacesConflict) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state model
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	thing, _, err := r.client.Get(state.ID.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("reading", err.Error()) // want `READ-2: Read of replacesConflict has no path`
		return
	}
	state.Name = types.StringValue(thing.Name)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// The lookup runs in a retry: its error is what the retry answers, and
// every error is still an error.
type retried struct{ base }

func (r retried) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state model
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	var thing *api.Thing
	err := retry.RetryContext(ctx, time.Minute, func() *retry.RetryError {
		var err error
		thing, _, err = r.client.Get(state.ID.ValueString())
		if err != nil {
			return retry.RetryableError(err)
		}
		return nil
	})
	if err != nil {
		resp.Diagnostics.AddError("reading thing", err.Error()) // want `READ-2: Read of retried has no path that removes the resource from state`
		return
	}
	state.Name = types.StringValue(thing.Name)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// The retry lists the provider's things, keyed on nothing from state: a
// listing does not fail because one object is gone.
type retriedListing struct{ base }

func (r retriedListing) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state model
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	var things []api.Thing
	err := retry.RetryContext(ctx, time.Minute, func() *retry.RetryError {
		var err error
		things, _, err = r.client.List("all")
		if err != nil {
			return retry.RetryableError(err)
		}
		return nil
	})
	if err != nil {
		resp.Diagnostics.AddError("listing things", err.Error())
		return
	}
	for _, t := range things {
		if t.Name == state.Name.ValueString() {
			resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
			return
		}
	}
	resp.State.RemoveResource(ctx)
}

type deviceModel struct {
	ID       types.String `tfsdk:"id"`
	DeviceID types.String `tfsdk:"device_id"`
	Tags     types.String `tfsdk:"tags"`
}

// deviceSettings manages the tags of a device it does not own: Create and
// Update apply them, Delete resets them. The device is named by a
// Required attribute whose change replaces the resource.
type deviceSettings struct{ client api.Client }

func (deviceSettings) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_device_tags"
}
func (deviceSettings) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":        schema.StringAttribute{Computed: true},
		"device_id": schema.StringAttribute{Required: true, PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()}},
		"tags":      schema.StringAttribute{Required: true},
	}}
}
func (r deviceSettings) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan deviceModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	deviceID := plan.DeviceID.ValueString()
	if err := r.client.Put(deviceID, api.Thing{Name: plan.Tags.ValueString()}); err != nil {
		resp.Diagnostics.AddError("setting tags", err.Error())
		return
	}
	plan.ID = types.StringValue(deviceID)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}
func (r deviceSettings) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan deviceModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	r.client.Put(plan.DeviceID.ValueString(), api.Thing{Name: plan.Tags.ValueString()})
}
func (r deviceSettings) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var state deviceModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	r.client.Put(state.DeviceID.ValueString(), api.Thing{})
}

// Read names the device by the parent attribute: once the device is
// deleted outside Terraform, every refresh fails here.
type deviceTagsByParent struct{ deviceSettings }

func (r deviceTagsByParent) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state deviceModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	dev, _, err := r.client.Get(state.DeviceID.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("reading device", err.Error()) // want `READ-2: Read of deviceTagsByParent has no path that removes the resource`
		return
	}
	state.Tags = types.StringValue(dev.Name)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// Read names the device by the ID, which Create made of the parent
// attribute: the same.
type deviceTagsByID struct{ deviceSettings }

func (r deviceTagsByID) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state deviceModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	dev, _, err := r.client.Get(state.ID.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("reading device", err.Error()) // want `READ-2: Read of deviceTagsByID has no path that removes the resource`
		return
	}
	state.Tags = types.StringValue(dev.Name)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// instanceTags: the same settings, but the instance is named by an
// attribute that can change in place: not a reference to a parent, so the
// settings exemption holds.
type instanceTags struct{ client api.Client }

func (instanceTags) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_instance_tags"
}
func (instanceTags) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":        schema.StringAttribute{Computed: true},
		"device_id": schema.StringAttribute{Required: true},
		"tags":      schema.StringAttribute{Required: true},
	}}
}
func (r instanceTags) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan deviceModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	r.client.Put(plan.DeviceID.ValueString(), api.Thing{Name: plan.Tags.ValueString()})
	plan.ID = types.StringValue(plan.DeviceID.ValueString())
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}
func (r instanceTags) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan deviceModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	r.client.Put(plan.DeviceID.ValueString(), api.Thing{Name: plan.Tags.ValueString()})
}
func (r instanceTags) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var state deviceModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	r.client.Put(state.DeviceID.ValueString(), api.Thing{})
}
func (r instanceTags) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state deviceModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	dev, _, err := r.client.Get(state.ID.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("reading device", err.Error())
		return
	}
	state.Tags = types.StringValue(dev.Name)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}
