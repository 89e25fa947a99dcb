import Foundation

/// The HTML of published photos: `<picture>` with WebP and JPEG `srcset`s, linked to the
/// largest copy (the lightbox without JavaScript), and the template values of thumbnails.
enum PhotoMarkup {
    /// The entry column is 46rem wide on a desktop, the screen less its margins on a phone.
    static let sizes = "(min-width: 48rem) 46rem, calc(100vw - 2rem)"
    /// A gallery shows two across on a desktop, one on a phone.
    static let gallerySizes = "(min-width: 48rem) 22rem, calc(100vw - 2rem)"

    /// The sizes of a photo in the text: the column's width, or for a portrait photo the width
    /// it has at 85% of the screen's height, where style.css stops it.
    static func textSizes(width: Int, height: Int) -> String {
        guard height > width, width > 0 else { return sizes }
        let vh = "\(85 * width / height)vh"
        return "(min-width: 48rem) min(46rem, \(vh)), min(calc(100vw - 2rem), \(vh))"
    }

    /// `<a><picture>…</picture></a>` for `source`; `alt` is HTML already.
    static func picture(_ source: PhotoSource, altHTML: String, linker: Linker, sizes: String = sizes) -> String {
        let webp = source.sized("webp"), jpeg = source.sized("jpg")
        guard let largest = source.largest, let fallback = jpeg.first(where: { $0.width >= 960 }) ?? jpeg.last else { return "" }
        func srcset(_ copies: [PhotoCopy]) -> String {
            copies.map { "\(linker.href(source.sitePath($0))) \($0.width)w" }.joined(separator: ", ")
        }
        // A link needs a name: a photo without alt text is named by what the link does.
        let label = altHTML.isEmpty ? " aria-label=\"Open the photo\"" : ""
        return "<a class=\"photo\" href=\"\(linker.href(source.sitePath(largest)))\"\(label) data-width=\"\(largest.width)\" data-height=\"\(largest.height)\">"
            + "<picture><source type=\"image/webp\" srcset=\"\(srcset(webp))\" sizes=\"\(sizes)\">"
            + "<img src=\"\(linker.href(source.sitePath(fallback)))\" srcset=\"\(srcset(jpeg))\" sizes=\"\(sizes)\""
            + " width=\"\(largest.width)\" height=\"\(largest.height)\" alt=\"\(altHTML)\" loading=\"lazy\" decoding=\"async\">"
            + "</picture></a>"
    }

    /// `html` (an entry body from cmark) with each `<img>` that names one of the entry's photos
    /// made a picture; other images are left as they are.
    static func rewrite(_ html: String, entry: String, sources: [String: PhotoSource], linker: Linker) -> String {
        guard html.contains("<img src=\"") else { return html }
        var output = ""
        var rest = html[...]
        while let start = rest.range(of: "<img src=\"") {
            output += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].range(of: "/>") else { break }
            let tag = rest[start.lowerBound..<end.upperBound]
            rest = rest[end.upperBound...]
            guard let source = photo(in: tag, entry: entry, sources: sources) else {
                output += tag
                continue
            }
            let size = source.largest.map { textSizes(width: $0.width, height: $0.height) } ?? sizes
            output += picture(source, altHTML: attribute("alt", in: tag) ?? "", linker: linker, sizes: size)
        }
        return output + rest
    }

    /// The photo a cmark `<img …/>` tag names, if it is one of the entry's.
    private static func photo(in tag: Substring, entry: String, sources: [String: PhotoSource]) -> PhotoSource? {
        guard let src = attribute("src", in: tag) else { return nil }
        let name = src.replacingOccurrences(of: "&amp;", with: "&")
        guard let path = PhotoReferences.resolve(name.removingPercentEncoding ?? name, from: entry, inside: "") else { return nil }
        return sources[path]
    }

    /// The raw value of `name="…"` in `tag`.
    private static func attribute(_ name: String, in tag: Substring) -> String? {
        guard let start = tag.range(of: " \(name)=\""), let end = tag[start.upperBound...].firstIndex(of: "\"") else { return nil }
        return String(tag[start.upperBound..<end])
    }

    /// The template values of a photo's square thumbnail: `{webp, jpg, size, alt}`.
    static func thumbnail(_ source: PhotoSource, alt: String, linker: Linker) -> [String: Any] {
        guard let webp = source.thumbnail("webp"), let jpeg = source.thumbnail("jpg") else { return [:] }
        return ["webp": linker.href(source.sitePath(webp)), "jpg": linker.href(source.sitePath(jpeg)),
                "size": jpeg.width, "alt": alt]
    }

    /// The template values of one gallery photo: `{html, caption}`.
    static func galleryItem(_ source: PhotoSource, caption: String, linker: Linker) -> [String: Any] {
        ["html": picture(source, altHTML: HTMLEscaper.escape(caption), linker: linker, sizes: gallerySizes),
         "caption": caption.isEmpty ? false : caption]
    }
}
