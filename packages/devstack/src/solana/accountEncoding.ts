// Account data in the encodings Solana's RPC offers (agave account-decoder's UiAccount).
import type { AccountInfo } from '@solana/web3.js'
import bs58 from 'bs58'
import { programIds } from './constants.js'
import { invalidParams } from './RpcError.js'
import * as TokenBalances from './TokenBalances.js'

export type Encoding = 'binary' | 'base58' | 'base64' | 'jsonParsed'
export type DataSlice = { offset: number; length: number }

type Lookup = (address: string) => AccountInfo<Uint8Array> | null

export function parseEncoding(value: unknown, fallback: Encoding): Encoding {
  if (value === undefined || value === null) return fallback
  if (value === 'binary' || value === 'base58' || value === 'base64' || value === 'jsonParsed') return value
  if (value === 'base64+zstd') throw invalidParams('base64+zstd encoding is not supported by the local RPC')
  throw invalidParams(
    `unknown variant \`${String(value)}\`, expected one of \`binary\`, \`base64\`, \`base58\`, \`jsonParsed\``,
  )
}

function slice(data: Uint8Array, dataSlice: DataSlice | undefined): Uint8Array {
  if (!dataSlice) return data
  return data.subarray(dataSlice.offset, dataSlice.offset + dataSlice.length)
}

function parsed(info: AccountInfo<Uint8Array>, lookup: Lookup): object | null {
  const program = info.owner.toBase58() === programIds.token2022 ? 'spl-token-2022' : 'spl-token'
  const account = TokenBalances.decodeAccount(info)
  if (account) {
    return {
      program,
      parsed: {
        type: 'account',
        info: {
          isNative: account.isNative,
          mint: account.mint.toBase58(),
          owner: account.owner.toBase58(),
          state: account.state,
          tokenAmount: TokenBalances.uiAmount(
            account.amount,
            TokenBalances.mintDecimals(account.mint, lookup),
          ),
          ...(account.delegate
            ? {
                delegate: account.delegate.toBase58(),
                delegatedAmount: TokenBalances.uiAmount(
                  account.delegatedAmount,
                  TokenBalances.mintDecimals(account.mint, lookup),
                ),
              }
            : {}),
          ...(account.closeAuthority ? { closeAuthority: account.closeAuthority.toBase58() } : {}),
        },
      },
      space: info.data.length,
    }
  }
  const mint = TokenBalances.decodeMint(info)
  if (mint) {
    return {
      program,
      parsed: {
        type: 'mint',
        info: {
          decimals: mint.decimals,
          freezeAuthority: mint.freezeAuthority?.toBase58() ?? null,
          isInitialized: mint.isInitialized,
          mintAuthority: mint.mintAuthority?.toBase58() ?? null,
          supply: mint.supply.toString(),
        },
      },
      space: info.data.length,
    }
  }
  return null
}

export function encode(
  info: AccountInfo<Uint8Array>,
  options: { encoding: Encoding; dataSlice?: DataSlice | undefined },
  lookup: Lookup,
) {
  const data = slice(info.data, options.dataSlice)
  let encoded: unknown
  switch (options.encoding) {
    case 'binary':
      encoded = bs58.encode(data)
      break
    case 'base58':
      if (data.length > 128)
        throw invalidParams(
          'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.',
        )
      encoded = [bs58.encode(data), 'base58']
      break
    case 'base64':
      encoded = [Buffer.from(data).toString('base64'), 'base64']
      break
    case 'jsonParsed':
      // Like agave, fall back to base64 for data no parser understands.
      encoded = parsed(info, lookup) ?? [Buffer.from(data).toString('base64'), 'base64']
      break
  }
  return {
    data: encoded,
    executable: info.executable,
    lamports: info.lamports,
    owner: info.owner.toBase58(),
    // Every account is rent-exempt now, and validators report u64::MAX as its rent epoch.
    rentEpoch: Number('18446744073709551615'),
    space: info.data.length,
  }
}
