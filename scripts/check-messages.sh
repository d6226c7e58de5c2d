#!/usr/bin/env bash
# Type-checks message tables and their Kiswahili translations alone (a few seconds, not the whole
# project): scripts/check-messages.sh src/shared/messages/fees.ts src/shared/messages/sw/fees.ts
set -euo pipefail
cd "$(dirname "$0")/.."
exec node node_modules/typescript-7/bin/tsc --noEmit --strict --target ES2023 --lib ES2023,DOM \
  --module ESNext --moduleResolution Bundler --skipLibCheck --types node --noUnusedLocals --ignoreConfig "$@"
