// The embedded connector with the real Worker code behind real comlink (over a MessageChannel), a real
// anvil devnet for eth_sendTransaction, and the API replaced at its boundary (AuthApi) by an
// in-memory one that checks the device key's signatures as the real one does.
import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { ed25519 } from '@noble/curves/ed25519'
import { PublicKey, SystemProgram, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import { gasLimitFor, UserRejectedRequestError } from '@walletframe/protocol'
import { evmNetwork, solanaNetwork } from '@walletframe/protocol/testing'
import * as Kit from '@walletframe/recover/kit'
import bs58 from 'bs58'
import { createPublicClient, type Hex, http, verifyMessage, verifyTypedData } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { touchOf, windowEnd } from '../../worker/exportTesting.js'
import type { Event } from '../Connector.js'
import type { AuthApi } from './authApi.js'
import * as Embedded from './Embedded.js'
import { device, fakeApi } from './testing.js'

let anvil: ChildProcess
let rpcUrl: string
beforeAll(async () => {
  const port = await new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
  anvil = spawn('anvil', ['--port', String(port), '--chain-id', '8453', '--silent'], { stdio: 'ignore' })
  rpcUrl = `http://127.0.0.1:${port}`
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }),
    }).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('anvil did not start')
})
afterAll(() => {
  anvil?.kill()
})

const networks = () => [evmNetwork(8453, 'Base', rpcUrl), solanaNetwork()]
const password = 'a long recovery password'

function connector(
  d: ReturnType<typeof device>,
  api: AuthApi,
  asked: string[] = [],
  options: Pick<Embedded.create.Options, 'askCode'> = {},
) {
  return Embedded.create({
    ...options,
    api,
    vault: d.vault,
    storage: d.storage,
    networks,
    askPassword: async (reason) => {
      asked.push(reason)
      return password
    },
  })
}

/** A device of a user the API logged in, its connector holding the session (connect opens the wallet). */
async function signedIn(options: Pick<Embedded.create.Options, 'askCode'> = {}) {
  const server = fakeApi()
  const d = device()
  const c = connector(d, server.api, [], options)
  const login = server.login(await c.deviceKey())
  c.login(login)
  return { server, d, c, login }
}

/** The user approves every request as the wallet lists it (ApproveTransaction's Approve). */
function approveAll(c: Embedded.EmbeddedConnector) {
  return c.subscribe((event) => {
    if (event.type === 'pendingRequests') for (const request of event.requests) c.approveRequest?.(request.id)
  })
}

describe('connect', () => {
  it('makes a wallet on the first login and signs for its EVM and Solana accounts', async () => {
    const server = fakeApi()
    const d = device()
    const asked: string[] = []
    const c = connector(d, server.api, asked)
    approveAll(c)
    c.login(server.login(await c.deviceKey()))
    const connection = await c.connect()
    expect(asked).toEqual(['create'])
    expect(connection.network).toBe('eip155:8453')
    const [evm, solana] = connection.accounts
    const address = evm!.split(':')[2] as Hex
    expect(solana).toMatch(/^solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:/)
    expect(c.walletInfo()).toMatchObject({ authProvider: 'email', accountType: 'eoa' })

    const signature = (await c.request({
      method: 'personal_sign',
      params: ['0x68656c6c6f', address],
      network: 'eip155:8453',
    })) as Hex
    expect(await verifyMessage({ address, message: { raw: '0x68656c6c6f' }, signature })).toBe(true)
    const typedData = {
      domain: { name: 'Walletframe', version: '1', chainId: 8453 },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Mail: [{ name: 'contents', type: 'string' }],
      },
      primaryType: 'Mail',
      message: { contents: 'hi' },
    } as const
    const typed = (await c.request({
      method: 'eth_signTypedData_v4',
      params: [address, JSON.stringify(typedData)],
      network: 'eip155:8453',
    })) as Hex
    const { EIP712Domain: _, ...types } = typedData.types
    expect(await verifyTypedData({ address, signature: typed, ...typedData, types })).toBe(true)
    await expect(
      c.request({
        method: 'personal_sign',
        params: ['0x00', '0x0000000000000000000000000000000000000001'],
        network: 'eip155:8453',
      }),
    ).rejects.toMatchObject({ code: 4100 })

    const message = new TextEncoder().encode('gm solana')
    const { signature: solanaSignature } = (await c.request({
      method: 'solana_signMessage',
      params: { message: bs58.encode(message), pubkey: solana!.split(':')[2] },
      network: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    })) as { signature: string }
    expect(ed25519.verify(bs58.decode(solanaSignature), message, bs58.decode(solana!.split(':')[2]!))).toBe(
      true,
    )

    // A transaction the wallet pays for: signed in place, the signature over the message bytes.
    const payer = new PublicKey(solana!.split(':')[2]!)
    const draft = new VersionedTransaction(
      new TransactionMessage({
        payerKey: payer,
        recentBlockhash: bs58.encode(new Uint8Array(32).fill(7)),
        instructions: [
          SystemProgram.transfer({ fromPubkey: payer, toPubkey: PublicKey.default, lamports: 1 }),
        ],
      }).compileToV0Message(),
    )
    const answer = (await c.request({
      method: 'solana_signTransaction',
      params: { transaction: Buffer.from(draft.serialize()).toString('base64') },
      network: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    })) as { transaction: string; signature: string }
    const signed = VersionedTransaction.deserialize(Buffer.from(answer.transaction, 'base64'))
    expect(bs58.encode(signed.signatures[0]!)).toBe(answer.signature)
    expect(ed25519.verify(signed.signatures[0]!, signed.message.serialize(), payer.toBytes())).toBe(true)
    d.close()
  })

  it('sends a transaction to the network: signed in the Worker, mined on the devnet', async () => {
    const { d, c } = await signedIn()
    approveAll(c)
    const address = (await c.connect()).accounts[0]!.split(':')[2] as Hex
    const chain = createPublicClient({ transport: http(rpcUrl) })
    await chain.request({
      method: 'anvil_setBalance' as never,
      params: [address, '0xde0b6b3a7640000'] as never,
    })
    const to = '0x000000000000000000000000000000000000dEaD'
    const hash = (await c.request({
      method: 'eth_sendTransaction',
      params: [{ from: address, to, value: '0x2386f26fc10000' }],
      network: 'eip155:8453',
    })) as Hex
    const receipt = await chain.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
    expect(await chain.getBalance({ address: to })).toBeGreaterThanOrEqual(10_000_000_000_000_000n)
    // The wallet estimated the transfer (21,000) and signed it with its margin; a limit the dapp
    // gives is signed as it is.
    expect((await chain.getTransaction({ hash })).gas).toBe(gasLimitFor(21_000n))
    const given = (await c.request({
      method: 'eth_sendTransaction',
      params: [{ from: address, to, value: '0x1', gas: '0x5208' }],
      network: 'eip155:8453',
    })) as Hex
    expect((await chain.waitForTransactionReceipt({ hash: given })).status).toBe('success')
    expect((await chain.getTransaction({ hash: given })).gas).toBe(21_000n)
    // A chain read goes to the same node.
    expect(
      await c.request({
        method: 'eth_getTransactionCount',
        params: [address, 'latest'],
        network: 'eip155:8453',
      }),
    ).toBe('0x2')
    d.close()
  })
})

describe('request', () => {
  it('waits for the user on every signing call: rejected, the caller gets 4001; approved, it signs', async () => {
    const { d, c } = await signedIn()
    const address = (await c.connect()).accounts[0]!.split(':')[2] as Hex
    const listed: Event[] = []
    c.subscribe((event) => listed.push(event))
    // Reads and account queries need no approval.
    expect(await c.request({ method: 'eth_accounts', network: 'eip155:8453' })).toEqual([address])
    expect(listed).toEqual([])
    const rejected = c.request({
      method: 'personal_sign',
      params: ['0x68656c6c6f', address],
      network: 'eip155:8453',
    })
    const approved = c.request({
      method: 'personal_sign',
      params: ['0x776f726c64', address],
      network: 'eip155:8453',
    })
    expect(listed.at(-1)).toMatchObject({
      type: 'pendingRequests',
      requests: [
        {
          id: 1,
          method: 'personal_sign',
          inFrame: true,
          network: 'eip155:8453',
          params: ['0x68656c6c6f', address],
        },
        { id: 2, method: 'personal_sign', inFrame: true },
      ],
    })
    c.cancelRequest?.(1)
    await expect(rejected).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' })
    c.approveRequest?.(2)
    const signature = (await approved) as Hex
    expect(await verifyMessage({ address, message: { raw: '0x776f726c64' }, signature })).toBe(true)
    expect(listed.at(-1)).toEqual({ type: 'pendingRequests', requests: [] })
    // Signing out rejects what still waits.
    const waiting = c
      .request({ method: 'personal_sign', params: ['0x00', address], network: 'eip155:8453' })
      .catch((error: unknown) => error)
    await c.disconnect()
    expect(await waiting).toMatchObject({ code: 4001 })
    d.close()
  })
})

describe('reconnect', () => {
  it('restores the wallet after a reload from the device share, refreshing the session with the device key', async () => {
    const { server, d: first, c } = await signedIn()
    const connected = await c.connect()
    first.close()
    // A reload: the same IndexedDB and secure storage, a new Worker.
    const reloaded = device(first.keyStore, first.storage)
    const asked: string[] = []
    const restored = await connector(reloaded, server.api, asked).reconnect()
    expect(restored?.accounts).toEqual(connected.accounts)
    expect(asked).toEqual([])
    // The device share opens it: the recovery ciphertext was never asked for.
    expect(server.shareCalls).toEqual([false, false])
    reloaded.close()
  })

  it('with storage blocked (nothing kept), restores nothing: the user logs in again', async () => {
    const { server, d: first, c } = await signedIn()
    await c.connect()
    first.close()
    const blocked = device()
    expect(await connector(blocked, server.api).reconnect()).toBeUndefined()
    blocked.close()
  })

  it('on a new device (or host site) recovers with the password to the same accounts', async () => {
    const { server, d: first, c } = await signedIn()
    const connected = await c.connect()
    const second = device()
    const asked: string[] = []
    const other = connector(second, server.api, asked)
    other.login(server.login(await other.deviceKey()))
    expect((await other.connect()).accounts).toEqual(connected.accounts)
    expect(asked).toEqual(['recover'])
    // The first device never asked for the recovery ciphertext; the new one, once it had to.
    expect(server.shareCalls).toEqual([false, false, true])
    first.close()
    second.close()
  })
})

describe('connect after a passkey login', () => {
  const passkey = {
    credentialId: 'Y3JlZGVudGlhbC1pZC0wMDAx',
    enabled: true,
    output: new Uint8Array(32).fill(7),
  }

  it('seals a new wallet under the passkey’s PRF alone, and a new device opens it with no password', async () => {
    const server = fakeApi()
    const first = device()
    const created: string[] = []
    const c = connector(first, server.api, created)
    c.login(server.login(await c.deviceKey()), passkey)
    const connected = await c.connect()
    // No password asked: the passkey protects the recovery share, and one may be added later.
    expect(created).toEqual([])
    expect(c.hasRecoveryPassword()).toBe(false)
    // What verifies a password says there is none to verify, rather than asking for one.
    await expect(c.recoveryKit('any password at all')).rejects.toMatchObject({
      code: 'RECOVERY_PASSWORD_MISSING',
    })
    const second = device()
    const asked: string[] = []
    const other = connector(second, server.api, asked)
    other.login(server.login(await other.deviceKey()), { ...passkey, output: passkey.output.slice() })
    expect((await other.connect()).accounts).toEqual(connected.accounts)
    expect(asked).toEqual([])
    first.close()
    second.close()
  })

  it('on a new device, a login without the wallet’s passkey is told only the passkey opens it (no password asked)', async () => {
    const server = fakeApi()
    const first = device()
    const c = connector(first, server.api)
    c.login(server.login(await c.deviceKey()), passkey)
    await c.connect()
    const second = device()
    const asked: string[] = []
    const other = connector(second, server.api, asked)
    // An email login (no passkey): nothing to ask for, and a clear refusal.
    other.login(server.login(await other.deviceKey()))
    await expect(other.connect()).rejects.toMatchObject({ code: 'PASSKEY_ONLY_WALLET' })
    expect(asked).toEqual([])
    first.close()
    second.close()
  })

  it('a passkey without PRF makes a wallet with a password, and the view is told why', async () => {
    const server = fakeApi()
    const first = device()
    const asked: string[] = []
    const c = connector(first, server.api, asked)
    c.login(server.login(await c.deviceKey()), { credentialId: passkey.credentialId, enabled: false })
    await c.connect()
    expect(asked).toEqual(['create-without-prf'])
    expect(c.hasRecoveryPassword()).toBe(true)
    first.close()
  })

  it('asks the password, saying why, when the passkey has no PRF or another passkey’s output', async () => {
    const server = fakeApi()
    const first = device()
    const c = connector(first, server.api)
    // A wallet with a password, and a PRF passkey's copy added while it was open.
    c.login(server.login(await c.deviceKey()), { credentialId: passkey.credentialId, enabled: false })
    const connected = await c.connect()
    server.storePrfShare((await first.vault.sealForPasskey(passkey))!)
    const second = device()
    const asked: string[] = []
    const other = connector(second, server.api, asked)
    other.login(server.login(await other.deviceKey()), { credentialId: passkey.credentialId, enabled: false })
    expect((await other.connect()).accounts).toEqual(connected.accounts)
    expect(asked).toEqual(['recover-without-prf'])
    const third = device()
    const again: string[] = []
    const wrong = connector(third, server.api, again)
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    wrong.login(server.login(await wrong.deviceKey()), { ...passkey, output: new Uint8Array(32).fill(8) })
    expect((await wrong.connect()).accounts).toEqual(connected.accounts)
    expect(again).toEqual(['recover-without-prf'])
    error.mockRestore()
    first.close()
    second.close()
    third.close()
  })
})

describe('connect with a second factor', () => {
  it('asks for the code before the shares, again when refused, and opens the same accounts', async () => {
    const { server, d: first, c } = await signedIn()
    const connected = await c.connect()
    server.requireCode('123456')
    // A new login on a new device: the API holds the auth share back until the session gives the code.
    const second = device()
    const questions: Array<{ error?: string }> = []
    const answers = ['000000', '123456']
    const other = Embedded.create({
      api: server.api,
      vault: second.vault,
      storage: second.storage,
      networks,
      askPassword: async () => password,
      askCode: async (question) => {
        questions.push(question)
        return answers.shift()!
      },
    })
    other.login(server.login(await other.deviceKey()))
    expect((await other.connect()).accounts).toEqual(connected.accounts)
    expect(questions).toEqual([{}, { error: 'The code is not correct' }])
    first.close()
    second.close()
  })

  it('restores nothing without asking when the session has not passed the factor', async () => {
    const { server, d: first, c } = await signedIn()
    await c.connect()
    first.close()
    server.requireCode('123456')
    const reloaded = device(first.keyStore, first.storage)
    const asked: string[] = []
    expect(await connector(reloaded, server.api, asked).reconnect()).toBeUndefined()
    expect(asked).toEqual([])
    reloaded.close()
  })
})

describe('loginProof', () => {
  it("is the device key's proof over the attempt, a fresh one each time, each good once", async () => {
    const server = fakeApi()
    const d = device()
    const c = connector(d, server.api)
    server.login(await c.deviceKey())
    const first = await c.loginProof('attempt-1')
    const second = await c.loginProof('attempt-1')
    expect(second.timestamp).toBeGreaterThan(first.timestamp)
    expect(await server.connectProofHolds('attempt-1', first)).toBe(true)
    expect(await server.connectProofHolds('attempt-1', first)).toBe(false)
    expect(await server.connectProofHolds('attempt-2', second)).toBe(false)
    expect(await server.connectProofHolds('attempt-1', second)).toBe(true)
    d.close()
  })
})

describe('switchNetwork', () => {
  it('moves across namespaces: the Solana account becomes the selected one', async () => {
    const { d, c } = await signedIn()
    const before = await c.connect()
    const events: unknown[] = []
    c.subscribe((event) => events.push(event))
    await c.switchNetwork(solanaNetwork())
    expect(events).toEqual([
      { type: 'chainChanged', network: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' },
      { type: 'accountsChanged', accounts: [before.accounts[1], before.accounts[0]] },
    ])
    await expect(c.switchNetwork(evmNetwork(1, 'Ethereum'))).rejects.toMatchObject({ code: 4902 })
    d.close()
  })
})

describe('recoveryKit', () => {
  it('fetches the recovery share for it and answers a kit that opens, under that password, to the accounts connected', async () => {
    const { server, d, c } = await signedIn()
    const { accounts } = await c.connect()
    const kit = await c.recoveryKit(password)
    // The device opened the wallet by itself; the kit alone asked for the recovery ciphertext.
    expect(server.shareCalls).toEqual([false, true])
    const opened = await Kit.open(kit, password)
    expect(accounts).toContain(`eip155:8453:${opened.keys.addresses.eip155}`)
    expect(accounts).toContain(`solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${opened.keys.addresses.solana}`)
    // What crosses comlink of the Worker's error: its name and message.
    await expect(c.recoveryKit('a wrong recovery password')).rejects.toMatchObject({
      name: 'WrongRecoveryPasswordError',
      message: 'The recovery password is not correct; try again',
    })
    await c.disconnect()
    await expect(c.recoveryKit(password)).rejects.toMatchObject({ code: 'NOT_SIGNED_IN' })
    d.close()
  })
})

describe('exportTo', () => {
  it('hands the Worker a port on which the password opens the phrase of the wallet connected', async () => {
    const { server, d, c } = await signedIn()
    const { accounts } = await c.connect()
    const { port1, port2 } = new MessageChannel()
    await c.exportTo(port1)
    expect(server.shareCalls).toEqual([false, true])
    const window = windowEnd(port2)
    // An email wallet with no passkey: the password alone is offered.
    expect(await window.next('offer')).toEqual({ type: 'offer', password: true })
    port2.postMessage({ type: 'reveal', password })
    const revealed = await window.next<{ evmPrivateKey: Hex; addresses: { solana: string } }>('revealed')
    expect(accounts).toContain(`eip155:8453:${privateKeyToAccount(revealed.evmPrivateKey).address}`)
    expect(accounts).toContain(`solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${revealed.addresses.solana}`)
    port2.close()
    d.close()
  })

  it('asks a user with a factor for a fresh code, again after a wrong one, before the Worker serves the window', async () => {
    const questions: unknown[] = []
    const codes = ['000000', '123456']
    const { server, d, c, login } = await signedIn({
      askCode: async (question) => {
        questions.push(question)
        return codes.shift()!
      },
    })
    await c.connect()
    server.requireCode('123456', [login.tokens.accessToken])
    const { port1 } = new MessageChannel()
    await c.exportTo(port1)
    expect(questions).toEqual([{ action: 'export' }, { action: 'export', error: 'The code is not correct' }])
    expect(server.passes).toEqual(['export'])
    port1.close()
    d.close()
  })

  it('serves no window when the user declines the code', async () => {
    const { server, d, c, login } = await signedIn({
      askCode: async () => {
        throw new UserRejectedRequestError()
      },
    })
    await c.connect()
    server.requireCode('123456', [login.tokens.accessToken])
    const { port1 } = new MessageChannel()
    await expect(c.exportTo(port1)).rejects.toMatchObject({ code: 4001 })
    // No pass was signed, so the Worker was never asked; the recovery ciphertext was not fetched either.
    expect(server.passes).toEqual([])
    expect(server.shareCalls).toEqual([false])
    port1.close()
    d.close()
  })
})

describe('exportTo with a passkey', () => {
  const credentialId = 'Y3JlZGVudGlhbC1pZC0wMDAx'
  const output = new Uint8Array(32).fill(7)

  /** A wallet its PRF passkey alone protects, open on its first device, and the window's end of an export. */
  async function passkeyWallet(options: Pick<Embedded.create.Options, 'askCode'> = {}) {
    const server = fakeApi()
    const d = device()
    const asked: string[] = []
    const c = connector(d, server.api, asked, options)
    const login = server.login(await c.deviceKey())
    c.login(login, { credentialId, enabled: true, output: output.slice() })
    const { accounts } = await c.connect()
    const { port1, port2 } = new MessageChannel()
    await c.exportTo(port1)
    return { server, d, c, login, accounts, asked, port: port2, window: windowEnd(port2) }
  }
  type Offered = { password: boolean; passkey: { challenge: string } }

  it('opens a wallet with no password by a touch in the window: the phrase derives its accounts', async () => {
    const { server, d, accounts, asked, port, window } = await passkeyWallet()
    const offer = await window.next<Offered>('offer')
    // No password to ask for: the window offers the passkey alone, over the API's challenge.
    expect(offer.password).toBe(false)
    port.postMessage(touchOf(credentialId, offer.passkey.challenge, output))
    const revealed = await window.next<{ evmPrivateKey: Hex; addresses: { solana: string } }>('revealed')
    expect(accounts).toContain(`eip155:8453:${privateKeyToAccount(revealed.evmPrivateKey).address}`)
    expect(accounts).toContain(`solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${revealed.addresses.solana}`)
    expect(server.passes).toEqual(['export'])
    expect(asked).toEqual([])
    port.close()
    d.close()
  })

  it('refuses a passkey that keeps no copy, a wrong PRF output and another credential’s output, with a fresh challenge after each', async () => {
    const { server, d, accounts, port, window } = await passkeyWallet()
    const other = 'b3RoZXItY3JlZGVudGlhbC0wMDAy'
    server.addPasskey(other)
    let offer = await window.next<Offered>('offer')
    port.postMessage(touchOf(other, offer.passkey.challenge, output))
    expect(await window.next('refused', 1)).toMatchObject({ code: 'PASSKEY_PRF_MISSING' })
    offer = await window.next<Offered>('offer', 2)
    port.postMessage(touchOf(credentialId, offer.passkey.challenge, new Uint8Array(32).fill(8)))
    expect(await window.next('refused', 2)).toMatchObject({ code: 'PRF_RECOVERY_FAILED' })
    offer = await window.next<Offered>('offer', 3)
    // The output of one passkey handed with the assertion of another.
    const mixed = touchOf(credentialId, offer.passkey.challenge, output)
    port.postMessage({ ...mixed, prf: { ...mixed.prf, credentialId: other } })
    expect(await window.next('refused', 3)).toMatchObject({ code: 'PRF_RECOVERY_FAILED' })
    offer = await window.next<Offered>('offer', 4)
    port.postMessage(touchOf(credentialId, offer.passkey.challenge, output))
    const revealed = await window.next<{ evmPrivateKey: Hex }>('revealed')
    expect(accounts).toContain(`eip155:8453:${privateKeyToAccount(revealed.evmPrivateKey).address}`)
    port.close()
    d.close()
  })

  it('with a second factor, the touch is the fresh factor (no code asked) and a replayed assertion is refused', async () => {
    const codes: unknown[] = []
    const { server, d, c, login, port, window } = await passkeyWallet({
      askCode: async (question) => {
        codes.push(question)
        return '123456'
      },
    })
    port.close()
    server.requireCode('123456', [login.tokens.accessToken])
    const { port1, port2 } = new MessageChannel()
    await c.exportTo(port1)
    const line = windowEnd(port2)
    const offer = await line.next<Offered>('offer')
    const touched = touchOf(credentialId, offer.passkey.challenge, output)
    // A right assertion with a wrong output: the API spends the challenge, the Worker refuses.
    port2.postMessage({ ...touched, prf: { ...touched.prf, output: new Uint8Array(32).fill(9) } })
    expect(await line.next('refused', 1)).toMatchObject({ code: 'PRF_RECOVERY_FAILED' })
    await line.next('offer', 2)
    // The same assertion again, now with the right output: its challenge is spent.
    port2.postMessage(touched)
    expect(await line.next('refused', 2)).toMatchObject({ code: 'PASSKEY_REJECTED' })
    expect(line.messages.some((message) => message.type === 'revealed')).toBe(false)
    expect(codes).toEqual([])
    expect(window.messages.some((message) => message.type === 'revealed')).toBe(false)
    port2.close()
    d.close()
  })

  it('offers both on a wallet with a password and a PRF passkey’s copy', async () => {
    const server = fakeApi()
    const d = device()
    const c = connector(d, server.api)
    c.login(server.login(await c.deviceKey()))
    await c.connect()
    server.storePrfShare((await d.vault.sealForPasskey({ credentialId, output }))!)
    const { port1, port2 } = new MessageChannel()
    await c.exportTo(port1)
    const window = windowEnd(port2)
    const offer = await window.next<Offered>('offer')
    expect(offer.password).toBe(true)
    port2.postMessage(touchOf(credentialId, offer.passkey.challenge, output))
    expect(await window.next('revealed')).toMatchObject({ type: 'revealed' })
    port2.close()
    d.close()
  })
})

describe('disconnect', () => {
  it('signs out: the API revokes the session, this device forgets it, calls are refused', async () => {
    const { server, d, c, login } = await signedIn()
    const { accounts } = await c.connect()
    await c.disconnect()
    expect(server.revoked).toEqual([login.tokens.accessToken])
    expect(d.storage.keys()).toEqual([])
    await expect(
      c.request({
        method: 'personal_sign',
        params: ['0x00', accounts[0]!.split(':')[2]],
        network: 'eip155:8453',
      }),
    ).rejects.toMatchObject({ message: 'Address or auth connector not found' })
    expect(await connector(device(d.keyStore, d.storage), server.api).reconnect()).toBeUndefined()
    d.close()
  })
})
