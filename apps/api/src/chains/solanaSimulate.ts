// What a Solana transaction would do, from the network's own simulateTransaction: every writable
// account's lamports before (getMultipleAccounts) and after (the simulation's post-state), the fee
// payer's fee, and the token balance of each writable SPL token account. Only the transaction's static
// account keys are read: a v0 transaction's lookup-table accounts would need the tables fetched first.

import { ACCOUNT_SIZE, AccountLayout, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from '@solana/spl-token'
import { VersionedTransaction } from '@solana/web3.js'
import type { SolanaAccountChange, SolanaSimulateResponse } from '@walletframe/protocol'
import { InvalidRequestError } from '../errors.js'
import type { Network } from './Networks.js'
import { unwrap } from './Upstream.js'

/** The base fee per signature, for a node that cannot price a message whose blockhash it no longer knows. */
const lamportsPerSignature = 5_000n

type EncodedAccount = { lamports: number; owner: string; data: [string, string] } | null
type Simulation = {
  context: { slot: number }
  value: { err: unknown; logs: string[] | null; accounts: EncodedAccount[] | null; unitsConsumed?: number }
}

/**
 * The transaction from its base64 wire form, legacy or v0. Bytes that do not parse are the caller's
 * mistake (400 on `field`), not the node's.
 */
export function transactionOf(base64: string, field = 'body.transaction'): VersionedTransaction {
  try {
    return VersionedTransaction.deserialize(new Uint8Array(Buffer.from(base64, 'base64')))
  } catch (error) {
    throw new InvalidRequestError(
      `Invalid ${field}: not a Solana transaction (${(error as Error).message})`,
      field,
    )
  }
}

/** The accounts the transaction may write, fee payer first (static keys only). */
export function writableAccounts(transaction: VersionedTransaction): string[] {
  const { message } = transaction
  return message.staticAccountKeys
    .filter((_, index) => message.isAccountWritable(index))
    .map((key) => key.toBase58())
}

export async function simulateSolana(
  entry: Network,
  base64: string,
  field?: string,
): Promise<SolanaSimulateResponse> {
  const transaction = transactionOf(base64, field)
  const writable = writableAccounts(transaction)
  const message = Buffer.from(transaction.message.serialize()).toString('base64')
  const [before, simulated, priced] = await entry.upstream.batch([
    { method: 'getMultipleAccounts', params: [writable, { encoding: 'base64', commitment: 'confirmed' }] },
    {
      method: 'simulateTransaction',
      params: [
        base64,
        {
          encoding: 'base64',
          commitment: 'confirmed',
          // The wallet signs after the review: the signatures are not there yet, and the blockhash the
          // page chose may be older than the node's.
          sigVerify: false,
          replaceRecentBlockhash: true,
          accounts: { addresses: writable, encoding: 'base64' },
        },
      ],
    },
    { method: 'getFeeForMessage', params: [message, { commitment: 'confirmed' }] },
  ])
  const pre = unwrap<{ value: EncodedAccount[] }>(before!).value
  const { context, value } = unwrap<Simulation>(simulated!)
  const quoted = priced?.error ? null : (priced?.result as { value: number | null } | undefined)?.value
  const fee =
    quoted === null || quoted === undefined
      ? lamportsPerSignature * BigInt(transaction.message.header.numRequiredSignatures)
      : BigInt(quoted)
  const base = {
    unitsConsumed: String(value.unitsConsumed ?? 0),
    fee: fee.toString(),
    slot: String(context.slot),
  }
  if (value.err !== null && value.err !== undefined)
    // Nothing of a failed transaction happens but its fee: say why instead of listing no changes.
    return {
      ...base,
      status: 'reverted',
      failure: { reason: failureReason(value.err, value.logs) },
      accountChanges: [],
    }

  // Without the post-state every balance would read as emptied: a node that leaves it out has not
  // simulated what the review needs, and says so as a failure to simulate, never as changes.
  const post = value.accounts
  if (!post || post.length !== writable.length)
    throw new Error('The node answered no state of the accounts after the simulation')
  const accountChanges: SolanaAccountChange[] = []
  for (const [index, account] of writable.entries()) {
    const then = pre[index] ?? null
    const now = post[index] ?? null
    const lamportsBefore = BigInt(then?.lamports ?? 0)
    const lamportsAfter = BigInt(now?.lamports ?? 0)
    const token = tokenChange(then, now, entry.network.tokens)
    const isFeePayer = index === 0
    if (lamportsBefore === lamportsAfter && !token && !isFeePayer) continue
    accountChanges.push({
      account,
      pre: lamportsBefore.toString(),
      post: lamportsAfter.toString(),
      diff: (lamportsAfter - lamportsBefore).toString(),
      ...(isFeePayer && { fee: fee.toString() }),
      ...(token && { token }),
    })
  }
  return { ...base, status: 'success', accountChanges }
}

/**
 * The network's error with the log line that explains it: a program's own words ("Transfer:
 * insufficient lamports …") before the runtime's generic "Program … failed" line.
 */
function failureReason(err: unknown, logs: string[] | null): string {
  const lines = [...(logs ?? [])].reverse()
  const generic = /^Program \S+ (invoke|success|consumed|failed)/
  const said =
    lines.find((line) => !generic.test(line) && /failed|error|insufficient/i.test(line)) ??
    lines.find((line) => / failed/.test(line))
  const error = typeof err === 'string' ? err : JSON.stringify(err)
  return said ? `${error}: ${said}` : error
}

/** A token account: owned by the Token or Token-2022 program, with at least SPL Token's 165-byte layout. */
function tokenAccountOf(
  account: EncodedAccount,
): { mint: string; owner: string; amount: bigint } | undefined {
  if (!account) return undefined
  if (account.owner !== TOKEN_PROGRAM_ID.toBase58() && account.owner !== TOKEN_2022_PROGRAM_ID.toBase58())
    return undefined
  const data = Buffer.from(account.data[0], 'base64')
  // Mints are owned by the same programs but are 82 bytes (Token-2022's with extensions are longer,
  // and mark their type at byte 165: 1 a mint, 2 an account).
  if (data.length < ACCOUNT_SIZE || (data.length > ACCOUNT_SIZE && data[ACCOUNT_SIZE] !== 2)) return undefined
  const decoded = AccountLayout.decode(data.subarray(0, ACCOUNT_SIZE))
  return { mint: decoded.mint.toBase58(), owner: decoded.owner.toBase58(), amount: decoded.amount }
}

/** The token balance change of an account that is a token account before or after (created or closed). */
function tokenChange(
  then: EncodedAccount,
  now: EncodedAccount,
  listed: readonly { address: string; symbol: string; decimals: number }[],
): SolanaAccountChange['token'] {
  const before = tokenAccountOf(then)
  const after = tokenAccountOf(now)
  const known = after ?? before
  if (!known) return undefined
  const pre = before?.amount ?? 0n
  const post = after?.amount ?? 0n
  if (pre === post) return undefined
  const token = listed.find((entry) => entry.address === known.mint)
  return {
    mint: known.mint,
    owner: known.owner,
    ...(token && { symbol: token.symbol, decimals: token.decimals }),
    pre: pre.toString(),
    post: post.toString(),
    diff: (post - pre).toString(),
  }
}
