#!/usr/bin/env python3
"""Carries translations across a move of code between classes.

lupdate keys a message by its context (the class whose tr() it is) and its source text. When code
moves to another class, e.g. the workspace page out of MainWindow, lupdate (run with -no-obsolete)
drops the old entries and adds the same texts as unfinished under the new context. This script
finishes such entries from an earlier version of the same file: an unfinished message takes the
translation of a finished message with the same source text and disambiguation comment, from any
context; a text with two different translations in the earlier file is left for a translator.

    cmake --build build --target update_translations
    translations/carry_over.py translations/lockscope_zh_CN.ts            # earlier = git HEAD
    translations/carry_over.py translations/lockscope_zh_CN.ts old.ts     # earlier = a file

Prints what it finished and what is still unfinished; exits 1 when something is."""
import subprocess
import sys
import xml.etree.ElementTree as ET

from fill_english import write_ts


def key(message):
    comment = message.find("comment")
    return (message.find("source").text or "", comment.text if comment is not None else "")


def finished_translations(root):
    """(source, comment) → translation element, for texts translated one way only."""
    found, ambiguous = {}, set()
    for message in root.iter("message"):
        translation = message.find("translation")
        if translation is None or translation.get("type"):
            continue
        k = key(message)
        text = ET.tostring(translation, encoding="unicode")
        if k in found and found[k][0] != text:
            ambiguous.add(k)
        found.setdefault(k, (text, translation))
    return {k: t for k, (_, t) in found.items() if k not in ambiguous}


def main(path, earlier_path=None):
    if earlier_path:
        earlier = ET.parse(earlier_path).getroot()
    else:
        text = subprocess.run(["git", "show", f"HEAD:./{path}"], check=True, capture_output=True,
                              text=True, cwd=".").stdout
        earlier = ET.fromstring(text)
    known = finished_translations(earlier)
    tree = ET.parse(path)
    carried, missing = 0, []
    for context in tree.getroot().iter("context"):
        name = context.find("name").text
        for message in context.iter("message"):
            translation = message.find("translation")
            if translation is None or translation.get("type") != "unfinished":
                continue
            k = key(message)
            if k not in known:
                missing.append(f"{name}: {k[0]!r}")
                continue
            message.remove(translation)
            message.append(known[k])
            carried += 1
    if carried:
        write_ts(tree, path)
    print(f"{path}: {carried} translation(s) carried over, {len(missing)} still unfinished")
    for line in missing:
        print("  unfinished", line)
    return 1 if missing else 0


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    sys.exit(main(*sys.argv[1:]))
