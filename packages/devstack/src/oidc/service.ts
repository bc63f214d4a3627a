// The OAuth / OpenID Connect stand-in as a devstack service: its base URL lands in the chains file as
// `oauth`; settingsFor(url) gives the API's client settings for every provider there.
import type { Service } from '../Service.js'
import { start } from './Provider.js'

export const oauthService: Service = {
  name: 'oauth / openid provider',
  async start() {
    const provider = await start({ host: '127.0.0.1' })
    return { urls: { oauth: provider.url }, stop: provider.stop }
  },
}
