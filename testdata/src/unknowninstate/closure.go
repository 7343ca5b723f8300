package unknowninstate

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"fixtures/unknowninstate/fill"
)

// A wait callback handed to another package (the SDK's retry helpers,
// a provider's utils.Retry): the closure only reads the model, so it cannot
// fill it, and created_at is still the plan's unknown at the save.
type closureReads struct{ base }

func (r closureReads) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	var out fill.Out
	err := fill.Retry(ctx, time.Minute, func() error {
		var err error
		out, err = r.c.Create(plan.Name.ValueString())
		return err
	})
	if err != nil {
		resp.Diagnostics.AddError("create", err.Error())
		return
	}
	plan.ID = types.StringValue(out.ID)
	plan.Status = types.StringValue(out.Status)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...) // want `APPLY-1: closureReads.Create can save "created_at" \(Computed\) to resp.State while it still holds the plan's value`
}

// The same through a model pointer variable, read in a closure of a helper
// of the package (dnsimple's registration wait): the helper only reads.
type closurePointer struct{ base }

func waitFor(ctx context.Context, data *model, c client) error {
	return fill.Retry(ctx, time.Minute, func() error {
		if data == nil {
			return nil
		}
		return c.Wait(data.Name.ValueString())
	})
}

func (r closurePointer) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var data *model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &data)...)
	if resp.Diagnostics.HasError() {
		return
	}
	out, err := r.c.Create(data.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("create", err.Error())
		return
	}
	if err := waitFor(ctx, data, r.c); err != nil {
		resp.Diagnostics.AddError("wait", err.Error())
		return
	}
	data.ID = types.StringValue(out.ID)
	data.CreatedAt = types.StringValue(out.Status)
	resp.Diagnostics.Append(resp.State.Set(ctx, &data)...) // want `APPLY-1: closurePointer.Create can save "status" \(Computed\) to resp.State while it still holds the plan's value`
}

// Safe twin: the callback stores the answer into every Computed field of
// the model itself; those stores count as made.
type closureWrites struct{ base }

func (r closureWrites) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	err := fill.Retry(ctx, time.Minute, func() error {
		out, err := r.c.Create(plan.Name.ValueString())
		if err != nil {
			return err
		}
		plan.ID = types.StringValue(out.ID)
		plan.Status = types.StringValue(out.Status)
		plan.CreatedAt = types.StringValue(out.Status)
		return nil
	})
	if err != nil {
		resp.Diagnostics.AddError("create", err.Error())
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}

// Safe twin: the callback only reads, and every Computed field is set
// after it.
type closureFills struct{ base }

func (r closureFills) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	var out fill.Out
	err := fill.Retry(ctx, time.Minute, func() error {
		var err error
		out, err = r.c.Create(plan.Name.ValueString())
		return err
	})
	if err != nil {
		resp.Diagnostics.AddError("create", err.Error())
		return
	}
	plan.ID = types.StringValue(out.ID)
	plan.Status = types.StringValue(out.Status)
	plan.CreatedAt = types.StringValue(out.Status)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}

// The callback stores some fields and forgets created_at: the fields it
// stores count as set, the others still hold the plan's value.
type closureWritesSome struct{ base }

func (r closureWritesSome) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	err := fill.Retry(ctx, time.Minute, func() error {
		out, err := r.c.Create(plan.Name.ValueString())
		if err != nil {
			return err
		}
		plan.ID = types.StringValue(out.ID)
		plan.Status = types.StringValue(out.Status)
		return nil
	})
	if err != nil {
		resp.Diagnostics.AddError("create", err.Error())
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...) // want `APPLY-1: closureWritesSome.Create can save "created_at" \(Computed\)`
}

// Safe twin: the callback hands the model on, to code that may fill any
// of it: the check stays quiet.
type closureHandsOn struct{ base }

func (r closureHandsOn) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	err := fill.Retry(ctx, time.Minute, func() error {
		out, err := r.c.Create(plan.Name.ValueString())
		fill.Model(&plan, out)
		return err
	})
	if err != nil {
		resp.Diagnostics.AddError("create", err.Error())
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}

// A model method filling from a comma-separated answer with a
// range-over-func loop (strings.SplitSeq): its body is a closure storing
// into the model; created_at is never set.
func (m *model) fromParts(out fill.Out) {
	m.ID = types.StringValue(out.ID)
	for part := range strings.SplitSeq(out.Status, ",") {
		if part != "" {
			m.Status = types.StringValue(part)
		}
	}
}

type rangeFunc struct{ base }

func (r rangeFunc) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, _ := r.c.Create(plan.Name.ValueString())
	plan.fromParts(out)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...) // want `APPLY-1: rangeFunc.Create can save "created_at" \(Computed\)`
}

// Safe twin: created_at is set after the loop.
func (m *model) fromAllParts(out fill.Out) {
	m.fromParts(out)
	m.CreatedAt = types.StringValue(out.CreatedAt)
}

type rangeFuncAll struct{ base }

func (r rangeFuncAll) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, _ := r.c.Create(plan.Name.ValueString())
	plan.fromAllParts(out)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}

// Safe twin: the loop body returns an error from the method, and every
// field is set after the loop.
func (m *model) fromPartsErr(out fill.Out) error {
	m.ID = types.StringValue(out.ID)
	for part := range strings.SplitSeq(out.Status, ",") {
		if part == "bad" {
			return errors.New("bad part")
		}
	}
	m.Status = types.StringValue(out.Status)
	m.CreatedAt = types.StringValue(out.CreatedAt)
	return nil
}

type rangeFuncErr struct{ base }

func (r rangeFuncErr) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, _ := r.c.Create(plan.Name.ValueString())
	if err := plan.fromPartsErr(out); err != nil {
		resp.Diagnostics.AddError("read", err.Error())
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}
