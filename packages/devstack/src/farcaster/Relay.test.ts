// The relay stand-in driven by `@farcaster/auth-client` as an app and a Farcaster client would drive the
// real one, with custody checked by the client's own verifier against the local IdRegistry.
import { createAppClient, viemConnector } from '@farcaster/auth-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as Anvil from '../evm/Anvil.js'
import * as IdRegistry from './IdRegistry.js'
import * as Relay from './Relay.js'
import { signIn } from './TestClient.js'
import { farcasterUser } from './users.js'

let chain: Anvil.Anvil
let relay: Awaited<ReturnType<typeof Relay.start>>
let app: ReturnType<typeof createAppClient>
beforeAll(async () => {
  chain = await Anvil.start({ chainId: 10, accounts: 1 })
  await IdRegistry.deploy(chain.httpUrl)
  relay = await Relay.start({
    rpcUrl: chain.httpUrl,
    signIn: async (channel, user) => {
      await signIn({ relayUrl: relay.url, channel, user })
    },
  })
  app = createAppClient({ relay: relay.url, ethereum: viemConnector({ rpcUrl: chain.httpUrl }) })
}, 30_000)
afterAll(async () => {
  await relay?.stop()
  await chain?.stop()
})

const alice = farcasterUser('alice')
const request = { siweUri: 'https://frame.test/', domain: 'frame.test', acceptAuthAddress: false }

async function open(nonce = 'abcdef1234567890') {
  const created = await app.createChannel({ ...request, nonce })
  if (created.isError) throw created.error
  return created.data
}

describe('IdRegistry.deploy', () => {
  it('registers the fixture fids at the real registry address', async () => {
    expect(await IdRegistry.custodyOf(chain.httpUrl, 20_001)).toBe(alice.custody)
    expect(await IdRegistry.custodyOf(chain.httpUrl, 20_002)).toBe(farcasterUser('bob').custody)
    expect(await app.ethereum.getFid(alice.custody)).toBe(20_001n)
    expect(await app.ethereum.getFid(farcasterUser('mallory').custody)).toBe(0n)
  })
})

describe('the channel API', () => {
  it('opens a channel, completes it with a custody-signed SIWF message the auth client verifies, then closes it', async () => {
    const created = await open()
    expect(created.channelToken).toMatch(/^[2-9A-HJ-NP-Z]{8}$/)
    expect(created.url).toBe(`farcaster://connect?channelToken=${created.channelToken}`)
    expect(created.nonce).toBe('abcdef1234567890')

    const pending = await app.status({ channelToken: created.channelToken })
    expect(pending.response?.status).toBe(202)
    expect(pending.data).toMatchObject({
      state: 'pending',
      nonce: 'abcdef1234567890',
      acceptAuthAddress: false,
    })
    expect(pending.data?.signatureParams).toMatchObject({ ...request, nonce: 'abcdef1234567890' })

    const signed = await signIn({ relayUrl: relay.url, channel: created.url, user: 'alice' })
    expect(signed.message).toContain('farcaster://fid/20001')
    expect(signed.message).toContain('Farcaster Auth')

    const done = await app.status({ channelToken: created.channelToken })
    expect(done.response?.status).toBe(200)
    expect(done.data).toMatchObject({
      state: 'completed',
      message: signed.message,
      signature: signed.signature,
      fid: 20_001,
      username: 'alice',
      displayName: 'Alice Example',
      custody: alice.custody,
      verifications: [],
    })
    const verified = await app.verifySignInMessage({
      nonce: 'abcdef1234567890',
      domain: 'frame.test',
      message: done.data?.message as string,
      signature: done.data?.signature as `0x${string}`,
      acceptAuthAddress: false,
    })
    expect(verified).toMatchObject({ success: true, fid: 20_001, authMethod: 'custody' })

    // The completed answer is given once: the channel is gone after it.
    const after = await fetch(`${relay.url}/v1/channel/status`, {
      headers: { authorization: `Bearer ${created.channelToken}` },
    })
    expect(after.status).toBe(401)
    expect(await after.json()).toEqual({ error: 'Unauthorized' })
  })

  it('refuses authenticate without the relay key, and unknown channels', async () => {
    const created = await open()
    await expect(
      signIn({ relayUrl: relay.url, channel: created.url, authKey: 'not-the-key' }),
    ).rejects.toThrow(/401/)
    await expect(signIn({ relayUrl: relay.url, channel: 'ZZZZZZZZ' })).rejects.toThrow(/status 401/)
    expect(relay.channels.get(created.channelToken)?.state).toBe('pending')
  })

  it('validates bodies as the real relay does', async () => {
    const post = (body: unknown) =>
      fetch(`${relay.url}/v1/channel`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const missing = await post({ domain: 'frame.test' })
    expect(missing.status).toBe(400)
    expect(await missing.json()).toMatchObject({ error: 'Validation error' })
    expect((await post({ ...request, extra: true })).status).toBe(400)
    const restricted = await post({ ...request, domain: 'farcaster.xyz' })
    expect(restricted.status).toBe(400)
    expect(await restricted.json()).toEqual({ error: 'Domain not allowed' })
  })

  it('signs a channel in from the /connect page, as the Farcaster app would', async () => {
    const created = await open('pagenonce12345')
    const page = await fetch(`${relay.url}/connect?channelToken=${created.channelToken}`)
    const html = await page.text()
    expect(html).toContain('frame.test asks you to sign in')
    expect(html).toContain('value="alice"')
    const signed = await fetch(`${relay.url}/connect`, {
      method: 'POST',
      body: new URLSearchParams({ channelToken: created.channelToken, user: 'bob' }),
    })
    expect(await signed.text()).toContain('Signed in as @bob')
    const done = await app.status({ channelToken: created.channelToken })
    expect(done.data).toMatchObject({ state: 'completed', fid: 20_002, username: 'bob' })
  })

  it("relays a signature by a key that is not the fid's custody, which the verifier then refuses", async () => {
    const created = await open('mallorynonce123')
    await signIn({ relayUrl: relay.url, channel: created.url, user: 'mallory', fid: 20_001 })
    const done = await app.status({ channelToken: created.channelToken })
    expect(done.data?.custody).toBe(alice.custody)
    const verified = await app.verifySignInMessage({
      nonce: 'mallorynonce123',
      domain: 'frame.test',
      message: done.data?.message as string,
      signature: done.data?.signature as `0x${string}`,
      acceptAuthAddress: false,
    })
    expect(verified.isError).toBe(true)
    expect(verified.error?.message).toMatch(/does not own fid 20001/)
  })
})
