#!/usr/bin/env bash
# Run tflifecyclelint over the providers of ../shared/CORPUS.md, checked out by
# hand under $CORPUS/<name> at the listed commits (never inside this repo).
# Prints per provider: exit code, time, peak memory, resolved/unresolved
# resources and findings per check; full JSON goes to $CORPUS/<name>.json.
#
#   CORPUS=/work/corpus scripts/corpus.sh random tls corner
set -uo pipefail
CORPUS=${CORPUS:?set CORPUS to the folder holding the checkouts}
here=$(cd "$(dirname "$0")/.." && pwd)
bin=$(mktemp -d)/tflifecyclelint
(cd "$here" && go build -o "$bin" ./cmd/tflifecyclelint) || exit 1
export GOMODCACHE=${GOMODCACHE:-$CORPUS/.gomodcache} GOCACHE=${GOCACHE:-$CORPUS/.gocache} GOFLAGS=-mod=mod
for name in "$@"; do
  sub=$(awk -v n="$name" '$1==n {print $4}' "$CORPUS/list.txt" 2>/dev/null)
  dir="$CORPUS/$name/${sub:-.}"
  start=$(date +%s.%N)
  (cd "$dir" && /usr/bin/time -f "%M" -o "$CORPUS/$name.mem" "$bin" -json -debug-model ./... >"$CORPUS/$name.json" 2>"$CORPUS/$name.err" </dev/null)
  rc=$?
  secs=$(echo "$(date +%s.%N) - $start" | bc)
  python3 - "$name" "$rc" "$secs" "$CORPUS/$name.json" "$CORPUS/$name.mem" "$CORPUS/$name.err" <<'PY'
import json, re, sys
name, rc, secs, path, mem, err = sys.argv[1:]
try:
    data = json.load(open(path))
except Exception as e:
    data = {}
# With tests included a package is analysed twice ("p" and "p [p.test]"):
# count each finding once, and each package's model once (the larger one).
counts, seen, model = {}, set(), {}
for pkg, by in data.items():
    base = pkg.split(" [")[0]
    for an, ds in by.items():
        if not isinstance(ds, list):
            continue
        for d in ds:
            m = d.get("message", "")
            if an == "providermodel":
                s = re.search(r"(\d+) framework, (\d+) sdk; resolved (\d+), unresolved (\d+)", m)
                if s:
                    v = tuple(int(x) for x in s.groups())
                    model[base] = max(model.get(base, v), v)
                continue
            if (d["posn"], m) in seen:
                continue
            seen.add((d["posn"], m))
            # "check: RULE: ..." since findings carry their check's name.
            parts = m.split(": ")
            rule = parts[1] if len(parts) > 2 and parts[0] == an else parts[0]
            counts[an + "/" + rule] = counts.get(an + "/" + rule, 0) + 1
fw, sdk, res, unres = (sum(v[i] for v in model.values()) for i in range(4))
peak = open(mem).read().strip().splitlines()[-1] if open(mem).read().strip() else "?"
errs = [l for l in open(err).read().splitlines() if l.strip()]
print(f"{name}: rc={rc} {float(secs):.1f}s peak={int(peak)//1024 if peak.isdigit() else peak}MiB "
      f"framework={fw} sdk={sdk} resolved={res} unresolved={unres} findings={counts or 0} stderr_lines={len(errs)}")
PY
done
