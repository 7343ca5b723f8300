package zerofornull

import (
	"context"
	"strconv"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

type apiBoard struct {
	Title  string
	Height int
	Width  *int
	Shared bool
	Port   int64
}

func (b *apiBoard) GetHeight() int  { return b.Height }
func (b *apiBoard) HasHeight() bool { return b.Height != 0 }
func (b *apiBoard) GetShared() bool { return b.Shared }
func (b *apiBoard) HasShared() bool { return b.Shared }
func (b *apiBoard) GetWidth() int   { return 0 }

func (b *apiBoard) GetWidthOk() (int, bool) {
	if b.Width == nil {
		return 0, false
	}
	return *b.Width, true
}

func resourceBoard() *schema.Resource {
	return &schema.Resource{
		CreateContext: boardCreate,
		ReadContext:   boardRead,
		UpdateContext: boardCreate,
		DeleteContext: boardCreate,
		Schema: map[string]*schema.Schema{
			"title":    {Type: schema.TypeString, Required: true},
			"height":   {Type: schema.TypeString, Optional: true},
			"width":    {Type: schema.TypeString, Optional: true},
			"shared":   {Type: schema.TypeString, Optional: true},
			"port":     {Type: schema.TypeString, Optional: true, Computed: true},
			"echo":     {Type: schema.TypeString, Optional: true},
			"rank":     {Type: schema.TypeString, Optional: true, Default: "0"},
			"revision": {Type: schema.TypeString, Optional: true},
			"plain":    {Type: schema.TypeString, Optional: true},
		},
	}
}

func boardCreate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	d.SetId("b")
	return boardRead(ctx, d, m)
}

func boardRead(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	b := &apiBoard{}
	d.Set("title", b.Title)
	d.Set("height", strconv.Itoa(b.GetHeight())) // want `READ-3: Read of resourceBoard saves "height" \(Optional, not Computed, a string\) as strconv.Itoa of the API's value`
	// Saved only when the API has it.
	if v, ok := b.GetWidthOk(); ok {
		d.Set("width", strconv.Itoa(v))
	}
	d.Set("shared", strconv.FormatBool(b.GetShared())) // want `READ-3: Read of resourceBoard saves "shared"`
	// Optional+Computed: the SDK keeps what Read saves.
	d.Set("port", strconv.FormatInt(b.Port, 10))
	// The configuration's own value.
	d.Set("echo", strconv.Itoa(d.Get("height").(int)))
	// A plain field: the API always answers it.
	d.Set("plain", strconv.Itoa(b.Height))
	// A default: the plan holds "0" when the configuration leaves it out.
	d.Set("rank", strconv.Itoa(b.GetHeight()))
	if b.Height > 0 {
		d.Set("revision", strconv.Itoa(b.Height))
	}
	return nil
}
