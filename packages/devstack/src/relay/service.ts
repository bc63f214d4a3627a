// The WalletConnect relay as a devstack service: its URL lands in the chains file as `relay`.
import type { Service } from '../Service.js'
import { start } from './Relay.js'

export const relayService: Service = {
  name: 'walletconnect relay',
  async start() {
    const relay = await start({ host: '127.0.0.1' })
    return { urls: { relay: relay.url }, stop: relay.stop }
  },
}
