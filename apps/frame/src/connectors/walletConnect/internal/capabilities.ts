// wallet_getCapabilities (EIP-5792) for a WalletConnect wallet: the capabilities the wallet announced
// per address in its session's properties answer at once, without a round trip to a phone that may
// be asleep; the wallet is asked only for an address it announced none for.
import {
  type ChainCapabilities,
  GetCapabilitiesParams,
  SessionCapabilities,
  SessionProperties,
  UnauthorizedError,
} from '@walletframe/protocol'
import { parse } from '../../../lib/params.js'

/** `[address, chainIds?]` of a capabilities request, checked against the session's EVM accounts. */
export function request(params: unknown, accounts: readonly string[]) {
  const [address, chainIds] = parse(GetCapabilitiesParams, params ?? [], 'wallet_getCapabilities parameters')
  const lower = address.toLowerCase()
  // Another address's capabilities are not this wallet's to tell (and would tell a host which other
  // addresses the wallet holds).
  if (
    !accounts.some((account) => account.startsWith('eip155:') && account.toLowerCase().endsWith(`:${lower}`))
  )
    throw new UnauthorizedError(
      `The connected wallet answers wallet_getCapabilities for its own accounts only`,
    )
  return { address, chainIds }
}

/**
 * What the session's properties announce for `address` on `chainIds` (all chains without; "0x0", the
 * capabilities on every chain, always); undefined when they announce nothing for it, or nothing
 * readable: a malformed announcement sends the request to the wallet rather than failing it.
 */
export function announced(
  properties: unknown,
  address: string,
  chainIds?: readonly string[],
): ChainCapabilities | undefined {
  const text = SessionProperties.safeParse(properties ?? {}).data?.capabilities
  if (!text) return undefined
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return undefined
  }
  const parsed = SessionCapabilities.safeParse(json)
  if (!parsed.success) return undefined
  const lower = address.toLowerCase()
  const perChain = Object.entries(parsed.data).find(([key]) => key.toLowerCase() === lower)?.[1]
  if (!perChain) return undefined
  if (!chainIds) return perChain
  const wanted = new Set(chainIds.map((id) => BigInt(id)))
  return Object.fromEntries(
    Object.entries(perChain).filter(([chainId]) => BigInt(chainId) === 0n || wanted.has(BigInt(chainId))),
  )
}
