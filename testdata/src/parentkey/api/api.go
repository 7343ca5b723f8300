// Package api is the fixtures' remote API: schedules live in a project.
package api

type Schedule struct {
	ID   int
	Cron string
}

type EditOptions struct {
	Cron    *string
	Project *string
}

type Client struct{}

func (*Client) GetSchedule(project string, id int) (*Schedule, error) { return nil, nil }
func (*Client) EditSchedule(project string, id int, o *EditOptions) (*Schedule, error) {
	return nil, nil
}
func (*Client) MoveSchedule(id int, project string) error      { return nil }
func (*Client) EditTrigger(pid any, id int, desc string) error { return nil }
func (*Client) Do(path string, body any) error                 { return nil }

// Secrets live in an app, named by the caller: creating one under a name
// that exists replaces its value (an upsert).
type Secret struct{ Name, Value string }

func (*Client) CreateSecret(app, name, value string) (*Secret, error) { return nil, nil }
func (*Client) GetSecret(app, name string) (*Secret, error)           { return nil, nil }
func (*Client) DeleteSecret(app, name string) error                   { return nil }
func (*Client) RenameSecret(app, oldName, newName string) error       { return nil }

// ACL entries live in an ACL of a service; the requests name them by fields.
type Entry struct{ IP, Comment string }

type GetEntryInput struct {
	ServiceID, ACLID string
	EntryID          *string
}

type UpdateEntryInput struct {
	ServiceID, ACLID string
	EntryID          *string
	IP, Comment      *string
}

// EntryBody is a request body: the ID goes beside it.
type EntryBody struct {
	ServiceID, ACLID string
	IP               *string
}

func (*Client) GetEntry(*GetEntryInput) (*Entry, error)               { return nil, nil }
func (*Client) UpdateEntry(*UpdateEntryInput) (*Entry, error)         { return nil, nil }
func (*Client) UpdateEntryByValue(UpdateEntryInput) error             { return nil }
func (*Client) PatchEntry(id string, body *EntryBody) (*Entry, error) { return nil, nil }

// ToPointer returns a pointer to v.
func ToPointer[T any](v T) *T { return &v }

// Buckets live in a region; a session talks to one region's endpoint.
type Session struct{ Region string }

type Spaces struct{ s *Session }

func NewSpaces(s *Session) *Spaces                       { return &Spaces{s} }
func (*Spaces) HeadBucket(bucket string) (string, error) { return "", nil }
func (*Spaces) PutACL(bucket, acl string) error          { return nil }
func (*Spaces) MoveBucket(bucket, toRegion string) error { return nil }

// Feeds live in a project and are named by their name in requests.
type Feed struct{ ID, Name, Project, Description string }

type FeedArgs struct{ Project, FeedID *string }

type UpdateFeedArgs struct {
	Project, FeedID *string
	Body            *FeedBody
}

type FeedBody struct{ Description *string }

func (*Client) GetFeed(FeedArgs) (*Feed, error)          { return nil, nil }
func (*Client) GetFeedByID(id string) (*Feed, error)     { return nil, nil }
func (*Client) UpdateFeed(UpdateFeedArgs) (*Feed, error) { return nil, nil }

// Indexes are addressed by their name, which the API cannot change.
type Index struct{ Name, Filter string }

type IndexBody struct{ Filter string }

func (*Client) CreateIndex(Index) (Index, error)                    { return Index{}, nil }
func (*Client) GetIndex(name string) (Index, error)                 { return Index{}, nil }
func (*Client) UpdateIndex(name string, b IndexBody) (Index, error) { return Index{}, nil }
func (*Client) RenameIndex(uuid, newName string) error              { return nil }

// Items live in a vault and are addressed by the vault and their own ID.
type ItemVault struct{ ID string }

type Item struct {
	ID, Title string
	Vault     ItemVault
}

func (*Client) CreateItem(it *Item, vault string) (*Item, error) { return nil, nil }
func (*Client) GetItem(id, vault string) (*Item, error)          { return nil, nil }
func (*Client) UpdateItem(it *Item, vault string) (*Item, error) { return nil, nil }

// Users are addressed by their username, which the request carries.
type User struct{ Username, Email string }

func (*Client) CreateUser(u *User) error               { return nil }
func (*Client) GetUser(username string) (*User, error) { return nil, nil }
func (*Client) UpdateUser(u *User) error               { return nil }

// Networks are addressed by the Name field of each request.
type NetworkInfo struct{ Name, Prefix string }

type CreateNetworkInput struct{ Name, Prefix string }

type GetNetworkInput struct{ Name string }

type UpdateNetworkInput struct{ Name, Prefix, Description string }

func (*Client) CreateNetwork(*CreateNetworkInput) (*NetworkInfo, error) { return nil, nil }
func (*Client) GetNetwork(*GetNetworkInput) (*NetworkInfo, error)       { return nil, nil }
func (*Client) UpdateNetwork(*UpdateNetworkInput) (*NetworkInfo, error) { return nil, nil }
