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

/// `read(2)`, out of the reach of `FileBytes.read`'s name.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
