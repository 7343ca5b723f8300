package contract

import (
	"sync"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

// schemaCache holds the schemas a provider announced, by type name, in the
// protocol 6 form the checks use.
type schemaCache struct {
	mu        sync.Mutex
	loaded    bool
	resources map[string]*tfprotov6.Schema
	data      map[string]*tfprotov6.Schema
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
