import Foundation
#if os(Linux)
import Glibc
private let streamType = Int32(SOCK_STREAM.rawValue)
private let makeSocket = Glibc.socket
#else
import Darwin
private let streamType = SOCK_STREAM
private let makeSocket = Darwin.socket
#endif

/// Finds the port to listen on before the server starts, so "busy" is told apart from other
/// failures and the next free port can be taken.
enum Ports {
    /// Whether `port` on `address` (an IPv4 or IPv6 literal) can be listened on now.
    static func isFree(_ port: Int, address: String) -> Bool {
        let six = address.contains(":")
        let socket = makeSocket(six ? AF_INET6 : AF_INET, streamType, 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        // As the server sets it: a port left in TIME_WAIT by the last run counts as free.
        var one: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var result: Int32 = -1
        if six {
            var info = sockaddr_in6()
            info.sin6_family = sa_family_t(AF_INET6)
            info.sin6_port = in_port_t(UInt16(port).bigEndian)
            guard inet_pton(AF_INET6, address.trimmingCharacters(in: CharacterSet(charactersIn: "[]")), &info.sin6_addr) == 1 else { return false }
            result = withUnsafePointer(to: &info) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) } }
        } else {
            var info = sockaddr_in()
            info.sin_family = sa_family_t(AF_INET)
            info.sin_port = in_port_t(UInt16(port).bigEndian)
            guard inet_pton(AF_INET, address, &info.sin_addr) == 1 else { return false }
            result = withUnsafePointer(to: &info) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        }
        return result == 0 && listen(socket, 1) == 0
    }

    /// The first free port from `start` on, trying `count` of them.
    static func firstFree(from start: Int, address: String, count: Int = 50) -> Int? {
        (start..<start + count).first { isFree($0, address: address) }
    }
}
