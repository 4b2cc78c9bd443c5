#!/bin/sh
# The system packages the whole test suite needs beyond Python: Debian's
# chromium (the browser tests drive it) and npm (it bundles the board's
# front end afresh and fetches the JupyterLite site's Python runtime).
#
# Run as root, it asks apt for what is missing and nothing else: a machine
# whose Node.js comes from NodeSource already has npm, and Debian's npm
# package conflicts with that nodejs, so asking for both would make apt
# refuse the whole request.  Each package is asked for on its own, so one
# that cannot be installed does not keep the other out, and the script
# then checks that every command arrived.
#
# Run as a normal user, it installs nothing: it names what is missing and
# the command an administrator would type, and the suite runs without what
# needs it (saying so in capitals at the end).
set -u

missing=""
command -v chromium >/dev/null 2>&1 || missing="chromium"
command -v npm >/dev/null 2>&1 || missing="$missing npm"
missing=$(echo $missing)
[ -z "$missing" ] && exit 0

if [ "$(id -u)" != 0 ]; then
    echo "system-packages.sh: $missing not found; the tests that need it will be skipped." >&2
    echo "system-packages.sh: to run them, as root: apt-get install -y $missing" >&2
    exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
    echo "system-packages.sh: $missing not found and no apt-get here: install $missing with this system's package manager" >&2
    exit 1
fi

export DEBIAN_FRONTEND=noninteractive
apt-get update -qq || echo "system-packages.sh: apt-get update failed; trying with the package lists at hand" >&2
for package in $missing; do
    apt-get install -y -qq "$package" || echo "system-packages.sh: apt-get could not install $package" >&2
done

failed=""
for package in $missing; do
    command -v "$package" >/dev/null 2>&1 || failed="$failed $package"
done
if [ -n "$failed" ]; then
    echo "system-packages.sh:$failed still missing after apt-get install; the whole suite needs it." >&2
    case "$failed" in
        *npm*) command -v node >/dev/null 2>&1 && echo "system-packages.sh: this machine's node ($(command -v node)) came without npm: install the npm that belongs to it" >&2 ;;
    esac
    exit 1
fi
exit 0
