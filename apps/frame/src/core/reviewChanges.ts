// What a request's simulation says it would change, in lines a person reads before approving: the
// native coin and tokens that leave and arrive (exact amounts, in the token's decimals), the NFTs that
// move, and the allowances it grants. A simulation that did not run, or a request that would fail,
// is said as such: never as a list of no changes.
import type {
  GrantedApproval,
  ReviewResponse,
  SimulateResponse,
  SolanaSimulateResponse,
} from '@walletframe/protocol'
import { truncateUnits } from '../lib/format.js'

export type Line =
  /** A balance of the sender that goes down (`out`) or up (`in`): `amount` signed, with its asset. */
  | { readonly kind: 'out' | 'in'; readonly amount: string; readonly asset: string }
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

function assetLine(change: SimulateResponse['assetChanges'][number]): Line | undefined {
  const diff = BigInt(change.diff)
  if (diff === 0n) return undefined
  const amount = formatUnits(diff < 0n ? -diff : diff, change.token.decimals)
  return {
    kind: diff < 0n ? 'out' : 'in',
    amount: `${diff < 0n ? '-' : '+'}${amount}`,
    asset: change.token.symbol ?? change.token.address,
  }
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

function signedLine(diff: bigint, decimals: number | undefined, asset: string): Line {
  const amount = formatUnits(diff < 0n ? -diff : diff, decimals)
  return { kind: diff < 0n ? 'out' : 'in', amount: `${diff < 0n ? '-' : '+'}${amount}`, asset }
}

/**
 * The signer's side of a Solana transaction: its SOL (the fee included: the exact change of its
 * balance) and the tokens of the token accounts it owns, as EVM changes show the sender's.
 */
function solanaChanges(simulation: SolanaSimulateResponse, signer: string): Changes {
  if (simulation.status === 'reverted')
    return { kind: 'fails', reason: simulation.failure?.reason ?? 'The transaction fails' }
  const lines: Line[] = []
  for (const change of simulation.accountChanges) {
    const lamports = BigInt(change.diff)
    if (change.account === signer && lamports !== 0n) lines.push(signedLine(lamports, solDecimals, 'SOL'))
    const token = change.token
    if (token?.owner === signer && token.diff !== '0')
      lines.push(signedLine(BigInt(token.diff), token.decimals, token.symbol ?? token.mint))
  }
  return { kind: 'changes', lines }
}

/** The changes of a reviewed request, or undefined when it has none to simulate (a signature). */
export function changesOf(review: ReviewResponse, sender: string): Changes | undefined {
  const { simulation, simulationError, solanaSimulation } = review
  if (solanaSimulation) return solanaChanges(solanaSimulation, sender)
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
    const line = assetLine(change)
    if (line) lines.push(line)
  }
  for (const transfer of simulation.nftTransfers) lines.push(nftLine(transfer, sender))
  for (const approval of simulation.approvals) lines.push(approvalLine(approval, assets))
  return { kind: 'changes', lines }
}
