#!/usr/bin/env bash
# Installs the built output the way a deployment does (`npm ci --omit=dev` in an empty folder, then
# dist/), starts `node dist/server/main.js` in production mode on the PostgreSQL at $1, and checks
# that it is healthy, answers with production headers, renders detail pages, lists what the operator
# CLI imports and stops cleanly on SIGTERM.
# Usage: scripts/check-production-install.sh postgres://user@host:port/database   (after npm run build)
set -euo pipefail
cd "$(dirname "$0")/.."
database_url=${1:?usage: $0 <DATABASE_URL>}
[ -f dist/server/main.js ] && [ -f dist/client/index.html ] || { echo "run npm run build first" >&2; exit 1; }

folder=$(mktemp -d /tmp/ngernkhuen-production-XXXXXX)
server_pid=
cleanup() {
  if [ -n "$server_pid" ]; then kill -KILL "$server_pid" 2>/dev/null || true; fi
  rm -rf "$folder"
}
trap cleanup EXIT

cp package.json package-lock.json "$folder/"
cp -r dist "$folder/dist"
(cd "$folder" && npm ci --omit=dev --no-audit --no-fund --loglevel=error)
if [ -e "$folder/node_modules/tsx" ] || [ -e "$folder/node_modules/vite" ]; then
  echo "devDependencies were installed" >&2
  exit 1
fi

port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
# The settings of a production process, the server's and the operator CLI's alike.
production_environment=(
  PATH="$PATH" HOME="$folder" ENV_FILE=
  APP_MODE=production PORT="$port" HOST=127.0.0.1 LOG_LEVEL=info
  DATABASE_URL="$database_url" DATA_DIR="$folder/data" PROOF_STORAGE=filesystem PROOF_DIR="$folder/proofs"
  PICTURE_STORAGE=filesystem PICTURE_DIR="$folder/pictures"
  AUTH_SECRET="$(node -e "console.log(require('crypto').randomBytes(32).toString('hex'))")"
  SMTP_URL=smtp://127.0.0.1:2525 MAIL_FROM="NgernKhuen <no-reply@example.invalid>"
  $(node -e "const k=require('$PWD/node_modules/web-push').generateVAPIDKeys();console.log('VAPID_PUBLIC_KEY='+k.publicKey,'VAPID_PRIVATE_KEY='+k.privateKey)")
  VAPID_SUBJECT=mailto:push@example.invalid
)
(
  cd "$folder"
  exec env -i "${production_environment[@]}" node --enable-source-maps dist/server/main.js
) >"$folder/server.log" 2>&1 &
server_pid=$!

base="http://127.0.0.1:$port"
for _ in $(seq 1 300); do
  if curl -fsS "$base/api/health" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$server_pid" 2>/dev/null; then cat "$folder/server.log" >&2; echo "the server exited" >&2; exit 1; fi
  sleep 0.2
done
curl -fsS "$base/api/health" >/dev/null || { cat "$folder/server.log" >&2; echo "not healthy" >&2; exit 1; }

headers=$(curl -fsS -D - -o /dev/null "$base/home")
for header in 'strict-transport-security:' 'content-security-policy:' 'cross-origin-opener-policy:'; do
  grep -qi "^$header" <<<"$headers" || { echo "missing $header on /home:" >&2; echo "$headers" >&2; exit 1; }
done
# A visitor's detail pages are rendered with the build's page renderer, which loads with the
# production dependencies alone; an item that does not exist is a 404.
for _ in $(seq 1 100); do
  if grep -q 'detail pages are rendered with the page renderer' "$folder/server.log"; then break; fi
  sleep 0.1
done
grep -q 'detail pages are rendered with the page renderer' "$folder/server.log" ||
  { cat "$folder/server.log" >&2; echo "the page renderer did not load" >&2; exit 1; }
[ "$(curl -s -o /dev/null -w '%{http_code}' "$base/products/000000000000000000000000")" = 404 ]
# Production has no dev outbox and no demo store.
[ "$(curl -s -o /dev/null -w '%{http_code}' "$base/api/dev/outbox?to=demo@ngernkhuen.test")" = 404 ]
[ "$(curl -s -o /dev/null -w '%{http_code}' "$base/demo-store/x")" = 404 ]

# An operator's import (the CLI, as deployed) runs on its worker thread, built next to the CLI, and
# the running server lists what it brought in.
cat >"$folder/offers.json" <<'JSON'
{"status":"success","data":{"data":[{"offer_id":1,"offer_name":"Install Check Shop","categories":"Home & Garden","commission_rate":"4%","tracking_period":7,"validation_period":60,"tracking_link":"https://invol.co/aff_m?offer_id=1","offer_status":"Active"}]}}
JSON
printf '%s\n' 'id,title,link,image_link,price,google_product_category,availability' \
  'IC-1,Install check kettle,https://shop.example.co.th/p/1,https://shop.example.co.th/i/1.jpg,590.00 THB,Home & Garden,in_stock' \
  >"$folder/feed.csv"
run_ops() {
  (cd "$folder" && env -i "${production_environment[@]}" LOG_LEVEL=warn node dist/server/ops.js "$@")
}
run_ops catalogue import involve-asia "$folder/offers.json" | grep -q 'applied'
run_ops catalogue import involve-asia "$folder/feed.csv" --merchant 1 | grep -q 'applied; 1 rows, 1 changed'
for _ in $(seq 1 100); do
  if curl -fsS "$base/cws-api/products?search=kettle" | grep -q 'Install check kettle'; then break; fi
  sleep 0.1
done
curl -fsS "$base/cws-api/products?search=kettle" | grep -q 'Install check kettle' ||
  { echo "the imported product is not listed" >&2; exit 1; }

kill -TERM "$server_pid"
status=0
wait "$server_pid" || status=$?
server_pid=
grep -q 'shutdown complete' "$folder/server.log" || { cat "$folder/server.log" >&2; exit 1; }
[ "$status" = 0 ] || { cat "$folder/server.log" >&2; echo "exit status $status" >&2; exit 1; }
echo "production install: healthy on PostgreSQL, production headers, detail pages rendered, an import listed, clean SIGTERM exit"
