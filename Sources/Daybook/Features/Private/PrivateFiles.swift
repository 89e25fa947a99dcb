import Foundation

/// The public files of a private journal besides the sealed ones: the key file and the unlock
/// pages. None holds anything of an entry; the key file holds each reader's wrapped key.
enum PrivateFiles {
    static let folder = "private/"
    static let keyFilePath = "private/keys.js"
    static let format = 6

    /// The manifest of an edition: the names of its pack's chunks in order, the generation that
    /// orders versions of the edition, and where in the pack its table is. Its size tells only
    /// the number of chunks (and the digits of the table's place).
    static func manifest(chunks: [String], generation: Int, table: EditionPack.Place, tables: [EditionPack.Place] = []) -> [UInt8] {
        var json = JSONWriter()
        json.object { object in
            object.field("chunks") { list in list.array(chunks) { item, name in item.plainString(name) } }
            object.field("format") { $0.int(format) }
            object.field("generation") { $0.int(generation) }
            object.field("table") { $0.array([table.offset, table.length]) { item, value in item.int(value) } }
            // Only the preview chains tables (`EditionPack.chainLimit`): a build's manifest has one.
            if !tables.isEmpty {
                object.field("tables") { list in
                    list.array(tables) { item, place in item.array([place.offset, place.length]) { item, value in item.int(value) } }
                }
            }
        }
        return json.bytes
    }

    /// `private/keys.js`: for every reader, their id, wrapped edition key, edition folder and
    /// manifest. Each password is turned into a key once (PBKDF2, 600,000 rounds), readers side by
    /// side, but for the editions in `reusing` (by folder), whose rows are the last key file's.
    /// Returns the file and how many readers' keys were derived.
    static func keyFile(_ plan: PrivatePlan, manifests: [String: String], iterations: Int = PrivateKeys.iterations,
                        reusing: [String: [LastKeyFile.Row]] = [:]) throws -> (files: [OutputFile], derived: Int) {
        let salt = plan.keys.journalSalt
        var jobs: [(name: String, edition: EditionKeys, manifest: String, password: String)] = []
        var readers: [LastKeyFile.Row] = []
        for edition in plan.editions {
            let keys = plan.keys(for: edition), manifest = manifests[edition.id] ?? ""
            if let rows = reusing[keys.folder] {
                readers += rows.map { LastKeyFile.Row(id: $0.id, key: $0.key, folder: $0.folder, manifest: manifest) }
                continue
            }
            for reader in edition.readers { jobs.append((reader.key, keys, manifest, plan.passwords[reader.key] ?? "")) }
        }
        let made = concurrentMap(jobs) { job in
            Result {
                let reader = try PrivateKeys.reader(name: job.name, password: job.password, journalSalt: salt, iterations: iterations)
                return LastKeyFile.Row(id: reader.id, key: try PrivateKeys.wrap(job.edition.key, kek: reader.kek), folder: job.edition.folder,
                                       manifest: job.manifest)
            }
        }
        readers += try made.map { try $0.get() }
        readers.sort { $0.id < $1.id }
        // Fields in code-point order, as the format's known answers have them.
        var json = JSONWriter()
        json.object { file in
            file.field("format") { $0.int(format) }
            file.field("iterations") { $0.int(iterations) }
            file.field("kdf") { $0.plainString("PBKDF2-SHA256") }
            file.field("named") { $0.bool(!plan.settings.readers.isEmpty) }
            file.field("readers") { list in
                list.array(readers) { item, reader in
                    item.object { object in
                        object.field("folder") { $0.plainString(reader.folder) }
                        object.field("id") { $0.plainString(reader.id) }
                        object.field("key") { $0.plainString(Data(reader.key).base64EncodedString()) }
                        object.field("manifest") { $0.plainString(reader.manifest) }
                    }
                }
            }
            file.field("remember_days") { $0.int(plan.settings.rememberDays) }
            file.field("salt") { $0.plainString(Data(salt).base64EncodedString()) }
        }
        return ([OutputFile(path: keyFilePath, bytes: Array("window.daybookKeys = ".utf8) + json.bytes + Array(";\n".utf8))], jobs.count)
    }
}
