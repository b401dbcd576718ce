#!/usr/bin/env bash
# Browser tests need Debian's Chromium and CJK fonts (Chinese renders as boxes without them), and
# poppler-utils' pdftotext, with which they read the downloaded PDFs back.
# Installs what is missing when run as root; otherwise says what to install.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
dpkg -s fonts-noto-cjk >/dev/null 2>&1 || missing+=(fonts-noto-cjk)
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "Browser tests need these Debian packages: ${missing[*]} (sudo apt-get install -y ${missing[*]})" >&2
  exit 1
fi
echo "Installing ${missing[*]} for the browser tests..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${missing[@]}" >/dev/null
