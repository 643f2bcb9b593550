#!/usr/bin/env bash
# The clean-room check: does the README hold on a bare Debian 12? As root, it bootstraps a
# minimal Debian 12 root (debootstrap --variant=minbase, from the mirror this machine's apt uses),
# clones the commit under test into it and, as a new user would, runs these steps:
#   1. the bare root           debootstrap, or the cached tarball of an earlier run
#   2. ./test.sh               installs the build dependencies, builds, runs the whole suite
#   3. package                 cmake --build build --target package (the README's Install section)
#   4. ./run.sh                with no display: the terminal demonstration, exit 0
#   5. a second bare root gets only the .deb (apt-get install ./lockscope_*.deb pulls in what
#      the package declares and nothing of the build; cmake, g++, Qt's -dev packages and
#      redis-server must not come with it)
#   6. lockscope-cli simulate --scenario crash-mid-acquire --strategy setnx-expire there
#   7. the window there, offscreen, in Chinese, on the monitor page with its profile dialog
#      open: no English left (lockscope --check-translation, which catches Qt's own buttons
#      when Qt's catalogues are missing), saved as monitor-zh_CN.png in --out
# It prints one line per step with its time and stops at the first failure, naming it.
#
#   installer/clean-room.sh [--commit REV] [--out DIR] [--keep] [--refresh] [--cold]
#
# The bootstrapped root is cached as a tarball in $LOCKSCOPE_CLEAN_ROOM_CACHE (default
# /var/cache/lockscope-clean-room), and so are the .deb files apt downloads inside the roots:
# the second run starts in seconds and downloads nothing again. Neither makes a root less bare:
# the tarball is the untouched debootstrap result, the archive cache only saves downloads.
# So is the compiler cache of the build root's ccache (the README's build uses ccache, which
# install-build-deps.sh installs): a cold build of everything takes about 20 of the check's 30
# minutes on 2 cores, and a commit changes a few files. A hit is what the same compiler made of
# the same preprocessed source, so it proves as much as compiling again; the build root still
# installs, configures and links everything itself. --cold compiles everything, as a new user's
# first build does; step 2 prints the cache's hits either way.

# The whole script is one block, read before it starts: editing the file while a check runs
# (it takes minutes) cannot change what the running check does.
{
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
cache=${LOCKSCOPE_CLEAN_ROOM_CACHE:-/var/cache/lockscope-clean-room}
commit=HEAD
out=
keep=0
refresh=0
cold=0
suite=bookworm
max_cache_age_days=14

usage() { sed -n '2,/^$/p' "$0" | sed '/^$/d;s/^# \{0,1\}//'; }
die() {
    echo "clean-room: $*" >&2
    exit 2
}
while [ $# -gt 0 ]; do
    case $1 in
    --commit) commit=${2:?--commit needs a revision}; shift 2 ;;
    --out) out=${2:?--out needs a directory}; shift 2 ;;
    --keep) keep=1; shift ;;
    --refresh) refresh=1; shift ;;
    --cold) cold=1; shift ;;
    -h | --help) usage; exit 0 ;;
    *) die "unknown option \"$1\" (see --help)" ;;
    esac
done

[ "$(id -u)" -eq 0 ] || die "must run as root (it bootstraps and chroots into a Debian root)"
command -v debootstrap >/dev/null || die "debootstrap is missing: apt-get install debootstrap"
git -C "$here" rev-parse --verify -q "$commit^{commit}" >/dev/null ||
    die "\"$commit\" is not a commit of $here"
commit=$(git -C "$here" rev-parse "$commit^{commit}")


# --- the mirror this machine's apt uses ---------------------------------------------------------
# The first URI whose suites include the given one, from deb822 .sources files and one-line
# .list files alike.
mirror_for() {
    local want=$1 f
    for f in /etc/apt/sources.list.d/*.sources; do
        [ -r "$f" ] || continue
        awk -v want="$want" 'BEGIN { RS = ""; IGNORECASE = 1 }
            {
                types = ""; uris = ""; suites = ""
                n = split($0, lines, "\n")
                for (i = 1; i <= n; i++) {
                    if (lines[i] ~ /^Types:/) types = lines[i]
                    if (lines[i] ~ /^URIs:/) uris = lines[i]
                    if (lines[i] ~ /^Suites:/) suites = lines[i]
                }
                if (types !~ /(^|[ \t])deb([ \t]|$)/) next
                split(suites, s, /[ \t]+/)
                for (j in s) if (s[j] == want) { split(uris, u, /[ \t]+/); print u[2]; exit }
            }' "$f"
    done
    for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
        [ -r "$f" ] || continue
        sed -E 's/\[[^]]*\]//' "$f" | awk -v want="$want" '$1 == "deb" && $3 == want { print $2 }'
    done
}
mirror=$(mirror_for "$suite" | head -n1 || true)
security=$(mirror_for "$suite-security" | head -n1 || true)
mirror=${mirror:-http://deb.debian.org/debian}
security=${security:-http://deb.debian.org/debian-security}

# --- steps, timing, clean-up ---------------------------------------------------------------------
started=$SECONDS
step_no=0
step_name=
step_log=
clock() { printf '%d:%02d' $(($1 / 60)) $(($1 % 60)); }

# Processes still running inside a root (a redis-server a failed test left) keep its mounts busy.
kill_inside() {
    local root=$1 p link
    for p in /proc/[0-9]*; do
        link=$(readlink "$p/root" 2>/dev/null) || continue
        case $link in "$root" | "$root"/*) kill -9 "${p#/proc/}" 2>/dev/null || true ;; esac
    done
}
unmount_root() {
    local root=$1 m
    kill_inside "$root"
    # Deepest first; a lazy unmount if something still holds one.
    for m in $(awk -v r="$root" '$2 == r || index($2, r "/") == 1 { print $2 }' /proc/mounts |
        sort -r); do
        umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null || true
    done
}
# The clean-up's messages go to the streams the script started with (fds 3 and 4): a signal can
# run it in the middle of a step whose output goes to the step's log.
exec 3>&1 4>&2
cleanup() {
    local status=$? r
    trap - EXIT INT TERM
    exec 1>&3 2>&4
    for r in "${roots[@]}"; do unmount_root "$r"; done
    if [ "$status" -ne 0 ] && [ -n "$step_name" ]; then
        echo "clean-room: FAILED at step $step_no ($step_name) after $(clock $((SECONDS - started)))" >&2
        if [ -n "$step_log" ] && [ -f "$step_log" ]; then
            echo "clean-room: the last lines of $step_log:" >&2
            tail -n 60 "$step_log" | sed 's/^/    /' >&2
        fi
    fi
    if [ "$keep" -eq 1 ]; then
        echo "clean-room: roots and logs kept in $work" >&2
        exit "$status"
    fi
    # The roots are gigabytes: gone unless --keep. A failure keeps its logs.
    for r in "${roots[@]}"; do
        # Never follow a mount point that refused to go away into the host's /dev or /proc.
        awk -v r="$r" 'index($2, r "/") == 1 { found = 1 } END { exit !found }' /proc/mounts ||
            rm -rf --one-file-system "$r"
    done
    if [ "$status" -ne 0 ]; then
        echo "clean-room: logs kept in $work (--keep keeps the roots too)" >&2
    else
        [ "$out" = "$work/out" ] && rm -rf "$out"
        rm -f "$work"/step*.log
        rmdir "$work" 2>/dev/null || true
    fi
    exit "$status"
}
mkdir -p "$cache/apt-archives/partial"
work=$(mktemp -d "${TMPDIR:-/var/tmp}/lockscope-clean-room.XXXXXX")
out=${out:-$work/out}
mkdir -p "$out"
roots=()
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

step() {
    step_no=$((step_no + 1))
    step_name=$1
    step_log=$work/step$step_no.log
    step_started=$SECONDS
    printf 'clean-room: step %d %-44s ' "$step_no" "$step_name"
}
done_step() {
    echo "ok ($(clock $((SECONDS - step_started))))${1:+  $1}"
    step_name=
}

# --- the roots -----------------------------------------------------------------------------------
tarball=$cache/$suite-minbase-$(dpkg --print-architecture).tar
bootstrap_cached_root() {
    if [ "$refresh" -eq 0 ] && [ -f "$tarball" ] &&
        [ -n "$(find "$tarball" -mtime -"$max_cache_age_days" 2>/dev/null)" ]; then
        root_origin="from the cache of $(date -r "$tarball" +%F)"
        return 0
    fi
    root_origin="bootstrapped from $mirror, cached"
    local tmp=$work/bootstrap
    debootstrap --variant=minbase "$suite" "$tmp" "$mirror" >>"$step_log" 2>&1
    tar -C "$tmp" -cf "$tarball.new" . >>"$step_log" 2>&1
    mv "$tarball.new" "$tarball"
    rm -rf --one-file-system "$tmp"
}

# A fresh root from the cached tarball, as a Debian 12 install would have it: the three usual
# suites from this machine's mirror, a resolver, the proc/dev/sys mounts. Sets $root (not
# echoed: a command substitution's subshell would lose the list that clean-up unmounts).
new_root() {
    root=$work/$1
    mkdir -p "$root"
    roots+=("$root")
    tar -C "$root" -xf "$tarball"
    cat >"$root/etc/apt/sources.list" <<EOF
deb $mirror $suite main
deb $mirror $suite-updates main
deb $security $suite-security main
EOF
    cp -L /etc/resolv.conf "$root/etc/resolv.conf"
    # Package scripts must not start services in a chroot (a redis-server on port 6379 would
    # outlive the check); the tests start their own servers on free ports.
    printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
    chmod 755 "$root/usr/sbin/policy-rc.d"
    mount -t proc proc "$root/proc"
    mount -t sysfs sysfs "$root/sys"
    mount --bind /dev "$root/dev"
    mount --bind /dev/pts "$root/dev/pts"
    mkdir -p "$root/dev/shm" && mount -t tmpfs shm "$root/dev/shm"
    mount --bind "$cache/apt-archives" "$root/var/cache/apt/archives"
}

# A login shell of a new user inside the root: nothing of this machine's environment.
inside() {
    local root=$1
    shift
    chroot "$root" /usr/bin/env -i HOME=/root TERM=dumb LANG=C.UTF-8 \
        PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        /bin/bash -c "$*"
}

echo "clean-room: commit $(git -C "$here" log -1 --format='%h %s' "$commit" | cut -c1-80)"
echo "clean-room: $suite from $mirror (security: $security); cache $cache"

step "bare Debian 12 root (debootstrap minbase)"
bootstrap_cached_root
new_root build
build_root=$root
git clone --quiet --no-hardlinks "$here" "$build_root/root/lockscope" >>"$step_log" 2>&1
git -C "$build_root/root/lockscope" checkout --quiet --detach "$commit" >>"$step_log" 2>&1
# ccache's default directory for root; the source is always at /root/lockscope, so the paths in
# the compile lines, and with them the cache's keys, are the same in every run.
if [ "$cold" -eq 0 ]; then
    mkdir -p "$cache/ccache" "$build_root/root/.cache/ccache"
    mount --bind "$cache/ccache" "$build_root/root/.cache/ccache"
fi
done_step "$root_origin, $(inside "$build_root" 'dpkg-query -W | wc -l') packages"

# The kept cache's counters ("hits misses"), read with this machine's ccache: the root has none
# until ./test.sh installs it. Empty for a cold run or without ccache here.
cache_counts() {
    [ "$cold" -eq 0 ] && command -v ccache >/dev/null || return 0
    CCACHE_DIR=$cache/ccache ccache --print-stats 2>/dev/null | awk -F'\t' '
        $1 == "direct_cache_hit" || $1 == "preprocessed_cache_hit" { hit += $2 }
        $1 == "cache_miss" { miss += $2 }
        END { print hit + 0, miss + 0 }'
}

step "./test.sh"
counts_before=$(cache_counts)
if ! inside "$build_root" 'cd /root/lockscope && ./test.sh' >"$step_log" 2>&1; then
    grep -E 'tests passed|tests failed|The following tests FAILED|\*\*\*Failed|Error' "$step_log" |
        tail -n 20 >&2 || true
    exit 1
fi
summary=$(grep -E '^[0-9]+% tests passed' "$step_log" | tail -n1)
compiled="cold compile"
if [ "$cold" -eq 0 ]; then
    compiled="compiler cache kept"
    counts_after=$(cache_counts)
    if [ -n "$counts_before" ] && [ -n "$counts_after" ]; then
        read -r hits_before misses_before <<<"$counts_before"
        read -r hits_after misses_after <<<"$counts_after"
        hits=$((hits_after - hits_before))
        compiled="compiler cache: $hits of $((hits + misses_after - misses_before)) compiles hit"
    fi
fi
done_step "$summary ($compiled)"

step "cmake --build build --target package"
inside "$build_root" 'cd /root/lockscope && cmake --build build --target package' >"$step_log" 2>&1
deb=$(find "$build_root/root/lockscope/build" -maxdepth 1 -name 'lockscope_*.deb' | head -n1)
[ -n "$deb" ] || { echo "no build/lockscope_*.deb" >>"$step_log"; exit 1; }
cp "$deb" "$out/"
done_step "$(basename "$deb"), $(du -k "$deb" | cut -f1) KiB"

step "./run.sh (no display)"
inside "$build_root" 'cd /root/lockscope && ./run.sh' </dev/null >"$step_log" 2>&1
grep -q 'No display found' "$step_log" ||
    { echo "run.sh did not say it plays the terminal demonstration" >>"$step_log"; exit 1; }
done_step "$(grep -c . "$step_log") lines of demonstration"

step "apt-get install ./lockscope_*.deb (2nd root)"
new_root install
install_root=$root
cp "$deb" "$install_root/tmp/"
inside "$install_root" "apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -q /tmp/$(basename "$deb")" >"$step_log" 2>&1
for absent in cmake g++ qt6-base-dev redis-server; do
    if inside "$install_root" "dpkg-query -W -f='\${Status}' $absent 2>/dev/null" |
        grep -q 'install ok installed'; then
        echo "$absent was installed with the .deb: the check would not be bare" >>"$step_log"
        exit 1
    fi
done
done_step "$(inside "$install_root" 'dpkg-query -W | wc -l') packages"

step "lockscope-cli simulate (installed)"
inside "$install_root" 'cd /tmp && lockscope-cli simulate --scenario crash-mid-acquire \
    --strategy setnx-expire' >"$step_log" 2>&1 || true # an unsafe verdict exits non-zero
grep -q 'verdict' "$step_log" || { echo "no verdict printed" >>"$step_log"; exit 1; }
done_step "$(grep -m1 'verdict' "$step_log" | sed 's/^ *//' | cut -c1-60)"

step "lockscope --lang zh_CN (installed, offscreen)"
inside "$install_root" 'mkdir -m 700 -p /tmp/xdg && cd /tmp && QT_QPA_PLATFORM=offscreen \
    XDG_RUNTIME_DIR=/tmp/xdg \
    lockscope --lang zh_CN --page monitor --profile-dialog --check-translation \
    --screenshot /tmp/monitor-zh_CN.png' >"$step_log" 2>&1
cp "$install_root/tmp/monitor-zh_CN.png" "$out/"
done_step "no English left; $out/monitor-zh_CN.png"

echo "clean-room: all $step_no steps passed in $(clock $((SECONDS - started)))"
# The inner suite's summary closes the output, as ctest's own would.
echo "$summary"
exit
}
