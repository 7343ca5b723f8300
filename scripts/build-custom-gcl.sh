#!/usr/bin/env bash
# Build a custom golangci-lint with the tflifecyclelint plugins, reproducing by
# hand what `golangci-lint custom` does (it clones from GitHub, which this
# machine cannot reach): take golangci-lint's source from the module proxy,
# add the plugin import to cmd/golangci-lint/plugins.go, point go.mod at this
# repository, tidy, build. Not part of the default test run.
#
#   scripts/build-custom-gcl.sh [output-binary]     (default: ./custom-gcl)
#   GCL_SMOKE=1 scripts/build-custom-gcl.sh          also run it on the fixtures
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
version=${GCL_VERSION:-v2.15.0}
out=$(realpath -m "${1:-$here/custom-gcl}")
work=$(mktemp -d)
trap 'chmod -R u+w "$work"; rm -rf "$work"' EXIT

dir=$(cd "$work" && GOFLAGS=-mod=mod go mod download -json "github.com/golangci/golangci-lint/v2@$version" | sed -n 's/.*"Dir": "\(.*\)".*/\1/p')
[ -n "$dir" ] || { echo "build-custom-gcl: cannot download golangci-lint $version" >&2; exit 1; }
cp -r "$dir" "$work/golangci-lint"
chmod -R u+w "$work/golangci-lint"
cd "$work/golangci-lint"
cat > cmd/golangci-lint/plugins.go <<'GO'
package main

import (
	_ "github.com/tflifecyclelint/tflifecyclelint/gclplugin"
)
GO
go mod edit -require=github.com/tflifecyclelint/tflifecyclelint@v0.0.0 -replace="github.com/tflifecyclelint/tflifecyclelint=$here" \
  -replace="github.com/tflifecyclelint/tflifecyclelint/contract=$here/contract"
GOFLAGS=-mod=mod go mod tidy
# Building must not move golangci-lint's own dependencies: x/tools in particular.
want=$(curl -fsS "https://proxy.golang.org/github.com/golangci/golangci-lint/v2/@v/$version.mod" 2>/dev/null | awk '$1=="golang.org/x/tools"{print $2}' || true)
got=$(go list -m -f '{{.Version}}' golang.org/x/tools)
if [ -n "$want" ] && [ "$want" != "$got" ]; then
  echo "build-custom-gcl: the plugin moves golang.org/x/tools from $want to $got; keep it at golangci-lint's version" >&2
  exit 1
fi
go build -ldflags "-s -w -X 'main.version=$version-custom-tflifecyclelint'" -o "$out" ./cmd/golangci-lint
echo "built $out (golangci-lint $version, x/tools $got)"

if [ "${GCL_SMOKE:-}" = 1 ]; then
  cd "$here/testdata/src"
  # The example config, with paths reported relative to the working directory.
  { cat "$here/examples/golangci/.golangci.yml"; printf 'run:\n  relative-path-mode: wd\n'; } > "$work/golangci.yml"
  echo "--- text"
  GOWORK=off GOFLAGS=-mod=mod GOPROXY=off "$out" run -c "$work/golangci.yml" ./crosspkg/... ./gcl/... || true
  echo "--- sarif"
  GOWORK=off GOFLAGS=-mod=mod GOPROXY=off "$out" run -c "$work/golangci.yml" --output.text.path=/dev/null --output.sarif.path="$work/gcl.sarif" ./crosspkg/... ./gcl/... || true
  (cd "$here" && go run ./internal/sarif/validatesarif "$work/gcl.sarif")
fi
