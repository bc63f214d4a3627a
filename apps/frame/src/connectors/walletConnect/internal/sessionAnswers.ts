// What the frame answers from the WalletConnect session itself, before a request travels to the
// wallet: the capabilities the wallet announced for an address, and a batch's status at the bundler
// the session names. Each loads with its first call: pairing and signing need neither.
import type { SessionTypes } from '@walletconnect/types'
import type { ChainNetwork } from '@walletframe/protocol'
import * as Namespaces from './namespaces.js'

/** The methods the session may answer; others go to the wallet without a detour (or a tick). */
export const methods: ReadonlySet<string> = new Set(['wallet_getCapabilities', 'wallet_getCallsStatus'])

/** The answer, or undefined to ask the wallet. Malformed parameters are refused here (-32602). */
export async function answer(
  session: SessionTypes.Struct,
  request: { method: string; params: unknown; network: string },
  networks: readonly ChainNetwork[],
): Promise<unknown> {
  const { method, params, network } = request
  if (method === 'wallet_getCapabilities') {
    const Capabilities = await import('./capabilities.js')
    const { address, chainIds } = Capabilities.request(params, Namespaces.accounts(session.namespaces))
    return Capabilities.announced(session.sessionProperties, address, chainIds)
  }
  if (method === 'wallet_getCallsStatus') {
    const BundlerStatus = await import('./bundlerStatus.js')
    const target = networks.find((candidate) => candidate.caipNetworkId === network)
    const urls = BundlerStatus.bundlers(session.sessionProperties, target)
    if (urls.length === 0) return undefined
    const JsonRpc = await import('../../../data/jsonRpc.js')
    const chainId = `0x${BigInt(network.split(':')[1] ?? '0').toString(16)}`
    return BundlerStatus.ask(urls, params, { call: JsonRpc.call, chainId })
  }
  return undefined
}
