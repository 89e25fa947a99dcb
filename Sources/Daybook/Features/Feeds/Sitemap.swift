/// `sitemap.xml`, every page of the site by its absolute address, and `robots.txt`, which
/// points to it. No `lastmod`: a build knows no time of change that would stay the same from one
/// build to the next, and an entry's own date is not when its page last changed.
enum Sitemap {
    static let path = "sitemap.xml"
    static let robotsPath = "robots.txt"

    /// - Parameter sitePaths: the pages' site paths, in the site's order (`Page.all`).
    static func make(baseURL: String, sitePaths: [String]) -> [UInt8] {
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for path in sitePaths {
            xml += "  <url><loc>\(AtomFeed.escape(baseURL + Slug.percentEncoded(path)))</loc></url>\n"
        }
        xml += "</urlset>\n"
        return Array(xml.utf8)
    }

    static func robots(baseURL: String) -> [UInt8] {
        Array("User-agent: *\nAllow: /\n\nSitemap: \(baseURL)\(path)\n".utf8)
    }
}
