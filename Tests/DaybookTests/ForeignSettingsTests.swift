import Foundation
import Testing
@testable import Daybook

/// A Hugo, Jekyll or Zola settings file beside the journal: its title, base URL, language and
/// time zone are read when `daybook.yml` does not set them, and every entry's address on the
/// old site answers with a redirect page.
@Suite struct ForeignSettingsTests {
    static let hugo = """
        baseURL = "https://example.org/blog/"
        languageCode = "fr-fr"
        title = "Carnets"
        timeZone = "Europe/Paris"
        theme = "ananke"

        [permalinks]
        posts = "/:year/:month/:slug/"

        [params]
        author = "Anne"
        """

    @Test func readsHugosSettingsAndRedirectsFromItsPermalinks() async throws {
        let journal = try TemporaryJournal([
            "hugo.toml": Self.hugo,
            "content/posts/lake-district/index.md": "+++\ntitle = \"Lake District\"\ndate = 2024-10-12T09:00:00\n+++\nFells.\n",
            "content/posts/2024-10-13-quiet.md": "+++\ntitle = \"Quiet day\"\ndate = 2024-10-13\nslug = \"calm\"\n+++\nRain.\n",
        ])
        defer { journal.remove() }
        var options = BuildOptions(journal: journal.root)
        options.entriesFolder = "content/posts"
        _ = try await Builder.run(options)
        let page = try journal.read("_site/2024/10/12/lake-district/index.html")
        #expect(page.contains("<html lang=\"fr-FR\"") && page.contains("Carnets"))
        #expect(page.contains("samedi 12 octobre 2024"))
        #expect(page.contains("<link rel=\"canonical\" href=\"https://example.org/blog/2024/10/12/lake-district/\">"))
        let redirect = try journal.read("_site/2024/10/lake-district/index.html")
        #expect(redirect.contains("url=../../../2024/10/12/lake-district/"))
        #expect(journal.exists("_site/2024/10/calm/index.html"))
        let site = try #require(ForeignSite.read(journal.root))
        #expect(site.summary == "Read hugo.toml (Hugo): title, baseURL, languageCode, timeZone, permalinks; not read: params, theme; daybook.yml wins where it sets the same")
    }

    @Test func daybookYmlWinsOverTheOtherToolsSettings() async throws {
        let journal = try TemporaryJournal(["hugo.toml": Self.hugo, "daybook.yml": "title: Mine\nlocale: en_GB\n"])
        defer { journal.remove() }
        let (settings, problems) = Settings.load(root: journal.root, text: "title: Mine\nlocale: en_GB\n")
        #expect(problems.isEmpty)
        #expect(settings.title == "Mine" && settings.locale == "en_GB")
        #expect(settings.baseURL == "https://example.org/blog/" && settings.timeZone == "Europe/Paris")
    }

    @Test(arguments: [
        // Jekyll's default `date` style, its categories, and `pretty`.
        ("_config.yml", "title: Notes\nurl: https://example.org\nbaseurl: /notes\nlang: de\ntimezone: Europe/Berlin\n",
         "_posts/2024-05-01-ferry.md", "---\ntitle: Ferry\ncategories: [travel]\n---\nx\n", "/travel/2024/05/01/ferry.html"),
        ("_config.yml", "permalink: pretty\n", "_posts/2024-05-01-ferry.md", "---\ntitle: Ferry\n---\nx\n", "/2024/05/01/ferry/"),
        ("_config.yml", "permalink: /:year/:title/\n", "_posts/2024-05-01-ferry.md", "---\ntitle: Ferry\npermalink: /f/\n---\nx\n", "/f/"),
        // Zola: the section's path and the file's name without its date.
        ("config.toml", "base_url = \"https://example.org\"\ntitle = \"Z\"\n", "content/blog/2024-05-01-ferry.md",
         "+++\ntitle = \"Ferry\"\ndate = 2024-05-01\n+++\nx\n", "/blog/ferry/"),
        ("zola.toml", "base_url = \"https://example.org\"\n", "content/blog/ferry/index.md", "+++\ntitle = \"F\"\ndate = 2024-05-01\n+++\nx\n", "/blog/ferry/"),
        // Hugo without permalinks: the file's path under content/.
        ("config.toml", "baseURL = \"https://example.org/\"\n", "content/posts/my-trip.md", "+++\ntitle = \"Trip\"\ndate = 2024-05-01\n+++\nx\n", "/posts/my-trip/"),
    ])
    func worksOutTheOldAddress(file: String, settings: String, path: String, entry: String, old: String) throws {
        let journal = try TemporaryJournal([file: settings])
        defer { journal.remove() }
        let site = try #require(ForeignSite.read(journal.root))
        let (loaded, _) = loadEntry(entry, path: path)
        #expect(site.addresses.address(of: try #require(loaded)) == old)
    }

    @Test func readsJekyllsAddressAndLanguage() throws {
        let journal = try TemporaryJournal(["_config.yml": "title: Notes\nurl: https://example.org\nbaseurl: /notes\nlang: de\ntimezone: Europe/Berlin\n"])
        defer { journal.remove() }
        let settings = try #require(ForeignSite.read(journal.root)).base()
        #expect(settings.title == "Notes" && settings.baseURL == "https://example.org/notes/")
        #expect(settings.locale == "de" && settings.timeZone == "Europe/Berlin")
    }

    @Test func aMalformedSettingsFileIsAWarningAndNothingIsRead() throws {
        let journal = try TemporaryJournal(["hugo.toml": "title = \"Broken\n"])
        defer { journal.remove() }
        let (settings, problems) = Settings.load(root: journal.root, text: nil)
        #expect(settings.title == "Journal")
        #expect(problems.map(\.severity) == [.warning] && problems.first?.location?.file == "hugo.toml")
    }
}

/// `old_addresses: publish`: the entries at their old permalinks instead of redirect pages there.
@Suite struct OldAddressesPublishTests {
    @Test func publishesEachEntryAtItsOldPermalink() async throws {
        let journal = try TemporaryJournal([
            "daybook.yml": "old_addresses: publish\n",
            "hugo.toml": ForeignSettingsTests.hugo,
            "content/posts/lake-district/index.md": "+++\ntitle = \"Lake District\"\ndate = 2024-10-12T09:00:00\n+++\nFells.\n",
            "content/posts/old.md": "+++\ntitle = \"Old\"\ndate = 2024-10-13\nurl = \"/2024/10/old.html\"\n+++\nA file address.\n",
        ])
        defer { journal.remove() }
        var options = BuildOptions(journal: journal.root)
        options.entriesFolder = "content/posts"
        _ = try await Builder.run(options)
        #expect(try journal.read("_site/2024/10/lake-district/index.html").contains("<h1>Lake District</h1>"))
        #expect(!journal.exists("_site/2024/10/12/lake-district/index.html"))
        // An old address that is a file keeps Daybook's address and a redirect page.
        #expect(journal.exists("_site/2024/10/13/old/index.html"))
        #expect(try journal.read("_site/2024/10/old.html").contains("http-equiv=\"refresh\""))
    }

    @Test func aWrongValueIsAnError() {
        let (_, problems) = SettingsLoader.load(text: "old_addresses: move\n")
        #expect(problems.map(\.headline) == ["daybook.yml:1:16: error: old_addresses must be redirect or publish, got 'move'"])
    }
}

extension ForeignSettingsTests {
    /// The settings' description is hashed into every page's key and the search stamp.
    @Test func theSettingsReadTheSameEveryTime() {
        var addresses = OldAddresses(tool: .hugo)
        addresses.rules = ["posts": "/:year/:slug/", "notes": "/n/:slug/", "trips": "/t/:slug/", "days": "/d/:slug/"]
        #expect(addresses.description == "Hugo days=/d/:slug/ notes=/n/:slug/ posts=/:year/:slug/ trips=/t/:slug/ /:categories/:year/:month/:day/:title:output_ext")
    }
}
