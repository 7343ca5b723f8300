package renderedvalue

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"
)

type widgetModel struct {
	ID          types.String `tfsdk:"id"`
	Name        types.String `tfsdk:"name"`
	Description types.String `tfsdk:"description"`
	Size        types.Int64  `tfsdk:"size"`
	Labels      types.Map    `tfsdk:"labels"`
}

type apiWidget struct {
	Name        string
	Description string
	Size        string
	Labels      map[string]string
}

// client is the API's client, of another package in a provider.
type client interface {
	Create(w apiWidget) (string, error)
	Rename(id, name string) error
}

type widget struct{ client client }

// Bug: the request's field holds the quoted text.
func (r widget) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan widgetModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	w := apiWidget{
		Name: plan.Name.String(), // want `APPLY-2: String\(\) of "name" is its debug rendering`
		// Safe: the value itself.
		Description: plan.Description.ValueString(),
		// Safe: a known number renders as its digits; only a parse of it is reported.
		Size: plan.Size.String(),
	}
	// Safe: messages and logs.
	tflog.Debug(ctx, "creating "+plan.Name.String())
	id, err := r.client.Create(w)
	if err != nil {
		resp.Diagnostics.AddError("create "+plan.Name.String(), fmt.Sprintf("%s: %v", plan.Name, err))
		return
	}
	plan.ID = types.StringValue(id)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// Bug: cutting the quotes off keeps the escapes.
func (r widget) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan, state widgetModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	name := strings.Trim(plan.Name.String(), `"`) // want `APPLY-2: String\(\) of "name" .* cutting the quotes off still leaves the escapes`
	// Safe: two renderings compared.
	if plan.Name.String() != state.Name.String() {
		if err := r.client.Rename(state.ID.ValueString(), name); err != nil {
			resp.Diagnostics.AddError("rename", err.Error())
			return
		}
	}
	// Safe: strconv.Unquote is the right inverse of the rendering.
	desc, _ := strconv.Unquote(plan.Description.String())
	_ = r.client.Rename(state.ID.ValueString(), desc)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// Bug: each element of a map of strings renders quoted.
func labelsOf(m widgetModel) map[string]string {
	out := map[string]string{}
	for k, v := range m.Labels.Elements() {
		out[k] = v.String() // want `APPLY-2: String\(\) of an element of "labels" is its debug rendering`
	}
	return out
}

// Safe: the elements converted to Go strings.
func labelsAs(ctx context.Context, m types.Map) map[string]string {
	out := map[string]string{}
	m.ElementsAs(ctx, &out, false)
	return out
}

// Bug: a helper returning the rendering; its caller sends it.
func render(v attr.Value) string {
	return v.String() // want `APPLY-2: String\(\) of a framework value .* used as data by client.Rename`
}

func renameTo(c client, m widgetModel) error {
	return c.Rename(m.ID.ValueString(), render(m.Name))
}

// Safe: a helper returning the rendering for a message only.
func describe(v attr.Value) string {
	return v.String()
}

func failRename(m widgetModel) error {
	return fmt.Errorf("cannot rename to %s", describe(m.Name))
}

var _ = labelsOf
var _ = labelsAs
var _ = renameTo
var _ = failRename

type userAgent struct{ Suffix *string }

// Bug: the address of a local holding the rendering, sent.
func agentOf(m widgetModel) userAgent {
	suffix := m.Name.String() // want `APPLY-2: String\(\) of "name" .* used as data by a struct field`
	return userAgent{Suffix: &suffix}
}

// Safe: the address of the value.
func agentValueOf(m widgetModel) userAgent {
	suffix := m.Name.ValueString()
	return userAgent{Suffix: &suffix}
}

var _ = agentOf
var _ = agentValueOf

// Safe: the renderings only make a sort key, compared with another.
func setKey(s types.Set) string {
	var strs []string
	for _, e := range s.Elements() {
		strs = append(strs, e.String())
	}
	sort.Strings(strs)
	return strings.Join(strs, ",")
}

func sameSet(a, b types.Set) bool { return setKey(a) == setKey(b) }

// Bug: the renderings collected, then sent; the second result of a helper.
func idsOf(m widgetModel) ([]string, error) {
	ids := make([]string, 0)
	for _, e := range m.Labels.Elements() {
		ids = append(ids, strings.ReplaceAll(e.String(), `"`, "")) // want `APPLY-2: String\(\) of an element of "labels" .* used as data by a struct field; cutting the quotes off`
	}
	return ids, nil
}

func createAll(c client, m widgetModel) error {
	ids, err := idsOf(m)
	if err != nil {
		return err
	}
	_, err = c.Create(apiWidget{Name: ids[0]})
	return err
}

var _ = sameSet
var _ = createAll
