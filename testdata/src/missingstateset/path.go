package missingstateset

import "github.com/hashicorp/terraform-plugin-framework/path"

var pathID = path.Root("id")
