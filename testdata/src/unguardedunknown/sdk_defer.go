package unguardedunknown

import (
	"context"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

// A CustomizeDiff with a defer returns its results through a local slot
// (the SSA form of every return loads it); its error returns count all the same.
func resourceMailGroup() *schema.Resource {
	return &schema.Resource{
		CustomizeDiff: mailGroupCustomizeDiff,
		Schema: map[string]*schema.Schema{
			"mail_enabled":  {Type: schema.TypeBool, Optional: true},
			"mail_nickname": {Type: schema.TypeString, Optional: true},
			"mail_alias":    {Type: schema.TypeString, Optional: true},
		},
	}
}

func mailGroupCustomizeDiff(ctx context.Context, d *schema.ResourceDiff, meta interface{}) error {
	_, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	mailEnabled := d.Get("mail_enabled").(bool)
	if nick := d.Get("mail_nickname").(string); mailEnabled && nick == "" { // want `VALIDATE-1: CustomizeDiff code decides on "mail_nickname" without asking d.NewValueKnown first`
		return fmt.Errorf("mail_nickname is required for mail-enabled groups")
	}
	if alias := d.Get("mail_alias").(string); mailEnabled && alias == "" && d.NewValueKnown("mail_alias") {
		return fmt.Errorf("mail_alias is required for mail-enabled groups")
	}
	return nil
}
