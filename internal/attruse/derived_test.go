package attruse

import "testing"

func TestDerived(t *testing.T) {
	for _, c := range []struct {
		x, y, owner string
		want        bool
	}{
		{"name", "full_name", "resourceGithubRepository", true},
		{"execution_mode", "resolved_execution_mode", "resourceTFEWorkspace", true},
		{"tags", "effective_tags", "resourceTFEWorkspace", true},
		{"plan_name", "plan_id", "instanceResource", true},
		{"plan_name", "plan_uuid", "instanceResource", true},
		// The resource's own identifier: a rename keeps it.
		{"certificate_name", "certificate_id", "clientCertificateAkamaiResource", false},
		{"function_name", "function_uuid", "ResourceDigitalOceanGradientAIFunctionRoute", false},
		{"name", "slug", "x", false},
		{"description", "short_description", "x", false},
		{"name", "name", "x", false},
		{"_name", "_id", "x", false},
	} {
		if got := Derived(c.x, c.y, c.owner); got != c.want {
			t.Errorf("Derived(%q, %q, %q) = %v, want %v", c.x, c.y, c.owner, got, c.want)
		}
	}
}
