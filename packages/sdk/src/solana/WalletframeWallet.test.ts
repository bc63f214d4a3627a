// The wallet over a real instance in jsdom; the test plays the frame's side of the MessagePort
// (internal/testing.ts) and signs with a real ed25519 key.
import { generateKeyPairSync, sign, verify } from 'node:crypto'
import { InvalidParamsError, UserRejectedRequestError } from '@walletframe/protocol/errors'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { destroyInstances, disconnected, startInstance } from '../internal/testing.js'
import * as Base58 from '../server/internal/base58.js'
import { WalletframeWallet } from './WalletframeWallet.js'

const keys = generateKeyPairSync('ed25519')
// The raw 32-byte public key is the tail of its SPKI encoding.
const solanaAddress = Base58.encode(
  new Uint8Array(keys.publicKey.export({ format: 'der', type: 'spki' }).subarray(12)),
)
const devnet = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const connected = {
  status: 'connected',
  isConnected: true,
  address: solanaAddress,
  caipAddress: `${devnet}:${solanaAddress}`,
  allAccounts: [{ namespace: 'solana', address: solanaAddress, type: 'eoa' }],
}
const network = { caipNetworkId: devnet, name: 'Solana Devnet', supported: true }

afterEach(destroyInstances)

/** A real instance, its frame side played over the MessagePort, initialised with `account`. */
function start(account: unknown) {
  const { instance, frame } = startInstance({ networks: [devnet] })
  frame.event('initialized', { account, network })
  return { instance, frame, wallet: new WalletframeWallet(instance) }
}

describe('WalletframeWallet', () => {
  it('lists the Solana account the frame reports, and says when it changes', async () => {
    const { instance, frame, wallet } = start(connected)
    await instance.ready
    expect(
      wallet.accounts.map(({ address, publicKey }) => ({
        address,
        publicKey: Base58.encode(Uint8Array.from(publicKey)),
      })),
    ).toEqual([{ address: solanaAddress, publicKey: solanaAddress }])
    const first = wallet.accounts[0]
    const changes: string[][] = []
    wallet.features['standard:events'].on('change', ({ accounts }) =>
      changes.push((accounts ?? []).map((a) => a.address)),
    )
    // The same accounts again are no change (apps compare account objects by identity).
    frame.event('state', connected)
    frame.event('state', disconnected)
    await vi.waitFor(() => expect(changes).toEqual([[]]))
    expect(first && Object.isFrozen(first)).toBe(true)
    expect(wallet.accounts).toEqual([])
  })

  it('connects silently without opening the modal, to no account when nobody is connected', async () => {
    const { frame, wallet } = start(disconnected)
    expect(await wallet.features['standard:connect'].connect({ silent: true })).toEqual({ accounts: [] })
    expect(frame.requests).toEqual([])
  })

  it('connect opens the modal and resolves with the account the user connected', async () => {
    const { frame, wallet } = start(disconnected)
    const connecting = wallet.features['standard:connect'].connect()
    const open = await frame.next()
    expect(open).toMatchObject({ kind: 'request', method: 'open' })
    frame.post({ kind: 'response', id: open.id, result: null })
    frame.event('modal', { open: true })
    frame.event('state', connected)
    frame.event('modal', { open: false })
    const { accounts } = await connecting
    expect(accounts.map((account) => account.address)).toEqual([solanaAddress])
  })

  it('connect rejects with 4001 when the modal closes without a Solana account', async () => {
    const { frame, wallet } = start(disconnected)
    const connecting = wallet.features['standard:connect'].connect()
    const open = await frame.next()
    frame.post({ kind: 'response', id: open.id, result: null })
    frame.event('modal', { open: true })
    frame.event('modal', { open: false })
    await expect(connecting).rejects.toBeInstanceOf(UserRejectedRequestError)
  })

  it('signMessage sends solana_signMessage (base58) and returns a signature that verifies', async () => {
    const { instance, frame, wallet } = start(connected)
    await instance.ready
    const message = new TextEncoder().encode('Sign in to the demo')
    const signing = wallet.features['solana:signMessage'].signMessage({
      account: wallet.accounts[0] as (typeof wallet.accounts)[number],
      message,
    })
    const request = await frame.next()
    expect(request.params).toEqual({
      method: 'solana_signMessage',
      params: { message: Base58.encode(message), pubkey: solanaAddress },
    })
    const { params } = request.params as { params: { message: string } }
    const bytes = Base58.decode(params.message) as Uint8Array
    frame.post({
      kind: 'response',
      id: request.id,
      result: { signature: Base58.encode(sign(null, bytes, keys.privateKey)) },
    })
    const [output] = await signing
    expect(output?.signedMessage).toEqual(message)
    expect(verify(null, message, keys.publicKey, output?.signature as Uint8Array)).toBe(true)
  })

  it('signTransaction and signAndSendTransaction carry the bytes as base64 and decode the answer', async () => {
    const { instance, frame, wallet } = start(connected)
    await instance.ready
    const account = wallet.accounts[0] as (typeof wallet.accounts)[number]
    const transaction = Uint8Array.from({ length: 300 }, (_, index) => (index * 7) % 256)
    const signing = wallet.features['solana:signTransaction'].signTransaction({ account, transaction })
    const request = await frame.next()
    expect(request.params).toEqual({
      method: 'solana_signTransaction',
      params: { transaction: Buffer.from(transaction).toString('base64') },
    })
    const signedBytes = Uint8Array.from(transaction, (byte) => byte ^ 0xff)
    frame.post({
      kind: 'response',
      id: request.id,
      result: { transaction: Buffer.from(signedBytes).toString('base64') },
    })
    expect((await signing)[0]?.signedTransaction).toEqual(signedBytes)

    const sending = wallet.features['solana:signAndSendTransaction'].signAndSendTransaction({
      account,
      transaction,
      chain: 'solana:devnet',
      options: { skipPreflight: true },
    })
    const send = await frame.next()
    expect(send.params).toEqual({
      method: 'solana_signAndSendTransaction',
      params: {
        transaction: Buffer.from(transaction).toString('base64'),
        sendOptions: { skipPreflight: true },
        chain: 'solana:devnet',
      },
    })
    const signature = new Uint8Array(64).fill(9)
    frame.post({ kind: 'response', id: send.id, result: { signature: Base58.encode(signature) } })
    expect((await sending)[0]?.signature).toEqual(signature)
  })

  it("lists solana:localnet and passes the dapp's chain on, so a localhost Connection reaches the frame", async () => {
    const { instance, frame, wallet } = start(connected)
    await instance.ready
    // The Solana wallet adapter names a localhost / 127.0.0.1 endpoint solana:localnet and refuses,
    // with an empty error, a chain the account does not list.
    expect(wallet.chains).toEqual(['solana:mainnet', 'solana:devnet', 'solana:testnet', 'solana:localnet'])
    const account = wallet.accounts[0] as (typeof wallet.accounts)[number]
    expect(account.chains).toContain('solana:localnet')
    const transaction = new Uint8Array([1, 2, 3])
    const sending = wallet.features['solana:signAndSendTransaction'].signAndSendTransaction({
      account,
      transaction,
      chain: 'solana:localnet',
    })
    const send = await frame.next()
    expect(send.params).toMatchObject({
      method: 'solana_signAndSendTransaction',
      params: { chain: 'solana:localnet' },
    })
    // The frame has no network for it: the error says which chain, typed (4902).
    frame.post({
      kind: 'response',
      id: send.id,
      error: { code: 4902, message: 'Network not found: solana:localnet' },
    })
    await expect(sending).rejects.toMatchObject({ code: 4902, message: 'Network not found: solana:localnet' })
    const signing = wallet.features['solana:signTransaction'].signTransaction({
      account,
      transaction,
      chain: 'solana:localnet',
    })
    const sign = await frame.next()
    expect(sign.params).toEqual({
      method: 'solana_signTransaction',
      params: { transaction: 'AQID', chain: 'solana:localnet' },
    })
    frame.post({ kind: 'response', id: sign.id, result: { transaction: 'AQID' } })
    expect((await signing)[0]?.signedTransaction).toEqual(transaction)
  })

  it('refuses an account that is not its own, without asking the frame', async () => {
    const { instance, frame, wallet } = start(connected)
    await instance.ready
    const stranger = {
      address: '11111111111111111111111111111111',
      publicKey: new Uint8Array(32),
      chains: [],
      features: [],
    }
    await expect(
      wallet.features['solana:signMessage'].signMessage({ account: stranger, message: new Uint8Array([1]) }),
    ).rejects.toBeInstanceOf(InvalidParamsError)
    expect(frame.requests).toEqual([])
  })
})
