import Foundation

/// The public files of a private journal besides the sealed ones: the key file and the unlock
/// pages. None holds anything of an entry; the key file holds each reader's wrapped key.
enum PrivateFiles {
    static let folder = "private/"
    static let keyFilePath = "private/keys.js"
    static let format = 1

    /// The manifest of an edition: every file's path and sealed name, as sorted JSON.
    static func manifest(_ names: [String: String]) throws -> [UInt8] {
        try json(["files": names, "format": format])
    }

    /// `private/keys.js`: for every reader, their id, salt, wrapped edition key, edition folder and
    /// manifest. Each password is turned into a key once (PBKDF2, 600,000 rounds), readers side by side.
    static func keyFile(_ plan: PrivatePlan, manifests: [String: String], iterations: Int = PrivateKeys.iterations) throws -> [OutputFile] {
        let keys = plan.keys
        var jobs: [(name: String, edition: String, password: String)] = []
        for edition in plan.editions {
            for reader in edition.readers { jobs.append((reader.key, edition.id, plan.passwords[reader.key] ?? "")) }
        }
        let wrapped = concurrentMap(jobs) { job in
            Result { try PrivateKeys.wrap(keys.editionKey(job.edition), password: job.password, salt: keys.readerSalt(job.name), iterations: iterations) }
        }
        var readers: [[String: Any]] = []
        for (job, key) in zip(jobs, wrapped) {
            readers.append(["id": keys.readerID(job.name), "salt": Data(keys.readerSalt(job.name)).base64EncodedString(),
                            "key": Data(try key.get()).base64EncodedString(), "folder": keys.editionFolder(job.edition),
                            "manifest": manifests[job.edition] ?? ""])
        }
        readers.sort { ($0["id"] as? String ?? "") < ($1["id"] as? String ?? "") }
        let file: [String: Any] = [
            "format": format, "kdf": "PBKDF2-SHA256", "iterations": iterations, "named": !plan.settings.readers.isEmpty,
            "readers": readers, "remember_days": plan.settings.rememberDays, "salt": Data(keys.journalSalt).base64EncodedString(),
        ]
        return [OutputFile(path: keyFilePath, bytes: Array("window.daybookKeys = ".utf8) + (try json(file)) + Array(";\n".utf8))]
    }

    /// Sorted, compact JSON: the same bytes for the same values on every machine.
    static func json(_ value: Any) throws -> [UInt8] {
        Array(try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes]))
    }
}
