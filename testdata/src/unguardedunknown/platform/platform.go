// Package platform is an API client's enum, declared outside the provider:
// its parser rejects every name but a fixed set, "" included.
package platform

import "fmt"

type OS int

type osName string

const (
	cumulus osName = "cumulus"
	junos   osName = "junos"
)

// FromString fails on "": parse knows only the names above.
func (o *OS) FromString(s string) error {
	i, err := osName(s).parse()
	if err != nil {
		return err
	}
	*o = OS(i)
	return nil
}

func (o osName) parse() (int, error) {
	switch o {
	case cumulus:
		return 1, nil
	case junos:
		return 2, nil
	default:
		return 0, fmt.Errorf("unknown platform %q", string(o))
	}
}

// FromStringOrDefault takes "" for the default platform.
func (o *OS) FromStringOrDefault(s string) error {
	if s == "" {
		*o = 0
		return nil
	}
	return o.FromString(s)
}
