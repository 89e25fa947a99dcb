import Foundation

/// The key file the last build published (`private/keys.js`), read once for every edition: where
/// each edition's manifest is, and each reader's row. A reader's row is the costly part of a key
/// file (600,000 rounds of PBKDF2 per reader), and it depends only on the secrets: an edition
/// whose last pack opened with this build's keys has the same readers and passwords (its key binds
/// them), so its rows are taken as they were when the salt and rounds are the same too.
struct LastKeyFile: Sendable {
    struct Row: Sendable, Equatable {
        var id: String
        var key: [UInt8]
        var folder: String
        var manifest: String
    }

    var iterations: Int
    var salt: String
    var rows: [Row]

    static func read(output: URL) -> LastKeyFile? {
        let path = output.appendingPathComponent(PrivateFiles.keyFilePath).path
        guard let text = FileBytes.read(path).map({ String(decoding: $0, as: UTF8.self) }),
              let start = text.firstIndex(of: "{"), let end = text.lastIndex(of: "}"),
              let json = try? JSONSerialization.jsonObject(with: Data(text[start...end].utf8)) as? [String: Any],
              json["format"] as? Int == PrivateFiles.format, let iterations = json["iterations"] as? Int,
              let salt = json["salt"] as? String, let readers = json["readers"] as? [[String: Any]] else { return nil }
        var rows: [Row] = []
        for reader in readers {
            // A wrapped 32-byte key is 40 bytes (AES-KW); anything else is not a row this build made.
            guard let id = reader["id"] as? String, let folder = reader["folder"] as? String,
                  let manifest = reader["manifest"] as? String, let key = (reader["key"] as? String).flatMap({ Data(base64Encoded: $0) }),
                  key.count == 40 else { return nil }
            rows.append(Row(id: id, key: Array(key), folder: folder, manifest: manifest))
        }
        return LastKeyFile(iterations: iterations, salt: salt, rows: rows)
    }

    /// The manifest the last build published for the edition in `folder`.
    func manifest(of folder: String) -> String? {
        rows.first { $0.folder == folder }?.manifest
    }

    /// The rows of the edition in `folder`, if there are `count` of them and the key file was made
    /// with `salt` and `iterations`.
    func rows(of folder: String, count: Int, salt: [UInt8], iterations: Int) -> [Row]? {
        guard self.iterations == iterations, self.salt == Data(salt).base64EncodedString() else { return nil }
        let found = rows.filter { $0.folder == folder }
        return found.count == count ? found : nil
    }
}
