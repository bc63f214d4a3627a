// wallet_getCallsStatus (EIP-5792) for a WalletConnect wallet whose session names the ERC-4337
// bundler its batches go through (`bundler_name`, a provider the API's bundler proxy knows by name, or
// `bundler_url`): the status is read there with eth_getUserOperationReceipt, so it needs neither the
// wallet's approval of the method nor a phone that is awake. A bundler that fails or answers nonsense
// leaves the request to the wallet.
import {
  CallsStatus,
  type ChainNetwork,
  GetCallsStatusParams,
  SessionProperties,
} from '@walletframe/protocol'
import type { RpcUserOperationReceipt } from 'viem/account-abstraction'
import * as Status from '../../../chains/eip155/callsStatus.js'
import { parse } from '../../../lib/params.js'

/** Only a web URL: the frame posts the batch id there and nothing else. */
const isWebUrl = (url: string) => {
  try {
    const { protocol } = new URL(url)
    return protocol === 'https:' || protocol === 'http:'
  } catch {
    return false
  }
}

/**
 * The bundler URLs to ask, in order: the API's proxy for the network under the session's
 * `bundler_name`, then the session's `bundler_url`. None where the session names neither (or the
 * network has no bundler proxy for a name).
 */
export function bundlers(
  properties: unknown,
  network: Pick<ChainNetwork, 'bundlerUrl'> | undefined,
): string[] {
  const parsed = SessionProperties.safeParse(properties ?? {})
  if (!parsed.success) return []
  const { bundler_name: name, bundler_url: url } = parsed.data
  const urls: string[] = []
  if (name && network?.bundlerUrl && isWebUrl(network.bundlerUrl)) {
    const proxy = new URL(network.bundlerUrl)
    proxy.searchParams.set('bundler', name.slice(0, 64))
    urls.push(proxy.href)
  }
  if (url && isWebUrl(url)) urls.push(url)
  return urls
}

export declare namespace ask {
  type Options = {
    /** A JSON-RPC call over HTTP (data/jsonRpc's). */
    call(url: string, method: string, params: unknown): Promise<unknown>
    /** The hex chain id the status reports. */
    chainId: string
  }
}

/** The batch's status from the first of `urls` that answers; undefined when none does. */
export async function ask(urls: readonly string[], params: unknown, options: ask.Options) {
  if (urls.length === 0) return undefined
  const [id] = parse(GetCallsStatusParams, params, 'wallet_getCallsStatus parameters')
  for (const url of urls) {
    try {
      const receipt = (await options.call(url, 'eth_getUserOperationReceipt', [
        id,
      ])) as RpcUserOperationReceipt | null
      // What another server said goes to the host only in the shape the EIP gives it.
      const status = CallsStatus.safeParse({
        version: '2.0.0',
        id,
        chainId: options.chainId,
        ...Status.fromUserOperation(receipt),
      })
      if (status.success) return status.data
    } catch {
      // The next bundler, or the wallet: a status the frame could not read is not an answer.
    }
  }
  return undefined
}
