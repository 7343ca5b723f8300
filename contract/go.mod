module github.com/tflifecyclelint/tflifecyclelint/contract

go 1.25.0

require github.com/hashicorp/terraform-plugin-go v0.31.0

require (
	github.com/vmihailenco/msgpack/v5 v5.4.1 // indirect
	github.com/vmihailenco/tagparser/v2 v2.0.0 // indirect
)
