#!/usr/bin/env python3
"""Writes the small image fixtures of this folder (run from it; the outputs are committed).

The PDFs are written object by object with a correct cross-reference table (ISO 32000-1 §7.5.4),
so poppler reads them without reconstructing; the PNG with the Python standard library (PNG 1.2:
signature, IHDR, PLTE, tRNS, IDAT, IEND, each with its CRC-32); the JPEG and GIF with ImageMagick;
the PDF in compressed object streams with qpdf.
"""
import struct
import subprocess
import zlib


def pdf(objects, root=1, trailer_extra=""):
    """A PDF of the given object bodies, numbered from 1, with its xref table and trailer."""
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for offset in offsets:
        out += b"%010d 00000 n \n" % offset
    out += b"trailer\n<< /Size %d /Root %d 0 R %s>>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1, root, trailer_extra.encode(), xref)
    return bytes(out)


def stream(content):
    return b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream"


def page_pdf(media_box, content, page_extra=b"", pages_extra=b"", trailer_extra=""):
    return pdf([
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 " + pages_extra + b">>",
        b"<< /Type /Page /Parent 2 0 R " + (b"/MediaBox [%s] " % media_box if media_box else b"")
        + b"/Contents 4 0 R /Resources << >> " + page_extra + b">>",
        stream(content),
    ], trailer_extra=trailer_extra)


# A 20 x 20 pt page with a red square from 5 to 15 pt on each side, the rest transparent.
open("red-square.pdf", "wb").write(page_pdf(b"0 0 20 20", b"1 0 0 rg 5 5 10 10 re f"))
# The same square, its media box inherited from the page tree, cropped and turned a quarter.
open("inherited-cropped-rotated.pdf", "wb").write(page_pdf(
    None, b"1 0 0 rg 5 5 10 10 re f", page_extra=b"/CropBox [0 0 20 12] /Rotate 90",
    pages_extra=b"/MediaBox [0 0 20 30] "))
# Encrypted with the standard security handler (§7.6.3), revision 2, whose user password is not
# empty: the /U entry matches no password, so no reader opens it without one.
open("encrypted.pdf", "wb").write(pdf([
    b"<< /Type /Catalog /Pages 2 0 R >>",
    b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 20 20] /Resources << >> >>",
    b"<< /Filter /Standard /V 1 /R 2 /P -4 /O <" + b"41" * 32 + b"> /U <" + b"42" * 32 + b"> >>",
], trailer_extra="/Encrypt 4 0 R /ID [<00112233445566778899aabbccddeeff> <00112233445566778899aabbccddeeff>] "))


def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


# A 4 x 2 palette PNG with per-entry alpha (tRNS): opaque red, green at alpha 128, blue at 0,
# opaque white; rows 0 1 2 3 and 3 2 1 0.
palette = bytes([255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255])
rows = b"\x00" + bytes([0, 1, 2, 3]) + b"\x00" + bytes([3, 2, 1, 0])
open("palette-alpha.png", "wb").write(
    b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", struct.pack(">IIBBBBB", 4, 2, 8, 3, 0, 0, 0))
    + png_chunk(b"PLTE", palette) + png_chunk(b"tRNS", bytes([255, 128, 0, 255]))
    + png_chunk(b"IDAT", zlib.compress(rows)) + png_chunk(b"IEND", b""))

# JPEG data behind a .png name, as Xcode projects sometimes hold; and a GIF.
subprocess.run(["/usr/bin/convert", "-size", "8x6", "xc:#0000ff", "-quality", "95", "jpeg:jpeg-named.png"], check=True)
subprocess.run(["/usr/bin/convert", "-size", "5x3", "xc:#00ff00", "gif:green.gif"], check=True)

# The inherited, cropped and turned page with its catalog, page tree and page in a compressed
# object stream, found through a cross-reference stream (PDF 1.5; ISO 32000-1 §7.5.7, §7.5.8),
# as qpdf (Debian's qpdf 11) writes it; --deterministic-id keeps the file the same on each run.
subprocess.run(["qpdf", "--object-streams=generate", "--compress-streams=y", "--deterministic-id",
                "inherited-cropped-rotated.pdf", "object-streams.pdf"], check=True)
