# CPack: a .deb for Debian 12 and a .tar.gz of the same install tree.
#   cmake --build build --target package        (or: cd build && cpack)
# The .deb does not bundle Qt, hiredis or Lua: dpkg-shlibdeps (dpkg-dev) reads the binaries and
# names the Debian packages of the shared libraries they link (libqt6core6, libqt6widgets6,
# libqt6charts6, libqt6network6, libqt6svg6, libhiredis0.14, liblua5.1-0, ...).
# tests/package/test_package.sh builds both packages and checks them.

set(CPACK_PACKAGE_NAME lockscope)
set(CPACK_PACKAGE_VENDOR "The LockScope developers")
# No project mailing list exists yet: a placeholder to replace before the first public upload.
set(CPACK_PACKAGE_CONTACT "The LockScope developers <lockscope@users.noreply.github.com>")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_HOMEPAGE_URL "https://github.com/lockscope/lockscope")
set(CPACK_PACKAGE_INSTALL_DIRECTORY lockscope)
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_RESOURCE_FILE_README ${PROJECT_SOURCE_DIR}/README.md)
set(CPACK_STRIP_FILES ON)
set(CPACK_GENERATOR DEB TGZ)
# `cmake --build build --target package_source`: the sources, without .git and build trees.
set(CPACK_SOURCE_GENERATOR TGZ)
set(CPACK_SOURCE_IGNORE_FILES /\\.git/ /build[^/]*/)

# .deb
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # lockscope_0.1.0_amd64.deb
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${CPACK_PACKAGE_CONTACT}")
# CPack puts CPACK_PACKAGE_DESCRIPTION_SUMMARY first and indents these lines as Debian wants.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "LockScope runs correct and flawed Redis lock strategies (SETNX + EXPIRE,
SET NX PX with DEL or a compare-and-delete script, reentrant hashes, the
watchdog, Redlock, fencing tokens) side by side in a deterministic simulator,
injects faults between any two Redis commands and reports every violation
with its smallest witness. It also benchmarks the strategies against real
Redis servers and monitors the locks of a production Redis, read-only.

The package holds the window (lockscope) and the command-line tool
(lockscope-cli), in English and Chinese.")
# Depends: what dpkg-shlibdeps finds in the binaries. That covers the plugins Qt loads at run
# time too: the xcb platform plugin is in libqt6gui6, the SVG icon engine (window icon) in
# libqt6svg6, which the window links.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Recommends, not Depends: both programs work without these, but the Chinese window is only
# whole with them, and apt installs recommended packages by default, so `apt install
# ./lockscope_*.deb` gives a fully Chinese window while a deliberately minimal system
# (--no-install-recommends, English only) can leave them out.
# - fonts-wqy-microhei: Chinese texts render as boxes without a CJK font;
# - qt6-translations-l10n: Qt's own catalogues (qtbase_zh_CN.qm): without them the standard
#   buttons (OK, Cancel, Yes, No, Close) and Qt's file and colour dialogs stay English.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-wqy-microhei, qt6-translations-l10n")
# For bench and monitor against a local server.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "redis-server, redis-tools")

# .tar.gz: lockscope-0.1.0-Linux.tar.gz holding lockscope-0.1.0-Linux/{bin,share}; its binaries
# need the same Debian libraries installed as the .deb depends on.

include(CPack)
