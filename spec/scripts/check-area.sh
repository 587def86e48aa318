#!/usr/bin/env bash
# Lint and bundle only some areas of the contract while others are still being written.
# Usage: scripts/check-area.sh news chat ...   (run from spec/)
set -euo pipefail
cd "$(dirname "$0")/.."
areas="$*"
tmp=_check-area-$$.yaml
out=$(mktemp -d)
python3 - "$areas" > "$tmp" <<'PY'
import sys
areas = set(sys.argv[1].split()) | {'session'}
out, skip = [], False
lines = open('openapi.yaml').read().split('\n')
for i, l in enumerate(lines):
    if l.startswith('  /'):
        nxt = lines[i + 1]
        skip = not any(f'/{a}.yaml#' in nxt for a in areas)
    elif not l.startswith('    '):
        skip = False
    if not skip:
        out.append(l)
print('\n'.join(out))
PY
trap 'rm -f "$tmp"' EXIT
npx redocly lint "$tmp" --format stylish --max-problems 500
npx redocly bundle "$tmp" -o "$out/bundle.json" --ext json
npx --prefix ../packages/client openapi-typescript "$out/bundle.json" -o "$out/schema.d.ts"
echo "OK: lint clean, bundled to $out/bundle.json, types in $out/schema.d.ts"
