// Package api stands for a provider's API client: calls into it are remote.
package api

type Hostname struct {
	Name, Behavior, Region, Mode, Tier string
}

type Client struct{}

func (Client) Create(h *Hostname) (*Hostname, error) { return h, nil }
func (Client) Get(id string) (*Hostname, error)      { return &Hostname{}, nil }
func (Client) Update(h *Hostname) error              { return nil }
