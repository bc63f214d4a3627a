// getTransaction's result shapes (agave transaction-status's EncodedConfirmedTransactionWithStatusMeta)
// for the encodings json, jsonParsed, base64 and base58. jsonParsed decodes the instructions wallets
// show in activity lists (system and SPL token transfers); others stay partially decoded, as agave does
// for programs it has no parser for.
import type { MessageCompiledInstruction, VersionedMessage } from '@solana/web3.js'
import bs58 from 'bs58'
import { programIds } from './constants.js'
import type { TransactionRecord } from './Ledger.js'
import { invalidParams, RpcError, rpcErrorCodes } from './RpcError.js'
import * as TokenBalances from './TokenBalances.js'

export type TransactionEncoding = 'json' | 'jsonParsed' | 'base64' | 'base58'

export function parseEncoding(value: unknown): TransactionEncoding {
  if (value === undefined || value === null) return 'json'
  if (value === 'json' || value === 'jsonParsed' || value === 'base64' || value === 'base58') return value
  throw invalidParams(
    `unknown variant \`${String(value)}\`, expected one of \`binary\`, \`base64\`, \`base58\`, \`json\`, \`jsonParsed\``,
  )
}

function readU64(data: Uint8Array, offset: number): bigint {
  return Buffer.from(data).readBigUInt64LE(offset)
}

function parseInstruction(
  keys: string[],
  instruction: MessageCompiledInstruction,
  decimalsOf: (mint: string) => number,
): object {
  const programId = keys[instruction.programIdIndex] ?? ''
  const accounts = instruction.accountKeyIndexes.map((index) => keys[index] ?? '')
  const data = instruction.data
  const view = Buffer.from(data)
  if (programId === programIds.system && data.length >= 12 && view.readUInt32LE(0) === 2) {
    return {
      program: 'system',
      programId,
      parsed: {
        type: 'transfer',
        info: { source: accounts[0], destination: accounts[1], lamports: Number(readU64(data, 4)) },
      },
      stackHeight: null,
    }
  }
  if (programId === programIds.token || programId === programIds.token2022) {
    const program = programId === programIds.token ? 'spl-token' : 'spl-token-2022'
    if (data[0] === 3 && data.length >= 9) {
      return {
        program,
        programId,
        parsed: {
          type: 'transfer',
          info: {
            source: accounts[0],
            destination: accounts[1],
            authority: accounts[2],
            amount: readU64(data, 1).toString(),
          },
        },
        stackHeight: null,
      }
    }
    if (data[0] === 12 && data.length >= 10) {
      const mint = accounts[1] ?? ''
      return {
        program,
        programId,
        parsed: {
          type: 'transferChecked',
          info: {
            source: accounts[0],
            mint,
            destination: accounts[2],
            authority: accounts[3],
            tokenAmount: TokenBalances.uiAmount(readU64(data, 1), data[9] ?? decimalsOf(mint)),
          },
        },
        stackHeight: null,
      }
    }
  }
  return { programId, accounts, data: bs58.encode(data), stackHeight: null }
}

function header(message: VersionedMessage) {
  return {
    numRequiredSignatures: message.header.numRequiredSignatures,
    numReadonlySignedAccounts: message.header.numReadonlySignedAccounts,
    numReadonlyUnsignedAccounts: message.header.numReadonlyUnsignedAccounts,
  }
}

function lookups(message: VersionedMessage) {
  return message.version === 0
    ? {
        addressTableLookups: message.addressTableLookups.map((lookup) => ({
          accountKey: lookup.accountKey.toBase58(),
          writableIndexes: [...lookup.writableIndexes],
          readonlyIndexes: [...lookup.readonlyIndexes],
        })),
      }
    : {}
}

function encodeTransaction(
  record: TransactionRecord,
  encoding: TransactionEncoding,
  decimalsOf: (mint: string) => number,
) {
  const { transaction } = record
  const message = transaction.message
  if (encoding === 'base64') return [Buffer.from(record.wire).toString('base64'), 'base64']
  if (encoding === 'base58') return [bs58.encode(record.wire), 'base58']
  const keys = message.staticAccountKeys.map((key) => key.toBase58())
  const signatures = transaction.signatures.map((signature) => bs58.encode(signature))
  if (encoding === 'json') {
    return {
      signatures,
      message: {
        accountKeys: keys,
        header: header(message),
        recentBlockhash: message.recentBlockhash,
        instructions: message.compiledInstructions.map((instruction) => ({
          programIdIndex: instruction.programIdIndex,
          accounts: [...instruction.accountKeyIndexes],
          data: bs58.encode(instruction.data),
          stackHeight: null,
        })),
        ...lookups(message),
      },
    }
  }
  return {
    signatures,
    message: {
      accountKeys: keys.map((pubkey, index) => ({
        pubkey,
        signer: message.isAccountSigner(index),
        writable: message.isAccountWritable(index),
        source: 'transaction',
      })),
      recentBlockhash: message.recentBlockhash,
      instructions: message.compiledInstructions.map((instruction) =>
        parseInstruction(keys, instruction, decimalsOf),
      ),
      ...lookups(message),
    },
  }
}

export function encode(
  record: TransactionRecord,
  options: { encoding: TransactionEncoding; maxSupportedTransactionVersion?: number | undefined },
  decimalsOf: (mint: string) => number,
) {
  const version = record.transaction.version
  if (version !== 'legacy' && (options.maxSupportedTransactionVersion ?? -1) < version) {
    throw new RpcError(
      rpcErrorCodes.transactionVersionNotSupported,
      `Transaction version (${version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${version}`,
    )
  }
  const keys = record.transaction.message.staticAccountKeys.map((key) => key.toBase58())
  return {
    slot: record.slot,
    blockTime: record.blockTime,
    ...(options.maxSupportedTransactionVersion !== undefined ? { version } : {}),
    transaction: encodeTransaction(record, options.encoding, decimalsOf),
    meta: {
      err: record.err,
      status: record.err ? { Err: record.err } : { Ok: null },
      fee: record.fee,
      preBalances: record.preBalances,
      postBalances: record.postBalances,
      innerInstructions: record.innerInstructions.map((entry) => ({
        index: entry.index,
        instructions:
          options.encoding === 'jsonParsed'
            ? entry.instructions.map((inner) => ({
                ...parseInstruction(
                  keys,
                  {
                    programIdIndex: inner.programIdIndex,
                    accountKeyIndexes: inner.accounts,
                    data: bs58.decode(inner.data),
                  },
                  decimalsOf,
                ),
                stackHeight: inner.stackHeight,
              }))
            : entry.instructions,
      })),
      logMessages: record.logs,
      preTokenBalances: record.preTokenBalances,
      postTokenBalances: record.postTokenBalances,
      rewards: [],
      loadedAddresses: { writable: [], readonly: [] },
      computeUnitsConsumed: record.computeUnitsConsumed,
    },
  }
}
