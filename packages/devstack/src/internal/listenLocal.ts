// Starts an HTTP server of the devstack on 127.0.0.1 at a free port: its URL, and a stop that drops
// open connections first (a keep-alive socket would hold close() open).
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export async function listenLocal(server: Server): Promise<{ url: string; stop(): Promise<void> }> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
