package sarif

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// SchemaModule ships the SARIF 2.1.0 JSON schema in its testdata; the module
// proxy serves it, so the schema is fetched rather than vendored here.
const SchemaModule = "github.com/securego/gosec/v2@v2.30.0"

// SchemaPath downloads SchemaModule (through the module cache) and returns
// the path of sarif-schema-2.1.0.json in it.
func SchemaPath() (string, error) {
	dir, err := os.MkdirTemp("", "sarif-schema")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir)
	cmd := exec.Command("go", "mod", "download", "-json", SchemaModule)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("fetching %s from the module proxy: %v", SchemaModule, err)
	}
	var mod struct{ Dir string }
	if err := json.Unmarshal(out, &mod); err != nil || mod.Dir == "" {
		return "", fmt.Errorf("go mod download %s: %s", SchemaModule, out)
	}
	return filepath.Join(mod.Dir, "report", "sarif", "testdata", "sarif-schema-2.1.0.json"), nil
}

// Validator compiles the SARIF 2.1.0 schema and returns a function that
// validates a document against it.
func Validator() (func([]byte) error, error) {
	path, err := SchemaPath()
	if err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	schemaDoc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("sarif-schema-2.1.0.json", schemaDoc); err != nil {
		return nil, err
	}
	sch, err := c.Compile("sarif-schema-2.1.0.json")
	if err != nil {
		return nil, err
	}
	return func(doc []byte) error {
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
		if err != nil {
			return err
		}
		return sch.Validate(inst)
	}, nil
}
