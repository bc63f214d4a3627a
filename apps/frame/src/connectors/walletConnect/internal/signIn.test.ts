// One-click sign-in over WalletConnect: the proposal's request (eip155 only, with a ReCap) and the
// session a wallet's CACAO makes — the exact text the wallet signed, which viem verifies.
import type { AuthTypes } from '@walletconnect/types'
import { buildAuthObject, formatMessage, getRecapFromResources } from '@walletconnect/utils'
import { createPublicClient, type Hex, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { parseSiweMessage, verifySiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import * as SignIn from './signIn.js'

const request: SignIn.SignInRequest = {
  chains: ['eip155:1', 'eip155:8453'],
  domain: 'app.example',
  uri: 'https://app.example',
  nonce: 'nonce1234567',
  statement: 'Sign in to App',
  expirationTime: new Date('2030-01-01T00:00:00.000Z'),
}

describe('authentication', () => {
  it('asks for the eip155 chains with a ReCap of the methods the app calls', () => {
    const params = SignIn.authentication(request)
    expect(params).toMatchObject({ chains: request.chains, domain: 'app.example', nonce: 'nonce1234567' })
    expect(params.exp).toBe('2030-01-01T00:00:00.000Z')
    expect(getRecapFromResources(params.resources)).toMatch(/^urn:recap:/)
  })

  it('refuses other namespaces: only eip155, use .connect() for the others', () => {
    expect(() =>
      SignIn.authentication({ ...request, chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'] }),
    ).toThrow(SignIn.onlyEip155Message)
    expect(() =>
      SignIn.authentication({ ...request, chains: ['eip155:1', 'bip122:000000000019d6689c085ae165831e93'] }),
    ).toThrow(SignIn.UnsupportedAuthenticationError)
  })
})

describe('toSession', () => {
  it('rebuilds the message the wallet signed, with the ReCap statement, and keeps the CACAO', async () => {
    const signer = privateKeyToAccount(generatePrivateKey())
    const params = SignIn.authentication(request)
    const iss = `did:pkh:eip155:8453:${signer.address}`
    const payload = {
      ...params,
      chains: ['eip155:8453'],
      aud: params.uri,
      version: '1',
      iat: new Date().toISOString(),
    } as AuthTypes.PayloadParams
    const signed = formatMessage(payload, iss)
    const cacao = buildAuthObject(
      payload,
      { t: 'eip191', s: await signer.signMessage({ message: signed }) },
      iss,
    )

    const session = SignIn.toSession(cacao)!
    expect(session.message).toBe(signed)
    expect(session.data).toMatchObject({
      accountAddress: signer.address,
      chainId: 'eip155:8453',
      domain: 'app.example',
      uri: 'https://app.example',
      nonce: 'nonce1234567',
    })
    // The statement as signed: the app's, then what the ReCap grants.
    expect(session.data.statement).toMatch(/^Sign in to App I further authorize/)
    expect(parseSiweMessage(session.message).statement).toBe(session.data.statement)
    expect(session.cacao?.p.iss).toBe(iss)
    const client = createPublicClient({ transport: http('http://127.0.0.1:1') })
    expect(
      await verifySiweMessage(client, { message: session.message, signature: session.signature as Hex }),
    ).toBe(true)
  })

  it('makes no session of a CACAO for another namespace', () => {
    const cacao = {
      h: { t: 'caip122' },
      p: {
        iss: 'did:pkh:solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:abc',
        domain: 'app.example',
        nonce: 'n',
        aud: 'https://app.example',
        iat: '2030-01-01T00:00:00Z',
      },
      s: { t: 'eip191', s: '0x00' },
    } as AuthTypes.Cacao
    expect(SignIn.toSession(cacao)).toBeUndefined()
  })
})
