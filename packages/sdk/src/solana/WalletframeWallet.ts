// The wallet-standard wallet backed by the frame's Solana account (https://github.com/wallet-standard
// /wallet-standard): apps on the Solana wallet adapter list it beside extension wallets. Connecting
// opens the modal; signing travels as the frame's solana_* RPC methods through the SDK's provider,
// with the shapes of the WalletConnect Solana RPC reference (base58 messages and signatures, base64
// transactions), plus the dapp's wallet-standard `chain`, by which the frame picks the cluster.
import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignAndSendTransactionInput,
  SolanaSignMessageFeature,
  SolanaSignMessageInput,
  SolanaSignTransactionFeature,
  SolanaSignTransactionInput,
} from '@solana/wallet-standard-features'
import type { IdentifierArray, Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base'
import type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsFeature,
  StandardEventsListeners,
} from '@wallet-standard/features'
import { UserRejectedRequestError } from '@walletframe/protocol/errors'
import type { State, Walletframe } from '../createWalletframe.js'
// From the core's entry: the published build keeps it an import of the core (scripts/build.ts).
import { InvalidParamsError } from '../index.js'
import * as Base58 from '../server/internal/base58.js'
import * as Chains from './chains.js'

export type Features = StandardConnectFeature &
  StandardDisconnectFeature &
  StandardEventsFeature &
  SolanaSignMessageFeature &
  SolanaSignTransactionFeature &
  SolanaSignAndSendTransactionFeature

// The brand square of the SDK's EIP-6963 announcement; wallet-standard wants a base64 data URI.
const icon: WalletIcon = `data:image/svg+xml;base64,${btoa("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 1 1'><path d='M0 0h1v1H0z' fill='#36d'/></svg>")}`

const features = [
  'solana:signMessage',
  'solana:signTransaction',
  'solana:signAndSendTransaction',
] as const satisfies IdentifierArray

/** Legacy and v0 transactions: the frame's connectors decode both. */
const supportedTransactionVersions = ['legacy', 0] as const

export class WalletframeWallet implements Wallet {
  readonly version = '1.0.0' as const
  readonly name = 'Walletframe'
  readonly icon = icon
  readonly chains: IdentifierArray = Chains.all
  readonly #instance: Walletframe
  readonly #listeners = new Set<StandardEventsListeners['change']>()
  /** The account object of each address, kept so an app sees the same object until it changes. */
  #accounts: readonly WalletAccount[] = []

  constructor(instance: Walletframe) {
    this.#instance = instance
    this.#sync(instance.getState())
    instance.subscribeState((state) => this.#sync(state))
  }

  get accounts(): readonly WalletAccount[] {
    return this.#accounts
  }

  get features(): Features {
    return {
      'standard:connect': { version: '1.0.0', connect: (input) => this.#connect(input?.silent ?? false) },
      'standard:disconnect': { version: '1.0.0', disconnect: () => this.#instance.disconnect() },
      'standard:events': { version: '1.0.0', on: (_event, listener) => this.#on(listener) },
      'solana:signMessage': {
        version: '1.1.0',
        signMessage: (...inputs) => Promise.all(inputs.map((input) => this.#signMessage(input))),
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions,
        signTransaction: (...inputs) => Promise.all(inputs.map((input) => this.#signTransaction(input))),
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions,
        signAndSendTransaction: (...inputs) =>
          Promise.all(inputs.map((input) => this.#signAndSendTransaction(input))),
      },
    }
  }

  #sync(state: State) {
    const addresses = state.allAccounts
      .filter((account) => account.namespace === 'solana')
      .map((account) => account.address)
    if (addresses.join() === this.#accounts.map((account) => account.address).join()) return
    this.#accounts = addresses.map(
      (address): WalletAccount =>
        Object.freeze({
          address,
          publicKey: Base58.decode(address) ?? new Uint8Array(),
          chains: this.chains,
          features,
        }),
    )
    for (const listener of [...this.#listeners]) listener({ accounts: this.#accounts })
  }

  #on(listener: StandardEventsListeners['change']): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /**
   * Silent: the accounts the frame restored, without UI. Otherwise opens the modal and resolves when
   * the frame reports a Solana account; rejects with 4001 when the modal closes without one.
   */
  async #connect(silent: boolean): Promise<{ accounts: readonly WalletAccount[] }> {
    await this.#instance.ready
    if (silent || this.#accounts.length) return { accounts: this.#accounts }
    const connected = new Promise<void>((resolve, reject) => {
      const stop = () => {
        stopState()
        stopModal()
      }
      const stopState = this.#on(({ accounts }) => {
        if (!accounts?.length) return
        stop()
        resolve()
      })
      const stopModal = this.#instance.subscribeModal((open) => {
        if (open || this.#accounts.length) return
        stop()
        reject(new UserRejectedRequestError())
      })
    })
    await this.#instance.open()
    await connected
    return { accounts: this.#accounts }
  }

  #account(account: WalletAccount): string {
    if (!this.#accounts.some((own) => own.address === account.address))
      throw new InvalidParamsError(`${account.address} is not an account of this wallet`)
    return account.address
  }

  async #signMessage({ account, message }: SolanaSignMessageInput) {
    const pubkey = this.#account(account)
    const { signature } = (await this.#instance.provider.request({
      method: 'solana_signMessage',
      params: { message: Base58.encode(message), pubkey },
    })) as { signature: string }
    return { signedMessage: message, signature: decodeSignature(signature) }
  }

  async #signTransaction({ account, transaction, chain }: SolanaSignTransactionInput) {
    this.#account(account)
    const signed = (await this.#instance.provider.request({
      method: 'solana_signTransaction',
      params: { transaction: toBase64(transaction), ...(chain ? { chain } : {}) },
    })) as { transaction: string }
    return { signedTransaction: fromBase64(signed.transaction) }
  }

  /** `chain` is the cluster the dapp's Connection talks to: the frame sends there, or refuses with 4902. */
  async #signAndSendTransaction({ account, transaction, chain, options }: SolanaSignAndSendTransactionInput) {
    this.#account(account)
    const { skipPreflight, preflightCommitment, maxRetries, minContextSlot } = options ?? {}
    const sendOptions = { skipPreflight, preflightCommitment, maxRetries, minContextSlot }
    const { signature } = (await this.#instance.provider.request({
      method: 'solana_signAndSendTransaction',
      params: {
        transaction: toBase64(transaction),
        // JSON drops the undefined ones.
        sendOptions: JSON.parse(JSON.stringify(sendOptions)),
        chain,
      },
    })) as { signature: string }
    return { signature: decodeSignature(signature) }
  }
}

function decodeSignature(signature: string): Uint8Array {
  const bytes = Base58.decode(signature)
  if (bytes?.length !== 64) throw new InvalidParamsError('The wallet answered with a malformed signature')
  return bytes
}

function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

function fromBase64(base64: string): Uint8Array {
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
}
