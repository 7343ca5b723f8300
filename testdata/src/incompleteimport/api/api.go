// Package api stands for a provider's API client, in a package of its own.
package api

import "context"

type Client struct{}

type Role struct{ ID, Name string }

func (Client) GetRole(ctx context.Context, parent, id string) (*Role, error) { return &Role{}, nil }
func (Client) Do(path string) error                                          { return nil }

type GetRequest struct{ Identifier string }

func (Client) Get(ctx context.Context, req *GetRequest) (*Role, error) { return &Role{}, nil }

type ProjectCall struct{ key string }

func (c ProjectCall) Execute() (*Role, error) { return &Role{}, nil }

func (Client) Project(ctx context.Context, key string) ProjectCall { return ProjectCall{key} }
