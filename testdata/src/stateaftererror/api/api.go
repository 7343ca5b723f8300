// Package api stands for a provider's API client: calls into it are remote.
package api

type Client struct{}

func (Client) Create(name string) (string, error) { return "", nil }
func (Client) Wait(id string) error               { return nil }

func (Client) Move(ip, to string) error { return nil }

func (Client) Edit(id, name string) (string, error) { return id, nil }
func (Client) Get(id string) (string, error)        { return id, nil }
