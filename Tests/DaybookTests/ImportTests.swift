import Foundation
import Testing
import ZIPFoundation
@testable import Daybook

/// `daybook import dayone|jrnl`, on exports written from each format's documentation (and one
/// made by jrnl itself when it is installed), run as a person runs them.
@Suite struct ImportTests {
    static let jrnlExport = """
        {
          "tags": {"@anna": 1, "@ferry": 1},
          "entries": [
            {"title": "Ferry to the island.", "body": "We took the early @ferry with @anna.", "date": "2023-05-01",
             "time": "09:30", "tags": ["@anna", "@ferry"], "starred": false},
            {"title": "Quiet evening.", "body": "", "date": "2023-05-02", "time": "21:00", "tags": [], "starred": true},
            {"title": "\\uc11c\\uc6b8 \\ud83d\\ude00", "body": "Python's escapes.", "date": "2023-05-03", "time": "08:00", "tags": []}
          ]
        }
        """

    static let dayOneJournal = """
        {
          "metadata": {"version": "1.0"},
          "entries": [
            {
              "uuid": "6A1F2B3C4D5E4F60A1B2C3D4E5F60718",
              "creationDate": "2023-04-30T23:15:00Z",
              "timeZone": "Asia/Seoul",
              "starred": true,
              "tags": ["travel", "sea"],
              "text": "# Ferry to Jeju\\n\\nThe sea was calm.\\n\\n![](dayone-moment://PHOTO1)\\n",
              "location": {"placeName": "Jeju Port", "localityName": "Jeju", "latitude": 33.5176, "longitude": 126.5186},
              "weather": {"conditionsDescription": "Clear", "temperatureCelsius": 18.5},
              "photos": [{"identifier": "PHOTO1", "md5": "0123abcd", "type": "jpeg"}]
            },
            {"uuid": "B2", "creationDate": "2023-05-02T10:00:00Z", "timeZone": "Europe/Paris", "text": "Just words."}
          ]
        }
        """

    static let photo: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3]

    @Test func importsJrnlOnceAndSkipsWhatIsThereTheNextTime() throws {
        let folder = try TemporaryJournal(["export.json": Self.jrnlExport])
        defer { folder.remove() }
        let journal = folder.root.appendingPathComponent("journal").path
        let dry = try CLI.run(["import", "jrnl", folder.root.appendingPathComponent("export.json").path, "--journal", journal, "--dry-run"])
        #expect(dry.status == 0)
        #expect(dry.stdout.contains("would write entries/2023/05/2023-05-01-ferry-to-the-island.md"))
        #expect(!folder.exists("journal/entries"))

        let first = try CLI.run(["import", "jrnl", folder.root.appendingPathComponent("export.json").path, "--journal", journal])
        #expect(first.status == 0)
        #expect(first.stdout == """
            wrote entries/2023/05/2023-05-01-ferry-to-the-island.md
            wrote entries/2023/05/2023-05-02.md
            wrote entries/2023/05/2023-05-03-서울.md
            Imported 3 entries, skipped 0 already there

            """)
        // jrnl (Python) escapes every character past ASCII, emoji as surrogate pairs.
        #expect(try folder.read("journal/entries/2023/05/2023-05-03-서울.md").hasPrefix("---\ntitle: \"서울 😀\"\n"))
        let ferry = try folder.read("journal/entries/2023/05/2023-05-01-ferry-to-the-island.md")
        #expect(ferry.hasPrefix("---\ntitle: \"Ferry to the island.\"\ndate: 2023-05-01 09:30\ntags: [\"anna\", \"ferry\"]\njrnl_id: \""))
        #expect(ferry.hasSuffix("---\n\nWe took the early @ferry with @anna.\n"))
        #expect(try folder.read("journal/entries/2023/05/2023-05-02.md").contains("tags: [\"starred\"]"))

        let second = try CLI.run(["import", "jrnl", folder.root.appendingPathComponent("export.json").path, "--journal", journal])
        #expect(second.status == 0)
        #expect(second.stdout.hasSuffix("Imported 0 entries, skipped 3 already there\n"))
        #expect(try tree(folder.root.appendingPathComponent("journal/entries")).count == 3)

        // What was imported builds as it is.
        let build = try CLI.run(["build", journal, "--quiet"])
        #expect(build.status == 0)
    }

    @Test func knowsAnImportedEntryWhoseIdWasWrittenWithoutQuotes() throws {
        let folder = try TemporaryJournal([
            "export.json": Self.jrnlExport,
            "journal/entries/mine.md": "---\ndate: 2023-05-02 21:00\njrnl_id: \(JrnlReader.id(day: "2023-05-02", time: "21:00", title: "Quiet evening."))\n---\nEdited.\n",
        ])
        defer { folder.remove() }
        let result = try CLI.run(["import", "jrnl", folder.root.appendingPathComponent("export.json").path,
                                  "--journal", folder.root.appendingPathComponent("journal").path])
        #expect(result.stdout.contains("skipped entries[1] (jrnl_id "))
        #expect(result.stdout.contains("is already in entries/mine.md"))
    }

    @Test func neverOverwritesAnEntryOfTheSameName() throws {
        let folder = try TemporaryJournal([
            "export.json": Self.jrnlExport,
            "journal/entries/2023/05/2023-05-01-ferry-to-the-island.md": "---\ndate: 2023-05-01\n---\nMine.\n",
        ])
        defer { folder.remove() }
        let result = try CLI.run(["import", "jrnl", folder.root.appendingPathComponent("export.json").path,
                                  "--journal", folder.root.appendingPathComponent("journal").path])
        #expect(result.stdout.contains("wrote entries/2023/05/2023-05-01-ferry-to-the-island-2.md"))
        #expect(try folder.read("journal/entries/2023/05/2023-05-01-ferry-to-the-island.md") == "---\ndate: 2023-05-01\n---\nMine.\n")
    }

    @Test func reportsMalformedExportsWithTheirPosition() throws {
        let folder = try TemporaryJournal([
            "broken.json": "{\n  \"entries\": [\n    {\"date\": \"2023-05-01\",}\n  ]\n}\n",
            "wrong.json": "{\n  \"entries\": [\n    {\"date\": \"May 1st\", \"time\": \"09:30\"}\n  ]\n}\n",
        ])
        defer { folder.remove() }
        let broken = try CLI.run(["import", "jrnl", folder.root.appendingPathComponent("broken.json").path, "--journal", folder.root.path])
        #expect(broken.status == 1)
        #expect(broken.stderr.hasPrefix("\(folder.root.path)/broken.json:3:27: error: malformed JSON: expected a \"key\" in quotes"))
        let wrong = try CLI.run(["import", "jrnl", folder.root.appendingPathComponent("wrong.json").path, "--journal", folder.root.path])
        #expect(wrong.stderr.hasPrefix("\(folder.root.path)/wrong.json:3:14: error: entries[0]: an entry needs a \"date\""))
        #expect(!folder.exists("entries"))
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["PATH"].map { path in
        path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/jrnl") } } ?? false))
    func importsAnExportJrnlItselfMade() throws {
        let folder = try TemporaryJournal([:])
        defer { folder.remove() }
        let config = """
            colors: {body: none, date: none, tags: none, title: none}
            default_hour: 9
            default_minute: 0
            editor: ''
            encrypt: false
            highlight: false
            indent_character: '|'
            journals:
              default:
                journal: \(folder.root.path)/journal.txt
            linewrap: 79
            tagsymbols: '#@'
            template: false
            timeformat: '%Y-%m-%d %H:%M'
            version: v4.2
            """
        try folder.write("jrnl.yaml", config)
        let configPath = folder.root.appendingPathComponent("jrnl.yaml").path
        for words in ["2023-05-01 09:30: Ferry to the island. We took the early @ferry.", "2023-05-02 21:00: Quiet evening. Rain. *",
                      "2023-05-03 08:00: 서울 😀. Body 😀."] {
            _ = try run("jrnl", ["--config-file", configPath, words])
        }
        try folder.write("export.json", try run("jrnl", ["--config-file", configPath, "--export", "json"]))
        let journal = folder.root.appendingPathComponent("journal").path
        let result = try CLI.run(["import", "jrnl", folder.root.appendingPathComponent("export.json").path, "--journal", journal])
        #expect(result.stdout.hasSuffix("Imported 3 entries, skipped 0 already there\n"))
        #expect(try folder.read("journal/entries/2023/05/2023-05-03-서울.md").contains("title: \"서울 😀.\"\n"))
        #expect(try folder.read("journal/entries/2023/05/2023-05-01-ferry-to-the-island.md").contains("tags: [\"ferry\"]"))
        // jrnl reads "Quiet evening. Rain." as all title; a title alone becomes the entry's text.
        let evening = try folder.read("journal/entries/2023/05/2023-05-02.md")
        #expect(evening.contains("tags: [\"starred\"]") && evening.hasSuffix("---\n\nQuiet evening. Rain.\n"))
    }

    private func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = Pipe()
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test(arguments: [false, true])
    func importsDayOneWithItsPhotosBesideTheEntry(zipped: Bool) throws {
        let folder = try TemporaryJournal(["export/Journal.json": Self.dayOneJournal], bytes: ["export/photos/0123abcd.jpeg": Self.photo])
        defer { folder.remove() }
        var export = folder.root.appendingPathComponent("export")
        if zipped {
            let zip = folder.root.appendingPathComponent("export.zip")
            try FileManager.default.zipItem(at: export, to: zip, shouldKeepParent: false)
            try FileManager.default.removeItem(at: export)
            export = zip
        }
        let journal = folder.root.appendingPathComponent("journal").path
        let first = try CLI.run(["import", "dayone", export.path, "--journal", journal])
        #expect(first.status == 0)
        #expect(first.stdout == """
            wrote entries/2023/05/2023-05-01-ferry-to-jeju/index.md
            wrote entries/2023/05/2023-05-02.md
            Imported 2 entries, skipped 0 already there

            """)
        #expect(try folder.read("journal/entries/2023/05/2023-05-01-ferry-to-jeju/index.md") == """
            ---
            title: "Ferry to Jeju"
            date: 2023-05-01T08:15:00+09:00
            tags: ["travel", "sea", "starred"]
            location:
              name: "Jeju Port"
              lat: 33.5176
              lon: 126.5186
            weather: {conditionsDescription: "Clear", temperatureCelsius: 18.5}
            dayone_id: "6A1F2B3C4D5E4F60A1B2C3D4E5F60718"
            ---

            The sea was calm.

            ![](photo-1.jpeg)

            """)
        #expect(try folder.bytes("journal/entries/2023/05/2023-05-01-ferry-to-jeju/photo-1.jpeg") == Self.photo)
        #expect(try folder.read("journal/entries/2023/05/2023-05-02.md").contains("date: 2023-05-02T12:00:00+02:00"))

        let second = try CLI.run(["import", "dayone", export.path, "--journal", journal])
        #expect(second.stdout.hasSuffix("Imported 0 entries, skipped 2 already there\n"))
        #expect(try tree(folder.root.appendingPathComponent("journal/entries")).count == 3)
    }

    @Test func reportsAMissingDayOneFieldAtItsPath() throws {
        let folder = try TemporaryJournal(["export/Journal.json": "{\"entries\": [\n  {\"uuid\": \"A\", \"creationDate\": \"yesterday\"}\n]}\n"])
        defer { folder.remove() }
        let result = try CLI.run(["import", "dayone", folder.root.appendingPathComponent("export").path, "--journal", folder.root.path])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("\(folder.root.path)/export/Journal.json:2:33: error: entries[0]: creationDate 'yesterday' is not a date"))
    }
}
