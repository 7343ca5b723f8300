#!/usr/bin/env bash
# Try the README's install line from a tag without publishing anything:
# clone this repository, tag REF there as TAG (the repository itself gets no
# tag), serve both modules from a file:// proxy built from the tag
# (scripts/modproxy), `go install …@TAG` from it into a temporary GOBIN, and
# run the result.
#
#   scripts/try-install.sh [TAG] [REF]       (default: v0.1.0 HEAD)
#
# Other modules come from the module cache or the usual proxy. sum.golang.org
# knows no unpublished version: GONOSUMDB covers ours (set GOSUMDB=off where
# the checksum database is unreachable; the module cache is then trusted).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
tag=${1:-v0.1.0}
ref=${2:-HEAD}
work=$(mktemp -d)
trap 'chmod -R u+w "$work"; rm -rf "$work"' EXIT
git clone -q "$here" "$work/repo"
git -C "$work/repo" tag "$tag" "$(git -C "$here" rev-parse "$ref")"
(cd "$here" && go run ./scripts/modproxy -repo "$work/repo" -ref "$tag" -out "$work/proxy")
mkdir "$work/elsewhere" && cd "$work/elsewhere"
proxy="file://$work/proxy,$(go env GOPROXY)"
GOFLAGS= GOWORK=off GOPROXY=$proxy GONOSUMDB=${GONOSUMDB:-github.com/tflifecyclelint} GOBIN="$work/bin" \
  go install "github.com/tflifecyclelint/tflifecyclelint/cmd/tflifecyclelint@$tag"
echo "go install github.com/tflifecyclelint/tflifecyclelint/cmd/tflifecyclelint@$tag: ok"
"$work/bin/tflifecyclelint" version
"$work/bin/tflifecyclelint" help | head -1
