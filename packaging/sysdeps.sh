#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages Qt needs to run (headless and under Xvfb) and the fonts
# MemDesk's memories need (CJK), OpenSSH for remote workspaces (and their tests), and the
# validators of resources/linux/. Installs only what is missing; never runs apt-get otherwise.
set -euo pipefail

PACKAGES=(
  # Qt offscreen / headless
  libglib2.0-0 libegl1 libgl1 libx11-6 libdbus-1-3 libfontconfig1 libxkbcommon0
  # a real window under Xvfb (screenshots, manual runs)
  xvfb xauth libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-randr0
  libxcb-render-util0 libxcb-shape0 libxcb-xkb1 libxkbcommon-x11-0
  # fonts: Latin and Chinese (without them every glyph is an empty box)
  fonts-dejavu-core fonts-noto-cjk
  # remote workspaces: the OpenSSH client, and a server the tests start on 127.0.0.1
  openssh-client openssh-server
  # the checks of the desktop entry and the AppStream metadata (3 MB together)
  desktop-file-utils appstream
)

if ! command -v dpkg >/dev/null 2>&1; then
  echo "sysdeps: not a Debian/Ubuntu system; install Qt 6's runtime libraries and a CJK font yourself." >&2
  exit 0
fi

missing=()
for pkg in "${PACKAGES[@]}"; do
  dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
  SUDO=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  SUDO="sudo"
else
  echo "sysdeps: missing system packages. Run this once, then try again:" >&2
  echo "  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
  exit 1
fi

echo "sysdeps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
