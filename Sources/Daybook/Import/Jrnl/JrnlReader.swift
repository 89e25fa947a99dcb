import Crypto
import Foundation

/// Reads jrnl's JSON export (`jrnl --export json`): each entry's title, body, date and time,
/// `@tag` words (without the `@`), and `starred` as a tag. jrnl keeps no id of its own, so the
/// id kept (`jrnl_id`) is a digest of the date, time and title: editing a title in jrnl and
/// importing again makes a second entry.
public struct JrnlReader {
    public var starredTag = "starred"

    public init() {}

    public func read(_ file: URL) throws(ImportFailure) -> [ImportedEntry] {
        let (root, source) = try ExportJSON.read(file)
        guard let list = ExportJSON.field(root, "entries"), let items = list.sequence else {
            throw ImportFailure([ExportJSON.error("a jrnl export has a list of \"entries\"", at: root, path: "$", in: source)])
        }
        var entries: [ImportedEntry] = [], problems: [Diagnostic] = []
        for (index, item) in items.enumerated() {
            let path = "entries[\(index)]"
            let dateNode = ExportJSON.field(item, "date") ?? item
            let time = ExportJSON.field(item, "time")?.scalar ?? "00:00"
            guard let day = dateNode.scalar, let date = try? DateParser(timeZone: .gmt).parse("\(day) \(time)") else {
                problems.append(ExportJSON.error("an entry needs a \"date\" such as 2024-05-01 and a \"time\" such as 09:30",
                                                 at: dateNode, path: path, in: source))
                continue
            }
            let title = ExportJSON.field(item, "title")?.scalar.map { $0.trimmingCharacters(in: .whitespaces) }
            var entry = ImportedEntry(idKey: "jrnl_id", id: Self.id(day: day, time: time, title: title ?? ""), date: date,
                                      title: title?.isEmpty == false ? title : nil,
                                      body: ExportJSON.field(item, "body")?.scalar ?? "", origin: path)
            let tags = ExportJSON.field(item, "tags").map { FrontMatterReader.words($0.value) } ?? []
            entry.tags = tags.map { $0.hasPrefix("@") || $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }.filter { !$0.isEmpty }
            if ExportJSON.field(item, "starred")?.flag == true, !entry.tags.contains(starredTag) { entry.tags.append(starredTag) }
            entry.dateHasZone = false
            // A one-line jrnl entry is all title: it becomes the text, which a Daybook entry needs.
            if entry.body.allSatisfy(\.isWhitespace), let title = entry.title { (entry.title, entry.body) = (nil, title) }
            entries.append(entry)
        }
        guard problems.isEmpty else { throw ImportFailure(problems) }
        return entries
    }

    /// 16 hex digits of SHA-256 over the date, time and title.
    static func id(day: String, time: String, title: String) -> String {
        SHA256.hash(data: Data("\(day) \(time) \(title)".utf8)).prefix(8).map { String(format: "%02x", $0) }.joined()
    }
}
