// What a Solana transaction message may move, read by the Worker before it signs (see spend.ts): SOL
// sent by the System program, tokens sent or approved with the token programs' checked instructions
// (they name the mint), the rent of a token account it creates, and the fee at the most its compute
// budget allows. Any other program, or an account only an address lookup table names, is unknown.
import { getCompiledTransactionMessageDecoder } from '@solana/transaction-messages'
import type { PassSpend } from '@walletframe/protocol'
import { keccak256 } from 'viem'
import { add, claims, type Moves } from './spend.js'

const systemProgram = '11111111111111111111111111111111'
const tokenPrograms = [
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
]
const associatedTokenProgram = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'
const computeBudgetProgram = 'ComputeBudget111111111111111111111111111111'

/** Lamports each signature pays. */
const feePerSignature = 5000n
/** A new token account's rent, bounded: 165 bytes (Token-2022's usual extensions add a few) cost under 0.0025 SOL. */
const tokenAccountRent = 2_500_000n
/** Compute units an instruction gets without a limit set, and the most a transaction may have. */
const defaultUnits = 200_000n
const maxUnits = 1_400_000n

/** A legacy or v0 message (v1 messages carry their instructions otherwise, and are not read). */
type Compiled = Extract<
  ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>,
  { version: 'legacy' | 0 }
>

/** The message, when `bytes` are one whole legacy or v0 transaction message. */
export function readMessage(bytes: Uint8Array): Compiled | undefined {
  const read = decodeWhole(bytes)
  return read && (read.version === 'legacy' || read.version === 0) ? (read as Compiled) : undefined
}

/**
 * Whether `bytes` could be signed as a transaction: they decode whole as a message of any version the
 * codec knows, or carry a version prefix (a version it does not know yet). An off-chain message's
 * signature must never be one.
 */
export function isTransactionLike(bytes: Uint8Array): boolean {
  return ((bytes[0] ?? 0) & 0x80) !== 0 || decodeWhole(bytes) !== undefined
}

function decodeWhole(bytes: Uint8Array) {
  try {
    const [message, end] = getCompiledTransactionMessageDecoder().read(bytes, 0)
    return end === bytes.length ? message : undefined
  } catch {
    return undefined
  }
}

type Bytes = ArrayLike<number> & { buffer: ArrayBufferLike; byteOffset: number; length: number }

const u64 = (data: Bytes, at: number): bigint | undefined =>
  data.length >= at + 8 ? new DataView(data.buffer, data.byteOffset + at, 8).getBigUint64(0, true) : undefined
const u32 = (data: Bytes, at: number): number | undefined =>
  data.length >= at + 4 ? new DataView(data.buffer, data.byteOffset + at, 4).getUint32(0, true) : undefined

const unknown: Moves = { native: 0n, tokens: [], unknown: true }
const coins = (native: bigint): Moves => ({ native, tokens: [], unknown: false })

function systemMoves(data: Bytes): Moves {
  switch (u32(data, 0)) {
    case 0: // CreateAccount: the new account's lamports
    case 2: // Transfer
    case 11: {
      // TransferWithSeed
      const lamports = u64(data, 4)
      return lamports === undefined ? unknown : coins(lamports)
    }
    case 4: // AdvanceNonceAccount: a durable nonce, nothing moves
      return coins(0n)
    default:
      return unknown
  }
}

function tokenMoves(data: Bytes, mint: string | undefined): Moves {
  switch (data[0]) {
    case 12: // TransferChecked: amount, decimals; accounts source, mint, destination, owner
    case 13: {
      // ApproveChecked: amount, decimals; accounts source, mint, delegate, owner
      const amount = u64(data, 1)
      return amount === undefined || mint === undefined
        ? unknown
        : { native: 0n, tokens: [{ asset: mint, amount: amount.toString() }], unknown: false }
    }
    case 5: // Revoke
    case 17: // SyncNative
      return coins(0n)
    default:
      // Transfer and Approve name no mint; burns, closes and authority changes do more than a send.
      return unknown
  }
}

/** What the transaction message `bytes` on `chain` may move; a message that does not read whole is unknown. */
export function solanaTransactionSpend(chain: string, bytes: Uint8Array): PassSpend {
  const digest = keccak256(bytes)
  const message = readMessage(bytes)
  // The API values a spend by the network it names: a Solana message is weighed as Solana's, never as
  // another network's (whose coin has other decimals and price).
  if (!message || !chain.startsWith('solana:')) return claims(chain, digest, unknown)
  const accounts = message.staticAccounts as readonly string[]
  let moves = coins(feePerSignature * BigInt(message.header.numSignerAccounts))
  let units: bigint | undefined
  let microLamportsPerUnit = 0n
  let others = 0n
  for (const instruction of message.instructions) {
    const program = accounts[instruction.programAddressIndex]
    const data = instruction.data ?? new Uint8Array()
    const account = (i: number) => {
      const index = instruction.accountIndices?.[i]
      return index === undefined ? undefined : accounts[index]
    }
    if (program === computeBudgetProgram) {
      if (data[0] === 2) units = BigInt(u32(data, 1) ?? Number(maxUnits))
      else if (data[0] === 3) microLamportsPerUnit = u64(data, 1) ?? 0n
      else if (data[0] !== 1 && data[0] !== 4) moves = add(moves, unknown)
      continue
    }
    others += 1n
    if (program === systemProgram) moves = add(moves, systemMoves(data))
    else if (program !== undefined && tokenPrograms.includes(program))
      moves = add(moves, tokenMoves(data, account(1)))
    // Create and CreateIdempotent: the rent of the account it makes.
    else if (program === associatedTokenProgram && (data.length === 0 || data[0] === 0 || data[0] === 1))
      moves = add(moves, coins(tokenAccountRent))
    else moves = add(moves, unknown)
  }
  const budget = units ?? defaultUnits * others
  const limit = budget > maxUnits ? maxUnits : budget
  const priority = (limit * microLamportsPerUnit + 999_999n) / 1_000_000n
  return claims(chain, digest, add(moves, coins(priority)))
}
