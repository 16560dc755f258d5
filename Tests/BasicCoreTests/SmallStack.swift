import Foundation

/// The stack size of the threads the depth tests run on: 512 KiB, as Apple's secondary threads,
/// so that unbounded recursion fails in a debug build too, where frames are largest.
let smallStackSize = 512 * 1024

/// Runs `body` on a new thread with a stack of `stackSize` bytes (512 KiB unless told) and
/// returns what it returns, holding no thread of Swift's cooperative pool meanwhile. A recursion
/// too deep for that stack crashes the test process, which is the failure these tests guard
/// against.
func onSmallStack<T: Sendable>(
    stackSize: Int = smallStackSize, _ body: @escaping @Sendable () throws -> T
) async throws -> T {
    let result: Result<T, any Error> = await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: Result { try body() }) }
        thread.stackSize = stackSize
        thread.start()
    }
    return try result.get()
}
