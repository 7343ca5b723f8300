package nullforempty

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
)

// pool is what the API answers for a node pool.
type pool struct {
	Name    string
	Taints  []string
	Zones   []string
	Fields  []string
	Labels  []string
	Flavors []string
}

// fieldModel is an element of a list held as a Go slice.
type fieldModel struct {
	Key types.String `tfsdk:"key"`
}

// poolModel is the model of a nested object built with ObjectValueFrom:
// the resource's model holds it as a types.Object.
type poolModel struct {
	Name    types.String `tfsdk:"name"`
	Zones   types.List   `tfsdk:"zones"`
	Flavors types.List   `tfsdk:"flavors"`
}

type clusterModel struct {
	ID     types.String `tfsdk:"id"`
	Pool   types.Object `tfsdk:"pool"`
	Spec   types.Object `tfsdk:"spec"`
	Fields []fieldModel `tfsdk:"fields"`
	Labels []fieldModel `tfsdk:"labels"`
}

var poolTypes = map[string]attr.Type{
	"name":    types.StringType,
	"zones":   types.ListType{ElemType: types.StringType},
	"flavors": types.ListType{ElemType: types.StringType},
}

var specTypes = map[string]attr.Type{
	"title":  types.StringType,
	"taints": types.ListType{ElemType: types.StringType},
	"marks":  types.ListType{ElemType: types.StringType},
}

type clusterResource struct{}

func fetchPool(string) pool { return pool{} }

func (r *clusterResource) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_cluster"
}

func (r *clusterResource) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id": schema.StringAttribute{Computed: true},
		"pool": schema.SingleNestedAttribute{Optional: true, Attributes: map[string]schema.Attribute{
			"name":    schema.StringAttribute{Required: true},
			"zones":   schema.ListAttribute{Optional: true, ElementType: types.StringType},
			"flavors": schema.ListAttribute{Optional: true, ElementType: types.StringType},
		}},
		"spec": schema.SingleNestedAttribute{Optional: true, Attributes: map[string]schema.Attribute{
			"title":  schema.StringAttribute{Required: true},
			"taints": schema.ListAttribute{Optional: true, ElementType: types.StringType},
			"marks":  schema.ListAttribute{Optional: true, ElementType: types.StringType},
		}},
		"fields": schema.ListNestedAttribute{Optional: true, NestedObject: schema.NestedAttributeObject{
			Attributes: map[string]schema.Attribute{"key": schema.StringAttribute{Required: true}},
		}},
		"labels": schema.ListNestedAttribute{Optional: true, NestedObject: schema.NestedAttributeObject{
			Attributes: map[string]schema.Attribute{"key": schema.StringAttribute{Required: true}},
		}},
	}}
}

func (r *clusterResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan clusterModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out := fetchPool(plan.ID.ValueString())
	var planned poolModel
	plan.Pool.As(ctx, &planned, basetypes.ObjectAsOptions{})

	// The bug, in the model struct of a nested object.
	pm := poolModel{Name: types.StringValue(out.Name)}
	if len(out.Zones) > 0 {
		pm.Zones, _ = types.ListValueFrom(ctx, types.StringType, out.Zones)
	} else {
		pm.Zones = types.ListNull(types.StringType) // want `APPLY-2: clusterResource.Create saves "zones" \(Optional, not Computed\) as types.ListNull when the API's answer is empty`
	}
	// Safe: null only when the plan held null (one test split over two blocks).
	if len(out.Flavors) == 0 {
		if planned.Flavors.IsNull() || planned.Flavors.IsUnknown() {
			pm.Flavors = types.ListNull(types.StringType)
		} else {
			pm.Flavors = types.ListValueMust(types.StringType, []attr.Value{})
		}
	} else {
		pm.Flavors, _ = types.ListValueFrom(ctx, types.StringType, out.Flavors)
	}
	plan.Pool, _ = types.ObjectValueFrom(ctx, poolTypes, pm)

	// The bug, in an object built from a map keyed by attribute name.
	spec := map[string]attr.Value{"title": types.StringValue(out.Name)}
	putTaints(spec, out.Taints)
	spec["marks"] = types.ListNull(types.StringType) // safe: no test of the answer, a constant the plan can hold
	plan.Spec, _ = types.ObjectValue(specTypes, spec)

	// The bug, in a Go slice: nil is null.
	plan.Fields = buildFields(out.Fields) // want `APPLY-2: clusterResource.Create saves "fields" \(Optional, not Computed\) as buildFields\(...\) when the API.s answer is empty`
	// Safe: the caller puts an empty plan value back.
	planned2 := plan.Labels
	plan.Labels = buildFields(out.Labels)
	plan.Labels = keepEmptyFields(planned2, plan.Labels)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func putTaints(spec map[string]attr.Value, taints []string) {
	if len(taints) == 0 {
		spec["taints"] = types.ListNull(types.StringType) // want `APPLY-2: clusterResource.Create saves "taints" \(Optional, not Computed\) as types.ListNull when the API's answer is empty`
		return
	}
	spec["taints"], _ = types.ListValueFrom(context.Background(), types.StringType, taints)
}

func buildFields(keys []string) []fieldModel {
	if len(keys) == 0 {
		return nil
	}
	out := make([]fieldModel, 0, len(keys))
	for _, k := range keys {
		out = append(out, fieldModel{Key: types.StringValue(k)})
	}
	return out
}

func keepEmptyFields(prior, built []fieldModel) []fieldModel {
	if built == nil && prior != nil && len(prior) == 0 {
		return []fieldModel{}
	}
	return built
}

func (r *clusterResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
}

func (r *clusterResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
}

func (r *clusterResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
}
