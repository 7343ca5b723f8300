#!/usr/bin/env bash
# Run a provider's acceptance tests with the runtime checker (contract/)
# injected into every test's provider factories, and list what it reports.
#
#   scripts/offline-suites.sh [-planstore] [-run REGEX] [-get MODULE@VERSION]... PROVIDER_CHECKOUT [PACKAGES...]
#
# The checkout is copied to a scratch folder first (it is never edited in
# place). Each test's `ProtoV5ProviderFactories: X` / `ProtoV6ProviderFactories: X`
# (terraform-plugin-testing, or the SDKv2 helper/resource) becomes
# `contract.CheckV5Factories(t, X, contract.Log(...))`, and SDKv2
# `ProviderFactories: X` is served through the SDK's GRPCProvider the same way;
# violations are logged, never failing a test, so the suite's own verdict
# (Terraform's) and the checker's are both seen. -planstore adds
# contract.PlanStore(t.TempDir()) (PLAN-8).
#
# Needs Terraform: TF_ACC_TERRAFORM_PATH (default: terraform on PATH). Tests
# that download providers from the registry fail offline; select with -run.
# Output: the go test log in $OUT (default: a scratch folder), then a summary:
# tests passed/failed/skipped and each violation with its test.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
planstore=false run=. timeout=60m gets=()
while [ $# -gt 0 ]; do
  case $1 in
    -planstore) planstore=true; shift ;;
    -run) run=$2; shift 2 ;;
    -timeout) timeout=$2; shift 2 ;;
    -get) gets+=("$2"); shift 2 ;;
    -*) echo "offline-suites: unknown flag $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
src=${1:?usage: scripts/offline-suites.sh [-planstore] [-run REGEX] PROVIDER_CHECKOUT [PACKAGES...]}
shift
pkgs=("${@:-./...}")
[ -f "$src/go.mod" ] || { echo "offline-suites: $src has no go.mod" >&2; exit 2; }
work=$(mktemp -d)
OUT=${OUT:-$work/test.log}
cp -r "$src/." "$work/p"
cd "$work/p"

# Inject: a helper file per package that builds test cases, and the call sites.
python3 - "$planstore" <<'PY'
import os, re, sys
planstore = sys.argv[1] == "true"
# field: (new field, wrapper) — SDKv2 provider maps are served through GRPCProvider.
wrap = {"ProtoV5ProviderFactories": ("ProtoV5ProviderFactories", "contractWrap5"),
        "ProtoV6ProviderFactories": ("ProtoV6ProviderFactories", "contractWrap6"),
        "ProviderFactories": ("ProtoV5ProviderFactories", "contractWrapSDK"),
        "Providers": ("ProtoV5ProviderFactories", "contractWrapProviders")}
field = re.compile(r'^(\s*)(ProtoV5ProviderFactories|ProtoV6ProviderFactories|ProviderFactories|Providers):\s*(.+?)\s*$')

def inject(lines):
    """Wraps each factories field; a value spanning lines ends where its braces close."""
    used, i = set(), 0
    while i < len(lines):
        m = field.match(lines[i])
        if not m or "contractWrap" in lines[i]:
            i += 1
            continue
        newfield, fn = wrap[m.group(2)]
        value = m.group(3)
        depth = value.count("{") - value.count("}") + value.count("(") - value.count(")")
        if depth <= 0 and value.endswith(","):
            lines[i] = f"{m.group(1)}{newfield}: {fn}(t, {value[:-1]}),"
        else:
            k = i
            while depth > 0 and k + 1 < len(lines):
                k += 1
                depth += lines[k].count("{") - lines[k].count("}") + lines[k].count("(") - lines[k].count(")")
            if depth != 0 or not lines[k].rstrip().endswith(","):
                i += 1
                continue
            lines[i] = f"{m.group(1)}{newfield}: {fn}(t, {value}"
            lines[k] = lines[k].rstrip()[:-1] + "),"
        used.add(fn)
        i += 1
    return used

def helper(pkg, used):
    store = ", contract.PlanStore(t.TempDir())" if planstore else ""
    sdk = "contractWrapSDK" in used or "contractWrapProviders" in used
    out = [f"package {pkg}", "", "// Written by tflifecyclelint's scripts/offline-suites.sh; not part of the provider.", "",
           "import (", '\t"testing"', "", '\t"github.com/hashicorp/terraform-plugin-go/tfprotov5"',
           '\t"github.com/hashicorp/terraform-plugin-go/tfprotov6"']
    if sdk:
        out.append('\tsdkschema "github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"')
    out += ['\t"github.com/tflifecyclelint/tflifecyclelint/contract"', ")", f"""
func contractLog(t *testing.T) contract.Option {{
	return contract.Log(func(format string, args ...any) {{ t.Logf("CONTRACT-VIOLATION "+format, args...) }})
}}

func contractWrap5(t *testing.T, m map[string]func() (tfprotov5.ProviderServer, error)) map[string]func() (tfprotov5.ProviderServer, error) {{
	return contract.CheckV5Factories(t, m, contractLog(t){store})
}}

func contractWrap6(t *testing.T, m map[string]func() (tfprotov6.ProviderServer, error)) map[string]func() (tfprotov6.ProviderServer, error) {{
	return contract.CheckV6Factories(t, m, contractLog(t){store})
}}"""]
    if sdk:
        out.append("""
func contractWrapSDK(t *testing.T, m map[string]func() (*sdkschema.Provider, error)) map[string]func() (tfprotov5.ProviderServer, error) {
	out := map[string]func() (tfprotov5.ProviderServer, error){}
	for name, f := range m {
		f := f // modules before Go 1.22 share loop variables
		out[name] = func() (tfprotov5.ProviderServer, error) {
			p, err := f()
			if err != nil {
				return nil, err
			}
			return p.GRPCProvider(), nil
		}
	}
	return contractWrap5(t, out)
}

func contractWrapProviders(t *testing.T, m map[string]*sdkschema.Provider) map[string]func() (tfprotov5.ProviderServer, error) {
	out := map[string]func() (tfprotov5.ProviderServer, error){}
	for name, p := range m {
		p := p
		out[name] = func() (tfprotov5.ProviderServer, error) { return p.GRPCProvider(), nil }
	}
	return contractWrap5(t, out)
}""")
    return "\n".join(out) + "\n"

for root, dirs, files in os.walk("."):
    dirs[:] = [d for d in dirs if d not in ("vendor", ".git", "testdata")]
    pkgs = {}
    for f in sorted(files):
        if not f.endswith("_test.go"):
            continue
        path = os.path.join(root, f)
        src = open(path).read()
        lines = src.split("\n")
        used = inject(lines)
        if used:
            open(path, "w").write("\n".join(lines))
            pkg = re.search(r'^package (\w+)', src, re.M).group(1)
            pkgs.setdefault(pkg, set()).update(used)
    for pkg, used in pkgs.items():
        name = "zz_contract_inject_test.go" if len(pkgs) == 1 else f"zz_contract_inject_{pkg}_test.go"
        open(os.path.join(root, name), "w").write(helper(pkg, used))
        print(f"injected: {root} (package {pkg})", file=sys.stderr)
PY

go mod edit -require=github.com/tflifecyclelint/tflifecyclelint/contract@v0.0.0 \
  -replace=github.com/tflifecyclelint/tflifecyclelint/contract="$here/contract"
# An old release may need newer plugin libraries to build beside the checker.
for g in "${gets[@]}"; do GOFLAGS=-mod=mod go get "$g" >/dev/null; done
GOFLAGS=-mod=mod go mod tidy >/dev/null 2>&1 || GOFLAGS=-mod=mod go get github.com/tflifecyclelint/tflifecyclelint/contract >/dev/null
rm -rf vendor
export TF_ACC=1 CHECKPOINT_DISABLE=1 TF_ACC_TERRAFORM_PATH=${TF_ACC_TERRAFORM_PATH:-$(command -v terraform)}
echo "offline-suites: $("$TF_ACC_TERRAFORM_PATH" version 2>/dev/null | head -1) in $work/p; log $OUT" >&2
set +e
GOFLAGS=-mod=mod go test -count=1 -v -timeout "$timeout" -run "$run" "${pkgs[@]}" >"$OUT" 2>&1
rc=$?
set -e
pass=$(grep -c -- '^--- PASS' "$OUT" || true)
fail=$(grep -c -- '^--- FAIL' "$OUT" || true)
skip=$(grep -c -- '^--- SKIP' "$OUT" || true)
echo "tests: $pass passed, $fail failed, $skip skipped (go test exit $rc)"
grep -- '^--- FAIL' "$OUT" | sed 's/^/  /' || true
# A violation line is logged under its test; print test and violation.
awk '/^=== (RUN|CONT|NAME)/ {test=$3} /CONTRACT-VIOLATION/ {sub(/^.*CONTRACT-VIOLATION /, ""); print "  " test ": " $0}' "$OUT" | sort | uniq -c | sort -rn
echo "violations: $(grep -c CONTRACT-VIOLATION "$OUT" || true)"
