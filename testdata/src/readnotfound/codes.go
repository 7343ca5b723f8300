package readnotfound

import (
	"context"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"fixtures/readnotfound/api"
)

// A gRPC API answers a deleted object with codes.NotFound, which the Read
// turns into an error.
func readGRPCError(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	thing, err := meta.(api.Client).Lookup(d.Id())
	if err != nil {
		if status.Code(err) == codes.NotFound {
			return diag.Errorf("thing %s: %s", d.Id(), err) // want `READ-2: Read of x_grpc_error returns an error when the object is gone`
		}
		return diag.FromErr(err)
	}
	d.Set("name", thing.Name)
	return nil
}

// Safe: codes.NotFound removes the resource.
func readGRPCRemoved(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	thing, err := meta.(api.Client).Lookup(d.Id())
	if status.Code(err) == codes.NotFound {
		d.SetId("")
		return nil
	}
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", thing.Name)
	return nil
}

// The API's own error code names the missing object; the Read keeps the
// error.
func readCodeError(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	thing, err := meta.(api.Client).Lookup(d.Id())
	if apiErr, ok := err.(*api.CodedError); ok && apiErr.Code == "ResourceNotFound" {
		return diag.FromErr(err) // want `READ-2: Read of x_code_error returns an error when the object is gone \(the code is "ResourceNotFound"\)`
	}
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", thing.Name)
	return nil
}

// Safe: the same code removes the resource.
func readCodeRemoved(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	thing, err := meta.(api.Client).Lookup(d.Id())
	if apiErr, ok := err.(*api.CodedError); ok && apiErr.Code == "ResourceNotFound" {
		d.SetId("")
		return nil
	}
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", thing.Name)
	return nil
}
