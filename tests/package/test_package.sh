#!/usr/bin/env bash
# The packages, end to end: cpack builds the .deb and the .tar.gz from an already built tree (it
# runs the install rules only, it compiles nothing), the .deb's control fields name Debian's Qt 6,
# hiredis and Lua packages and it bundles none of their libraries, every package it depends on is
# installed here (so the .deb is installable on this Debian), and the binaries unpacked into a
# scratch root run from another directory: `lockscope --version`, `lockscope-cli simulate`.
# The desktop entry, the metainfo and the man pages that land in the root pass their validators,
# and the man pages name every option the programs' --help lists.
#
#   test_package.sh BUILD_DIR VERSION BUILT_CLI
# BUILT_CLI is the build tree's lockscope-cli: the installed one must print the same bytes.
set -euo pipefail

build_dir=$1
version=$2
built_cli=$3

failures=0
fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}
pass() { echo "ok: $*"; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export LC_ALL=C.UTF-8 QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR=$work/runtime
mkdir -m 700 "$work/runtime"

for tool in cpack dpkg-deb dpkg-query dpkg-shlibdeps appstreamcli desktop-file-validate groff man \
    python3 file tar; do
    command -v "$tool" >/dev/null || {
        echo "FAIL: $tool is missing (installer/install-build-deps.sh installs it)" >&2
        exit 1
    }
done

# --- build the packages -------------------------------------------------------------------------
if ! cpack --config "$build_dir/CPackConfig.cmake" -B "$work/out" -G "DEB;TGZ" \
    >"$work/cpack.log" 2>&1; then
    cat "$work/cpack.log" >&2
    echo "FAIL: cpack failed" >&2
    exit 1
fi
deb=$(find "$work/out" -maxdepth 1 -name "lockscope_${version}_*.deb" | head -n1)
tgz=$work/out/lockscope-$version-Linux.tar.gz
[ -f "$deb" ] || { ls "$work/out" >&2; echo "FAIL: no lockscope_${version}_*.deb" >&2; exit 1; }
[ -f "$tgz" ] || { ls "$work/out" >&2; echo "FAIL: no $(basename "$tgz")" >&2; exit 1; }
pass "cpack made $(basename "$deb") ($(du -k "$deb" | cut -f1) KiB) and $(basename "$tgz")"

# --- control fields -------------------------------------------------------------------------------
field() { dpkg-deb -f "$deb" "$1"; }
[ "$(field Package)" = lockscope ] || fail "Package is \"$(field Package)\", not lockscope"
[ "$(field Version)" = "$version" ] || fail "Version is \"$(field Version)\", not $version"
[ "$(field Architecture)" = "$(dpkg --print-architecture)" ] ||
    fail "Architecture is \"$(field Architecture)\""
for f in Maintainer Description Section Homepage Installed-Size; do
    [ -n "$(field "$f")" ] || fail "control field $f is empty"
done
depends=$(field Depends)
echo "Depends: $depends"
# Split "a (>= 1), b | c" into one alternative group per line.
depends_lines=$(tr ',' '\n' <<<"$depends" | sed 's/^ *//; s/ *$//' | grep -v '^$')
for pkg in libqt6core6 libqt6gui6 libqt6widgets6 libqt6network6 libqt6charts6 libqt6svg6 \
    libhiredis0.14 liblua5.1-0 libc6 libstdc\\+\\+6; do
    grep -Eq "(^|\| )$pkg( |$)" <<<"$depends_lines" || fail "Depends does not name $pkg"
done
for recommended in fonts-wqy-microhei qt6-translations-l10n; do
    grep -q "$recommended" <<<"$(field Recommends)" ||
        fail "Recommends does not name $recommended: $(field Recommends)"
done

# Every dependency is satisfiable on this machine: some alternative of each group is installed,
# at a version the constraint accepts.
while IFS= read -r group; do
    satisfied=0
    IFS='|' read -ra alternatives <<<"$group"
    for alt in "${alternatives[@]}"; do
        name=$(sed -E 's/^ *([^ (]+).*/\1/' <<<"$alt")
        status=$(dpkg-query -W -f='${Status}' "$name" 2>/dev/null || true)
        [ "$status" = "install ok installed" ] || continue
        if [[ $alt =~ \(([<>=]+)\ *([^\)]+)\) ]]; then
            have=$(dpkg-query -W -f='${Version}' "$name")
            dpkg --compare-versions "$have" "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}" || continue
        fi
        satisfied=1
        break
    done
    [ $satisfied = 1 ] || fail "dependency \"$group\" is not installed on this machine"
done <<<"$depends_lines"

# --- contents: our files, none of the libraries ---------------------------------------------------
dpkg-deb -c "$deb" | awk '{print $NF}' | sed 's|^\./|/|' >"$work/contents"
# Our own library is the one exception: liblockscope_clock_shift.so, preloaded into the
# redis-server processes a live run starts (a node's clock that can jump).
shift_lib=/usr/lib/lockscope/liblockscope_clock_shift.so
if grep -E '\.so(\.|$)' "$work/contents" | grep -vx "$shift_lib" >&2; then
    fail "the .deb bundles shared libraries (above)"
fi
id=io.github.lockscope.LockScope
expected=(/usr/bin/lockscope /usr/bin/lockscope-cli
    "/usr/share/applications/$id.desktop" "/usr/share/metainfo/$id.metainfo.xml"
    "/usr/share/icons/hicolor/scalable/apps/$id.svg"
    /usr/share/man/man1/lockscope.1.gz /usr/share/man/man1/lockscope-cli.1.gz
    /usr/share/doc/lockscope/copyright "$shift_lib")
for size in 16 24 32 48 64 128 256; do
    expected+=("/usr/share/icons/hicolor/${size}x${size}/apps/$id.png")
done
for path in "${expected[@]}"; do
    grep -qx "$path" "$work/contents" || fail "the .deb lacks $path"
done

# --- unpack into a scratch root and run both binaries from elsewhere ------------------------------
root=$work/root
dpkg-deb -x "$deb" "$root"
mkdir "$work/elsewhere"
cd "$work/elsewhere"

out=$("$root/usr/bin/lockscope" --version 2>&1) || fail "lockscope --version exited with $?: $out"
[ "$out" = "lockscope $version" ] || fail "lockscope --version printed \"$out\""
out=$("$root/usr/bin/lockscope-cli" --version 2>&1) || fail "lockscope-cli --version failed: $out"
[ "$out" = "lockscope-cli $version" ] || fail "lockscope-cli --version printed \"$out\""

simulate=(simulate --scenario pause-before-delete --strategy set-nx-px-lua --json)
"$root/usr/bin/lockscope-cli" "${simulate[@]}" >"$work/installed.json" 2>"$work/installed.err" ||
    fail "installed lockscope-cli ${simulate[*]} exited with $?: $(cat "$work/installed.err")"
python3 - "$work/installed.json" <<'EOF' || fail "the simulate --json output is not as expected"
import json, sys
r = json.load(open(sys.argv[1]))
problems = []
if r.get("scenario") != "pause-before-delete": problems.append("scenario %r" % r.get("scenario"))
if r.get("strategy") != "set-nx-px-lua": problems.append("strategy %r" % r.get("strategy"))
# The compare-and-delete script (an embedded Lua resource) never deletes another client's lock.
if r.get("acquisitions", 0) < 1: problems.append("no acquisition")
for k in ("violations", "mistaken_deletions", "lost_updates"):
    if r.get(k) != 0: problems.append("%s = %r" % (k, r.get(k)))
if problems:
    print("simulate --json: " + ", ".join(problems), file=sys.stderr)
    sys.exit(1)
EOF
"$built_cli" "${simulate[@]}" >"$work/built.json"
cmp -s "$work/built.json" "$work/installed.json" ||
    fail "the installed lockscope-cli's result differs from the build tree's"
# The flawed GET-then-DEL release must still be caught by the installed binary.
"$root/usr/bin/lockscope-cli" simulate --scenario pause-before-delete \
    --strategy set-nx-px-get-del --json >"$work/flawed.json" || fail "simulate set-nx-px-get-del"
python3 -c 'import json,sys; sys.exit(0 if json.load(open(sys.argv[1]))["mistaken_deletions"] >= 1 else 1)' \
    "$work/flawed.json" || fail "the installed binary did not see set-nx-px-get-del's mistaken deletion"
# The installed window draws a run (platform plugin, embedded scenarios and scripts, fonts).
"$root/usr/bin/lockscope" --scenario pause-before-delete --strategy set-nx-px-lua --at 6000 \
    --screenshot "$work/window.png" >"$work/window.err" 2>&1 ||
    fail "installed lockscope --screenshot failed: $(cat "$work/window.err")"
file "$work/window.png" | grep -q 'PNG image data, 1600 x 1000,' ||
    fail "installed lockscope --screenshot made: $(file -b "$work/window.png" 2>&1)"
"$root/usr/bin/lockscope-cli" scenarios >"$work/scenarios.txt" || fail "lockscope-cli scenarios"
[ "$(grep -c 'pause-before-delete\|contention\|failover' "$work/scenarios.txt")" -ge 3 ] ||
    fail "lockscope-cli scenarios does not list the built-in scenarios"
cd "$work"

# --- the .tar.gz ----------------------------------------------------------------------------------
tar -tzf "$tgz" >"$work/tgz-contents"
for path in bin/lockscope bin/lockscope-cli share/applications/$id.desktop; do
    grep -qx "lockscope-$version-Linux/$path" "$work/tgz-contents" ||
        fail "the .tar.gz lacks lockscope-$version-Linux/$path"
done

# --- desktop entry, metainfo, icons ---------------------------------------------------------------
desktop-file-validate "$root/usr/share/applications/$id.desktop" >"$work/dfv" 2>&1 ||
    fail "desktop-file-validate: $(cat "$work/dfv")"
[ ! -s "$work/dfv" ] || fail "desktop-file-validate: $(cat "$work/dfv")"
grep -q '^Name\[zh_CN\]=' "$root/usr/share/applications/$id.desktop" ||
    fail "the desktop entry has no Name[zh_CN]"
# --no-net: the screenshot and homepage URLs are checked for form, not fetched (build machines
# may have no network, and the pictures are published only with the project).
appstreamcli validate --no-net "$root/usr/share/metainfo/$id.metainfo.xml" >"$work/asv" 2>&1 ||
    fail "appstreamcli validate: $(cat "$work/asv")"
# The whole tree: the metainfo's launchable names a desktop entry that is there, with its icon.
appstreamcli validate-tree --no-net "$root/usr" >"$work/asvt" 2>&1 ||
    fail "appstreamcli validate-tree: $(cat "$work/asvt")"
# Stricter than its exit code: no error, warning or even info either (pedantic notes, such as
# the capitals of the reverse-DNS id, are allowed).
if grep -hE '^ *[EWI]: ' "$work/asv" "$work/asvt" >&2; then
    fail "appstreamcli has the remarks above about the metainfo"
fi
# The metainfo's newest release is this version (a new version needs its release entry).
grep -m1 '<release ' "$root/usr/share/metainfo/$id.metainfo.xml" | grep -q "version=\"$version\"" ||
    fail "the metainfo's first <release> is not version $version"
for size in 16 24 32 48 64 128 256; do
    png=$root/usr/share/icons/hicolor/${size}x${size}/apps/$id.png
    file "$png" | grep -q "PNG image data, $size x $size," ||
        fail "$(basename "$png") at ${size}px is: $(file -b "$png")"
done

# --- man pages --------------------------------------------------------------------------------
for page in lockscope lockscope-cli; do
    gz=$root/usr/share/man/man1/$page.1.gz
    zcat "$gz" | groff -man -Tutf8 -ww -z >"$work/groff" 2>&1 || true
    [ ! -s "$work/groff" ] || fail "groff warns about $page.1: $(cat "$work/groff")"
    MANWIDTH=80 man --warnings -l "$gz" >"$work/man.txt" 2>"$work/man.err" ||
        fail "man -l $page.1.gz failed: $(cat "$work/man.err")"
    [ ! -s "$work/man.err" ] || fail "man -l $page.1.gz warns: $(cat "$work/man.err")"
    grep -q "^NAME" "$work/man.txt" || fail "man -l $page.1.gz shows no NAME section"
    zcat "$gz" | grep -q "^\.TH .*\"LockScope $version\"" ||
        fail "$page.1's .TH line does not say LockScope $version"
done

# Every option the programs list in --help is in their man page (as \-\-name).
options_of() { grep -oE '^ *(-[a-z], )?--[a-z][a-z-]*' | grep -oE -- '--[a-z][a-z-]*' | sort -u; }
check_options() { # PAGE HELP_TEXT_FILE WHAT
    local page_src name
    page_src=$(zcat "$root/usr/share/man/man1/$1.1.gz")
    while IFS= read -r name; do
        grep -qF -- "${name//-/\\-}" <<<"$page_src" ||
            fail "$1.1 does not describe $name of $3"
    done < <(options_of <"$2")
}
"$root/usr/bin/lockscope" --help >"$work/help" 2>&1 || fail "lockscope --help"
check_options lockscope "$work/help" "lockscope"
commands=(strategies scenarios simulate compare demo bench monitor replay whatif explore)
for command in "${commands[@]}"; do
    "$root/usr/bin/lockscope-cli" "$command" --help >"$work/help" 2>&1 ||
        fail "lockscope-cli $command --help"
    grep -q -- "--" "$work/help" || fail "lockscope-cli $command --help lists no option"
    check_options lockscope-cli "$work/help" "lockscope-cli $command"
    grep -qF ".B $command" <(zcat "$root/usr/share/man/man1/lockscope-cli.1.gz") ||
        grep -qF ".BR $command" <(zcat "$root/usr/share/man/man1/lockscope-cli.1.gz") ||
        fail "lockscope-cli.1 does not describe the command $command"
done
# And every command the top-level usage lists is one of those above.
"$root/usr/bin/lockscope-cli" --help >"$work/usage"
while IFS= read -r command; do
    [[ " ${commands[*]} " == *" $command "* ]] ||
        fail "lockscope-cli --help lists a command \"$command\" this test (and the man page) lack"
done < <(sed -n '/^Commands:/,/^$/p' "$work/usage" | grep -oE '^  [a-z]+' | tr -d ' ' | sort -u)

if [ $failures -gt 0 ]; then
    echo "$failures check(s) failed" >&2
    exit 1
fi
echo "all package checks passed"
