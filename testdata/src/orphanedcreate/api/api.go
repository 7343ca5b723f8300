// Package api stands for a provider's API client: calls into it are remote.
package api

type Client struct{}

type Object struct {
	ID     *string
	Status string
}

func (Client) CreateObject(name string) (*Object, error)   { return &Object{}, nil }
func (Client) GetObject(name string) (*Object, error)      { return &Object{}, nil }
func (Client) WaitReady(id string) error                   { return nil }
func (Client) Tag(id string, tags map[string]string) error { return nil }
func (Client) DeleteObject(id string) error                { return nil }

// CreateNamed makes an object the caller names; it answers only an error.
func (Client) CreateNamed(id Identifier) error { return nil }
func (Client) Resume(id Identifier) error      { return nil }

type Identifier struct{ DB, Name string }

func NewIdentifier(db, name string) Identifier { return Identifier{db, name} }
func (i Identifier) String() string            { return i.DB + "." + i.Name }

// UpdateSettings changes something that exists already and answers it.
func (Client) UpdateSettings(name string) (*Object, error) { return &Object{}, nil }

// A request builder as generated API clients have it: the operation is
// named by the method the chain starts from, the call by Execute.
type Request struct{}

func (Client) CreateThing(name string) Request { return Request{} }
func (Client) UpdateThing(name string) Request { return Request{} }
func (r Request) Payload(p string) Request     { return r }
func (r Request) Execute() (*Object, error)    { return &Object{}, nil }

// PreflightCreate checks that a create can go ahead; it makes nothing.
func (Client) PreflightCreate(id Identifier) error { return nil }
