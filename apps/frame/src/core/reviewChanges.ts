// What a request's simulation says it would change, in lines a person reads before approving: the
// native coin and tokens that leave and arrive (exact amounts, in the token's decimals), the NFTs that
// move, and the allowances it grants. A simulation that did not run, or a request that would fail,
// is said as such: never as a list of no changes.
import {
  type GrantedApproval,
  nativeTokenAddress,
  type ReviewResponse,
  type SimulateResponse,
  type SolanaSimulateResponse,
  solanaNativeMint,
} from '@walletframe/protocol'
import { formatUsd, truncateUnits } from '../lib/format.js'

export type Line =
  /**
   * A balance of the sender that goes down (`out`) or up (`in`): `amount` signed, with its asset, and
   * its worth in USD where the API prices that asset (never guessed from a symbol).
   */
  | {
      readonly kind: 'out' | 'in'
      readonly amount: string
      readonly asset: string
      readonly usd?: string
    }
  /** An NFT the sender gives (`nft-out`) or receives (`nft-in`). */
  | { readonly kind: 'nft-out' | 'nft-in'; readonly amount: string; readonly asset: string }
  /** An allowance the request grants: how much (or "Unlimited") of which asset, to whom. */
  | {
      readonly kind: 'approval'
      readonly allowance: string
      readonly asset: string
      readonly spender: string
    }
  /**
   * An allowance the request leaves at nothing: taken away, or used up within the batch (an approve
   * and the swap that spends it); never a risk.
   */
  | { readonly kind: 'revoke'; readonly asset: string; readonly spender: string }

export type Changes =
  /** The simulation ran and the request succeeds: these lines (none: it moves nothing of the sender's). */
  | { readonly kind: 'changes'; readonly lines: readonly Line[] }
  /** The request would fail on chain: nothing of it would happen. */
  | { readonly kind: 'fails'; readonly reason: string; readonly call?: number | undefined }
  /** The simulation could not run: what the request would do is unknown. */
  | { readonly kind: 'unsimulated'; readonly reason: string }

export const unlimited = 'Unlimited'

/** The API's wording opens with this; the view says "Could not simulate:" itself. */
const apiPrefix = /^The simulation could not run:\s*/

/** A token as people name it: its symbol, else its address. */
type Asset = { readonly symbol?: string | undefined; readonly decimals?: number | undefined }

/** `value` (base units, no sign) in whole units, every digit kept; base units when decimals are unknown. */
export function formatUnits(value: bigint, decimals: number | undefined): string {
  return decimals === undefined ? `${value} base units of` : truncateUnits(value, decimals, decimals)
}

/** USD prices per whole unit, by asset: an EVM address in lower case, a Solana mint as written. */
export type PriceBook = ReadonlyMap<string, number>

const priceKey = (asset: string) => (asset.startsWith('0x') ? asset.toLowerCase() : asset)

/** The review's prices by asset; empty when the API priced nothing. */
export function priceBookOf(review: Pick<ReviewResponse, 'prices'>): PriceBook {
  return new Map((review.prices ?? []).map((price) => [priceKey(price.asset), price.usd]))
}

/** `value` base units of an asset worth `price` a whole unit, in USD; nothing without both. */
export function usdOf(
  value: bigint,
  decimals: number | undefined,
  price: number | undefined,
): string | undefined {
  if (price === undefined || decimals === undefined) return undefined
  return formatUsd(Number(truncateUnits(value, decimals, decimals)) * price)
}

function signedLine(diff: bigint, decimals: number | undefined, asset: string, price?: number): Line {
  const value = diff < 0n ? -diff : diff
  const usd = usdOf(value, decimals, price)
  return {
    kind: diff < 0n ? 'out' : 'in',
    amount: `${diff < 0n ? '-' : '+'}${formatUnits(value, decimals)}`,
    asset,
    ...(usd && { usd }),
  }
}

function assetLine(change: SimulateResponse['assetChanges'][number], prices: PriceBook): Line | undefined {
  const diff = BigInt(change.diff)
  if (diff === 0n) return undefined
  const { token } = change
  return signedLine(diff, token.decimals, token.symbol ?? token.address, prices.get(priceKey(token.address)))
}

function approvalLine(approval: GrantedApproval, assets: ReadonlyMap<string, Asset>): Line {
  const known = assets.get(approval.token.toLowerCase())
  const asset = known?.symbol ?? approval.token
  const { spender } = approval
  if (approval.kind === 'all') {
    if (approval.approved === false) return { kind: 'revoke', asset, spender }
    return { kind: 'approval', allowance: unlimited, asset: `every NFT of ${approval.token}`, spender }
  }
  if (approval.amount === '0') return { kind: 'revoke', asset, spender }
  const allowance = approval.unlimited
    ? unlimited
    : formatUnits(BigInt(approval.amount ?? '0'), known?.decimals)
  return { kind: 'approval', allowance, asset, spender }
}

function nftLine(transfer: SimulateResponse['nftTransfers'][number], sender: string): Line {
  const out = transfer.from.toLowerCase() === sender.toLowerCase()
  const count = transfer.standard === 'erc1155' ? `${transfer.amount} × ` : ''
  return {
    kind: out ? 'nft-out' : 'nft-in',
    amount: `${out ? '-' : '+'}${count}#${transfer.tokenId}`,
    asset: transfer.contract,
  }
}

/** SOL has 9 decimals: lamports are billionths. */
const solDecimals = 9

/**
 * The signer's side of a Solana transaction: its SOL (the fee included: the exact change of its
 * balance) and the tokens of the token accounts it owns, as EVM changes show the sender's.
 */
function solanaChanges(simulation: SolanaSimulateResponse, signer: string, prices: PriceBook): Changes {
  if (simulation.status === 'reverted')
    return { kind: 'fails', reason: simulation.failure?.reason ?? 'The transaction fails' }
  const lines: Line[] = []
  for (const change of simulation.accountChanges) {
    const lamports = BigInt(change.diff)
    if (change.account === signer && lamports !== 0n)
      lines.push(signedLine(lamports, solDecimals, 'SOL', prices.get(solanaNativeMint)))
    const token = change.token
    if (token?.owner === signer && token.diff !== '0')
      lines.push(
        signedLine(BigInt(token.diff), token.decimals, token.symbol ?? token.mint, prices.get(token.mint)),
      )
  }
  return { kind: 'changes', lines }
}

/** The changes of a reviewed request, or undefined when it has none to simulate (a signature). */
export function changesOf(review: ReviewResponse, sender: string): Changes | undefined {
  const { simulation, simulationError, solanaSimulation } = review
  const prices = priceBookOf(review)
  if (solanaSimulation) return solanaChanges(solanaSimulation, sender, prices)
  if (!simulation)
    return simulationError === undefined
      ? undefined
      : { kind: 'unsimulated', reason: simulationError.replace(apiPrefix, '') }
  if (simulation.status === 'reverted')
    return {
      kind: 'fails',
      reason: simulation.failure?.reason ?? 'The call reverted',
      call: simulation.failure?.call,
    }
  const assets = new Map<string, Asset>(
    simulation.assetChanges.map((change) => [change.token.address.toLowerCase(), change.token]),
  )
  const lines: Line[] = []
  for (const change of simulation.assetChanges) {
    const line = assetLine(change, prices)
    if (line) lines.push(line)
  }
  for (const transfer of simulation.nftTransfers) lines.push(nftLine(transfer, sender))
  for (const approval of simulation.approvals) lines.push(approvalLine(approval, assets))
  return { kind: 'changes', lines }
}

/** The network fee a reviewed request would pay: every digit in the native coin, and in USD where priced. */
export function feeOf(
  review: ReviewResponse,
): { readonly amount: string; readonly usd?: string } | undefined {
  const { fee } = review
  if (!fee) return undefined
  const prices = priceBookOf(review)
  const value = BigInt(fee.amount)
  const usd = usdOf(value, fee.decimals, prices.get(nativeTokenAddress) ?? prices.get(solanaNativeMint))
  return { amount: `${truncateUnits(value, fee.decimals, fee.decimals)} ${fee.symbol}`, ...(usd && { usd }) }
}
