import CcurlShim
import Foundation

/// One GET through libcurl (`CcurlShim.h` says why not URLSession), on a thread of its own: a slow
/// server must not hold one of the few threads Swift's tasks share.
enum HTTPGet {
    enum Outcome: Sendable, Equatable {
        case answered(status: Int, body: [UInt8])
        case timedOut
        case tooLarge
        case failed(String)
    }

    static func get(_ url: String, headers: [String], timeout: Double, maxBytes: Int) async -> Outcome {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: blocking(url, headers: headers, timeout: timeout, maxBytes: maxBytes))
            }
        }
    }

    static func blocking(_ url: String, headers: [String], timeout: Double, maxBytes: Int) -> Outcome {
        let copies = headers.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let lines = copies.map { UnsafePointer($0) }
        var answer = dbc_answer()
        let milliseconds = max(1, Int((timeout * 1000).rounded()))
        let outcome = lines.withUnsafeBufferPointer {
            dbc_get(url, $0.baseAddress, $0.count, milliseconds, maxBytes, &answer)
        }
        defer { dbc_free_answer(&answer) }
        switch outcome {
        case dbc_answered:
            let body = answer.body.map { Array(UnsafeBufferPointer(start: $0, count: answer.length)) } ?? []
            return .answered(status: answer.status, body: body)
        case dbc_timed_out: return .timedOut
        case dbc_too_large: return .tooLarge
        default:
            let why = withUnsafeBytes(of: answer.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            return .failed(why)
        }
    }
}
