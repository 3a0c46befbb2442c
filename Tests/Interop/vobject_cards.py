#!/usr/bin/env python3
"""Writes vCards made by Python's vobject, and what `crm import` must store from them.

Usage: python3 Tests/Interop/vobject_cards.py OUTDIR

Creates OUTDIR/vdir/ (one .vcf file per card, serialised by vobject itself: its escaping,
folding and parameter style) and OUTDIR/expected.json: for each card {uid, name, phones,
emails, birthday} as `crm show ID --json` must report them after `crm import` (uid is the
person's contact_id). Needs `pip install vobject`. Used by Tests/Interop/check-vobject.sh.
"""
import json
import os
import re
import sys

import vobject


def new_card(uid, fn=None, n=None):
    card = vobject.vCard()
    card.add("uid").value = uid
    if fn is not None:
        card.add("fn").value = fn
    if n is not None:
        card.add("n").value = vobject.vcard.Name(**n)
    return card


def add(card, name, value, types=None):
    line = card.add(name)
    line.value = value
    if types:
        line.params["TYPE"] = types
    return line


def cards():
    """(vobject card, expected contact, whether vobject may validate it) for each person."""
    jose = new_card(
        "3f1c2a9e-5b7d-4e8f-9a0b-1c2d3e4f5a6b",
        fn="José Núñez, Jr.; the second",
        n=dict(family="Núñez", given="José", suffix="Jr."))
    add(jose, "tel", "+34 91 555 0100", ["HOME", "VOICE"])
    add(jose, "tel", "+34 600 111 222", ["CELL", "PREF"])
    add(jose, "email", "jose@work.example.es", ["INTERNET", "WORK"])
    add(jose, "email", "jose@example.es", ["INTERNET", "PREF"])
    add(jose, "bday", "1970-01-02")
    add(jose, "note", "Long note that vobject folds: " + "a, b; c\\ d\n" * 12)
    yield jose, dict(
        uid="3f1c2a9e-5b7d-4e8f-9a0b-1c2d3e4f5a6b", name="José Núñez, Jr.; the second",
        phones=["+34 600 111 222", "+34 91 555 0100"],
        emails=["jose@example.es", "jose@work.example.es"], birthday="1970-01-02"), True

    long_name = ("Ελένη-Μαρία Παπαδοπούλου-Οικονόμου της Αθήνας, "
                 "του Πειραιά και της Θεσσαλονίκης")
    eleni = new_card("urn:uuid:8c2d4e6f-0a1b-4c3d-8e5f-6a7b8c9d0e1f", fn=long_name,
                     n=dict(family="Παπαδοπούλου-Οικονόμου", given="Ελένη-Μαρία"))
    add(eleni, "tel", "+30 210 555 0100", ["WORK"])
    add(eleni, "tel", "+30 690 555 0101", ["CELL"])
    add(eleni, "tel", "+30 (690) 555-0101", ["HOME"])
    add(eleni, "email", "eleni@example.gr", ["INTERNET"])
    add(eleni, "email", "ELENI@example.gr", ["INTERNET", "HOME"])
    add(eleni, "bday", "--0315")
    yield eleni, dict(
        uid="urn:uuid:8c2d4e6f-0a1b-4c3d-8e5f-6a7b8c9d0e1f", name=long_name,
        phones=["+30 690 555 0101", "+30 210 555 0100"], emails=["eleni@example.gr"],
        birthday="--03-15"), True

    wang = new_card("wang,xiaoming@example.cn", fn="王小明")
    add(wang, "tel", "+86 10 5555 0100", ["WORK"])
    add(wang, "email", "xiaoming@example.cn", ["INTERNET"])
    add(wang, "email", "wang@example.cn", ["INTERNET"])
    add(wang, "bday", "19881108")
    yield wang, dict(
        uid="wang,xiaoming@example.cn", name="王小明", phones=["+86 10 5555 0100"],
        emails=["xiaoming@example.cn", "wang@example.cn"], birthday="1988-11-08"), True

    han = new_card("b4a3c2d1-e0f9-4a8b-b7c6-d5e4f3a2b1c0", n=dict(
        family="Solo", given="Han", additional=["Jonathan", "J."], prefix="Capt.", suffix="Sr."))
    add(han, "tel", "+1 555 0100")
    yield han, dict(
        uid="b4a3c2d1-e0f9-4a8b-b7c6-d5e4f3a2b1c0", name="Capt. Han Jonathan J. Solo Sr.",
        phones=["+1 555 0100"], emails=[], birthday=None), False

    obrien = new_card("d0c1b2a3-9485-4766-a5b4-c3d2e1f0a9b8", fn="Conan O'Brien; host",
                      n=dict(family="O'Brien; host", given="Conan"))
    add(obrien, "email", "conan@example.com", ["INTERNET"])
    add(obrien, "bday", "1963-04-18")
    yield obrien, dict(
        uid="d0c1b2a3-9485-4766-a5b4-c3d2e1f0a9b8", name="Conan O'Brien; host", phones=[],
        emails=["conan@example.com"], birthday="1963-04-18"), True


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: python3 vobject_cards.py OUTDIR")
    vdir = os.path.join(sys.argv[1], "vdir")
    os.makedirs(vdir, exist_ok=True)
    expected = []
    for card, contact, validate in cards():
        name = re.sub(r"[^A-Za-z0-9_.-]", "_", card.uid.value) + ".vcf"
        with open(os.path.join(vdir, name), "w", encoding="utf-8", newline="") as f:
            f.write(card.serialize(validate=validate))
        expected.append(contact)
    with open(os.path.join(sys.argv[1], "expected.json"), "w", encoding="utf-8") as f:
        json.dump(expected, f, ensure_ascii=False, indent=2)


if __name__ == "__main__":
    main()
