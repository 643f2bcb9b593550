#!/usr/bin/env python3
"""Finishes unfinished messages of a .ts file from tab-separated lines a translator wrote:

    context<TAB>source text<TAB>translation

with \\n for a newline and \\t for a tab inside a text; lines starting with # are comments. A
message matches on its context and source; a context of * matches any context. Plural messages
(%n) get the translation as their one Chinese form. Translations already finished are left as
they are. Prints what it finished and which lines matched nothing; exits 1 when some did.

    cmake --build build --target update_translations
    translations/apply_tsv.py translations/lockscope_zh_CN.ts new-texts.tsv [more.tsv ...]"""
import sys
import xml.etree.ElementTree as ET

from fill_english import write_ts


def unescape(text):
    out, i = [], 0
    while i < len(text):
        if text[i] == "\\" and i + 1 < len(text) and text[i + 1] in "nt\\":
            out.append({"n": "\n", "t": "\t", "\\": "\\"}[text[i + 1]])
            i += 2
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def read_pairs(paths):
    pairs = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                line = line.rstrip("\n")
                if not line.strip() or line.startswith("#"):
                    continue
                fields = line.split("\t")
                if len(fields) != 3:
                    sys.exit(f"{path}:{number}: expected 3 tab-separated fields, found {len(fields)}")
                pairs.append((f"{path}:{number}", *(unescape(x) for x in fields)))
    return pairs


def main(ts_path, *tsv_paths):
    tree = ET.parse(ts_path)
    pairs = read_pairs(tsv_paths)
    used = set()
    finished = 0
    for context in tree.getroot().iter("context"):
        name = context.find("name").text
        for message in context.iter("message"):
            translation = message.find("translation")
            if translation is None or translation.get("type") != "unfinished":
                continue
            source = message.find("source").text or ""
            for where, ctx, src, text in pairs:
                if src == source and ctx in (name, "*"):
                    used.add(where)
                    del translation.attrib["type"]
                    if message.get("numerus") == "yes":
                        for form in list(translation):
                            translation.remove(form)
                        ET.SubElement(translation, "numerusform").text = text
                    else:
                        translation.text = text
                    finished += 1
                    break
    write_ts(tree, ts_path)
    unused = [w for w, *_ in pairs if w not in used]
    print(f"{ts_path}: {finished} message(s) finished; {len(unused)} line(s) matched nothing")
    for where in unused:
        print("  unused", where)
    return 1 if unused else 0


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    sys.exit(main(*sys.argv[1:]))
