#!/usr/bin/env bash
# Installs the Debian 12 packages LockScope needs to build, test and run, if any is missing.
# Used by ./run.sh, ./test.sh and CI; nothing is downloaded from anywhere but Debian's archive.
#   installer/install-build-deps.sh [--ci]
# --ci adds what only CI needs: clang and its runtime libraries for the libFuzzer targets
# (tests/fuzz/run-fuzzers.sh); a person building and testing does not need them.
set -euo pipefail

ci=false
for arg in "$@"; do
    case $arg in
    --ci) ci=true ;;
    *)
        echo "usage: install-build-deps.sh [--ci]" >&2
        exit 2
        ;;
    esac
done

packages=(
    build-essential cmake ninja-build pkg-config
    ccache # optional: CMake compiles through it when found (faster rebuilds in a second tree)
    qt6-base-dev qt6-base-dev-tools qt6-charts-dev qt6-svg-dev qt6-l10n-tools qt6-tools-dev libgl-dev
    libqt6opengl6-dev # Qt6Charts' CMake config needs Qt6OpenGL's, which qt6-charts-dev only recommends
    qt6-translations-l10n # Qt's own catalogues: standard buttons and Qt's dialogs in Chinese
    libhiredis-dev liblua5.1-0-dev
    qtkeychain-qt6-dev # passwords of monitor profiles in the system keychain (optional)
    redis-server redis-sentinel redis-tools python3-redis
    openssl # the TLS tests make their CA and certificates with the openssl command
    jq # the user guide's scripted examples, which test_docs_examples and test_cli run
    fonts-wqy-microhei
    dpkg-dev file desktop-file-utils appstream man-db # packaging: cpack's .deb and its checks
)
if $ci; then
    packages+=(clang libclang-rt-14-dev) # libFuzzer (libclang_rt.fuzzer), ASan, UBSan for clang
fi

missing=()
for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
        missing+=("$p")
    fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing missing Debian packages: ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
    sudo=()
elif command -v sudo >/dev/null; then
    sudo=(sudo)
else
    echo "error: these packages are missing and I am not root and there is no sudo: ${missing[*]}" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
