import { describe, expect, it } from 'vitest'
import { Cacao, SignInData, SignInSession } from './siwx.js'

const data = {
  domain: 'app.example',
  accountAddress: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
  uri: 'https://app.example/',
  version: '1',
  chainId: 'eip155:8453',
  nonce: 'a1B2c3D4e5',
  issuedAt: '2026-01-02T03:04:05.678Z',
  expirationTime: '2026-01-02T03:14:05.678Z',
  statement: 'Sign in to App',
}

const message = [
  'app.example wants you to sign in with your Ethereum account:',
  data.accountAddress,
  '',
  data.statement,
  '',
  `URI: ${data.uri}`,
  'Version: 1',
  'Chain ID: 8453',
  `Nonce: ${data.nonce}`,
  `Issued At: ${data.issuedAt}`,
  `Expiration Time: ${data.expirationTime}`,
].join('\n')

// CAIP-74's own test case (https://chainagnostic.org/CAIPs/caip-74#test-cases), with `version` as the
// string its schema declares (the example writes the number 1).
const caip74Example = {
  h: { t: 'eip4361' },
  p: {
    aud: 'http://localhost:3000/login',
    exp: '2022-03-10T18:09:21.481+03:00',
    iat: '2022-03-10T17:09:21.481+03:00',
    iss: 'did:pkh:eip155:1:0xBAc675C310721717Cd4A37F6cbeA1F081b1C2a07',
    nbf: '2022-03-10T17:09:21.481+03:00',
    nonce: '328917',
    domain: 'localhost:3000',
    version: '1',
    requestId: 'request-id-random',
    resources: [
      'ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq',
      'https://example.com/my-web2-claim.json',
    ],
    statement: 'I accept the ServiceOrg Terms of Service: https://service.org/tos',
  },
  s: {
    s: '5ccb134ad3d874cbb40a32b399549cd32c953dc5dc87dc64624a3e3dc0684d7d4833043dd7e9f4a6894853f8dc555f97bc7e3c7dd3fcc66409eb982bff3a44671b',
    t: 'eip191',
  },
}

describe('SignInSession', () => {
  it('accepts the data, message and signature of an EIP-4361 sign-in', () => {
    const session = { data, message, signature: `0x${'ab'.repeat(65)}` }
    expect(SignInSession.parse(session)).toEqual(session)
  })

  it('accepts a Sign In With Solana session and a CACAO', () => {
    const session = {
      data: {
        ...data,
        accountAddress: 'GwAF45zjfyGzUbd3i3hXxzGeuchzEZXwpRYHZM5912F1',
        chainId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      },
      message: 'app.example wants you to sign in with your Solana account:\n…',
      signature: '5'.repeat(88),
      cacao: caip74Example,
    }
    expect(SignInSession.parse(session)).toEqual(session)
  })

  it('refuses what CAIP-122 and EIP-4361 rule out', () => {
    for (const bad of [
      { ...data, statement: 'two\nlines' },
      { ...data, nonce: '1234567' },
      { ...data, nonce: 'has space1' },
      { ...data, chainId: '8453' },
      { ...data, uri: 'app.example/login' },
      { ...data, issuedAt: '2020-02-32T00:00:00.000Z' },
      { ...data, expirationTime: 'Wed Oct 05 2011 16:48:00 GMT+0200 (CEST)' },
      { ...data, domain: '' },
      { ...data, resources: Array.from({ length: 65 }, (_, i) => `https://app.example/${i}`) },
    ])
      expect(SignInData.safeParse(bad).success).toBe(false)
  })

  it('bounds what a caller can make the server hold', () => {
    const signature = `0x${'ab'.repeat(65)}`
    expect(SignInSession.safeParse({ data, message: 'x'.repeat(16_385), signature }).success).toBe(false)
    expect(SignInSession.safeParse({ data, message, signature: `0x${'a'.repeat(16_383)}` }).success).toBe(
      false,
    )
    expect(SignInSession.safeParse({ data, message: 'nul\u0000', signature }).success).toBe(false)
  })
})

describe('Cacao', () => {
  it("reads CAIP-74's test case", () => {
    expect(Cacao.parse(caip74Example)).toEqual(caip74Example)
  })

  it('needs a did:pkh issuer', () => {
    const example = {
      ...caip74Example,
      p: { ...caip74Example.p, iss: '0xBAc675C310721717Cd4A37F6cbeA1F081b1C2a07' },
    }
    expect(Cacao.safeParse(example).success).toBe(false)
  })
})
