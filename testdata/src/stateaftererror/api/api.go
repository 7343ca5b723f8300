// Package api stands for a provider's API client: calls into it are remote.
package api

type Client struct{}

func (Client) Create(name string) (string, error) { return "", nil }
func (Client) Wait(id string) error               { return nil }
