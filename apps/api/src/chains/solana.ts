// Reads SOL and SPL balances (Token and Token-2022 programs) for the configured mints, in one
// JSON-RPC batch.
import type { ChainNetwork, TokenBalance } from '@walletframe/protocol'
import type { PriceSource } from './Prices.js'
import { listedToken, toTokenBalance } from './tokenBalance.js'
import { type Upstream, unwrap } from './Upstream.js'

const tokenPrograms = [
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
]

type ParsedTokenAccount = {
  account: { data: { parsed?: { info?: { mint?: string; tokenAmount?: { amount?: string } } } } }
}

export async function readBalances(
  upstream: Upstream,
  network: ChainNetwork,
  prices: PriceSource,
  owner: string,
): Promise<TokenBalance[]> {
  const [balance, ...accountLists] = await upstream.batch([
    { method: 'getBalance', params: [owner, { commitment: 'confirmed' }] },
    ...tokenPrograms.map((programId) => ({
      method: 'getTokenAccountsByOwner',
      params: [owner, { programId }, { encoding: 'jsonParsed', commitment: 'confirmed' }],
    })),
  ])
  const lamports = BigInt(unwrap<{ value: number }>(balance!).value)
  const held = new Map<string, bigint>()
  for (const list of accountLists) {
    // A node without Token-2022 answers an error for that program; the other list still counts.
    if (list.error) continue
    for (const item of (list.result as { value: ParsedTokenAccount[] }).value) {
      const info = item.account.data.parsed?.info
      if (!info?.mint || info.tokenAmount?.amount === undefined) continue
      held.set(info.mint, (held.get(info.mint) ?? 0n) + BigInt(info.tokenAmount.amount))
    }
  }
  const native = prices.native(network)
  const out = [toTokenBalance(network.caipNetworkId, { ...native, raw: lamports })]
  for (const token of network.tokens) {
    const raw = held.get(token.address)
    if (token.decimals === 0 || raw === undefined || raw === 0n) continue
    out.push(toTokenBalance(network.caipNetworkId, listedToken(token, raw)))
  }
  return out
}
