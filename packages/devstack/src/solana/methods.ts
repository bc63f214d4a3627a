// The JSON-RPC HTTP methods of the local Solana cluster, with the result shapes of Solana's RPC docs
// (https://solana.com/docs/rpc/http). Everything is final the moment it lands, so commitment levels
// and minContextSlot are accepted and ignored.
import { PublicKey, VersionedMessage } from '@solana/web3.js'
import bs58 from 'bs58'
import * as AccountEncoding from './accountEncoding.js'
import { genesisHash, lamportsPerSignature, programIds, solanaCoreVersion } from './constants.js'
import type { Ledger } from './Ledger.js'
import { invalidParams, RpcError, rpcErrorCodes } from './RpcError.js'
import * as TokenBalances from './TokenBalances.js'
import * as TransactionJson from './transactionJson.js'

export type Method = (params: unknown[], ledger: Ledger) => unknown

type Config = Record<string, unknown>

function pubkey(value: unknown): PublicKey {
  if (typeof value !== 'string') throw invalidParams('expected a base-58 encoded public key string')
  try {
    const key = new PublicKey(value)
    if (key.toBase58() !== value) throw new Error('not canonical')
    return key
  } catch {
    throw new RpcError(rpcErrorCodes.invalidParams, 'Invalid param: Invalid')
  }
}

function config(value: unknown): Config {
  if (value === undefined || value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value))
    throw invalidParams('expected a configuration object')
  return value as Config
}

function wire(value: unknown, encoding: unknown): Uint8Array {
  if (typeof value !== 'string') throw invalidParams('expected an encoded transaction string')
  const format = encoding ?? 'base58'
  try {
    if (format === 'base64') return new Uint8Array(Buffer.from(value, 'base64'))
    if (format === 'base58') return bs58.decode(value)
  } catch {
    throw invalidParams(`invalid ${String(format)} encoding`)
  }
  throw invalidParams(`unknown variant \`${String(format)}\`, expected \`base58\` or \`base64\``)
}

function dataSlice(value: unknown): AccountEncoding.DataSlice | undefined {
  if (value === undefined || value === null) return undefined
  const slice = value as { offset?: unknown; length?: unknown }
  if (typeof slice.offset !== 'number' || typeof slice.length !== 'number') {
    throw invalidParams('dataSlice needs numeric offset and length')
  }
  return { offset: slice.offset, length: slice.length }
}

function withContext<T>(ledger: Ledger, value: T) {
  return { context: { apiVersion: solanaCoreVersion, slot: ledger.slot }, value }
}

function lookup(ledger: Ledger) {
  return (address: string) => ledger.getAccount(address)
}

function encodeAccount(ledger: Ledger, address: string, options: Config) {
  const info = ledger.getAccount(address)
  if (!info) return null
  return AccountEncoding.encode(
    info,
    {
      encoding: AccountEncoding.parseEncoding(options.encoding, 'binary'),
      dataSlice: dataSlice(options.dataSlice),
    },
    lookup(ledger),
  )
}

type Filter = { memcmp?: { offset: number; bytes: string; encoding?: string }; dataSize?: number }

function matches(data: Uint8Array, filters: Filter[]): boolean {
  return filters.every((filter) => {
    if (filter.dataSize !== undefined) return data.length === filter.dataSize
    if (filter.memcmp) {
      const bytes =
        filter.memcmp.encoding === 'base64'
          ? Buffer.from(filter.memcmp.bytes, 'base64')
          : Buffer.from(bs58.decode(filter.memcmp.bytes))
      const start = filter.memcmp.offset
      return Buffer.from(data.subarray(start, start + bytes.length)).equals(bytes)
    }
    throw invalidParams('unsupported filter')
  })
}

/** Accounts owned by `program` among every account the ledger has seen. */
function programAccounts(ledger: Ledger, program: PublicKey, filters: Filter[]) {
  const found: { pubkey: string; info: NonNullable<ReturnType<Ledger['getAccount']>> }[] = []
  for (const address of ledger.knownAccounts) {
    const info = ledger.getAccount(address)
    if (info?.owner.equals(program) && matches(info.data, filters)) found.push({ pubkey: address, info })
  }
  return found
}

function signatureStatus(ledger: Ledger, signature: string) {
  const record = ledger.transactions.get(signature)
  if (!record) return null
  return {
    slot: record.slot,
    confirmations: null,
    err: record.err,
    status: record.err ? { Err: record.err } : { Ok: null },
    confirmationStatus: 'finalized',
  }
}

function count(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw invalidParams(`${what} must be a non-negative integer`)
  }
  return value
}

export const methods: Record<string, Method> = {
  getHealth: () => 'ok',
  getVersion: () => ({ 'solana-core': solanaCoreVersion, 'feature-set': 3_294_202_862 }),
  getGenesisHash: () => genesisHash,
  getIdentity: (_params, ledger) => ({ identity: ledger.faucet.publicKey.toBase58() }),
  getSlot: (_params, ledger) => ledger.slot,
  getBlockHeight: (_params, ledger) => ledger.blockHeight,
  getTransactionCount: (_params, ledger) => ledger.transactionCount,
  getFirstAvailableBlock: () => 0,
  getRecentPrioritizationFees: () => [],
  getEpochInfo: (_params, ledger) => ({
    absoluteSlot: ledger.slot,
    blockHeight: ledger.blockHeight,
    epoch: 0,
    slotIndex: ledger.slot,
    slotsInEpoch: 432_000,
    transactionCount: ledger.transactionCount,
  }),
  getEpochSchedule: () => ({
    slotsPerEpoch: 432_000,
    leaderScheduleSlotOffset: 432_000,
    warmup: false,
    firstNormalEpoch: 0,
    firstNormalSlot: 0,
  }),

  getBalance: ([address], ledger) =>
    withContext(ledger, ledger.getAccount(pubkey(address).toBase58())?.lamports ?? 0),

  getAccountInfo: ([address, options], ledger) =>
    withContext(ledger, encodeAccount(ledger, pubkey(address).toBase58(), config(options))),

  getMultipleAccounts: ([addresses, options], ledger) => {
    if (!Array.isArray(addresses)) throw invalidParams('expected an array of public keys')
    if (addresses.length > 100) throw invalidParams('Too many inputs provided; max 100')
    const cfg = config(options)
    return withContext(
      ledger,
      addresses.map((address) => encodeAccount(ledger, pubkey(address).toBase58(), cfg)),
    )
  },

  getProgramAccounts: ([program, options], ledger) => {
    const cfg = config(options)
    const filters = (cfg.filters ?? []) as Filter[]
    if (!Array.isArray(filters)) throw invalidParams('filters must be an array')
    const encoding = AccountEncoding.parseEncoding(cfg.encoding, 'binary')
    const list = programAccounts(ledger, pubkey(program), filters).map(({ pubkey: address, info }) => ({
      pubkey: address,
      account: AccountEncoding.encode(
        info,
        { encoding, dataSlice: dataSlice(cfg.dataSlice) },
        lookup(ledger),
      ),
    }))
    return cfg.withContext ? withContext(ledger, list) : list
  },

  getTokenAccountsByOwner: ([owner, filter, options], ledger) => {
    const ownerKey = pubkey(owner)
    const by = config(filter)
    const mint = by.mint !== undefined ? pubkey(by.mint) : undefined
    const program = by.programId !== undefined ? pubkey(by.programId) : undefined
    if (!mint && !program) throw invalidParams('expected {"mint": …} or {"programId": …}')
    if (program && !TokenBalances.isTokenProgram(program)) {
      throw new RpcError(rpcErrorCodes.invalidParams, 'Invalid param: unrecognized Token program id')
    }
    const cfg = config(options)
    const encoding = AccountEncoding.parseEncoding(cfg.encoding, 'binary')
    const programs = program
      ? [program]
      : [new PublicKey(programIds.token), new PublicKey(programIds.token2022)]
    const value = programs
      .flatMap((id) => programAccounts(ledger, id, []))
      .filter(({ info }) => {
        const account = TokenBalances.decodeAccount(info)
        return account?.owner.equals(ownerKey) && (!mint || account.mint.equals(mint))
      })
      .map(({ pubkey: address, info }) => ({
        pubkey: address,
        account: AccountEncoding.encode(
          info,
          { encoding, dataSlice: dataSlice(cfg.dataSlice) },
          lookup(ledger),
        ),
      }))
    return withContext(ledger, value)
  },

  getTokenAccountBalance: ([address], ledger) => {
    const info = ledger.getAccount(pubkey(address).toBase58())
    const account = info && TokenBalances.decodeAccount(info)
    if (!account) throw new RpcError(rpcErrorCodes.invalidParams, 'Invalid param: could not find account')
    return withContext(
      ledger,
      TokenBalances.uiAmount(account.amount, TokenBalances.mintDecimals(account.mint, lookup(ledger))),
    )
  },

  getTokenSupply: ([address], ledger) => {
    const info = ledger.getAccount(pubkey(address).toBase58())
    const mint = info && TokenBalances.decodeMint(info)
    if (!mint) throw new RpcError(rpcErrorCodes.invalidParams, 'Invalid param: could not find mint')
    return withContext(ledger, TokenBalances.uiAmount(mint.supply, mint.decimals))
  },

  getLatestBlockhash: (_params, ledger) => withContext(ledger, ledger.latestBlockhash()),

  isBlockhashValid: ([blockhash], ledger) => {
    if (typeof blockhash !== 'string') throw invalidParams('expected a blockhash string')
    return withContext(ledger, ledger.isBlockhashValid(blockhash))
  },

  getFeeForMessage: ([encoded], ledger) => {
    if (typeof encoded !== 'string') throw invalidParams('expected a base64 encoded message')
    let message: VersionedMessage
    try {
      message = VersionedMessage.deserialize(new Uint8Array(Buffer.from(encoded, 'base64')))
    } catch (error) {
      throw invalidParams(`invalid message: ${(error as Error).message}`)
    }
    const fee = ledger.isBlockhashValid(message.recentBlockhash)
      ? lamportsPerSignature * message.header.numRequiredSignatures
      : null
    return withContext(ledger, fee)
  },

  getMinimumBalanceForRentExemption: ([length], ledger) =>
    Number(ledger.svm.minimumBalanceForRentExemption(BigInt(count(length ?? 0, 'data length')))),

  sendTransaction: ([encoded, options], ledger) => {
    const cfg = config(options)
    return ledger.send(wire(encoded, cfg.encoding), { skipPreflight: cfg.skipPreflight === true }).signature
  },

  simulateTransaction: ([encoded, options], ledger) => {
    const cfg = config(options)
    const replace = cfg.replaceRecentBlockhash === true
    if (replace && cfg.sigVerify === true) {
      throw invalidParams('sigVerify may not be used with replaceRecentBlockhash')
    }
    const result = ledger.simulate(wire(encoded, cfg.encoding), {
      sigVerify: cfg.sigVerify === true,
      replaceRecentBlockhash: replace,
    })
    const wanted = cfg.accounts as { addresses?: unknown[]; encoding?: unknown } | undefined
    const accounts = wanted?.addresses
      ? wanted.addresses.map((address) => {
          const key = pubkey(address).toBase58()
          const info = result.postAccounts.get(key) ?? ledger.getAccount(key)
          return info
            ? AccountEncoding.encode(
                info,
                { encoding: AccountEncoding.parseEncoding(wanted.encoding, 'base64') },
                lookup(ledger),
              )
            : null
        })
      : null
    return withContext(ledger, {
      err: result.err,
      logs: result.logs,
      accounts,
      unitsConsumed: result.unitsConsumed,
      returnData: result.returnData,
      innerInstructions: null,
      ...(replace ? { replacementBlockhash: ledger.latestBlockhash() } : {}),
    })
  },

  getSignatureStatuses: ([signatures], ledger) => {
    if (!Array.isArray(signatures)) throw invalidParams('expected an array of signatures')
    if (signatures.length > 256) throw invalidParams('Too many inputs provided; max 256')
    return withContext(
      ledger,
      signatures.map((signature) => signatureStatus(ledger, String(signature))),
    )
  },

  getTransaction: ([signature, options], ledger) => {
    if (typeof signature !== 'string') throw invalidParams('expected a signature string')
    // The second parameter used to be the encoding itself; agave still accepts that form.
    const cfg = typeof options === 'string' ? { encoding: options } : config(options)
    const record = ledger.transactions.get(signature)
    if (!record) return null
    const max = cfg.maxSupportedTransactionVersion
    return TransactionJson.encode(
      record,
      {
        encoding: TransactionJson.parseEncoding(cfg.encoding),
        maxSupportedTransactionVersion: typeof max === 'number' ? max : undefined,
      },
      (mint) => TokenBalances.mintDecimals(new PublicKey(mint), lookup(ledger)),
    )
  },

  getSignaturesForAddress: ([address, options], ledger) => {
    const key = pubkey(address).toBase58()
    const cfg = config(options)
    const limit = cfg.limit === undefined ? 1000 : count(cfg.limit, 'limit')
    if (limit < 1 || limit > 1000) throw invalidParams('Invalid limit; max 1000')
    const newestFirst = [...(ledger.signaturesByAddress.get(key) ?? [])].reverse()
    let start = 0
    if (typeof cfg.before === 'string') {
      const index = newestFirst.indexOf(cfg.before)
      start = index === -1 ? newestFirst.length : index + 1
    }
    let end = newestFirst.length
    if (typeof cfg.until === 'string') {
      const index = newestFirst.indexOf(cfg.until)
      if (index !== -1) end = index
    }
    return newestFirst.slice(start, Math.min(end, start + limit)).map((signature) => {
      const record = ledger.transactions.get(signature)!
      return {
        signature,
        slot: record.slot,
        err: record.err,
        memo: null,
        blockTime: record.blockTime,
        confirmationStatus: 'finalized',
      }
    })
  },

  requestAirdrop: ([address, lamports], ledger) =>
    ledger.airdrop(pubkey(address), count(lamports, 'lamports')),
}
