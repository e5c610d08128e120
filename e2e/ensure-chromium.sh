#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (/usr/bin/chromium) through playwright-core.
# npm cannot install it, so install it here when it is missing.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
echo "Installing Debian's chromium for the browser tests..."
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-liberation >/dev/null
[ -x /usr/bin/chromium ] || { echo "chromium could not be installed" >&2; exit 1; }
