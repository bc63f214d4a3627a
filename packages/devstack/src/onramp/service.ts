// The local on-ramp as a devstack service: its URL lands in the chains file as `onramp`.
import type { Service } from '../Service.js'
import { start } from './Server.js'

export const onrampService: Service = {
  name: 'on-ramp checkout',
  async start({ networks }) {
    const server = await start({ networks })
    return { urls: { onramp: server.url }, stop: server.stop }
  },
}
