package contract

import (
	"sync"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// schemaCache holds the schemas a provider announced, by type name, in the
// protocol 6 form the checks use.
type schemaCache struct {
	mu        sync.Mutex
	loaded    bool
	resources map[string]*tfprotov6.Schema
	data      map[string]*tfprotov6.Schema

	idLoaded   bool
	identities map[string]tftypes.Type
}

// addIdentities records the identity schemas' value types.
func (c *schemaCache) addIdentities(types map[string]tftypes.Type) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.identities == nil {
		c.identities = map[string]tftypes.Type{}
	}
	for k, v := range types {
		c.identities[k] = v
	}
	c.idLoaded = true
}

// identity returns the identity type of a resource, or nil when it has none.
func (c *schemaCache) identity(typeName string, load func()) tftypes.Type {
	c.mu.Lock()
	loaded := c.idLoaded
	c.mu.Unlock()
	if !loaded {
		func() {
			// A server that does not implement identity must not take the test down.
			defer func() { _ = recover() }()
			load()
		}()
		c.addIdentities(nil)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.identities[typeName]
}

func (c *schemaCache) add(resources, data map[string]*tfprotov6.Schema) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.resources == nil {
		c.resources, c.data = map[string]*tfprotov6.Schema{}, map[string]*tfprotov6.Schema{}
	}
	for k, v := range resources {
		c.resources[k] = v
	}
	for k, v := range data {
		c.data[k] = v
	}
	c.loaded = true
}

// get returns a schema, calling load first when the caller never asked the
// provider for its schemas.
func (c *schemaCache) get(typeName string, data bool, load func()) *tfprotov6.Schema {
	c.mu.Lock()
	loaded := c.loaded
	c.mu.Unlock()
	if !loaded {
		load()
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if data {
		return c.data[typeName]
	}
	return c.resources[typeName]
}
