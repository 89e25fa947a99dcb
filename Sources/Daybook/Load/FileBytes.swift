#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole files read straight into an array with `open`, `fstat` and `read`, not through
/// Foundation's `contents(atPath:)`, whose `Data` would then be copied out again.
enum FileBytes {
    /// The file at `path`, relative to the open folder `folder` (the working folder by default);
    /// nil when it cannot be opened or is cut short while being read.
    static func read(_ path: String, in folder: Int32 = AT_FDCWD) -> [UInt8]? {
        let descriptor = openat(folder, path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        let size = Int(info.st_size)
        guard size > 0 else { return [] }
        var complete = true
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            var done = 0
            while done < size {
                let got = readBytes(descriptor, buffer.baseAddress! + done, size - done)
                if got <= 0 { break }
                done += got
            }
            complete = done == size
            count = done
        }
        return complete ? bytes : nil
    }
}

extension FileBytes {
    /// Hands the file at `path` to `body` a piece of `size` bytes at a time, each piece after the
    /// first starting `overlap` bytes before the last one ended, with whether it is the last,
    /// until `body` returns true. Returns true then, false at the end, nil when it cannot be read.
    static func anyPiece(_ path: String, size: Int, overlap: Int, _ body: (UnsafeBufferPointer<UInt8>, Bool) -> Bool) -> Bool? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, size > overlap else { return nil }
        let total = Int(info.st_size)
        var piece = [UInt8](repeating: 0, count: min(size, total))
        var start = 0
        while start < total {
            let length = min(size, total - start)
            let found: Bool? = piece.withUnsafeMutableBufferPointer { buffer in
                var done = 0
                while done < length {
                    let got = pread(descriptor, buffer.baseAddress! + done, length - done, off_t(start + done))
                    if got <= 0 { return nil }
                    done += got
                }
                return body(UnsafeBufferPointer(rebasing: buffer[..<length]), start + length >= total)
            }
            guard let found else { return nil }
            if found { return true }
            if start + length >= total { break }
            start += length - overlap
        }
        return false
    }
}

/// `read(2)`, out of the reach of `FileBytes.read`'s name.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
