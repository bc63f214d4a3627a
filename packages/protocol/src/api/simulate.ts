// POST /v1/simulate: what a request will do before the wallet holder approves it. For EVM calls: the
// balances of the sender that move (native and ERC-20, before / after / difference), the approvals it
// grants, the NFTs it moves, and whether it reverts — read from the chain's own simulation of the calls,
// never guessed. For a Solana transaction: solanaSimulate.ts. A simulation that could not run is an error, never an empty list of changes.
import { evmAddressPattern } from '../address.js'
import { CaipNetworkId } from '../caip.js'
import * as z from '../internal/zod.js'
import { ProjectId } from './common.js'
import { SolanaSimulateRequest } from './solanaSimulate.js'

/** The most calls one simulation carries: the largest batch a wallet sends (wallet_sendCalls' limit). */
export const maxSimulatedCalls = 20
/** The longest calldata of one call, in bytes: a contract deployment's size limit, twice over. */
export const maxSimulatedCalldataBytes = 48 * 1024

const Address = z.string().check(z.regex(evmAddressPattern, 'Invalid EVM address (expected 40 hex digits)'))
/** Signed decimal text: a balance difference can be negative. */
const SignedAmount = z.string().check(z.regex(/^-?\d+$/, 'an integer in base units'))
const Amount = z.string().check(z.regex(/^\d+$/, 'a non-negative integer in base units'))

export const SimulateCall = z.object({
  to: Address,
  data: z.optional(
    z
      .string()
      .check(
        z.regex(/^0x([0-9a-fA-F]{2})*$/, 'Calldata must be hex bytes (0x…)'),
        z.maxLength(
          2 + 2 * maxSimulatedCalldataBytes,
          `Calldata is limited to ${maxSimulatedCalldataBytes} bytes`,
        ),
      ),
  ),
  /** Wei sent along, as a hex quantity (as wallets send it) of at most 256 bits. */
  value: z.optional(z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/, 'Value must be a hex quantity (0x…)'))),
})
export type SimulateCall = z.infer<typeof SimulateCall>

/** EVM calls to simulate for their sender. */
export const EvmSimulateRequest = z.object({
  projectId: ProjectId,
  chainId: CaipNetworkId,
  /** The account that would send the calls (msg.sender): an EOA or a smart account. */
  from: Address,
  calls: z
    .array(SimulateCall)
    .check(
      z.minLength(1, 'Simulate at least one call'),
      z.maxLength(maxSimulatedCalls, `At most ${maxSimulatedCalls} calls are simulated at once`),
    ),
})
export type EvmSimulateRequest = z.infer<typeof EvmSimulateRequest>

/** EVM calls (`calls`) or a Solana transaction (`transaction`), by the fields the body carries. */
export const SimulateRequest = z.union([EvmSimulateRequest, SolanaSimulateRequest])
export type SimulateRequest = z.infer<typeof SimulateRequest>

/** One balance of the sender the calls change; the native currency's token address is 0xeeee…eeee. */
export const AssetChange = z.object({
  token: z.object({
    address: Address,
    symbol: z.optional(z.string()),
    decimals: z.optional(z.int()),
  }),
  pre: Amount,
  post: Amount,
  diff: SignedAmount,
})
export type AssetChange = z.infer<typeof AssetChange>

/**
 * An allowance the calls grant from the sender: an ERC-20 `approve` (amount in base units; unlimited
 * when it is 2^256 − 1) or an operator for every NFT of a collection (`setApprovalForAll`).
 */
export const GrantedApproval = z.object({
  kind: z.enum(['erc20', 'all']),
  token: Address,
  spender: Address,
  /** ERC-20 only: the allowance set. */
  amount: z.optional(Amount),
  unlimited: z.boolean(),
  /** `setApprovalForAll` only: false when the calls take an operator's approval away. */
  approved: z.optional(z.boolean()),
})
export type GrantedApproval = z.infer<typeof GrantedApproval>

/** An NFT the calls move to or from the sender (ERC-721, or ERC-1155 with its amount). */
export const NftTransfer = z.object({
  standard: z.enum(['erc721', 'erc1155']),
  contract: Address,
  tokenId: Amount,
  amount: Amount,
  from: Address,
  to: Address,
})
export type NftTransfer = z.infer<typeof NftTransfer>

export const SimulateResponse = z.object({
  /** `reverted` when a call fails: then nothing of the batch would happen. */
  status: z.enum(['success', 'reverted']),
  /**
   * Why: the first call that failed (0-based) with the chain's reason, or only the reason when the node
   * refused the calls as a whole (the sender cannot pay for them).
   */
  failure: z.optional(z.object({ call: z.optional(z.int()), reason: z.string() })),
  /** Gas the calls used in the simulation, decimal. */
  gasUsed: Amount,
  assetChanges: z.array(AssetChange),
  approvals: z.array(GrantedApproval),
  nftTransfers: z.array(NftTransfer),
  /** The block the simulation ran on: state can change before the calls land. */
  blockNumber: Amount,
})
export type SimulateResponse = z.infer<typeof SimulateResponse>
