package gclplugin

import (
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"

	"github.com/tflifecyclelint/tflifecyclelint/passes"
)

func TestOnePluginPerCheck(t *testing.T) {
	for _, a := range passes.Checks() {
		newPlugin, err := register.GetPlugin(a.Name)
		if err != nil {
			t.Fatalf("%s not registered: %v", a.Name, err)
		}
		p, err := newPlugin(nil)
		if err != nil {
			t.Fatalf("%s with no settings: %v", a.Name, err)
		}
		as, err := p.BuildAnalyzers()
		if err != nil || len(as) != 1 || as[0] != a {
			t.Errorf("%s: BuildAnalyzers = %v, %v; want its own analyzer", a.Name, as, err)
		}
		if p.GetLoadMode() != register.LoadModeTypesInfo {
			t.Errorf("%s: load mode %q", a.Name, p.GetLoadMode())
		}
		if _, err := newPlugin(map[string]any{}); err != nil {
			t.Errorf("%s with empty settings: %v", a.Name, err)
		}
	}
}

// A typo in the settings is an error, not silently ignored.
func TestSettingsAreStrict(t *testing.T) {
	newPlugin, err := register.GetPlugin("missingforcenew")
	if err != nil {
		t.Fatal(err)
	}
	_, err = newPlugin(map[string]any{"severty": "warning"})
	if err == nil || !strings.Contains(err.Error(), "severty") {
		t.Errorf("unknown setting accepted: err = %v", err)
	}
}
