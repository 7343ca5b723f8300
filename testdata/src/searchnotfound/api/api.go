// Package api is a stand-in client whose rules live under a parent.
package api

import "net/http"

type Rule struct {
	ID   string
	Name string
}

// GetID is a getter, as generated clients have.
func (r Rule) GetID() string { return r.ID }

type Client struct{}

// ListRules lists the rules of a parent: an error (and a 404) when the
// parent is gone, the rules without the deleted one otherwise.
func (Client) ListRules(parent string) ([]Rule, *http.Response, error) { return nil, nil, nil }

// RuleIndex returns the rules of a parent by ID.
func (Client) RuleIndex(parent string) (map[string]Rule, error) { return nil, nil }

// GroupedRules returns the rules of a parent by kind.
func (Client) GroupedRules(parent string) (map[string][]Rule, error) { return nil, nil }

func (Client) CreateRule(parent string, r Rule) (*Rule, error) { return &Rule{}, nil }
func (Client) DeleteRule(parent, id string) error              { return nil }
