// The sign-in flow on a core with a fake wallet that really signs (viem), the
// real EIP-4361 writer (chains/eip155) and an in-memory API that issues nonces and keeps sessions.
import { createHmac } from 'node:crypto'
import { revocationMessage, type SessionRecord, type SignInSession } from '@walletframe/protocol'
import { evmNetwork } from '@walletframe/protocol/testing'
import type { Hex } from 'viem'
import { createPublicClient, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { parseSiweMessage, verifySiweMessage } from 'viem/siwe'
import { describe, expect, it, vi } from 'vitest'
import { chain as eip155 } from '../../chains/eip155/chain.js'
import type { SessionsApi } from '../../data/sessions.js'
import { connectFake, coreWith } from '../../testing.js'
import { signInMessages } from '../signInMessages.js'
import * as Siwx from '../siwx.js'
import * as Navigation from './navigation.js'
import * as SignIn from './signIn.js'
import * as SignInGate from './signInGate.js'

const base = evmNetwork(8453, 'Base')
const origin = 'https://app.example'

/** The API's session calls, in memory: nonces issued once, sessions stored with a revocation key. */
function memoryApi() {
  const nonces = new Set<string>()
  const sessions = new Map<string, { session: SignInSession; key: string; status: SessionRecord['status'] }>()
  let counter = 0
  const revoked: { id: string; signature: string }[] = []
  const api = {
    nonce: vi.fn(async () => {
      const nonce = `nonce${++counter}abcdef`
      nonces.add(nonce)
      return { nonce, expiresAt: new Date(Date.now() + 300_000).toISOString() }
    }),
    create: vi.fn(async (_origin: string, session: SignInSession) => {
      if (!nonces.delete(session.data.nonce))
        throw Object.assign(new Error('Sign-in rejected'), { status: 401 })
      const id = `session${String(++counter).padStart(15, '0')}`
      const key = 'ab'.repeat(32)
      sessions.set(id, { session, key, status: 'active' })
      return { id, revocationKey: key }
    }),
    get: vi.fn(async (id: string): Promise<SessionRecord> => {
      const found = sessions.get(id)
      if (!found) throw Object.assign(new Error('No sign-in session has this id'), { status: 404 })
      const { data } = found.session
      return {
        id,
        status: found.status,
        address: data.accountAddress,
        chainId: data.chainId,
        domain: data.domain,
        uri: data.uri,
        nonce: data.nonce,
        issuedAt: data.issuedAt,
      }
    }),
    revoke: vi.fn(async (id: string, body: { pci: string; signature: string }) => {
      revoked.push({ id, signature: body.signature })
      return { id, status: 'revoked' }
    }),
  } satisfies SessionsApi
  return { api, sessions, revoked }
}

async function setup(options: { required?: boolean } = {}) {
  const signer = privateKeyToAccount(generatePrivateKey())
  const core = coreWith([base])
  core.siwx.set({ config: { required: options.required ?? false }, sessions: [] })
  const connector = await connectFake(core, {
    accounts: [`eip155:8453:${signer.address}`],
    network: 'eip155:8453',
  })
  connector.request.mockImplementation(async ({ params }: { params?: unknown }) => {
    const [hex] = params as [Hex]
    return signer.signMessage({ message: { raw: hex } })
  })
  const { api, sessions, revoked } = memoryApi()
  const deps: SignIn.Deps = { ...core, api, origin, appName: 'App', chain: async () => eip155 }
  return { core, connector, deps, api, sessions, revoked, signer }
}

describe('the connect flow', () => {
  it('opens SIWXSignMessage after connect when the host wants sign-in, and close is refused while it is required', async () => {
    const { core } = await setup({ required: true })
    expect(Navigation.current(core)).toBe('SIWXSignMessage')
    expect(core.modal.get().open).toBe(true)
    expect(SignInGate.canClose(core)).toBe(false)
    SignInGate.close(core)
    expect(core.modal.get()).toMatchObject({ open: true, shake: true })
  })

  it('closes after connect when the host wants no sign-in', async () => {
    const core = coreWith([base])
    Navigation.open(core)
    await connectFake(core, {
      accounts: [`eip155:8453:${privateKeyToAccount(generatePrivateKey()).address}`],
      network: 'eip155:8453',
    })
    expect(core.modal.get().open).toBe(false)
  })
})

describe('signIn', () => {
  it('signs an EIP-4361 message for the host origin with a nonce from the API, stores the session and closes', async () => {
    const { core, deps, api, signer } = await setup({ required: true })
    await SignIn.signIn(deps)
    expect(api.nonce).toHaveBeenCalledWith(origin)
    const [, session] = api.create.mock.calls[0]!
    const fields = parseSiweMessage(session.message)
    expect(fields).toMatchObject({
      domain: 'app.example',
      uri: origin,
      chainId: 8453,
      address: signer.address,
    })
    expect(fields.nonce).toBe(session.data.nonce)
    const client = createPublicClient({ transport: http('http://127.0.0.1:1') })
    // An EOA's signature verifies without a node (viem recovers it first).
    expect(
      await verifySiweMessage(client, { message: session.message, signature: session.signature as Hex }),
    ).toBe(true)
    expect(core.modal.get().open).toBe(false)
    const current = Siwx.current(core.siwx.get(), core.connection.get(), core.networks.get().active)
    expect(current?.session).toEqual(session)
    expect(JSON.parse(core.storage.getItem(Siwx.storageKey) ?? '[]')).toHaveLength(1)
    expect(SignInGate.canClose(core)).toBe(true)
  })

  it('says "Signature declined" when the wallet refuses, and stays on the view', async () => {
    const { core, deps, connector, api } = await setup({ required: true })
    connector.request.mockRejectedValueOnce(Object.assign(new Error('User rejected'), { code: 4001 }))
    await SignIn.signIn(deps)
    expect(core.toasts.get()).toMatchObject({ variant: 'error', message: signInMessages.declined })
    expect(Navigation.current(core)).toBe('SIWXSignMessage')
    expect(core.modal.get().open).toBe(true)
    expect(api.create).not.toHaveBeenCalled()
    expect(core.siwx.get().sessions).toEqual([])
  })

  it("shows the API's refusal and keeps the view", async () => {
    const { core, deps, api } = await setup({ required: true })
    api.create.mockRejectedValueOnce(new Error('Sign-in rejected (NONCE_REJECTED): sign in again'))
    await SignIn.signIn(deps)
    expect(core.toasts.get().message).toBe('Sign-in rejected (NONCE_REJECTED): sign in again')
    expect(Navigation.current(core)).toBe('SIWXSignMessage')
  })
})

describe('cancel', () => {
  it('disconnects and goes back to Connect when sign-in is required', async () => {
    const { core, deps } = await setup({ required: true })
    await SignIn.cancel(deps)
    expect(core.connection.get().status).toBe('disconnected')
    expect(Navigation.current(core)).toBe('Connect')
  })

  it('closes and stays connected when sign-in is optional', async () => {
    const { core, deps } = await setup({ required: false })
    await SignIn.cancel(deps)
    expect(core.modal.get().open).toBe(false)
    expect(core.connection.get().status).toBe('connected')
  })
})

describe('kept sessions', () => {
  it('loads what storage holds, drops a list it cannot parse, and keeps sessions the API cannot be asked about', async () => {
    const { core, deps, api } = await setup()
    await SignIn.signIn(deps)
    const kept = core.storage.getItem(Siwx.storageKey)!

    core.siwx.set({ config: undefined, sessions: [] })
    core.storage.setItem(Siwx.storageKey, '[{"id":"junk"}]')
    SignIn.load(deps, { required: false })
    expect(core.siwx.get().sessions).toEqual([])
    expect(core.storage.getItem(Siwx.storageKey)).toBeNull()

    core.storage.setItem(Siwx.storageKey, kept)
    SignIn.load(deps, { required: false })
    expect(core.siwx.get().sessions).toHaveLength(1)
    api.get.mockRejectedValueOnce(Object.assign(new Error('no answer'), { status: 0 }))
    await SignIn.check(deps)
    expect(core.siwx.get().sessions).toHaveLength(1)
  })

  it('drops a session the API says was revoked', async () => {
    const { core, deps, sessions } = await setup()
    await SignIn.signIn(deps)
    for (const entry of sessions.values()) entry.status = 'revoked'
    await SignIn.check(deps)
    expect(core.siwx.get().sessions).toEqual([])
    expect(SignInGate.needed(core)).toBe(true)
  })

  it('revokes every session with the MAC of its key when the connection ends', async () => {
    const { core, deps, revoked } = await setup()
    const ended = vi.fn(() => SignIn.signOut(deps))
    SignInGate.watch(core, ended)
    await SignIn.signIn(deps)
    const [signedIn] = core.siwx.get().sessions
    await core.connection.connector()?.disconnect()
    core.connection.detach()
    expect(ended).toHaveBeenCalledOnce()
    await vi.waitFor(() => expect(revoked).toHaveLength(1))
    const expected = createHmac('sha256', Buffer.from(signedIn!.revocationKey, 'hex'))
      .update(revocationMessage(signedIn!.id))
      .digest('hex')
    expect(revoked[0]).toEqual({ id: signedIn!.id, signature: expected })
    expect(core.siwx.get().sessions).toEqual([])
    expect(core.storage.getItem(Siwx.storageKey)).toBeNull()
  })
})

describe('adopt (signed while connecting)', () => {
  it('stores the session the wallet signed at connect; when the API refuses it, asks the account to sign', async () => {
    const { core, deps, api, signer } = await setup()
    await SignIn.signIn(deps)
    const session = api.create.mock.calls[0]![1]
    // Its nonce is spent: the API refuses it a second time.
    core.siwx.set((state) => ({ ...state, sessions: [], signedAtConnect: session }))
    expect(SignInGate.needed(core)).toBe(false)
    await SignIn.adopt(deps)
    expect(core.siwx.get().signedAtConnect).toBeUndefined()
    expect(Navigation.current(core)).toBe('SIWXSignMessage')

    const { nonce } = await api.nonce()
    const prepared = eip155.prepareSignIn(base, {
      address: signer.address,
      domain: 'app.example',
      uri: origin,
      statement: 'Sign in to App',
      nonce,
      issuedAt: new Date(),
      expirationTime: new Date(Date.now() + 60_000),
    })
    const fresh = {
      data: prepared.data,
      message: prepared.message,
      signature: await signer.signMessage({ message: prepared.message }),
    }
    core.siwx.set((state) => ({ ...state, signedAtConnect: fresh }))
    await SignIn.adopt(deps)
    expect(core.siwx.get().sessions.map((signedIn) => signedIn.session)).toEqual([fresh])
  })
})
