// Solana transfers: SOL with SystemProgram.transfer, SPL tokens with transferChecked (creating the
// receiver's associated token account first when it has none), signed and sent by the wallet with
// solana_signAndSendTransaction (the WalletConnect Solana RPC shape: the transaction base64-encoded;
// the answer { signature }), then followed on chain until confirmed.
import './buffer.js'
import {
  ACCOUNT_SIZE,
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  ExtensionType,
  getAccountLen,
  getAccountTypeOfMintType,
  getAssociatedTokenAddressSync,
  getExtensionTypes,
  TOKEN_2022_PROGRAM_ID,
  unpackMint,
} from '@solana/spl-token'
import {
  type AccountInfo,
  type Connection,
  type Message,
  PublicKey,
  SystemProgram,
  type TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import { solanaAddressPattern } from '@walletframe/protocol'
import { type PreparedTransfer, type Transfer, TransferFailedError } from '../Chain.js'

/** What a transfer reads from the cluster. */
export type Reader = Pick<
  Connection,
  | 'getAccountInfo'
  | 'getLatestBlockhash'
  | 'getFeeForMessage'
  | 'getMinimumBalanceForRentExemption'
  | 'getSignatureStatuses'
  | 'getBlockHeight'
>

/** A Solana address: base58 of 32 to 44 characters, and (what the pattern cannot say) a 32-byte key. */
export function isAddress(address: string): boolean {
  if (!solanaAddressPattern.test(address)) return false
  try {
    // PublicKey refuses base58 that does not decode to exactly 32 bytes.
    new PublicKey(address)
    return true
  } catch {
    return false
  }
}

type Plan = { instructions: TransactionInstruction[]; payer: PublicKey; rent: bigint }

/** The instructions of `transfer`, and the rent of an account they create (paid by the sender). */
export async function plan(
  reader: Pick<Reader, 'getAccountInfo' | 'getMinimumBalanceForRentExemption'>,
  transfer: Transfer,
): Promise<Plan> {
  const from = new PublicKey(transfer.from)
  const to = new PublicKey(transfer.to)
  if (transfer.token === undefined)
    return {
      payer: from,
      rent: 0n,
      instructions: [SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: transfer.amount })],
    }
  const mint = new PublicKey(transfer.token)
  const mintAccount = await reader.getAccountInfo(mint)
  if (!mintAccount) throw new TransferFailedError(`${mint.toBase58()} is not a token mint on this network`)
  // The mint's owner is its token program: the classic one or Token-2022.
  const programId = mintAccount.owner
  const source = getAssociatedTokenAddressSync(mint, from, false, programId)
  // A program-derived receiver (a vault, a multisig) has no private key but can own tokens.
  const destination = getAssociatedTokenAddressSync(mint, to, true, programId)
  const instructions: TransactionInstruction[] = []
  let rent = 0n
  if (!(await reader.getAccountInfo(destination))) {
    instructions.push(
      createAssociatedTokenAccountIdempotentInstruction(from, destination, to, mint, programId),
    )
    const size = tokenAccountSize(mint, mintAccount, programId)
    rent = BigInt(await reader.getMinimumBalanceForRentExemption(size))
  }
  instructions.push(
    createTransferCheckedInstruction(
      source,
      mint,
      destination,
      from,
      transfer.amount,
      transfer.decimals,
      [],
      programId,
    ),
  )
  return { payer: from, rent, instructions }
}

/** The size of a new associated token account: Token-2022 adds the extensions the mint requires, and ImmutableOwner. */
function tokenAccountSize(mint: PublicKey, account: AccountInfo<Buffer>, programId: PublicKey): number {
  if (!programId.equals(TOKEN_2022_PROGRAM_ID)) return ACCOUNT_SIZE
  const required = getExtensionTypes(unpackMint(mint, account, programId).tlvData)
    .map(getAccountTypeOfMintType)
    .filter((type) => type !== ExtensionType.Uninitialized)
  return getAccountLen([...required, ExtensionType.ImmutableOwner])
}

function message(planned: Plan, blockhash: string): Message {
  return new TransactionMessage({
    payerKey: planned.payer,
    recentBlockhash: blockhash,
    instructions: planned.instructions,
  }).compileToLegacyMessage()
}

/** The cluster's fee for `transfer` plus the rent of the token account it creates, in lamports. */
export async function transferFee(reader: Reader, transfer: Transfer): Promise<bigint> {
  const planned = await plan(reader, transfer)
  const { blockhash } = await reader.getLatestBlockhash()
  const { value: fee } = await reader.getFeeForMessage(message(planned, blockhash))
  if (fee === null) throw new TransferFailedError('The network could not price the transaction; try again')
  return BigInt(fee) + planned.rent
}

export type Wait = (ms: number) => Promise<void>

const sleep: Wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** How often a sent transaction's status is asked for (a slot is ~400 ms). */
export const pollMs = 1_000

/** solana_signAndSendTransaction for `transfer`, in the legacy wire format every wallet reads. */
export async function prepareTransfer(
  reader: Reader,
  transfer: Transfer,
  wait: Wait = sleep,
): Promise<PreparedTransfer> {
  const planned = await plan(reader, transfer)
  const { blockhash, lastValidBlockHeight } = await reader.getLatestBlockhash()
  const transaction = new VersionedTransaction(message(planned, blockhash))
  return {
    method: 'solana_signAndSendTransaction',
    params: { transaction: base64(transaction.serialize()) },
    async confirm(answer) {
      const signature = (answer as { signature?: unknown } | null)?.signature
      if (typeof signature !== 'string' || !/^[1-9A-HJ-NP-Za-km-z]{64,88}$/.test(signature))
        throw new TransferFailedError(
          `The wallet answered solana_signAndSendTransaction with ${JSON.stringify(answer)}`,
        )
      return confirm(reader, signature, lastValidBlockHeight, wait)
    },
  }
}

/**
 * Waits for `signature` to be confirmed. Polls over HTTP: the RPC URL may be the API's proxy, which
 * has no websocket for web3.js's signature subscription. The transaction can land only while its
 * blockhash is valid, so a block height past `lastValidBlockHeight` means it never will.
 */
export async function confirm(
  reader: Pick<Reader, 'getSignatureStatuses' | 'getBlockHeight'>,
  signature: string,
  lastValidBlockHeight: number,
  wait: Wait = sleep,
): Promise<string> {
  for (;;) {
    const [status] = (await reader.getSignatureStatuses([signature])).value
    if (status?.err)
      throw new TransferFailedError(`Transaction ${signature} failed: ${JSON.stringify(status.err)}`)
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized')
      return signature
    if (!status && (await reader.getBlockHeight()) > lastValidBlockHeight)
      throw new TransferFailedError(`Transaction ${signature} expired before the network confirmed it`)
    await wait(pollMs)
  }
}

function base64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}
