package lookupnotfound

import (
	"context"
	"errors"
	"net/http"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"fixtures/lookupnotfound/api"
)

type memberModel struct {
	ID     types.String `tfsdk:"id"`
	TeamID types.String `tfsdk:"team_id"`
	Name   types.String `tfsdk:"name"`
}

func memberSchema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":      schema.StringAttribute{Computed: true},
		"team_id": schema.StringAttribute{Required: true},
		"name":    schema.StringAttribute{Computed: true},
	}}
}

type base struct{ client *api.Client }

func (base) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	memberSchema(ctx, req, resp)
}
func (base) Create(context.Context, resource.CreateRequest, *resource.CreateResponse) {}
func (base) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (base) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

// The team is looked up first by a field of the state; only the member's
// 404 is handled.
type teamFirst struct{ base }

func (teamFirst) Metadata(_ context.Context, _ resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_team_first"
}

func (r teamFirst) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state memberModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	team, err := r.client.Parent(ctx, api.GetRequest{ID: state.TeamID.ValueString()})
	if err != nil {
		resp.Diagnostics.AddError("reading team", err.Error()) // want `READ-2: Read of teamFirst fails here when Parent finds nothing`
		return
	}
	member, httpResp, err := r.client.Child(ctx, team.ID, state.ID.ValueString())
	if httpResp != nil && httpResp.StatusCode == http.StatusNotFound {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.AddError("reading member", err.Error())
		return
	}
	state.Name = types.StringValue(member.Name)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// Removing and adding an error on every failure: the removal is discarded.
type removedAndError struct{ base }

func (removedAndError) Metadata(_ context.Context, _ resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_removed_and_error"
}

func (r removedAndError) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state memberModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	member, _, err := r.client.Child(ctx, state.TeamID.ValueString(), state.ID.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("reading member", err.Error()) // want `READ-2: Read of removedAndError removes the resource when Child fails and then fails too`
		resp.State.RemoveResource(ctx)
		return
	}
	state.Name = types.StringValue(member.Name)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// Safe: the team's absence is handled too.
type teamHandled struct{ base }

func (teamHandled) Metadata(_ context.Context, _ resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_team_handled"
}

func (r teamHandled) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state memberModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	team, err := r.client.Parent(ctx, api.GetRequest{ID: state.TeamID.ValueString()})
	if errors.Is(err, api.ErrNotFound) {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.AddError("reading team", err.Error())
		return
	}
	member, httpResp, err := r.client.Child(ctx, team.ID, state.ID.ValueString())
	if httpResp != nil && httpResp.StatusCode == http.StatusNotFound {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.AddError("reading member", err.Error())
		return
	}
	state.Name = types.StringValue(member.Name)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// Safe: the removal on a failed lookup is followed by a plain return.
type removedQuietly struct{ base }

func (removedQuietly) Metadata(_ context.Context, _ resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_removed_quietly"
}

func (r removedQuietly) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state memberModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	member, _, err := r.client.Child(ctx, state.TeamID.ValueString(), state.ID.ValueString())
	if err != nil {
		resp.Diagnostics.AddWarning("member gone", err.Error())
		resp.State.RemoveResource(ctx)
		return
	}
	state.Name = types.StringValue(member.Name)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// A member marked deleted by the API is removed, and an error is reported
// too: the framework discards the state of a Read with an error.
type markedDeletedFails struct{ base }

func (markedDeletedFails) Metadata(_ context.Context, _ resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_marked_deleted_fails"
}

func (r markedDeletedFails) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state memberModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	member, _, err := r.client.Child(ctx, state.TeamID.ValueString(), state.ID.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("reading member", err.Error())
		return
	}
	if member.Name == "" {
		resp.State.RemoveResource(ctx)
		resp.Diagnostics.AddError("member deleted", "the member was deleted") // want `READ-2: Read of markedDeletedFails removes the resource on this branch and then fails too`
		return
	}
	state.Name = types.StringValue(member.Name)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// Safe: the member marked deleted is removed with a warning.
type markedDeletedWarns struct{ base }

func (markedDeletedWarns) Metadata(_ context.Context, _ resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_marked_deleted_warns"
}

func (r markedDeletedWarns) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state memberModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	member, _, err := r.client.Child(ctx, state.TeamID.ValueString(), state.ID.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("reading member", err.Error())
		return
	}
	if member.Name == "" {
		resp.State.RemoveResource(ctx)
		resp.Diagnostics.AddWarning("member deleted", "the member was deleted")
		return
	}
	state.Name = types.StringValue(member.Name)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

var (
	_ resource.Resource = markedDeletedFails{}
	_ resource.Resource = markedDeletedWarns{}
	_ resource.Resource = teamFirst{}
	_ resource.Resource = removedAndError{}
	_ resource.Resource = teamHandled{}
	_ resource.Resource = removedQuietly{}
)
