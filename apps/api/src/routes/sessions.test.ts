// Sign-in sessions against the devstack's anvil chains and an in-memory PGlite: nonces bound to a
// project and an origin, sessions signed by an EOA, by a not yet deployed smart account (ERC-6492,
// checked on the chain) and by a Solana key, read back, replayed, revoked.
import { createHmac, generateKeyPairSync, sign } from 'node:crypto'
import { createSignInMessageText } from '@solana/wallet-standard-util'
import {
  artifacts,
  erc1271AccountFactoryAddress,
  erc1271CreateAccountData,
  startDevstack,
} from '@walletframe/devstack'
import {
  ApiErrorBody,
  CreatedSession,
  RevokedSession,
  revocationMessage,
  SessionNonce,
  SessionRecord,
  type SignInData,
  type SignInSession,
} from '@walletframe/protocol'
import bs58 from 'bs58'
import {
  type Address,
  createPublicClient,
  type Hex,
  hashMessage,
  http,
  type LocalAccount,
  serializeErc6492Signature,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as SignIn from '../db/signIn.js'
import { startApi } from '../startApi.js'

const origin = 'https://app.example'
const otherOrigin = 'https://other.example'

let stack: Awaited<ReturnType<typeof startDevstack>>
let api: Awaited<ReturnType<typeof startApi>>

beforeAll(async () => {
  stack = await startDevstack({ solana: false, relay: false, quiet: true })
  api = await startApi({
    config: {
      ...stack.chainsFile,
      projects: [
        { id: 'app', name: 'App', allowedOrigins: [origin, otherOrigin] },
        { id: 'other', name: 'Other', allowedOrigins: [origin] },
      ],
      options: { indexer: { enabled: false } },
    },
    databaseUrl: undefined,
  })
})

afterAll(async () => {
  await api?.stop()
  await stack?.stop()
})

const account = (index: number) =>
  privateKeyToAccount(stack.chainsFile.accounts.evm[index]!.privateKey as Hex)
const base = () =>
  createPublicClient({
    transport: http(stack.chainsFile.networks.find((n) => n.id === 8453)!.rpcUrls.default.http[0]),
  })

const request = (path: string, body?: unknown, project = 'app') =>
  fetch(`${api.url}${path}?projectId=${project}`, {
    ...(body === undefined
      ? {}
      : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  })

async function nonce(forOrigin = origin, project = 'app'): Promise<string> {
  const response = await request('/v1/sessions/nonce', { origin: forOrigin }, project)
  expect(response.status).toBe(200)
  return SessionNonce.parse(await response.json()).nonce
}

/** A SIWE message as the frame writes it for `forOrigin`, and its data. */
function siwe(address: Address, nonceValue: string, forOrigin = origin, expiresInMs = 600_000) {
  const issuedAt = new Date()
  const expirationTime = new Date(issuedAt.getTime() + expiresInMs)
  const domain = new URL(forOrigin).host
  const message = createSiweMessage({
    domain,
    address,
    uri: forOrigin,
    version: '1',
    chainId: 8453,
    nonce: nonceValue,
    issuedAt,
    expirationTime,
    statement: 'Sign in to App',
  })
  const data: SignInData = {
    domain,
    accountAddress: address,
    uri: forOrigin,
    version: '1',
    chainId: 'eip155:8453',
    nonce: nonceValue,
    issuedAt: issuedAt.toISOString(),
    expirationTime: expirationTime.toISOString(),
    statement: 'Sign in to App',
  }
  return { data, message }
}

async function eoaSession(signer: LocalAccount, options: { forOrigin?: string; nonce?: string } = {}) {
  const forOrigin = options.forOrigin ?? origin
  const { data, message } = siwe(signer.address, options.nonce ?? (await nonce(forOrigin)), forOrigin)
  return { data, message, signature: await signer.signMessage({ message }) } satisfies SignInSession
}

const create = (session: SignInSession, forOrigin = origin, project = 'app') =>
  request('/v1/sessions', { origin: forOrigin, session }, project)

async function rejection(response: Response, status: number) {
  expect(response.status).toBe(status)
  return ApiErrorBody.parse(await response.json())
}

const mac = (key: string, id: string) =>
  createHmac('sha256', Buffer.from(key, 'hex')).update(revocationMessage(id)).digest('hex')

describe('POST /v1/sessions/nonce', () => {
  it('issues a fresh nonce for an origin the project allows, and refuses any other', async () => {
    const first = await nonce()
    expect(first).toMatch(/^[a-f0-9]{32}$/)
    expect(await nonce()).not.toBe(first)
    const refused = await rejection(
      await request('/v1/sessions/nonce', { origin: 'https://evil.example' }),
      403,
    )
    expect(refused.code).toBe('ORIGIN_NOT_ALLOWED')
    const malformed = await rejection(await request('/v1/sessions/nonce', { origin: 'app.example' }), 400)
    expect(malformed.field).toBe('body.origin')
  })
})

describe('POST /v1/sessions', () => {
  it("stores an EOA's session once: the same signed session again is refused", async () => {
    const signer = account(0)
    const session = await eoaSession(signer)
    const response = await create(session)
    expect(response.status).toBe(200)
    const created = CreatedSession.parse(await response.json())
    expect(created.id).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(created.revocationKey).toMatch(/^[a-f0-9]{64}$/)

    const record = SessionRecord.parse(await (await request(`/v1/sessions/${created.id}`)).json())
    expect(record).toMatchObject({
      id: created.id,
      status: 'active',
      address: signer.address,
      chainId: 'eip155:8453',
      domain: 'app.example',
      uri: origin,
      nonce: session.data.nonce,
      issuedAt: session.data.issuedAt,
      expiresAt: session.data.expirationTime,
    })

    const replayed = await rejection(await create(session), 401)
    expect(replayed.code).toBe('SIGN_IN_REJECTED')
    expect(replayed.error).toContain('NONCE_REJECTED')
  })

  it("refuses a nonce issued for another origin or project, and a message for another site than the body's", async () => {
    const signer = account(1)
    // Issued to other.example, signed for app.example: the nonce is not app.example's.
    const crossOrigin = await eoaSession(signer, { nonce: await nonce(otherOrigin) })
    expect((await rejection(await create(crossOrigin), 401)).error).toContain('NONCE_REJECTED')
    // Issued to project "other": not project "app"'s.
    const crossProject = await eoaSession(signer, { nonce: await nonce(origin, 'other') })
    expect((await rejection(await create(crossProject), 401)).error).toContain('NONCE_REJECTED')
    // Signed for app.example, presented as other.example's.
    const otherSite = await eoaSession(signer)
    expect((await rejection(await create(otherSite, otherOrigin), 401)).error).toContain('DOMAIN_MISMATCH')
    // None of the refusals above spent the nonce of the session that was checked for its site.
    expect((await create(otherSite)).status).toBe(200)
  })

  it('refuses a signature by another key and a tampered message', async () => {
    const { data, message } = siwe(account(2).address, await nonce())
    const byOther = { data, message, signature: await account(3).signMessage({ message }) }
    expect((await rejection(await create(byOther), 401)).error).toContain('INVALID_SIGNATURE')

    const session = await eoaSession(account(2))
    const tampered = { ...session, message: session.message.replace('Sign in to App', 'Sign in to Bank') }
    const refused = await rejection(
      await create({ ...tampered, data: { ...session.data, statement: 'Sign in to Bank' } }),
      401,
    )
    expect(refused.error).toContain('INVALID_SIGNATURE')
  })

  it("accepts a not yet deployed smart account's ERC-6492 signature, checked on the API's node", async () => {
    const owner = account(4)
    const factory = { address: erc1271AccountFactoryAddress, abi: artifacts.erc1271AccountFactory().abi }
    const address = (await base().readContract({
      ...factory,
      functionName: 'getAddress',
      args: [owner.address, 7n],
    })) as Address
    expect(await base().getCode({ address })).toBeUndefined()
    const { data, message } = siwe(address, await nonce())
    const signature = serializeErc6492Signature({
      address: erc1271AccountFactoryAddress,
      data: erc1271CreateAccountData(owner.address, 7n),
      signature: await owner.sign({ hash: hashMessage(message) }),
    })
    const response = await create({ data, message, signature })
    expect(response.status).toBe(200)
    const { id } = CreatedSession.parse(await response.json())
    expect(SessionRecord.parse(await (await request(`/v1/sessions/${id}`)).json()).address).toBe(address)
  })

  it('accepts a Sign In With Solana session', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519')
    const address = bs58.encode(Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url'))
    const fields = {
      domain: 'app.example',
      uri: origin,
      version: '1',
      nonce: await nonce(),
      issuedAt: new Date().toISOString(),
      statement: 'Sign in to App',
    }
    const message = createSignInMessageText({ ...fields, address, chainId: 'devnet' })
    const session: SignInSession = {
      data: { ...fields, accountAddress: address, chainId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1' },
      message,
      signature: bs58.encode(sign(null, Buffer.from(message), privateKey)),
    }
    const response = await create(session)
    expect(response.status).toBe(200)
    const { id } = CreatedSession.parse(await response.json())
    const record = SessionRecord.parse(await (await request(`/v1/sessions/${id}`)).json())
    expect(record).toMatchObject({ status: 'active', address, chainId: session.data.chainId })
    expect(record.expiresAt).toBeUndefined()
  })

  it('reports a session past its expiration time as expired', async () => {
    const signer = account(5)
    const { data, message } = siwe(signer.address, await nonce(), origin, 1_000)
    const response = await create({ data, message, signature: await signer.signMessage({ message }) })
    const { id } = CreatedSession.parse(await response.json())
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    expect(SessionRecord.parse(await (await request(`/v1/sessions/${id}`)).json()).status).toBe('expired')
  })

  it('refuses a nonce past its time, once only, in the database', async () => {
    const db = api.database.db
    const now = new Date()
    await SignIn.insertNonce(db, {
      nonce: 'expiring0000',
      projectId: 'app',
      origin,
      expiresAt: new Date(now.getTime() + 60_000),
    })
    const scope = { projectId: 'app', origin }
    expect(
      await SignIn.spendNonce(db, 'expiring0000', { ...scope, now: new Date(now.getTime() + 61_000) }),
    ).toBe(false)
    const spends = await Promise.all(
      Array.from({ length: 5 }, () => SignIn.spendNonce(db, 'expiring0000', { ...scope, now })),
    )
    expect(spends.filter(Boolean)).toHaveLength(1)
  })
})

describe('GET /v1/sessions/{id} and POST /v1/sessions/{id}/revoke', () => {
  it("revokes with the session's MAC only, once, and only within its project", async () => {
    const response = await create(await eoaSession(account(6)))
    const { id, revocationKey } = CreatedSession.parse(await response.json())
    const revoke = (body: unknown, project = 'app') => request(`/v1/sessions/${id}/revoke`, body, project)

    expect((await rejection(await revoke({ pci: id, signature: mac('00'.repeat(32), id) }), 401)).code).toBe(
      'INVALID_SIGNATURE',
    )
    expect(
      (await rejection(await revoke({ pci: 'A'.repeat(22), signature: mac(revocationKey, id) }), 400)).field,
    ).toBe('body.pci')
    expect(
      (await rejection(await revoke({ pci: id, signature: mac(revocationKey, id) }, 'other'), 404)).code,
    ).toBe('SESSION_NOT_FOUND')
    expect((await rejection(await request(`/v1/sessions/${id}`, undefined, 'other'), 404)).code).toBe(
      'SESSION_NOT_FOUND',
    )

    const revoked = await revoke({ pci: id, signature: `0x${mac(revocationKey, id)}` })
    expect(RevokedSession.parse(await revoked.json())).toEqual({ id, status: 'revoked' })
    const record = SessionRecord.parse(await (await request(`/v1/sessions/${id}`)).json())
    expect(record.status).toBe('revoked')
    expect(record.revokedAt).toBeDefined()
    // Again: still revoked, at the first time.
    expect((await revoke({ pci: id, signature: mac(revocationKey, id) })).status).toBe(200)
    expect(SessionRecord.parse(await (await request(`/v1/sessions/${id}`)).json()).revokedAt).toBe(
      record.revokedAt,
    )
  })

  it('answers an unknown id with 404 and a malformed one with 400', async () => {
    expect((await rejection(await request(`/v1/sessions/${'B'.repeat(22)}`), 404)).code).toBe(
      'SESSION_NOT_FOUND',
    )
    expect((await rejection(await request('/v1/sessions/not-an-id'), 400)).code).toBe('INVALID_REQUEST')
  })
})
