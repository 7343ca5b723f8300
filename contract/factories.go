package contract

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov5"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

// CheckV6Factories wraps every server of a terraform-plugin-testing
// ProtoV6ProviderFactories map, so an acceptance test gains the checks with a
// one-line change:
//
//	ProtoV6ProviderFactories: contract.CheckV6Factories(t, protoV6ProviderFactories),
//
// Without options, violations fail the test.
func CheckV6Factories(tb testing.TB, factories map[string]func() (tfprotov6.ProviderServer, error), opts ...Option) map[string]func() (tfprotov6.ProviderServer, error) {
	opts = defaultToFail(tb, opts)
	out := make(map[string]func() (tfprotov6.ProviderServer, error), len(factories))
	for name, factory := range factories {
		out[name] = func() (tfprotov6.ProviderServer, error) {
			s, err := factory()
			if err != nil || s == nil {
				return s, err
			}
			return WrapV6(s, opts...), nil
		}
	}
	return out
}

// CheckV5Factories is CheckV6Factories for ProtoV5ProviderFactories (SDKv2
// providers, framework providers on protocol 5, muxed servers).
func CheckV5Factories(tb testing.TB, factories map[string]func() (tfprotov5.ProviderServer, error), opts ...Option) map[string]func() (tfprotov5.ProviderServer, error) {
	opts = defaultToFail(tb, opts)
	out := make(map[string]func() (tfprotov5.ProviderServer, error), len(factories))
	for name, factory := range factories {
		out[name] = func() (tfprotov5.ProviderServer, error) {
			s, err := factory()
			if err != nil || s == nil {
				return s, err
			}
			return WrapV5(s, opts...), nil
		}
	}
	return out
}

func defaultToFail(tb testing.TB, opts []Option) []Option {
	probe := newChecker(opts)
	if len(probe.sinks) == 0 {
		opts = append(opts, FailTest(tb))
	}
	return opts
}
