#!/usr/bin/env bash
# Schemathesis (PyPI, pinned) against the sandbox's own /openapi.json, in both dialects:
# a sandbox per dialect with a tenant key and real records (users, a transaction, a payment,
# a document, a connect session, trade users, a trade, a business user), whose ids are given
# to Schemathesis so requests reach them. Fixed seed; every check but those switched off
# below, each with the spec's line that it contradicts.
#
#   scripts/schemathesis.sh                 # both dialects
#   SCHEMATHESIS_DIALECTS=spec scripts/schemathesis.sh
#   SCHEMATHESIS_MAX_EXAMPLES=50 SCHEMATHESIS_SEED=7 scripts/schemathesis.sh
#   scripts/schemathesis.sh --install     # only make the virtual environment (for the set-up)
#
# The virtual environment is the script's own, in the cache (SCHEMATHESIS_VENV), made on
# first use with python3 (SCHEMATHESIS_PYTHON to choose another). Reports (JUnit) go to target/schemathesis/<dialect>/. Exit status: 0 when
# every dialect passes.
set -euo pipefail
cd "$(dirname "$0")/.."

VERSION=4.32.5
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/escrow-desk"
VENV="${SCHEMATHESIS_VENV:-$CACHE/schemathesis-$VERSION}"
SEED="${SCHEMATHESIS_SEED:-20261127}"
MAX_EXAMPLES="${SCHEMATHESIS_MAX_EXAMPLES:-20}"
DIALECTS="${SCHEMATHESIS_DIALECTS:-spec published}"
KEY=schemathesis-key
TARGET="${CARGO_TARGET_DIR:-target}"
OUT="target/schemathesis"

# The newest CPython found: on 3.11, Hypothesis fails describing one of the strategies
# Schemathesis builds (CPython's `ast` raises "AST constructor recursion depth mismatch").
python_for_venv() {
  if [ -n "${SCHEMATHESIS_PYTHON:-}" ]; then echo "$SCHEMATHESIS_PYTHON"; return; fi
  for candidate in python3.13 python3.12 "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.1[23].*/bin/python3; do
    # (`--version`, not `command -v`: a pyenv shim exists for versions it will not run.)
    if "$candidate" --version >/dev/null 2>&1; then echo "$candidate"; return; fi
  done
  echo python3
}

if ! "$VENV/bin/schemathesis" --version 2>/dev/null | grep -q "version $VERSION$"; then
  python=$(python_for_venv)
  echo "schemathesis: installing $VERSION into $VENV ($("$python" --version))"
  rm -rf "$VENV"
  "$python" -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$VERSION"
fi
[ "${1:-}" = --install ] && exit 0

# The operations not run: fault injection and the clock (fuzzing them would break every
# other operation's run: dropped connections, expired links, not a test of the document);
# on CPython 3.11 also the one whose generated path id trips the `ast` failure above.
EXCLUDE='^/_sandbox/(faults|clock/advance)$'
if "$VENV/bin/python" -c 'import sys; sys.exit(sys.version_info >= (3, 12))'; then
  EXCLUDE='^/_sandbox/(faults|clock/advance|trade/payments/[^/]+/paid)$'
  echo "schemathesis: CPython 3.11: not running POST /_sandbox/trade/payments/{external_id}/paid"
fi

cargo build --quiet -p escrow-sandbox
SANDBOX="$TARGET/debug/escrow-sandbox"

WORK=$(mktemp -d)
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT

# The value at `path` (dots) of the JSON on stdin.
field() { python3 -c 'import json,sys
v=json.load(sys.stdin)
for k in sys.argv[1].split("."): v=v[k]
print(v)' "$1"; }

# call METHOD PATH [JSON BODY]: the answer's body; fails on a status other than 2xx.
call() {
  curl -sS --fail-with-body -X "$1" "$URL$2" -H "Authorization: Bearer $KEY" \
    -H "Content-Type: application/json" -H "Idempotency-Key: setup-$RANDOM$RANDOM" ${3:+-d "$3"}
}

status=0
for dialect in $DIALECTS; do
  data="$WORK/$dialect"
  mkdir -p "$data" "$OUT/$dialect"
  "$SANDBOX" serve --listen 127.0.0.1:0 --data-dir "$data" --tenant "t=$KEY" --dialect "$dialect" \
    --own-receiver --log-level warn >"$data/stdout" 2>"$data/stderr" &
  PIDS+=("$!")
  for _ in $(seq 50); do grep -q '^listening on ' "$data/stdout" && break; sleep 0.1; done
  URL=$(sed -n 's/^listening on //p' "$data/stdout")
  [ -n "$URL" ] || { echo "schemathesis: the $dialect sandbox did not start" >&2; cat "$data/stderr" >&2; exit 1; }

  account=serviceAccountId checkout=/v2/transactions/marketplace created=transactionId
  initiate=/v1/marketplace/trades
  if [ "$dialect" = published ]; then
    account=safepayAccountId checkout=/v2/checkout/marketplace created=id
    initiate=/v1/marketplace/trades/initiate
  fi
  # The records the run reaches (the control API keeps the specs' names in both dialects).
  payer=$(call POST /_sandbox/users '{"referenceId":"st-payer","name":"Payer","type":"Private"}' | field serviceAccountId)
  payee=$(call POST /_sandbox/users '{"referenceId":"st-payee","name":"Payee","type":"Business"}' | field serviceAccountId)
  txn=$(call POST "$checkout" "{\"amount\":100,\"title\":\"Lamp\",\"payeeId\":\"$payee\",\"payerId\":\"$payer\"}" | field "$created")
  payment_url=$(call POST /v2/payments "{\"$account\":\"$payer\",\"transactionId\":\"$txn\",\"returnUrl\":\"https://shop.example/back\"}")
  payment=$(field paymentId <<<"$payment_url")
  pay_token=$(field paymentUrl <<<"$payment_url" | sed 's#.*/##')
  document=$(curl -sS --fail-with-body "$URL/v2/documents" -H "Authorization: Bearer $KEY" \
    -F title=Contract -F "document=@Cargo.toml;type=application/pdf" | field documentId)
  connect_token=$(call POST /v2/connect '{"referenceId":"st-connect","returnUrl":"https://shop.example/back"}' \
    | field connectUrl | sed 's#.*/##')
  split=$(call POST "/v2/transactions/$txn/split-payouts" '{"amount":5,"recipient":"PAYEE"}' | field splitPayoutId)
  call POST /_sandbox/trade/users '{"marketplaceUserId":"st-buyer","name":"Buyer"}' >/dev/null
  call POST /_sandbox/trade/users '{"marketplaceUserId":"st-seller","name":"Seller"}' >/dev/null
  trade=$(call POST "$initiate" '{"title":"Bike","description":"A bike","amount":500,"payerFee":0,"payerFixedFee":0,"payeeFee":0,"payeeFixedFee":0,"payerMarketplaceUserId":"st-buyer","payeeMarketplaceUserId":"st-seller","successUrl":"https://shop.example/ok","cancelUrl":"https://shop.example/no"}' | field tradeId)
  call POST /v1/marketplace/business-users '{"businessId":"12345678","businessLocationId":"main","name":"Shop","phoneNumber":"+4512345678","address":{"street":"Gade 1","postalCode":"1000","city":"København","country":"DK"},"payoutsAccountNumber":"00400440116243"}' >/dev/null

  cat >"$data/schemathesis.toml" <<EOF
seed = $SEED
workers = 2

[generation]
max-examples = $MAX_EXAMPLES

[phases.stateful]
enabled = false

[parameters]
"path.transaction_id" = "$txn"
"path.payment_id" = "$payment"
"path.split_payout_id" = "$split"
"path.service_account_id" = "$payer"
"path.reference_id" = "st-connect"
"path.user" = "st-buyer"
"path.trade" = "$trade"
"path.business_id" = "12345678"
"path.location_id" = "main"
"path.tenant" = "t"
# No trade payment is made: a fixed id (a 404) rather than generated ones.
"path.external_id" = "st-no-such-payment"
EOF
  # Path parameters named alike on different records: given per group of operations.
  for group in "^/v2/users/ path.id $payer" "^/v2/documents/ path.id $document" \
      "^/hosted/pay/ path.token $pay_token" "^/hosted/connect/ path.token $connect_token"; do
    read -r paths name value <<<"$group"
    printf '\n[[operations]]\ninclude-path-regex = "%s"\nparameters = { "%s" = "%s" }\n' \
      "$paths" "$name" "$value" >>"$data/schemathesis.toml"
  done
  echo "schemathesis: $dialect dialect at $URL (seed $SEED, $MAX_EXAMPLES examples)"
  # positive_data_acceptance is switched off: it expects every request that fits the
  # schemas to be accepted, and the APIs refuse requests that fit them when a business rule
  # says no, as the specs say. v2 (spec 000 §7): "Most client errors return a problem details
  # object: type (string), title (string), status (integer), detail (string)."; the trade API
  # (spec 001 §7): "400 responses carry a problem object: title (string), detail (string),
  # status (integer), errors (array of {key, value} describing field faults), traceId
  # (string), typeCode". An Idempotency-Key sent again with another request is refused (422).
  if ! (cd "$data" && "$VENV/bin/schemathesis" --config-file "$data/schemathesis.toml" run "$URL/openapi.json" \
      -H "Authorization: Bearer $KEY" --checks all --exclude-checks positive_data_acceptance \
      --exclude-path-regex "$EXCLUDE" \
      --report junit --report-dir "$OLDPWD/$OUT/$dialect"); then
    status=1
  fi
done
exit $status
