import {
  ACCOUNT_SIZE,
  ASSOCIATED_TOKEN_PROGRAM_ID,
  decodeTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
  MINT_SIZE,
  MintLayout,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token'
import {
  type AccountInfo,
  Keypair,
  PublicKey,
  type SignatureStatus,
  SystemInstruction,
  SystemProgram,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import { describe, expect, it, vi } from 'vitest'
import { TransferFailedError } from '../Chain.js'
import { confirm, isAddress, prepareTransfer, type Reader, transferFee } from './send.js'

const from = Keypair.fromSeed(new Uint8Array(32).fill(1)).publicKey
const to = Keypair.fromSeed(new Uint8Array(32).fill(2)).publicKey
const mint = Keypair.fromSeed(new Uint8Array(32).fill(3)).publicKey
const blockhash = new PublicKey(new Uint8Array(32).fill(7)).toBase58()
const signature = '5'.repeat(88)

function mintAccount(owner: PublicKey): AccountInfo<Buffer> {
  const data = Buffer.alloc(MINT_SIZE)
  MintLayout.encode(
    {
      mintAuthorityOption: 0,
      mintAuthority: PublicKey.default,
      supply: 0n,
      decimals: 6,
      isInitialized: true,
      freezeAuthorityOption: 0,
      freezeAuthority: PublicKey.default,
    },
    data,
  )
  return { owner, data, executable: false, lamports: 1_461_600 }
}

/** A cluster holding `accounts` (by address), with a fee of 5,000 lamports per signature. */
function cluster(
  accounts: Record<string, AccountInfo<Buffer>> = {},
  statuses: (SignatureStatus | null)[] = [],
) {
  let height = 10
  const fake = {
    getAccountInfo: vi.fn(async (key: PublicKey) => accounts[key.toBase58()] ?? null),
    getLatestBlockhash: vi.fn(async () => ({ blockhash, lastValidBlockHeight: 12 })),
    getFeeForMessage: vi.fn(async (message: { header: { numRequiredSignatures: number } }) => ({
      context: { slot: 1 },
      value: 5000 * message.header.numRequiredSignatures,
    })),
    getMinimumBalanceForRentExemption: vi.fn(async (size: number) => size * 1000),
    getSignatureStatuses: vi.fn(async () => ({ context: { slot: 1 }, value: [statuses.shift() ?? null] })),
    getBlockHeight: vi.fn(async () => height++),
  }
  return fake as typeof fake & Reader
}

/** The instructions of the base64 transaction a wallet would receive. */
function instructionsOf(params: unknown) {
  const { transaction } = params as { transaction: string }
  const decoded = VersionedTransaction.deserialize(new Uint8Array(Buffer.from(transaction, 'base64')))
  expect(decoded.message.version).toBe('legacy')
  expect(decoded.message.staticAccountKeys[0]?.equals(from)).toBe(true)
  expect(decoded.message.recentBlockhash).toBe(blockhash)
  return TransactionMessage.decompile(decoded.message).instructions
}

describe('isAddress', () => {
  it('takes base58 that decodes to a 32-byte key', () => {
    expect(isAddress(to.toBase58())).toBe(true)
    expect(isAddress('11111111111111111111111111111111')).toBe(true)
  })

  it('refuses base58 of another length, non-base58 text and EVM addresses', () => {
    // 44 base58 characters can hold more than 32 bytes.
    expect(isAddress('z'.repeat(44))).toBe(false)
    expect(isAddress(`${to.toBase58().slice(0, -1)}0`)).toBe(false)
    expect(isAddress('1111111111111111111111111111111')).toBe(false)
    expect(isAddress('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC')).toBe(false)
  })
})

describe('prepareTransfer', () => {
  it('moves SOL with one SystemProgram transfer, base64 for solana_signAndSendTransaction', async () => {
    const prepared = await prepareTransfer(cluster(), {
      from: from.toBase58(),
      to: to.toBase58(),
      amount: 1_500_000_000n,
      decimals: 9,
    })
    expect(prepared.method).toBe('solana_signAndSendTransaction')
    const [instruction, ...others] = instructionsOf(prepared.params)
    expect(others).toEqual([])
    expect(instruction?.programId.equals(SystemProgram.programId)).toBe(true)
    const decoded = SystemInstruction.decodeTransfer(instruction as never)
    expect(decoded.fromPubkey.equals(from)).toBe(true)
    expect(decoded.toPubkey.equals(to)).toBe(true)
    expect(decoded.lamports).toBe(1_500_000_000n)
  })

  it('moves an SPL token with transferChecked between the associated token accounts', async () => {
    const destination = getAssociatedTokenAddressSync(mint, to)
    const reader = cluster({
      [mint.toBase58()]: mintAccount(TOKEN_PROGRAM_ID),
      [destination.toBase58()]: { ...mintAccount(TOKEN_PROGRAM_ID), data: Buffer.alloc(ACCOUNT_SIZE) },
    })
    const prepared = await prepareTransfer(reader, {
      from: from.toBase58(),
      to: to.toBase58(),
      token: mint.toBase58(),
      amount: 2_500_000n,
      decimals: 6,
    })
    const [instruction, ...others] = instructionsOf(prepared.params)
    expect(others).toEqual([])
    const decoded = decodeTransferCheckedInstruction(instruction as never, TOKEN_PROGRAM_ID)
    expect(decoded.keys.source.pubkey.equals(getAssociatedTokenAddressSync(mint, from))).toBe(true)
    expect(decoded.keys.destination.pubkey.equals(destination)).toBe(true)
    expect(decoded.keys.owner.pubkey.equals(from)).toBe(true)
    expect(decoded.data).toMatchObject({ amount: 2_500_000n, decimals: 6 })
  })

  it('creates the receiver’s associated token account first when it has none, under the mint’s program', async () => {
    const reader = cluster({ [mint.toBase58()]: mintAccount(TOKEN_2022_PROGRAM_ID) })
    const prepared = await prepareTransfer(reader, {
      from: from.toBase58(),
      to: to.toBase58(),
      token: mint.toBase58(),
      amount: 1n,
      decimals: 6,
    })
    const [create, transfer] = instructionsOf(prepared.params)
    const destination = getAssociatedTokenAddressSync(mint, to, true, TOKEN_2022_PROGRAM_ID)
    expect(create?.programId.equals(ASSOCIATED_TOKEN_PROGRAM_ID)).toBe(true)
    // CreateIdempotent: payer, account, owner, mint, system program, token program.
    expect(create?.data).toEqual(Buffer.from([1]))
    expect(create?.keys.map((key) => key.pubkey.toBase58())).toEqual(
      [from, destination, to, mint, SystemProgram.programId, TOKEN_2022_PROGRAM_ID].map((key) =>
        key.toBase58(),
      ),
    )
    expect(
      decodeTransferCheckedInstruction(
        transfer as never,
        TOKEN_2022_PROGRAM_ID,
      ).keys.destination.pubkey.equals(destination),
    ).toBe(true)
  })

  it('fails when the token is not a mint on the network', async () => {
    await expect(
      prepareTransfer(cluster(), {
        from: from.toBase58(),
        to: to.toBase58(),
        token: mint.toBase58(),
        amount: 1n,
        decimals: 6,
      }),
    ).rejects.toBeInstanceOf(TransferFailedError)
  })
})

describe('transferFee', () => {
  it('is the cluster’s fee for the transaction', async () => {
    expect(
      await transferFee(cluster(), { from: from.toBase58(), to: to.toBase58(), amount: 1n, decimals: 9 }),
    ).toBe(5000n)
  })

  it('adds the rent of the token account the transfer creates (Token-2022 accounts carry ImmutableOwner)', async () => {
    const classic = cluster({ [mint.toBase58()]: mintAccount(TOKEN_PROGRAM_ID) })
    const transfer = {
      from: from.toBase58(),
      to: to.toBase58(),
      token: mint.toBase58(),
      amount: 1n,
      decimals: 6,
    }
    expect(await transferFee(classic, transfer)).toBe(5000n + 165_000n)
    const token2022 = cluster({ [mint.toBase58()]: mintAccount(TOKEN_2022_PROGRAM_ID) })
    expect(await transferFee(token2022, transfer)).toBe(5000n + 170_000n)
  })

  it('fails when the cluster cannot price the transaction', async () => {
    const reader = cluster()
    reader.getFeeForMessage.mockResolvedValueOnce({ context: { slot: 1 }, value: null as unknown as number })
    await expect(
      transferFee(reader, { from: from.toBase58(), to: to.toBase58(), amount: 1n, decimals: 9 }),
    ).rejects.toBeInstanceOf(TransferFailedError)
  })
})

describe('confirm', () => {
  const status = (overrides: Partial<SignatureStatus>): SignatureStatus => ({
    slot: 1,
    confirmations: 1,
    err: null,
    confirmationStatus: 'processed',
    ...overrides,
  })
  const noWait = async () => {}

  it('polls until the signature is confirmed, then resolves with it', async () => {
    const reader = cluster({}, [null, status({}), status({ confirmationStatus: 'confirmed' })])
    await expect(confirm(reader, signature, 100, noWait)).resolves.toBe(signature)
    expect(reader.getSignatureStatuses).toHaveBeenCalledTimes(3)
  })

  it('fails with the transaction’s error', async () => {
    const reader = cluster({}, [
      status({ err: { InstructionError: [0, 'Custom'] }, confirmationStatus: 'confirmed' }),
    ])
    await expect(confirm(reader, signature, 100, noWait)).rejects.toThrow(/InstructionError/)
  })

  it('fails once the block height passes the blockhash’s last valid one without the transaction', async () => {
    const reader = cluster()
    await expect(confirm(reader, signature, 12, noWait)).rejects.toThrow(/expired/)
  })

  it('refuses a wallet answer without a signature', async () => {
    const prepared = await prepareTransfer(cluster(), {
      from: from.toBase58(),
      to: to.toBase58(),
      amount: 1n,
      decimals: 9,
    })
    await expect(prepared.confirm({ signature: 'not base58!' })).rejects.toBeInstanceOf(TransferFailedError)
    await expect(prepared.confirm(signature)).rejects.toBeInstanceOf(TransferFailedError)
  })
})
