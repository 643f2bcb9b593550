#!/usr/bin/env python3
"""Finishes lockscope_en.ts after lupdate: English is the source language, so every entry's
translation is its source text; plural entries (%n) get a singular and a plural form, "(s)"
written out. Run by the update_translations target; safe to run again."""
import re
import sys
import xml.etree.ElementTree as ET


def plural_forms(source):
    return [source.replace("(s)", ""), source.replace("(s)", "s")]


def main(path):
    tree = ET.parse(path)
    changed = False
    for message in tree.getroot().iter("message"):
        source = message.find("source").text or ""
        translation = message.find("translation")
        if translation is None:
            translation = ET.SubElement(message, "translation")
        if message.get("numerus") == "yes":
            forms = translation.findall("numerusform")
            wanted = plural_forms(source)
            if [f.text for f in forms] != wanted or translation.get("type"):
                for f in forms:
                    translation.remove(f)
                for text in wanted:
                    ET.SubElement(translation, "numerusform").text = text
                changed = True
        elif translation.text != source or translation.get("type"):
            translation.text = source
            changed = True
        if translation.get("type") in ("unfinished", "obsolete", "vanished"):
            del translation.attrib["type"]
            changed = True
    if changed:
        write_ts(tree, path)


TAG_LINE = re.compile(r"^    \s*</?(context|name|message|source|translation|numerusform|comment)\b")


def write_ts(tree, path):
    """Writes the file as lupdate does, so that a run changes only the lines it must: its
    DOCTYPE, <context> at the margin and 4 more spaces per level below it, UTF-8, and
    apostrophes and quotes in texts as entities."""
    ET.indent(tree, space="    ")
    body = ET.tostring(tree.getroot(), encoding="unicode")
    lines = []
    for line in body.split("\n"):
        if TAG_LINE.match(line):  # not the lines of a multi-line text
            line = line[4:]
        # Attributes are written with double quotes and hold neither character.
        if not line.lstrip().startswith(("<TS ", "<message ", "<translation ", "<numerusform ")):
            line = line.replace("'", "&apos;").replace('"', "&quot;")
        lines.append(line)
    with open(path, "w", encoding="utf-8") as f:
        f.write('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n' + "\n".join(lines) + "\n")


if __name__ == "__main__":
    for p in sys.argv[1:]:
        main(p)
