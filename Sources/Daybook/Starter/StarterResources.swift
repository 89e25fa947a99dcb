import Foundation

/// The files under `Templates/starter/` that the binary carries for `daybook init`.
enum StarterResources {
    static let folder = "starter/"

    /// The Debian packages that building Daybook needs (`Templates/starter/debian-packages.txt`,
    /// also read by `scripts/install-deps.sh`): one per line, `#` starts a comment.
    static var debianPackages: [String] {
        let text = EmbeddedResources.files[folder + "debian-packages.txt"]
            .flatMap { Data(base64Encoded: $0) }.map { String(decoding: $0, as: UTF8.self) } ?? ""
        return packageNames(in: text)
    }

    static func packageNames(in text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            let name = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first?
                .trimmingCharacters(in: .whitespaces) ?? ""
            return name.isEmpty ? nil : name
        }
    }
}
