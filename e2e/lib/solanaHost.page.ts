// A Solana dapp (runs in the host page; bundled by hostPage.ts): it finds wallets with
// @wallet-standard/app's getWallets(), as the Solana wallet adapter does, and pays with a web3.js
// transaction on the Solana devnet through the one named Walletframe; `host.adapter` does the same
// through the Solana wallet adapter itself (StandardWalletAdapter, what @solana/wallet-adapter-react
// wraps every wallet-standard wallet in). `window.host` lets the spec drive it.
import type { WalletError } from '@solana/wallet-adapter-base'
import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignMessageFeature,
  SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features'
import { StandardWalletAdapter } from '@solana/wallet-standard-wallet-adapter-base'
import { Connection, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { getWallets } from '@wallet-standard/app'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsFeature,
} from '@wallet-standard/features'
import { createWalletframe } from '@walletframe/sdk'
import { registerWalletframeWallet } from '@walletframe/sdk/solana'
import bs58 from 'bs58'
import { hostConfig } from './hostConfig.js'

type Features = StandardConnectFeature &
  StandardDisconnectFeature &
  StandardEventsFeature &
  SolanaSignMessageFeature &
  SolanaSignTransactionFeature &
  SolanaSignAndSendTransactionFeature

const settings = hostConfig()
// The app starts looking for wallets before any registers, as an app that loads first would.
const wallets = getWallets()
const instance = createWalletframe({
  projectId: settings.projectId,
  frameUrl: settings.frameUrl,
  networks: settings.networks,
  metadata: { name: 'Solana host', url: location.origin },
})
registerWalletframeWallet({ instance })

function walletframe(): Wallet & { features: Features } {
  const found = wallets.get().find((wallet) => wallet.name === 'Walletframe')
  if (!found) throw new Error('getWallets() lists no Walletframe wallet')
  return found as Wallet & { features: Features }
}

function account(): WalletAccount {
  const [first] = walletframe().accounts
  if (!first) throw new Error('The wallet has no account: connect first')
  return first
}

/** Every `change` event's account addresses, in order. */
const changes: string[][] = []
walletframe().features['standard:events'].on('change', ({ accounts }) => {
  if (accounts) changes.push(accounts.map((a) => a.address))
})

const connection = new Connection(settings.solanaRpcUrl ?? '', 'confirmed')
let connecting: Promise<string[]> | undefined
let adapter: StandardWalletAdapter | undefined

const host = {
  listed: () =>
    wallets.get().map((wallet) => ({
      name: wallet.name,
      chains: [...wallet.chains],
      features: Object.keys(wallet.features),
    })),
  connect() {
    connecting = walletframe()
      .features['standard:connect'].connect()
      .then(({ accounts }) => accounts.map((a) => a.address))
    connecting.catch(() => {})
  },
  connected: () => connecting,
  accounts: () =>
    walletframe().accounts.map((a) => ({
      address: a.address,
      publicKey: bs58.encode(Uint8Array.from(a.publicKey)),
    })),
  changes: () => changes,
  silentConnect: () =>
    walletframe()
      .features['standard:connect'].connect({ silent: true })
      .then(({ accounts }) => accounts.map((a) => a.address)),
  async signMessage(text: string) {
    const message = new TextEncoder().encode(text)
    const [output] = await walletframe().features['solana:signMessage'].signMessage({
      account: account(),
      message,
    })
    return { signature: bs58.encode(output?.signature ?? new Uint8Array()), message: bs58.encode(message) }
  },
  async transfer(to: string, lamports: number, mode: 'signAndSend' | 'sign') {
    const from = new PublicKey(account().address)
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash()
    const transaction = new Transaction({ feePayer: from, blockhash, lastValidBlockHeight }).add(
      SystemProgram.transfer({ fromPubkey: from, toPubkey: new PublicKey(to), lamports }),
    )
    const bytes = transaction.serialize({ requireAllSignatures: false, verifySignatures: false })
    const before = await connection.getBalance(new PublicKey(to))
    let signature: string
    if (mode === 'sign') {
      // The dapp sends what the wallet signed itself.
      const [output] = await walletframe().features['solana:signTransaction'].signTransaction({
        account: account(),
        transaction: bytes,
        chain: 'solana:devnet',
      })
      const signed = Transaction.from(output?.signedTransaction ?? new Uint8Array())
      if (!signed.verifySignatures()) throw new Error('The signed transaction does not verify')
      signature = await connection.sendRawTransaction(signed.serialize())
    } else {
      const [output] = await walletframe().features['solana:signAndSendTransaction'].signAndSendTransaction({
        account: account(),
        transaction: bytes,
        chain: 'solana:devnet',
      })
      signature = bs58.encode(output?.signature ?? new Uint8Array())
    }
    const confirmed = await connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight })
    const after = await connection.getBalance(new PublicKey(to))
    return { signature, error: confirmed.value.err, received: after - before }
  },
  disconnect: () => walletframe().features['standard:disconnect'].disconnect(),
  adapter: {
    /** Connects through the adapter (the modal opens); answers the adapter's public key. */
    connect() {
      adapter ??= new StandardWalletAdapter({ wallet: walletframe() })
      connecting = adapter.connect().then(() => [adapter?.publicKey?.toBase58() ?? ''])
      connecting.catch(() => {})
    },
    /**
     * `sendTransaction(transaction, new Connection(endpoint))`, as a dapp writes it: the adapter
     * names the chain after the endpoint. Answers what landed there, or the adapter's error.
     */
    async send(to: string, lamports: number, endpoint: string) {
      if (!adapter?.publicKey) throw new Error('Connect the adapter first')
      const dapp = new Connection(endpoint, 'confirmed')
      const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash()
      // With the fee payer and blockhash set the adapter asks the endpoint nothing before the wallet.
      const transaction = new Transaction({
        feePayer: adapter.publicKey,
        blockhash,
        lastValidBlockHeight,
      }).add(SystemProgram.transfer({ fromPubkey: adapter.publicKey, toPubkey: new PublicKey(to), lamports }))
      const before = await connection.getBalance(new PublicKey(to))
      try {
        const signature = await adapter.sendTransaction(transaction, dapp)
        const confirmed = await dapp.confirmTransaction({ signature, blockhash, lastValidBlockHeight })
        const after = await dapp.getBalance(new PublicKey(to))
        return { signature, error: confirmed.value.err, received: after - before }
      } catch (caught) {
        const error = caught as WalletError
        const cause = error.error as { code?: unknown } | undefined
        return { error: { name: error.name, message: error.message, code: cause?.code } }
      }
    },
  },
}
Object.assign(window, { host, walletframe: instance })
