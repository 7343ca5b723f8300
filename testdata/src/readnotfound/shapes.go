package readnotfound

import (
	"context"
	"net/http"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"

	"fixtures/readnotfound/api"
)

// The 404 test in the lookup's error branch reads the parent's response:
// the thing's own 404 is never seen.
func readWrongVariable(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	c := meta.(api.Client)
	_, parentResp, err := c.Get(d.Get("name").(string))
	if err != nil {
		return diag.FromErr(err)
	}
	thing, _, err := c.Get(d.Id())
	if err != nil {
		if parentResp != nil && parentResp.StatusCode == http.StatusNotFound { // want `READ-2: Read of x_wrong_variable tests for a missing object on the result of Get, in the branch handling the failure of Get`
			d.SetId("")
			return nil
		}
		return diag.FromErr(err)
	}
	d.Set("name", thing.Name)
	return nil
}

// Safe: the 404 test reads the lookup's own response.
func readRightVariable(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	c := meta.(api.Client)
	if _, _, err := c.Get(d.Get("name").(string)); err != nil {
		return diag.FromErr(err)
	}
	thing, resp, err := c.Get(d.Id())
	if err != nil {
		if resp != nil && resp.StatusCode == http.StatusNotFound {
			d.SetId("")
			return nil
		}
		return diag.FromErr(err)
	}
	d.Set("name", thing.Name)
	return nil
}

// The response is read on the error path without a nil test: a request
// that got no response panics the provider.
func readNilResponse(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	thing, resp, err := meta.(api.Client).Get(d.Id())
	if err != nil {
		if resp.StatusCode == http.StatusNotFound { // want `READ-2: Read of x_nil_response reads the response Get returned on its error path without testing it for nil`
			d.SetId("")
			return nil
		}
		return diag.FromErr(err)
	}
	d.Set("name", thing.Name)
	return nil
}

// The framework twin of the nil response, and its safe form below.
type nilResponse struct{ base }

func (r nilResponse) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state model
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	thing, hr, err := r.client.Get(state.ID.ValueString())
	if err != nil {
		if hr.StatusCode == http.StatusNotFound { // want `READ-2: Read of nilResponse reads the response Get returned on its error path without testing it for nil`
			resp.State.RemoveResource(ctx)
			return
		}
		resp.Diagnostics.AddError("reading thing", err.Error())
		return
	}
	state.Name = types.StringValue(thing.Name)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

type nilResponseTested struct{ base }

func (r nilResponseTested) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state model
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	thing, hr, err := r.client.Get(state.ID.ValueString())
	if err != nil {
		if hr == nil {
			resp.Diagnostics.AddError("reading thing", err.Error())
			return
		}
		if hr.StatusCode == http.StatusNotFound {
			resp.State.RemoveResource(ctx)
			return
		}
		resp.Diagnostics.AddError("reading thing", err.Error())
		return
	}
	state.Name = types.StringValue(thing.Name)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

var (
	_ resource.Resource = nilResponse{}
	_ resource.Resource = nilResponseTested{}
)
