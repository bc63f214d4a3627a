// What the host channel's tests share: a valid host:init, the state a frame answers it with, and
// MessageChannels standing for the host's port, closed after each test.
import { HostConfig } from '@walletframe/protocol'
import { afterEach } from 'vitest'

const config = HostConfig.parse({
  projectId: 'p1',
  networks: ['eip155:1'],
  metadata: { name: 'Host', url: 'https://host.example' },
})
export const init = { channel: 'walletframe', type: 'host:init', version: 1, sdkVersion: '0.1.0', config }
export const state = {
  account: { status: 'disconnected' as const, isConnected: false, allAccounts: [] },
  network: { supported: false },
}

const open: MessagePort[] = []
afterEach(() => {
  for (const port of open.splice(0)) port.close()
})

/** A new MessageChannel: the host's end collects what the frame sends; the frame's end is transferred. */
export function hostPort() {
  const { port1, port2 } = new MessageChannel()
  open.push(port1, port2)
  const received: unknown[] = []
  port1.onmessage = (event) => received.push(event.data)
  return { host: port1, frame: port2, received }
}
