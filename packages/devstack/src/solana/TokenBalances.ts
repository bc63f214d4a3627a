// SPL token account decoding shared by jsonParsed encodings and transaction token balances.
import { ACCOUNT_SIZE, AccountLayout, MINT_SIZE, MintLayout } from '@solana/spl-token'
import type { AccountInfo, PublicKey } from '@solana/web3.js'
import { programIds } from './constants.js'

export type UiTokenAmount = {
  amount: string
  decimals: number
  uiAmount: number | null
  uiAmountString: string
}

export type TokenBalance = {
  accountIndex: number
  mint: string
  owner: string
  programId: string
  uiTokenAmount: UiTokenAmount
}

type Lookup = (address: string) => AccountInfo<Uint8Array> | null

export function isTokenProgram(owner: PublicKey): boolean {
  const id = owner.toBase58()
  return id === programIds.token || id === programIds.token2022
}

export function uiAmount(amount: bigint, decimals: number): UiTokenAmount {
  const text = amount.toString().padStart(decimals + 1, '0')
  const whole = text.slice(0, text.length - decimals)
  const fraction = decimals > 0 ? text.slice(text.length - decimals).replace(/0+$/, '') : ''
  const uiAmountString = fraction ? `${whole}.${fraction}` : whole
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString }
}

// Token-2022 accounts with extensions are longer than 165 bytes and carry their kind at byte 165
// (1 = mint, 2 = account); plain SPL Token accounts are told apart by their exact size.
function accountType(data: Uint8Array): 'mint' | 'account' | null {
  if (data.length === MINT_SIZE) return 'mint'
  if (data.length === ACCOUNT_SIZE) return 'account'
  if (data.length > ACCOUNT_SIZE)
    return data[ACCOUNT_SIZE] === 1 ? 'mint' : data[ACCOUNT_SIZE] === 2 ? 'account' : null
  return null
}

export type DecodedTokenAccount = {
  mint: PublicKey
  owner: PublicKey
  amount: bigint
  delegate: PublicKey | null
  delegatedAmount: bigint
  state: 'uninitialized' | 'initialized' | 'frozen'
  isNative: boolean
  closeAuthority: PublicKey | null
}

/** Token account (165 bytes, Token-2022 may append extensions) or null if `info` is not one. */
export function decodeAccount(info: AccountInfo<Uint8Array>): DecodedTokenAccount | null {
  if (!isTokenProgram(info.owner) || accountType(info.data) !== 'account') return null
  const raw = AccountLayout.decode(info.data.subarray(0, ACCOUNT_SIZE))
  if (raw.state === 0) return null
  return {
    mint: raw.mint,
    owner: raw.owner,
    amount: raw.amount,
    delegate: raw.delegateOption ? raw.delegate : null,
    delegatedAmount: raw.delegatedAmount,
    state: raw.state === 2 ? 'frozen' : 'initialized',
    isNative: raw.isNativeOption === 1,
    closeAuthority: raw.closeAuthorityOption ? raw.closeAuthority : null,
  }
}

export type DecodedMint = {
  mintAuthority: PublicKey | null
  supply: bigint
  decimals: number
  isInitialized: boolean
  freezeAuthority: PublicKey | null
}

export function decodeMint(info: AccountInfo<Uint8Array>): DecodedMint | null {
  if (!isTokenProgram(info.owner) || accountType(info.data) !== 'mint') return null
  const raw = MintLayout.decode(info.data.subarray(0, MINT_SIZE))
  if (!raw.isInitialized) return null
  return {
    mintAuthority: raw.mintAuthorityOption ? raw.mintAuthority : null,
    supply: raw.supply,
    decimals: raw.decimals,
    isInitialized: raw.isInitialized,
    freezeAuthority: raw.freezeAuthorityOption ? raw.freezeAuthority : null,
  }
}

export function mintDecimals(mint: PublicKey, lookup: Lookup): number {
  const info = lookup(mint.toBase58())
  return (info && decodeMint(info)?.decimals) ?? 0
}

/** Token balances of the token accounts among `keys`, in Solana's pre/postTokenBalances shape. */
export function read(keys: string[], lookup: Lookup): TokenBalance[] {
  const balances: TokenBalance[] = []
  keys.forEach((key, accountIndex) => {
    const info = lookup(key)
    const account = info && decodeAccount(info)
    if (!info || !account) return
    balances.push({
      accountIndex,
      mint: account.mint.toBase58(),
      owner: account.owner.toBase58(),
      programId: info.owner.toBase58(),
      uiTokenAmount: uiAmount(account.amount, mintDecimals(account.mint, lookup)),
    })
  })
  return balances
}
