// Package gclplugin registers every tflifecyclelint check as a golangci-lint
// module plugin, one plugin per check, so that `//nolint:<check>`, per-check
// enable/disable and per-check SARIF rule IDs work in golangci-lint.
//
// Build a custom golangci-lint with it (see README and scripts/build-custom-gcl.sh).
package gclplugin

import (
	"fmt"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/tflifecyclelint/tflifecyclelint/passes"
)

// Settings are a check's settings in .golangci.yml. There are none yet, and
// decoding is strict: any key is a typo, reported as an error rather than
// silently ignored. Severities are golangci-lint's own (severity.rules).
type Settings struct{}

func init() {
	for _, a := range passes.Checks() {
		register.Plugin(a.Name, newPlugin(a))
	}
}

func newPlugin(a *analysis.Analyzer) register.NewPlugin {
	return func(conf any) (register.LinterPlugin, error) {
		if _, err := register.DecodeSettings[Settings](conf); err != nil {
			return nil, fmt.Errorf("%s: %w", a.Name, err)
		}
		return plugin{a}, nil
	}
}

type plugin struct{ analyzer *analysis.Analyzer }

func (p plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return []*analysis.Analyzer{p.analyzer}, nil
}

// GetLoadMode asks for type information: the checks need types and, through
// the providermodel facts, the packages a provider imports.
func (plugin) GetLoadMode() string { return register.LoadModeTypesInfo }
