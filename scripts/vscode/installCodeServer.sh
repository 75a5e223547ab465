#!/usr/bin/env bash
# Installs everything needed to run the extension inside a real VS Code workbench
# (code-server 4.100.3 + headless Debian Chromium) on a Debian 12 machine, as root.
#
# Idempotent: apt is skipped when every package is already installed and the
# code-server install is skipped when a working copy of the pinned version is
# already present, so a repeat run is a fast no-op (CI may reuse the machine).
#
# Usage: bash scripts/vscode/installCodeServer.sh
# Env:   TMPDIR (default /tmp) - where the ripgrep cache tarball is built.
set -euo pipefail

CODE_SERVER_VERSION="4.100.3"
# @vscode/ripgrep (a code-server dependency) downloads rg from GitHub in its
# postinstall, which cannot work offline; it uses this cached file when present.
RIPGREP_PKG_VERSION="1.15.11"
RIPGREP_ASSET="ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz"
APT_PACKAGES=(build-essential pkg-config python3 libkrb5-dev libxkbfile-dev
  libsecret-1-dev libx11-dev ripgrep chromium)

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_ROOT="$(cd "$SCRIPT_DIR/../.." && pwd)"
INSTALL_DIR="$REPO_ROOT/.vscode-test/code-server"
CODE_SERVER_BIN="$INSTALL_DIR/node_modules/.bin/code-server"
export TMPDIR="${TMPDIR:-/tmp}"

die() { echo "installCodeServer: ERROR: $*" >&2; exit 1; }
log() { echo "installCodeServer: $*"; }
now() { date +%s; }
T_START=$(now)
trap 'rc=$?; [ $rc -ne 0 ] && echo "installCodeServer: FAILED (exit $rc) after $(( $(now) - T_START ))s" >&2' EXIT

# --- 0. Preconditions -------------------------------------------------------
command -v node >/dev/null || die "node is not on PATH (Node 20 is required)"
command -v npm >/dev/null || die "npm is not on PATH"
NODE_MAJOR="$(node -p 'process.versions.node.split(".")[0]')"
# code-server <= 4.100.x runs on Node 20; newer releases need Node 22+.
[ "$NODE_MAJOR" = "20" ] || log "warning: Node $(node -v) found; code-server $CODE_SERVER_VERSION expects Node 20"

# --- 1. Debian packages -----------------------------------------------------
T0=$(now)
missing=()
for p in "${APT_PACKAGES[@]}"; do
  # dpkg -s succeeds for removed-but-configured packages too, so check the status line.
  if ! dpkg -s "$p" 2>/dev/null | grep -q '^Status: install ok installed'; then
    missing+=("$p")
  fi
done
if [ ${#missing[@]} -eq 0 ]; then
  log "apt: all ${#APT_PACKAGES[@]} packages already installed, skipping apt"
else
  [ "$(id -u)" = "0" ] || die "missing Debian packages (${missing[*]}) and not running as root"
  log "apt: installing missing packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update || die "apt-get update failed"
  # Install the whole list (already-installed ones are no-ops) so versions stay consistent.
  apt-get install -y "${APT_PACKAGES[@]}" || die "apt-get install failed"
fi
[ -x /usr/bin/rg ] || die "/usr/bin/rg missing after apt (package ripgrep)"
[ -x /usr/bin/chromium ] || die "/usr/bin/chromium missing after apt (package chromium)"
log "apt step took $(( $(now) - T0 ))s"

# --- 2. code-server (cached) ------------------------------------------------
installed_version() {
  # `code-server --version` prints "4.100.3 <commit> with Code 1.100.3"; running it
  # also proves the install is usable, not just present.
  # A throwaway --config stops it writing ~/.config/code-server/config.yaml, and the
  # "Wrote default config file" log line it prints instead is filtered out by the grep.
  [ -x "$CODE_SERVER_BIN" ] || return 1
  local cfg; cfg="$(mktemp -d)"
  "$CODE_SERVER_BIN" --config "$cfg/config.yaml" --version 2>/dev/null \
    | grep -Eo '^[0-9]+\.[0-9]+\.[0-9]+' | head -n1
  rm -rf "$cfg"
}

if [ "$(installed_version || true)" = "$CODE_SERVER_VERSION" ]; then
  log "code-server $CODE_SERVER_VERSION already installed in $INSTALL_DIR, skipping"
  log "done in $(( $(now) - T_START ))s"
  exit 0
fi

# --- 2a. ripgrep cache tarball ------------------------------------------------
T0=$(now)
RG_CACHE_DIR="$TMPDIR/vscode-ripgrep-cache-$RIPGREP_PKG_VERSION"
RG_TARBALL="$RG_CACHE_DIR/$RIPGREP_ASSET"
if [ ! -s "$RG_TARBALL" ]; then
  mkdir -p "$RG_CACHE_DIR"
  stage="$(mktemp -d)"
  cp /usr/bin/rg "$stage/rg"
  # The package extracts the archive and expects `rg` at its top level.
  tar -czf "$RG_TARBALL.tmp" -C "$stage" rg && mv "$RG_TARBALL.tmp" "$RG_TARBALL"
  rm -rf "$stage"
  log "built ripgrep cache $RG_TARBALL from /usr/bin/rg"
else
  log "ripgrep cache already present: $RG_TARBALL"
fi

# --- 2b. npm install into its own folder ---------------------------------------
# A separate package.json keeps code-server out of the extension's dependencies
# (users packaging the extension must not build VS Code) and stops unrelated
# `npm i` runs in the repo from pruning it.
T0=$(now)
mkdir -p "$INSTALL_DIR"
cat > "$INSTALL_DIR/package.json" <<JSON
{
  "name": "timeslice-code-server",
  "private": true,
  "description": "Local code-server used by Timeslice's tests and demo (installed by scripts/vscode/installCodeServer.sh)",
  "dependencies": { "code-server": "$CODE_SERVER_VERSION" }
}
JSON
log "npm: installing code-server@$CODE_SERVER_VERSION into $INSTALL_DIR (compiles native modules; a few minutes on 2 cores)"
# npm_config_yes: node-pty's postinstall runs `npx node-gyp`, which would otherwise prompt.
# npm_config_nodedir: compile native modules against Debian's Node headers in /usr/include/node
#   instead of downloading them.
# --unsafe-perm: code-server's postinstall refuses to run as root without it.
(
  cd "$INSTALL_DIR"
  npm_config_yes=true npm_config_nodedir=/usr npm install \
    --unsafe-perm --no-audit --no-fund \
    --loglevel=warn
) || die "npm install of code-server@$CODE_SERVER_VERSION failed (see output above)"
log "npm install took $(( $(now) - T0 ))s"

v="$(installed_version || true)"
[ "$v" = "$CODE_SERVER_VERSION" ] || die "code-server reports version '${v:-<none>}' after install, expected $CODE_SERVER_VERSION"
log "code-server $v installed: $CODE_SERVER_BIN"
log "done in $(( $(now) - T_START ))s"
