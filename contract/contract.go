// Package contract checks, at run time, every RPC result of a Terraform
// provider against the lifecycle contract (the rules of package rules,
// explained in the repository's docs/rules.md), including
// the rules Terraform only logs as warnings for SDKv2 providers.
//
// Wrap a provider server in a test:
//
//	srv := contract.WrapV6(providerserver.NewProtocol6(New())(), contract.FailTest(t))
//
// Every call is forwarded unchanged; its response is checked against the
// schemas from GetProviderSchema, and each violation names the rule, the
// resource type, the attribute path and the two values (never the values of
// Sensitive or write-only attributes).
//
// The package imports only terraform-plugin-go and the standard library.
package contract

import (
	"fmt"
	"runtime/debug"
	"sync"
	"testing"

	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
)

// Violation is one broken rule in one RPC response.
type Violation struct {
	Rule     rules.ID
	RPC      string // e.g. "ApplyResourceChange"
	TypeName string // resource or data source type
	Path     string // attribute path, "" for the whole object
	Message  string
}

func (v Violation) String() string {
	where := v.TypeName
	if v.Path != "" {
		where += " " + v.Path
	}
	return fmt.Sprintf("%s: %s %s: %s", v.Rule, v.RPC, where, v.Message)
}

// Option configures a wrapper.
type Option func(*checker)

// FailTest reports each violation as a test error.
func FailTest(tb testing.TB) Option {
	return func(c *checker) {
		c.sinks = append(c.sinks, func(v Violation) {
			tb.Helper()
			tb.Errorf("%s", v)
		})
	}
}

// Collect appends each violation to *out. One Collect option may be shared
// by several wrappers (a factory map): it has its own lock.
func Collect(out *[]Violation) Option {
	var mu sync.Mutex
	return func(c *checker) {
		c.sinks = append(c.sinks, func(v Violation) {
			mu.Lock()
			defer mu.Unlock()
			*out = append(*out, v)
		})
	}
}

// Log only logs each violation, e.g. with t.Logf or log.Printf.
func Log(logf func(format string, args ...any)) Option {
	return func(c *checker) {
		c.sinks = append(c.sinks, func(v Violation) { logf("%s", v) })
	}
}

// Allow accepts known violations of the given rules: they are not reported.
func Allow(ids ...rules.ID) Option {
	return func(c *checker) {
		for _, id := range ids {
			c.allowed[id] = true
		}
	}
}

// MutableIdentity declares resource types whose identity may change (the
// framework's ResourceBehavior.MutableIdentity, the SDK's MutableIdentity);
// the protocol does not carry it. Other identities must stay the same.
func MutableIdentity(typeNames ...string) Option {
	return func(c *checker) {
		for _, n := range typeNames {
			c.mutable[n] = true
		}
	}
}

// checker is the part of a wrapper shared by all protocol versions.
type checker struct {
	mu      sync.Mutex
	sinks   []func(Violation)
	allowed map[rules.ID]bool
	store   string   // PlanStore directory, if any
	proc    *process // with PlanStore: this process's walks
	mutable map[string]bool
}

func newChecker(opts []Option) *checker {
	c := &checker{allowed: map[rules.ID]bool{}, mutable: map[string]bool{}}
	for _, o := range opts {
		o(c)
	}
	return c
}

// validated and configured follow the walks of this provider process (PLAN-8).
func (c *checker) validated() {
	if c.proc != nil {
		c.proc.validate()
	}
}

func (c *checker) configured() {
	if c.proc != nil {
		c.proc.configure()
	}
}

func (c *checker) report(vs []Violation) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, v := range vs {
		if c.allowed[v.Rule] {
			continue
		}
		for _, sink := range c.sinks {
			sink(v)
		}
	}
}

// guard runs a check; a panic inside it becomes a reported violation rather
// than a crash of the provider under test.
func (c *checker) guard(rpc, typeName string, check func() []Violation) {
	var vs []Violation
	func() {
		defer func() {
			if p := recover(); p != nil {
				vs = append(vs, Violation{Rule: "INTERNAL", RPC: rpc, TypeName: typeName,
					Message: fmt.Sprintf("the contract checker panicked (please report): %v\n%s", p, debug.Stack())})
			}
		}()
		vs = check()
	}()
	if len(vs) > 0 {
		c.report(vs)
	}
}
