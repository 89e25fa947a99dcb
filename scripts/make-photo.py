#!/usr/bin/env python3
"""Writes a generated photo for Daybook's tests, benchmark and example journal.

The picture, once upright, is four coloured quarters (red, green / blue, white) with a soft
gradient, so a test can tell which way up it came out. It is stored turned so that its EXIF
orientation (1 to 8) makes it upright again, and may carry GPS, a date, XMP and an ICC profile,
the metadata Daybook must not publish.

    make-photo.py OUT [--size 64x48] [--orientation N] [--gps LAT,LON] [--date "2024:05:01 07:30:00"]
                      [--offset +02:00] [--xmp] [--icc] [--format jpeg|png|webp|tiff] [--seed N]
"""
import argparse
import io
import random

from PIL import Image, ImageCms, ImageDraw
from PIL.TiffImagePlugin import IFDRational

# What Pillow does to a stored image to make it upright (ImageOps.exif_transpose), undone.
STORE = {
    1: None, 2: Image.Transpose.FLIP_LEFT_RIGHT, 3: Image.Transpose.ROTATE_180,
    4: Image.Transpose.FLIP_TOP_BOTTOM, 5: Image.Transpose.TRANSPOSE, 6: Image.Transpose.ROTATE_90,
    7: Image.Transpose.TRANSVERSE, 8: Image.Transpose.ROTATE_270,
}


def upright(width, height, seed):
    image = Image.new("RGB", (width, height))
    draw = ImageDraw.Draw(image)
    half_w, half_h = width // 2, height // 2
    draw.rectangle([0, 0, half_w - 1, half_h - 1], fill=(220, 30, 30))
    draw.rectangle([half_w, 0, width - 1, half_h - 1], fill=(30, 200, 30))
    draw.rectangle([0, half_h, half_w - 1, height - 1], fill=(30, 30, 220))
    draw.rectangle([half_w, half_h, width - 1, height - 1], fill=(245, 245, 245))
    # A few deterministic shapes, so the encoders have something like a photo's detail.
    rng = random.Random(seed)
    for _ in range(24):
        x, y = rng.randrange(width), rng.randrange(height)
        r = rng.randrange(2, max(3, width // 12))
        shade = tuple(rng.randrange(256) for _ in range(3))
        draw.ellipse([x - r, y - r, x + r, y + r], outline=shade, width=max(1, r // 6))
    return image


def dms(value):
    value = abs(value)
    degrees = int(value)
    minutes = int((value - degrees) * 60)
    seconds = round((value - degrees - minutes / 60) * 3600, 4)
    return (IFDRational(degrees, 1), IFDRational(minutes, 1), IFDRational(int(round(seconds * 10000)), 10000))


def exif_for(args):
    exif = Image.Exif()
    exif[0x0112] = args.orientation
    exif[0x010F] = "Daybook Test Camera"   # Make: must not survive either
    ifd = exif.get_ifd(0x8769)
    if args.date:
        ifd[0x9003] = args.date
    if args.offset:
        ifd[0x9011] = args.offset
    if args.gps:
        lat, lon = (float(v) for v in args.gps.split(","))
        gps = exif.get_ifd(0x8825)
        gps[1] = "N" if lat >= 0 else "S"
        gps[2] = dms(lat)
        gps[3] = "E" if lon >= 0 else "W"
        gps[4] = dms(lon)
    return exif


XMP = (b'<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">'
       b'<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description '
       b'xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="51,30.5N"/></rdf:RDF>'
       b'</x:xmpmeta><?xpacket end="w"?>')


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--size", default="64x48")
    parser.add_argument("--orientation", type=int, default=1)
    parser.add_argument("--gps")
    parser.add_argument("--date")
    parser.add_argument("--offset")
    parser.add_argument("--xmp", action="store_true")
    parser.add_argument("--icc", action="store_true")
    parser.add_argument("--format", default="jpeg")
    parser.add_argument("--quality", type=int, default=90)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    width, height = (int(v) for v in args.size.split("x"))
    image = upright(width, height, args.seed)
    if STORE[args.orientation] is not None:
        image = image.transpose(STORE[args.orientation])
    options = {"exif": exif_for(args).tobytes()}
    if args.format in ("jpeg", "webp"):
        options["quality"] = args.quality
    if args.xmp and args.format in ("jpeg", "webp", "png", "tiff"):
        options["xmp"] = XMP
    if args.icc:
        options["icc_profile"] = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    image.save(args.out, format=args.format.upper(), **options)


if __name__ == "__main__":
    main()
