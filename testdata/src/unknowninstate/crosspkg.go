package unknowninstate

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"

	"fixtures/unknowninstate/fillmodel"
)

// Resources whose model, and the code filling it, live in another package
// of the provider (fillmodel): the check follows them through their
// summaries.
type widgetBase struct{ base }

func (widgetBase) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":         schema.StringAttribute{Computed: true},
		"name":       schema.StringAttribute{Required: true},
		"status":     schema.StringAttribute{Computed: true},
		"created_at": schema.StringAttribute{Computed: true},
	}}
}

func widgetOut() fillmodel.Out { return fillmodel.Out{} }

type xpkgMethod struct{ widgetBase }

func (r xpkgMethod) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan fillmodel.Widget
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	plan.FromAPI(widgetOut())
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}

type xpkgMethodPartly struct{ widgetBase }

func (r xpkgMethodPartly) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan fillmodel.Widget
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	plan.PartlyFromAPI(widgetOut())
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...) // want `APPLY-1: xpkgMethodPartly.Create can save "created_at" \(Computed\) to resp.State while it still holds the plan's value`
}

type xpkgFunc struct{ widgetBase }

func (r xpkgFunc) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	plan := &fillmodel.Widget{}
	resp.Diagnostics.Append(req.Plan.Get(ctx, plan)...)
	if err := fillmodel.Flatten(plan, widgetOut()); err != nil {
		resp.Diagnostics.AddError("flatten", err.Error())
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}

type xpkgFuncSome struct{ widgetBase }

func (r xpkgFuncSome) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan fillmodel.Widget
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if err := fillmodel.FlattenSome(&plan, widgetOut()); err != nil {
		resp.Diagnostics.AddError("flatten", err.Error())
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...) // want `APPLY-1: xpkgFuncSome.Update can save "created_at" \(Computed\)`
}

type xpkgNullGuard struct{ widgetBase }

func (r xpkgNullGuard) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan fillmodel.Widget
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	fillmodel.FillUnknown(&plan, widgetOut())
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...) // want `APPLY-1: xpkgNullGuard.Create can save "created_at" \(Computed\)`
}

type xpkgKnownGuard struct{ widgetBase }

func (r xpkgKnownGuard) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan fillmodel.Widget
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	fillmodel.FillKnown(&plan, widgetOut())
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}

// Handed to code the summary cannot follow: counts as filled.
type xpkgOpaque struct{ widgetBase }

func (r xpkgOpaque) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan fillmodel.Widget
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	fillmodel.Keep(&plan, widgetOut())
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}
