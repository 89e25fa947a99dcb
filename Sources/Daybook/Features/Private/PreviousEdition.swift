import Crypto
import Foundation

/// What the last build published of an edition, opened again with the edition's keys: its files
/// and the record of what each was made from (`EditionPack.recordsPath`). An edition's build
/// compares with it as the public site's compares with the cache, and takes the files it keeps
/// from it, so no plain copy of a private page is ever kept anywhere but in the sealed output.
/// Nil, and the edition is made in full, when anything does not open: a first build, new keys
/// (a password or a reader changed), a damaged or foreign file.
struct PreviousEdition: Sendable, CustomStringConvertible {
    var files: [String: [UInt8]]
    var records: EditionPack.Records
    var description: String { "PreviousEdition(\(files.count) files, redacted)" }

    static func open(output: URL, sealer: Sealer) -> PreviousEdition? {
        let folder = output.appendingPathComponent("private")
        guard let manifestName = manifestName(keyFile: folder.appendingPathComponent("keys.js"), folder: sealer.folder),
              let manifest = try? sealer.open(binary(folder, sealer.folder, manifestName) ?? [], role: .manifest),
              let json = try? JSONSerialization.jsonObject(with: Data(manifest)) as? [String: Any],
              json["format"] as? Int == PrivateFiles.format, let chunks = json["chunks"] as? [String], !chunks.isEmpty
        else { return nil }
        let opened = concurrentMap(Array(chunks.enumerated())) { index, name in
            binary(folder, sealer.folder, name).flatMap { try? sealer.openChunk($0, index: index, count: chunks.count) }
        }
        guard opened.allSatisfy({ $0 != nil }) else { return nil }
        var pack: [UInt8] = []
        pack.reserveCapacity(chunks.count * Sealer.chunkSize)
        for chunk in opened { pack += chunk ?? [] }
        guard var files = EditionPack.unpack(pack), let records = files.removeValue(forKey: EditionPack.recordsPath).flatMap(EditionPack.Records.init)
        else { return nil }
        return PreviousEdition(files: files, records: records)
    }

    /// The name of the manifest of the edition in `folder`, from a key file.
    private static func manifestName(keyFile: URL, folder: String) -> String? {
        guard let text = FileBytes.read(keyFile.path).map({ String(decoding: $0, as: UTF8.self) }),
              let start = text.firstIndex(of: "{"), let end = text.lastIndex(of: "}"),
              let json = try? JSONSerialization.jsonObject(with: Data(text[start...end].utf8)) as? [String: Any],
              let readers = json["readers"] as? [[String: Any]] else { return nil }
        return readers.first { $0["folder"] as? String == folder }?["manifest"] as? String
    }

    /// The sealed binary published as `name`, checked against its name.
    private static func binary(_ folder: URL, _ edition: String, _ name: String) -> [UInt8]? {
        let path = folder.appendingPathComponent("\(edition)/\(name.prefix(2))/\(name).js").path
        guard let script = FileBytes.read(path), let comma = script.firstIndex(of: UInt8(ascii: ",")),
              script.count > comma + 5, let binary = Data(base64Encoded: Data(script[(comma + 2)..<(script.count - 4)])).map(Array.init),
              Sealer.name(of: binary) == name else { return nil }
        return binary
    }
}
