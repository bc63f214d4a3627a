// The stand-in image server as a devstack service: its URL lands in the chains file as `images`.
import type { Service } from '../Service.js'
import { start } from './Server.js'

export const imagesService: Service = {
  name: 'wallet logos and token icons',
  async start() {
    const server = await start()
    return { urls: { images: server.url }, stop: server.stop }
  },
}
