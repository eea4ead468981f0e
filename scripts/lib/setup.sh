# Shared by scripts/test and scripts/demo: installs what a fresh Debian bookworm machine lacks.
# Quiet and idempotent: when everything is present it only asks dpkg.

LAMINA_PACKAGES=(
  libx11-dev libxext-dev libxtst-dev libxrandr-dev  # X11 host: windows, MIT-SHM, XTest, RandR
  libxcursor-dev libxfixes-dev                # cursors from themes; tests read them back
  libxpresent-dev                             # frames paced by the display's vertical blank
  libxi-dev                                   # XInput 2: smooth scrolling, touchpad gestures
  libwayland-dev libxkbcommon-dev             # Wayland host: libwayland-client, keymaps through xkbcommon
  libcairo2-dev libpango1.0-dev libpixman-1-dev  # drawing, text, compositing
  libpng-dev libjpeg-dev libturbojpeg0-dev    # image codecs
  libwebp-dev                                 # WebP decoding (lottie-ios and web assets use it)
  fonts-dejavu-core                           # the default font, for stable text pixels
  fonts-liberation2                           # metric-compatible Helvetica/Arial, Times, Courier (Core Text names)
  fonts-lohit-deva                            # Devanagari (187 KB; DejaVu Sans already covers Arabic)
  xvfb xauth xdotool                          # end-to-end tests under a virtual display
  weston                                      # the Wayland backend's end-to-end tests (headless weston)
  poppler-utils                               # pdftoppm: tests read back the PDFs we write
  chromium                                    # headless: tests load lamina-snap's HTML report
)

lamina_missing_packages() {
  local p
  for p in "${LAMINA_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || echo "$p"
  done
}

lamina_install_packages() {
  local missing
  missing=$(lamina_missing_packages)
  [ -z "$missing" ] && return 0
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "Installing:" $missing
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get install -y -qq $missing >/dev/null 2>&1 || {
    $sudo apt-get update -qq >/dev/null
    $sudo apt-get install -y -qq $missing >/dev/null
  }
}

# `lamina_start_xvfb [WxHxDEPTH]`: starts Xvfb on the first free display (its screen 1280x1024x24
# unless given) and exports DISPLAY; stops it when the script exits.
lamina_start_xvfb() {
  local n=99 screen=${1:-1280x1024x24}
  while [ -e "/tmp/.X$n-lock" ] || [ -e "/tmp/.X11-unix/X$n" ]; do n=$((n + 1)); done
  Xvfb ":$n" -screen 0 "$screen" -nolisten tcp >/dev/null 2>&1 &
  LAMINA_XVFB_PID=$!
  trap 'kill $LAMINA_XVFB_PID 2>/dev/null || true' EXIT
  local i
  for i in $(seq 1 100); do
    [ -e "/tmp/.X11-unix/X$n" ] && break
    sleep 0.05
  done
  export DISPLAY=":$n"
}

# Stops a test run (pid $1, the leader of its own session) that takes over $2 seconds: prints
# where every thread of the test process is (with gdb, when installed), then kills the run
# and everything it started. A line "scripts/test: stopped …" goes to the run's log ($3).
lamina_watchdog() {
  local pid=$1 limit=$2 log=$3 waited=0 p
  while kill -0 "$pid" 2>/dev/null; do
    if [ "$waited" -ge "$limit" ]; then
      echo "scripts/test: stopped after $limit s; the test process's threads:" >>"$log"
      for p in $(pgrep -s "$pid" -f '\.xctest'); do
        if command -v gdb >/dev/null; then
          timeout 60 gdb -p "$p" -batch -ex 'thread apply all bt' 2>&1 | grep -E '^(Thread|#)' >>"$log"
        fi
      done
      pkill -KILL -s "$pid" 2>/dev/null       # the whole session: swift test runs the tests in a group of their own
      return 0
    fi
    sleep 2
    waited=$((waited + 2))
  done
}
