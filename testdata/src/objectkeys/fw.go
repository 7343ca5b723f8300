package objectkeys

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

const (
	groupID  = "group_id"
	policyID = "security_policy_id"
	autolock = "usage_based_autolock_duration_days"
)

func groupTypes() map[string]attr.Type {
	return map[string]attr.Type{groupID: types.StringType, policyID: types.StringType, autolock: types.Int64Type}
}

var accountTypes = map[string]attr.Type{"account_id": types.StringType}

type ruleModel struct{ Name types.String }

func (ruleModel) ObjectType() types.ObjectType {
	return types.ObjectType{AttrTypes: map[string]attr.Type{"name": types.StringType, "priority": types.Int64Type}}
}

// The bug: a new attribute is in the types but not among the values.
func convertGroup(g string) (types.Object, error) {
	obj, _ := types.ObjectValue(groupTypes(), map[string]attr.Value{ // want `APPLY-3: ObjectValue is handed no value for "usage_based_autolock_duration_days"`
		groupID:  types.StringValue(g),
		policyID: types.StringNull(),
	})
	return obj, nil
}

// The bug: the service account is built with the group's types.
func convertAccount(id string) types.Object {
	return types.ObjectValueMust(groupTypes(), map[string]attr.Value{"account_id": types.StringValue(id)}) // want `APPLY-3: ObjectValueMust is handed no value for "group_id", "security_policy_id", "usage_based_autolock_duration_days" and values for "account_id"`
}

// Safe: the keys agree (a package variable, a model method's AttrTypes).
func convertAccountFixed(id string, m ruleModel) (types.Object, types.Object) {
	a := types.ObjectValueMust(accountTypes, map[string]attr.Value{"account_id": types.StringValue(id)})
	r := types.ObjectValueMust(m.ObjectType().AttrTypes, map[string]attr.Value{"name": m.Name, "priority": types.Int64Value(1)})
	return a, r
}

// Safe: the values map is filled elsewhere; its keys cannot be read here.
func convertDynamic(values map[string]attr.Value) types.Object {
	return types.ObjectValueMust(groupTypes(), values)
}

// Safe: keys added after the literal are not read as missing.
func convertExtended(g string) types.Object {
	t := groupTypes()
	t["extra"] = types.StringType
	return types.ObjectValueMust(t, map[string]attr.Value{groupID: types.StringValue(g)})
}

type groupResource struct{}

func (groupResource) Metadata(_ context.Context, _ resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_group"
}

func (groupResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{"id": schema.StringAttribute{Computed: true}}}
}

func (groupResource) Create(context.Context, resource.CreateRequest, *resource.CreateResponse) {}
func (groupResource) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (groupResource) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (groupResource) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

var _ resource.Resource = groupResource{}
