#!/bin/sh
# Makes a Cache/ with waiting notifications using the trawl binary $1, in folder $2.
set -e
BIN=$1; D=$2
rm -rf "$D"; mkdir -p "$D"; cd "$D"
page() { cat > status.html <<HTML
<!DOCTYPE html><html><head><title>Garden</title></head><body>
<table class="switches">
<tr class="switch"><td class="label">Pump</td><td class="state">$1</td></tr>
<tr class="switch"><td class="label">Heater</td><td class="state">off</td></tr>
</table></body></html>
HTML
}
cat > trawl.json <<'JSON'
{"site": {"title": "Garden watch", "url": "https://example.org/garden/"},
 "notify": [{"command": ["./notify.sh"]}],
 "sources": [{"id": "garden", "name": "Garden controller", "kind": "status", "url": "status.html",
              "items": "table.switches tr.switch", "fields": {"label": ".label", "state": ".state"},
              "idField": "label", "notify": [{"command": ["./notify.sh", "--garden"], "when": ["changes", "failures"]}]}]}
JSON
printf '#!/bin/sh\necho "receiver is down" >&2\nexit 1\n' > notify.sh; chmod +x notify.sh
page off
TRAWL_NOW=2026-11-30T04:00:00Z "$BIN" run --quiet --output Output >/dev/null 2>&1 || true
page on
TRAWL_NOW=2026-12-01T04:00:00Z "$BIN" run --quiet --output Output >/dev/null 2>&1 || true
