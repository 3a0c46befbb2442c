#!/usr/bin/env python3
"""Writes vCards in every charset crm decodes, encoded by Python's codecs.

Usage: python3 Tests/Interop/charset_cards.py OUTDIR

Writes OUTDIR/<charset>.vcf for each charset: a vCard 2.1 card whose N and FN are
quoted-printable octets of the charset (as Android and old phones write them), a card whose FN
is the raw octets (8-bit, no quoted-printable; not for UTF-16), and a card with octets that are
not valid in the charset. Plus base64.vcf (text in ENCODING=b, as some exporters write it, and
a value that is not base64) and unknown.vcf (a charset nobody knows). The expected readings come
from vobject: run Tests/Interop/vobject_expected.py OUTDIR afterwards. The cards committed in
Tests/CRMKitTests/Fixtures/contacts/charsets/ were made with this script.
"""
import base64
import os
import sys

# charset as a card names it -> (family, given); each name holds characters beyond ASCII that the
# charset has, including, for the double-byte charsets, a character whose second octet is 0x5C
# (a backslash in ASCII) where the charset has one.
NAMES = {
    "UTF-8": ("Núñez", "José 😀"),
    "UTF-16": ("山田", "花子"),
    "UTF-16BE": ("Παπαδοπούλου", "Ελένη"),
    "UTF-16LE": ("Иванов", "Пётр"),
    "SHIFT_JIS": ("ソニー山田", "表花子"),
    "CP932": ("髙橋", "①太郎"),
    "EUC-JP": ("山田", "花子ｶﾅ"),
    "ISO-2022-JP": ("山田", "花子"),
    "GB18030": ("王", "小明€"),
    "GBK": ("王", "小明"),
    "GB2312": ("王", "小明"),
    "BIG5": ("陳許", "大文功"),
    "BIG5-HKSCS": ("陳", "大文"),
    "EUC-KR": ("김", "철수"),
    "CP949": ("똠", "방각하"),
    "KOI8-R": ("Иванов", "Иван"),
    "KOI8-U": ("Їжак", "Євген"),
    "IBM866": ("Петров", "Пётр"),
    "ISO-8859-1": ("Núñez", "José"),
    "ISO-8859-2": ("Żółć", "Łukasz"),
    "ISO-8859-3": ("Ħaġar", "Ġużè"),
    "ISO-8859-4": ("Ąžuolas", "Ķēniņš"),
    "ISO-8859-5": ("Иванов", "Иван"),
    "ISO-8859-6": ("محمد", "علي"),
    "ISO-8859-7": ("Παπαδοπούλου", "Ελένη"),
    "ISO-8859-8": ("כהן", "דוד"),
    "ISO-8859-9": ("Ağaoğlu", "Şükrü"),
    "ISO-8859-10": ("Þórsson", "Ásgeir"),
    "ISO-8859-13": ("Žydrūnas", "Ąžuolė"),
    "ISO-8859-14": ("Ŵyn", "Ẁil"),
    "ISO-8859-15": ("Œdipe", "Jérôme €"),
    "ISO-8859-16": ("Țară", "Ștefan"),
    "WINDOWS-1250": ("Żółć", "Łukasz"),
    "WINDOWS-1251": ("Иванов", "Иван"),
    "WINDOWS-1252": ("Núñez", "“Pepe” €"),
    "WINDOWS-1253": ("Παπαδοπούλου", "Ελένη"),
    "WINDOWS-1254": ("Ağaoğlu", "Şükrü"),
    "WINDOWS-1255": ("כהן", "דוד"),
    "WINDOWS-1256": ("محمد", "علي"),
    "WINDOWS-1257": ("Žydrūnas", "Ąžuolė"),
    "WINDOWS-1258": ("Lê", "Đăng"),
    "CP874": ("ใจดี", "สมชาย"),
    "TIS-620": ("ใจดี", "สมชาย"),
    "MACINTOSH": ("Müller", "José"),
}
# A sequence each multi-byte charset rejects (a lead octet with nothing after it).
INVALID = b"\x81"


def qp(octets):
    return "".join(f"={b:02X}" for b in octets)


def cards(charset, family, given):
    name = f"{given} {family}"
    encode = lambda text: text.encode(charset)
    out = [
        "BEGIN:VCARD", "VERSION:2.1",
        f"N;CHARSET={charset};ENCODING=QUOTED-PRINTABLE:{qp(encode(f'{family};{given};;;'))}",
        f"FN;CHARSET={charset};ENCODING=QUOTED-PRINTABLE:{qp(encode(name))}",
        "TEL;CELL:+1 555 0100", f"EMAIL:{charset.lower()}@example.org", "END:VCARD",
    ]
    lines = [line.encode("ascii") for line in out]
    if not charset.startswith("UTF-16"):
        lines += [b"BEGIN:VCARD", b"VERSION:2.1", f"FN;CHARSET={charset}:".encode("ascii") + encode(name),
                  f"EMAIL:raw-{charset.lower()}@example.org".encode("ascii"), b"END:VCARD"]
    try:
        (b"A" + INVALID).decode(charset)
    except UnicodeDecodeError:
        lines += [b"BEGIN:VCARD", b"VERSION:2.1",
                  f"FN;CHARSET={charset};ENCODING=QUOTED-PRINTABLE:A{qp(INVALID)}".encode("ascii"),
                  b"EMAIL:invalid@example.org", b"END:VCARD"]
    return b"".join(line + b"\r\n" for line in lines)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: python3 charset_cards.py OUTDIR")
    os.makedirs(sys.argv[1], exist_ok=True)
    for charset, (family, given) in NAMES.items():
        with open(os.path.join(sys.argv[1], charset.lower() + ".vcf"), "wb") as f:
            f.write(cards(charset, family, given))
    with open(os.path.join(sys.argv[1], "base64.vcf"), "wb") as f:
        b64 = lambda text, charset="utf-8": base64.b64encode(text.encode(charset)).decode("ascii")
        f.write(("BEGIN:VCARD\r\nVERSION:3.0\r\n"
                 f"FN;ENCODING=b;CHARSET=UTF-8:{b64('José Núñez')}\r\n"
                 f"TEL;TYPE=CELL;ENCODING=b:{b64('+34 600 111 222')}\r\n"
                 "END:VCARD\r\nBEGIN:VCARD\r\nVERSION:2.1\r\n"
                 f"FN;ENCODING=BASE64;CHARSET=SHIFT_JIS:{b64('山田 花子', 'shift_jis')}\r\n"
                 "END:VCARD\r\nBEGIN:VCARD\r\nVERSION:3.0\r\n"
                 "FN;ENCODING=b:not base64 at all!\r\nEND:VCARD\r\n").encode("ascii"))
    with open(os.path.join(sys.argv[1], "unknown.vcf"), "wb") as f:
        f.write(b"BEGIN:VCARD\r\nVERSION:2.1\r\nFN;CHARSET=X-UNKNOWN;ENCODING=QUOTED-PRINTABLE:=C4=8C=65\r\n"
                b"END:VCARD\r\nBEGIN:VCARD\r\nVERSION:2.1\r\nFN:Ada\r\n"
                b"TEL;CHARSET=X-UNKNOWN:+1 555\r\nEND:VCARD\r\n")


if __name__ == "__main__":
    main()
