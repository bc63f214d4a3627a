// Solana history read on demand from the RPC (not indexed): getSignaturesForAddress for the page,
// then the transactions in one batch; transfers are the account's SOL and SPL balance changes.
import type { CaipNetworkId, ChainNetwork, HistoryEntry, HistoryTransfer } from '@walletframe/protocol'
import { formatUnits } from 'viem'
import type { PriceSource } from './Prices.js'
import { type Upstream, unwrap } from './Upstream.js'

type SignatureInfo = { signature: string; slot: number; blockTime: number | null; err: unknown }
type TokenBalance = {
  accountIndex: number
  mint: string
  owner?: string
  uiTokenAmount: { amount: string; decimals: number }
}
type Transaction = {
  slot: number
  blockTime: number | null
  transaction: { message: { accountKeys: string[] }; signatures: string[] }
  meta: {
    err: unknown
    fee: number
    preBalances: number[]
    postBalances: number[]
    preTokenBalances?: TokenBalance[]
    postTokenBalances?: TokenBalance[]
  } | null
}

export async function readHistory(
  upstream: Upstream,
  network: ChainNetwork,
  prices: PriceSource,
  owner: string,
  page: { before?: string | undefined; limit: number },
): Promise<{ entries: HistoryEntry[]; next?: string }> {
  const signatures = await upstream.request<SignatureInfo[]>('getSignaturesForAddress', [
    owner,
    { limit: page.limit + 1, ...(page.before ? { before: page.before } : {}), commitment: 'confirmed' },
  ])
  const slice = signatures.slice(0, page.limit)
  const answers = await upstream.batch(
    slice.map((info) => ({
      method: 'getTransaction',
      params: [
        info.signature,
        { encoding: 'json', maxSupportedTransactionVersion: 0, commitment: 'confirmed' },
      ],
    })),
  )
  const entries = slice.flatMap((info, i) => {
    const tx = unwrap<Transaction | null>(answers[i]!)
    return tx ? [toEntry(network, prices, owner, info, tx)] : []
  })
  const last = slice.at(-1)
  return signatures.length > page.limit && last ? { entries, next: last.signature } : { entries }
}

function toEntry(
  network: ChainNetwork,
  prices: PriceSource,
  owner: string,
  info: SignatureInfo,
  tx: Transaction,
): HistoryEntry {
  const keys = tx.transaction.message.accountKeys
  const feePayer = keys[0] ?? ''
  const meta = tx.meta
  const transfers: HistoryTransfer[] = []
  const index = keys.indexOf(owner)
  if (meta && index !== -1) {
    // The fee payer's balance also drops by the fee; that is not a transfer.
    const fee = index === 0 ? meta.fee : 0
    const delta = BigInt(meta.postBalances[index] ?? 0) - BigInt(meta.preBalances[index] ?? 0) + BigInt(fee)
    if (delta !== 0n) transfers.push(fungible(prices.native(network), delta, network.nativeCurrency.decimals))
  }
  if (meta) {
    const amounts = new Map<string, { delta: bigint; decimals: number }>()
    for (const [list, sign] of [
      [meta.preTokenBalances ?? [], -1n],
      [meta.postTokenBalances ?? [], 1n],
    ] as const) {
      for (const balance of list) {
        if (balance.owner !== owner) continue
        const entry = amounts.get(balance.mint) ?? { delta: 0n, decimals: balance.uiTokenAmount.decimals }
        entry.delta += sign * BigInt(balance.uiTokenAmount.amount)
        amounts.set(balance.mint, entry)
      }
    }
    for (const [mint, { delta, decimals }] of amounts) {
      if (delta === 0n) continue
      const known = prices.lookup(`${network.caipNetworkId}:${mint}`)
      transfers.push(
        fungible(
          known ?? { name: 'Unknown token', symbol: mint.slice(0, 6), price: 0, iconUrl: '' },
          delta,
          decimals,
        ),
      )
    }
  }
  const ins = transfers.filter((t) => t.direction === 'in').length
  const outs = transfers.length - ins
  return {
    id: `${network.caipNetworkId}:${info.signature}`,
    metadata: {
      minedAt: new Date((tx.blockTime ?? info.blockTime ?? 0) * 1000).toISOString(),
      chain: network.caipNetworkId as CaipNetworkId,
      operationType: ins && outs ? 'trade' : outs ? 'send' : ins ? 'receive' : 'execute',
      hash: info.signature,
      blockNumber: tx.slot,
      sentFrom: feePayer,
      sentTo: keys.find((key) => key !== feePayer && key !== owner) ?? owner,
      status: (meta?.err ?? info.err) ? 'failed' : 'confirmed',
      nonce: 0,
    },
    transfers,
  }
}

function fungible(
  info: { name: string; symbol: string; price: number; iconUrl: string },
  delta: bigint,
  decimals: number,
): HistoryTransfer {
  const numeric = formatUnits(delta < 0n ? -delta : delta, decimals)
  return {
    fungible_info: {
      name: info.name,
      symbol: info.symbol,
      icon: info.iconUrl ? { url: info.iconUrl } : null,
    },
    direction: delta < 0n ? 'out' : 'in',
    quantity: { numeric },
    value: Number(numeric) * info.price,
    price: info.price,
  }
}
