/**
 * Preloaded (`node --import`) into the servers e2e/support/app-server.ts starts. Their stdin is a
 * pipe from the test process, so its end means that process is gone: it exited, or was killed too
 * abruptly to stop them. The server then shuts down as on SIGTERM instead of keeping its port,
 * where the next run's health check would find it.
 */
process.stdin.once('end', () => process.kill(process.pid, 'SIGTERM'))
process.stdin.resume()
