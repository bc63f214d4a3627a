// The Farcaster sign-in stand-ins as a devstack service: an anvil chain with OP Mainnet's chain id
// holding Farcaster's IdRegistry at its real address with the fixture fids (`farcasterRpc`), and the auth
// relay (`farcaster`). The chain is the relay's and the verifier's only; it is not one of the host's networks.
import * as Anvil from '../evm/Anvil.js'
import type { Service } from '../Service.js'
import * as IdRegistry from './IdRegistry.js'
import * as Relay from './Relay.js'
import { signIn } from './TestClient.js'

/** OP Mainnet, where Farcaster's registries live. */
export const registryChainId = 10

export const farcasterService: Service = {
  name: 'farcaster auth relay',
  async start() {
    const chain = await Anvil.start({
      chainId: registryChainId,
      accounts: 1,
      onCrash: (error) => process.stderr.write(`[devstack] ${error.message}\n`),
    })
    // 'exit' handlers cannot await: SIGKILL leaves no anvil behind when the process ends unstopped.
    const kill = () => chain.process.kill('SIGKILL')
    process.once('exit', kill)
    try {
      await IdRegistry.deploy(chain.httpUrl)
      let relayUrl = ''
      const relay = await Relay.start({
        rpcUrl: chain.httpUrl,
        host: '127.0.0.1',
        signIn: async (channel, user) => {
          await signIn({ relayUrl, channel, user })
        },
      })
      relayUrl = relay.url
      return {
        urls: { farcaster: relay.url, farcasterRpc: chain.httpUrl },
        async stop() {
          process.off('exit', kill)
          await relay.stop()
          await chain.stop()
        },
      }
    } catch (error) {
      process.off('exit', kill)
      await chain.stop()
      throw error
    }
  },
}
