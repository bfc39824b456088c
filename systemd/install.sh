#!/usr/bin/env bash
# Installs dicetable on Raspberry Pi OS (Bookworm or later, 64-bit) as a system service, and the
# scoreboard kiosk for the desktop user. Run from a clone of the repository:
#     sudo ./systemd/install.sh [KIOSK_USER]
# KIOSK_USER (default: the user who ran sudo) is the auto-login desktop user who owns the wall
# display. Safe to run again: it updates the code and restarts the service.
set -euo pipefail

[ "$(id -u)" -eq 0 ] || { echo "run me with sudo" >&2; exit 1; }
SRC="$(cd "$(dirname "$0")/.." && pwd)"
PREFIX=/opt/dicetable
KIOSK_USER="${1:-${SUDO_USER:-}}"

# 1. System packages. picamera2 only exists as a Debian package (it binds libcamera), so the venv
#    below is made with --system-site-packages to see it. Chromium shows the scoreboard, in
#    DejaVu; players' names in Chinese, Japanese or Korean and emoji need the Noto fonts the
#    scoreboard's CSS names (web/static/common.css), or the wall shows them as empty boxes.
apt-get update
DEBIAN_FRONTEND=noninteractive apt-get install -y python3-venv python3-picamera2 python3-lgpio \
    curl rsync
DEBIAN_FRONTEND=noninteractive apt-get install -y chromium || \
    DEBIAN_FRONTEND=noninteractive apt-get install -y chromium-browser
DEBIAN_FRONTEND=noninteractive apt-get install -y fonts-dejavu-core fonts-noto-cjk fonts-noto-color-emoji

# 2. The service user: no login, no home, in the gpio and video groups.
id -u dicetable >/dev/null 2>&1 || \
    useradd --system --user-group --no-create-home --home-dir /var/lib/dicetable \
        --shell /usr/sbin/nologin dicetable
usermod -a -G gpio,video dicetable

# 3. The code and its venv (root-owned, read-only to the service).
mkdir -p "$PREFIX"
rsync -a --delete --exclude .git --exclude .venv --exclude data --exclude out "$SRC"/ "$PREFIX"/
[ -x "$PREFIX/.venv/bin/python" ] || python3 -m venv --system-site-packages "$PREFIX/.venv"
"$PREFIX/.venv/bin/pip" install --upgrade pip
"$PREFIX/.venv/bin/pip" install "$PREFIX[pi]"

# 4. Settings (kept if already there) and the data directory.
install -d -m 0755 /etc/dicetable
[ -f /etc/dicetable/dicetable.toml ] || cat > /etc/dicetable/dicetable.toml <<'TOML'
# dicetable settings: `dicetable config` prints every key with its default.
[table]
pin = "0000"        # change me: the PIN for the control page

[camera]
source = "auto"     # auto | none | picamera2 | opencv:N | replay:PATH
TOML
# It holds the PIN: readable by root and the service's group only (also fixes an older install's 0644).
chown root:dicetable /etc/dicetable/dicetable.toml
chmod 0640 /etc/dicetable/dicetable.toml
install -d -o dicetable -g dicetable -m 0750 /var/lib/dicetable

# 5. The units. The kiosk opens the address and port the service listens on ([server] host and
#    port of the settings): a service bound to one LAN address does not answer on localhost.
#    Python writes the unit, so no address needs escaping for sed; a config it cannot read
#    (the service will not start either) leaves the default http://localhost:8000/.
kiosk_unit() {
    "$PREFIX/.venv/bin/python" - "$1" "$SRC/systemd/dicetable-kiosk.service" 2>/dev/null <<'PY' ||
import ipaddress, sys
from pathlib import Path
from device.settings import load

server = load(sys.argv[1]).server
host = server.host.strip().strip("[]")
try:
    address = ipaddress.ip_address(host.split("%")[0])
except ValueError:
    address = None                      # a name (dicetable.local), or empty: every interface
if not host or host == "*" or (address is not None and address.is_unspecified):
    host = "localhost"                  # listening everywhere: this machine's own name reaches it
elif address is not None and address.version == 6:
    host = "[" + host.replace("%", "%25") + "]"     # a zone id's % is escaped in a URL (RFC 6874)
unit = Path(sys.argv[2]).read_text(encoding="utf-8")
sys.stdout.write(unit.replace("http://localhost:8000/", f"http://{host}:{server.port}/"))
PY
        cat "$SRC/systemd/dicetable-kiosk.service"
}
install -m 0644 "$SRC/systemd/dicetable.service" /etc/systemd/system/dicetable.service
systemctl daemon-reload
systemctl enable dicetable.service
systemctl restart dicetable.service

if [ -n "$KIOSK_USER" ] && [ "$KIOSK_USER" != root ]; then
    home="$(getent passwd "$KIOSK_USER" | cut -d: -f6)"
    install -d -o "$KIOSK_USER" -g "$KIOSK_USER" "$home/.config/systemd/user"
    kiosk_unit /etc/dicetable/dicetable.toml > "$home/.config/systemd/user/dicetable-kiosk.service"
    chown "$KIOSK_USER:$KIOSK_USER" "$home/.config/systemd/user/dicetable-kiosk.service"
    chmod 0644 "$home/.config/systemd/user/dicetable-kiosk.service"
    # Enable the user unit without needing that user's session bus right now.
    install -d -o "$KIOSK_USER" -g "$KIOSK_USER" "$home/.config/systemd/user/graphical-session.target.wants"
    ln -sf ../dicetable-kiosk.service \
        "$home/.config/systemd/user/graphical-session.target.wants/dicetable-kiosk.service"
    # ... and started by the session's autostart too: Raspberry Pi OS never reaches
    # graphical-session.target (see dicetable-kiosk.desktop).
    install -d -o "$KIOSK_USER" -g "$KIOSK_USER" "$home/.config/autostart"
    install -m 0644 -o "$KIOSK_USER" -g "$KIOSK_USER" "$SRC/systemd/dicetable-kiosk.desktop" \
        "$home/.config/autostart/dicetable-kiosk.desktop"
    echo "kiosk installed for $KIOSK_USER (starts with the desktop session)"
fi

# The addresses to give out: the port the service listens on ([server] port), not always 8000.
listen_port() {
    "$PREFIX/.venv/bin/python" -c 'import sys; from device.settings import load
print(load(sys.argv[1]).server.port)' "$1" 2>/dev/null || echo 8000
}
port="$(listen_port /etc/dicetable/dicetable.toml)"
echo "dicetable is running: systemctl status dicetable; journalctl -u dicetable -f"
echo "scoreboard: http://$(hostname).local:$port/   control page: http://$(hostname).local:$port/table"
