// @vitest-environment node
/// <reference types="node" />
import { generateKeyPairSync, sign } from 'node:crypto'
import { createSignInMessageText } from '@solana/wallet-standard-util'
import {
  artifacts,
  erc1271AccountFactoryAddress,
  erc1271CreateAccountData,
  startDevstack,
} from '@walletframe/devstack'
import type { SignInData, SignInSession } from '@walletframe/protocol'
import type { ChainsFile } from '@walletframe/protocol/chains'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hex,
  hashMessage,
  http,
  type LocalAccount,
  serializeErc6492Signature,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage, generateSiweNonce } from 'viem/siwe'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import * as Base58 from './internal/base58.js'
import { SessionVerificationError, type SessionVerificationErrorCode } from './SessionVerificationError.js'
import { verifySession } from './verifySession.js'

const domain = 'app.example'
const origin = 'https://app.example'
const minute = 60_000

let stack: Awaited<ReturnType<typeof startDevstack>>
let chainsFile: ChainsFile
const rpcUrl = (chainId: number) =>
  chainsFile.networks.find((network) => network.id === chainId)!.rpcUrls.default.http[0]!

beforeAll(async () => {
  stack = await startDevstack({ solana: false, relay: false, quiet: true })
  chainsFile = stack.chainsFile
})

afterAll(async () => {
  await stack?.stop()
})

/** The backend's nonce store: issued nonces, each accepted once. */
let issued: Set<string>
const issue = () => {
  const nonce = generateSiweNonce()
  issued.add(nonce)
  return nonce
}
const nonceCheck = vi.fn((nonce: string) => issued.delete(nonce))

beforeEach(() => {
  issued = new Set()
  nonceCheck.mockClear()
})

const account = (index: number) => privateKeyToAccount(chainsFile.accounts.evm[index]!.privateKey as Hex)
const base = () => createPublicClient({ transport: http(rpcUrl(8453)) })
const options = (overrides: Partial<verifySession.Options> = {}): verifySession.Options => ({
  domain,
  uri: origin,
  nonceCheck,
  publicClient: base(),
  ...overrides,
})

type Draft = {
  address: Address
  chainId?: number
  domain?: string
  uri?: string
  statement?: string
  nonce?: string
  issuedAt?: Date
  expirationTime?: Date
  notBefore?: Date
}

/** An EIP-4361 message as the frame creates it (viem), and the session data that travels with it. */
function siwe(draft: Draft): { data: SignInData; message: string } {
  const issuedAt = draft.issuedAt ?? new Date()
  const fields = {
    domain,
    uri: `${origin}/`,
    statement: 'Sign in to App',
    chainId: 8453,
    nonce: draft.nonce ?? issue(),
    expirationTime: new Date(issuedAt.getTime() + 10 * minute),
    ...draft,
    issuedAt,
    version: '1' as const,
  }
  return {
    message: createSiweMessage(fields),
    data: {
      domain: fields.domain,
      accountAddress: fields.address,
      uri: fields.uri,
      version: '1',
      chainId: `eip155:${fields.chainId}`,
      nonce: fields.nonce,
      issuedAt: issuedAt.toISOString(),
      expirationTime: fields.expirationTime.toISOString(),
      statement: fields.statement,
      ...(fields.notBefore ? { notBefore: fields.notBefore.toISOString() } : {}),
    },
  }
}

async function eoaSession(signer: LocalAccount, draft: Omit<Draft, 'address'> = {}): Promise<SignInSession> {
  const { data, message } = siwe({ address: signer.address, ...draft })
  return { data, message, signature: await signer.signMessage({ message }) }
}

const factory = { address: erc1271AccountFactoryAddress, abi: artifacts.erc1271AccountFactory().abi }

async function smartAccountAddress(owner: Address, salt: bigint): Promise<Address> {
  return (await base().readContract({
    ...factory,
    functionName: 'getAddress',
    args: [owner, salt],
  })) as Address
}

async function deploySmartAccount(owner: LocalAccount, salt: bigint): Promise<Address> {
  const chain = defineChain({
    id: 8453,
    name: 'Base',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl(8453)] } },
  })
  const wallet = createWalletClient({ chain, transport: http(), account: owner })
  const hash = await wallet.sendTransaction({
    to: erc1271AccountFactoryAddress,
    data: erc1271CreateAccountData(owner.address, salt),
  })
  await base().waitForTransactionReceipt({ hash })
  return smartAccountAddress(owner.address, salt)
}

async function rejection(promise: Promise<unknown>): Promise<SessionVerificationErrorCode> {
  const error = await promise.then(
    () => undefined,
    (error: unknown) => error,
  )
  expect(error).toBeInstanceOf(SessionVerificationError)
  return (error as SessionVerificationError).code
}

describe('verifySession', () => {
  it("accepts an EOA's signature and returns who signed in, spending the nonce once", async () => {
    const signer = account(0)
    const session = await eoaSession(signer)
    const result = await verifySession(session, options())
    expect(result).toEqual({
      address: signer.address,
      chainId: 'eip155:8453',
      domain,
      nonce: session.data.nonce,
      issuedAt: new Date(session.data.issuedAt),
      expirationTime: new Date(session.data.expirationTime!),
    })
    expect(nonceCheck).toHaveBeenCalledOnce()
    expect(nonceCheck).toHaveBeenCalledWith(session.data.nonce)
  })

  it("accepts a deployed smart account's ERC-1271 signature", async () => {
    const owner = account(2)
    const address = await deploySmartAccount(owner, 1n)
    expect((await base().getCode({ address }))?.length).toBeGreaterThan(2)
    const { data, message } = siwe({ address })
    // The account checks the hash it is given (contracts/Erc1271Account.sol): the owner signs the
    // EIP-191 digest of the message itself.
    const signature = await owner.sign({ hash: hashMessage(message) })
    const result = await verifySession({ data, message, signature }, options())
    expect(result.address).toBe(address)
  })

  it("accepts a not yet deployed smart account's ERC-6492 signature, without deploying it", async () => {
    const owner = account(3)
    const address = await smartAccountAddress(owner.address, 2n)
    expect(await base().getCode({ address })).toBeUndefined()
    const { data, message } = siwe({ address })
    const signature = serializeErc6492Signature({
      address: erc1271AccountFactoryAddress,
      data: erc1271CreateAccountData(owner.address, 2n),
      signature: await owner.sign({ hash: hashMessage(message) }),
    })
    const result = await verifySession({ data, message, signature }, options())
    expect(result.address).toBe(address)
    expect(await base().getCode({ address })).toBeUndefined()
  })

  it("rejects a smart account signature by a key that is not the account's owner", async () => {
    const address = await deploySmartAccount(account(4), 3n)
    const { data, message } = siwe({ address })
    const signature = await account(5).sign({ hash: hashMessage(message) })
    expect(await rejection(verifySession({ data, message, signature }, options()))).toBe('INVALID_SIGNATURE')
  })

  it('rejects a signature by another key', async () => {
    const { data, message } = siwe({ address: account(0).address })
    const signature = await account(1).signMessage({ message })
    expect(await rejection(verifySession({ data, message, signature }, options()))).toBe('INVALID_SIGNATURE')
  })

  it('rejects a tampered message', async () => {
    const session = await eoaSession(account(0))
    // Message and data changed alike: only the signature can tell.
    const message = session.message.replace('Sign in to App', 'Sign in to Evil')
    const data = { ...session.data, statement: 'Sign in to Evil' }
    expect(await rejection(verifySession({ ...session, message, data }, options()))).toBe('INVALID_SIGNATURE')
  })

  it('rejects session data that differs from the signed message, before spending the nonce', async () => {
    const session = await eoaSession(account(0))
    for (const data of [
      { ...session.data, statement: 'Something else' },
      { ...session.data, uri: `${origin}/other` },
      { ...session.data, expirationTime: new Date(Date.now() + 60 * minute).toISOString() },
    ])
      expect(await rejection(verifySession({ ...session, data }, options()))).toBe('DATA_MISMATCH')
    expect(nonceCheck).not.toHaveBeenCalled()
  })

  it('rejects a message with anything after its last field', async () => {
    const session = await eoaSession(account(0))
    const message = `${session.message}\nURI: https://evil.example/`
    expect(await rejection(verifySession({ ...session, message }, options()))).toBe('MALFORMED')
  })

  it('rejects a message signed for another domain', async () => {
    const session = await eoaSession(account(0), { domain: 'evil.example' })
    expect(await rejection(verifySession(session, options()))).toBe('DOMAIN_MISMATCH')
    expect(nonceCheck).not.toHaveBeenCalled()
  })

  it('rejects a URI outside the expected origin', async () => {
    const session = await eoaSession(account(0), { uri: 'https://evil.example/login' })
    expect(await rejection(verifySession(session, options()))).toBe('URI_MISMATCH')
    // Without an expected origin, the URI is the host's to judge.
    expect((await verifySession(session, options({ uri: undefined }))).domain).toBe(domain)
  })

  it('rejects an expired message', async () => {
    const session = await eoaSession(account(0), {
      issuedAt: new Date(Date.now() - 20 * minute),
      expirationTime: new Date(Date.now() - 10 * minute),
    })
    expect(await rejection(verifySession(session, options()))).toBe('EXPIRED')
    expect(nonceCheck).not.toHaveBeenCalled()
  })

  it('rejects a message before its Not Before time', async () => {
    const issuedAt = new Date('2030-01-01T00:00:00.000Z')
    const session = await eoaSession(account(0), {
      issuedAt,
      notBefore: new Date(issuedAt.getTime() + minute),
    })
    const at = (time: number) => options({ now: () => new Date(time) })
    expect(await rejection(verifySession(session, at(issuedAt.getTime())))).toBe('NOT_YET_VALID')
    expect((await verifySession(session, at(issuedAt.getTime() + minute))).nonce).toBe(session.data.nonce)
  })

  it('rejects a reused nonce', async () => {
    const session = await eoaSession(account(0))
    await verifySession(session, options())
    expect(await rejection(verifySession(session, options()))).toBe('NONCE_REJECTED')
    // A nonce the backend never issued is refused alike.
    const forged = await eoaSession(account(0), { nonce: 'NeverIssued123' })
    expect(await rejection(verifySession(forged, options()))).toBe('NONCE_REJECTED')
  })

  it('waits for an asynchronous nonceCheck', async () => {
    const session = await eoaSession(account(0))
    const check = async (nonce: string) => issued.delete(nonce)
    expect((await verifySession(session, options({ nonceCheck: check }))).nonce).toBe(session.data.nonce)
    expect(await rejection(verifySession(session, options({ nonceCheck: check })))).toBe('NONCE_REJECTED')
  })

  it("rejects a chain other than the session's or the node's", async () => {
    const onEthereum = await eoaSession(account(0), { chainId: 1 })
    // The message says chain 1, the node serves 8453.
    expect(await rejection(verifySession(onEthereum, options()))).toBe('CHAIN_MISMATCH')
    // The message says 1, the data says 8453.
    const relabelled = { ...onEthereum, data: { ...onEthereum.data, chainId: 'eip155:8453' as const } }
    expect(await rejection(verifySession(relabelled, options()))).toBe('CHAIN_MISMATCH')
  })

  it("rejects an address other than the session's account", async () => {
    const session = await eoaSession(account(0))
    const data = { ...session.data, accountAddress: account(1).address }
    expect(await rejection(verifySession({ ...session, data }, options()))).toBe('ADDRESS_MISMATCH')
  })

  it('picks the node from rpcUrls by the chain of the session', async () => {
    const rpcUrls = { 'eip155:1': rpcUrl(1), 'eip155:8453': rpcUrl(8453) }
    for (const chainId of [1, 8453]) {
      const session = await eoaSession(account(0), { chainId })
      const result = await verifySession(session, options({ publicClient: undefined, rpcUrls }))
      expect(result.chainId).toBe(`eip155:${chainId}`)
    }
  })

  it('needs a node for eip155 sessions', async () => {
    const session = await eoaSession(account(0), { chainId: 10 })
    const rpcUrls = { 'eip155:8453': rpcUrl(8453) }
    expect(await rejection(verifySession(session, options({ publicClient: undefined, rpcUrls })))).toBe(
      'NO_RPC',
    )
    expect(nonceCheck).not.toHaveBeenCalled()
  })

  it('rejects what is not a sign-in session', async () => {
    const session = await eoaSession(account(0))
    for (const value of [
      undefined,
      'session',
      { ...session, signature: undefined },
      { ...session, data: { ...session.data, nonce: 'short' } },
      { ...session, data: { ...session.data, statement: 'two\nlines' } },
      { ...session, message: 'x'.repeat(20_000) },
      { ...session, signature: '0x123' },
      { ...session, signature: 'not hex' },
    ])
      expect(await rejection(verifySession(value, options()))).toBe('MALFORMED')
  })

  it('refuses namespaces it cannot verify', async () => {
    const session = await eoaSession(account(0))
    const data = { ...session.data, chainId: 'bip122:000000000019d6689c085ae165831e93' as const }
    expect(await rejection(verifySession({ ...session, data }, options()))).toBe('UNSUPPORTED_NAMESPACE')
  })

  it('accepts a CACAO (CAIP-74) that agrees with the session and rejects one that does not', async () => {
    const signer = account(0)
    const session = await eoaSession(signer)
    const { data, signature } = session
    const cacao = {
      h: { t: 'eip4361' },
      p: {
        domain: data.domain,
        iss: `did:pkh:${data.chainId}:${data.accountAddress}`,
        aud: data.uri,
        version: data.version,
        nonce: data.nonce,
        iat: data.issuedAt,
        exp: data.expirationTime!,
        statement: data.statement!,
      },
      s: { t: 'eip191', s: signature },
    }
    const otherAccount = { ...cacao, p: { ...cacao.p, iss: `did:pkh:${data.chainId}:${account(1).address}` } }
    expect(await rejection(verifySession({ ...session, cacao: otherAccount }, options()))).toBe(
      'DATA_MISMATCH',
    )
    const result = await verifySession({ ...session, cacao }, options())
    expect(result.address).toBe(signer.address)
  })
})

// Validation vectors of the reference implementation, spruceid/siwe: test/validation_positive.json
// (commit 13247a7db7e63bb29f9f70a468d9344f48f21bcb) and test/validation_negative.json (same commit).
// Their messages are built from the fields as EIP-4361 lays them out; the signatures are theirs.
// https://github.com/spruceid/siwe/tree/main/test
const validationVectors = {
  'example message': {
    domain: 'login.xyz',
    address: '0x9D85ca56217D2bb651b00f15e694EB7E713637D4',
    statement: 'Sign-In With Ethereum Example Statement',
    uri: 'https://login.xyz',
    version: '1',
    nonce: 'bTyXgcQxn2htgkjJn',
    issuedAt: '2022-01-27T17:09:38.578Z',
    chainId: 1,
    expirationTime: '2100-01-07T14:31:43.952Z',
    signature:
      '0xdc35c7f8ba2720df052e0092556456127f00f7707eaa8e3bbff7e56774e7f2e05a093cfc9e02964c33d86e8e066e221b7d153d27e5a2e97ccd5ca7d3f2ce06cb1b',
  },
  'expired message': {
    domain: 'login.xyz',
    address: '0x6Da01670d8fc844e736095918bbE11fE8D564163',
    statement: 'Sign-In With Ethereum Example Statement',
    uri: 'https://login.xyz',
    version: '1',
    nonce: 'lx2nx4so',
    issuedAt: '2022-01-05T14:27:30.883Z',
    chainId: 1,
    expirationTime: '2021-01-05T00:00:00Z',
    signature:
      '0x5e6834e82ec12532e3954882610b26ef83c16d25a38caccc6a009a488b6ad1237318ec6cd2fd83c19f49d0cb0848c70e9a5a4bf550ce5d69bc1b023b9f6b7f601b',
  },
  'malformed signature': {
    domain: 'login.xyz',
    address: '0x6Da01670d8fc844e736095918bbE11fE8D564163',
    statement: 'Sign-In With Ethereum Example Statement',
    uri: 'https://login.xyz',
    version: '1',
    nonce: 'rmplqh1gf',
    issuedAt: '2022-01-05T14:31:43.954Z',
    chainId: 1,
    expirationTime: '2022-01-07T14:31:43.952Z',
    signature:
      '0xf2e8420fc1b722bf4941f5a0464f98172a758ceda5039f622e425fb69fd19b20e444bba7c9a8a8d7e2b5e453553efe7c9460be5d211abe473fc146d51bb04d0cb1b',
  },
  'wrong signature': {
    domain: 'login.xyz',
    address: '0x6Da01670d8fc844e736095918bbE11fE8D564163',
    statement: 'Sign-In With Ethereum Example Statement',
    uri: 'https://login.xyz',
    version: '1',
    nonce: 'rmplqh1gf',
    issuedAt: '2022-01-05T14:31:43.954Z',
    chainId: 1,
    expirationTime: '2022-01-07T14:31:43.952Z',
    signature:
      '0x31df81dc02344c9156e6f71da46e2db624b38f8f806290d670d46492b834b2e7575cbce9f48169356cfb577b910d8e30732fcf23c1ac0021d08b945ed7ee118e1b',
  },
  'invalid expiration time': {
    domain: 'login.xyz',
    address: '0x6Da01670d8fc844e736095918bbE11fE8D564163',
    statement: 'Sign-In With Ethereum Example Statement',
    uri: 'https://login.xyz',
    version: '1',
    nonce: 'o8zxjgmp',
    issuedAt: '2022-01-05T14:50:55.688Z',
    chainId: 1,
    expirationTime: '2020-02-32T00:00:00.000Z',
    signature:
      '0x8b457a36dad94cb9c07cfcad08664c988d795b35762f1316438b9590c27f4a5e028e923066a49908c88a1e2fba299c1e6d6d8206181339343e0ef53be01d078f1c',
  },
}

function vectorSession(vector: (typeof validationVectors)[keyof typeof validationVectors]): SignInSession {
  const message = [
    `${vector.domain} wants you to sign in with your Ethereum account:`,
    vector.address,
    '',
    vector.statement,
    '',
    `URI: ${vector.uri}`,
    `Version: ${vector.version}`,
    `Chain ID: ${vector.chainId}`,
    `Nonce: ${vector.nonce}`,
    `Issued At: ${vector.issuedAt}`,
    `Expiration Time: ${vector.expirationTime}`,
  ].join('\n')
  return {
    message,
    signature: vector.signature,
    data: {
      domain: vector.domain,
      accountAddress: vector.address,
      uri: vector.uri,
      version: vector.version,
      chainId: `eip155:${vector.chainId}`,
      nonce: vector.nonce,
      issuedAt: vector.issuedAt,
      expirationTime: vector.expirationTime,
      statement: vector.statement,
    },
  }
}

describe('verifySession with the spruceid/siwe validation vectors', () => {
  const vectorOptions = (now: string) =>
    options({
      domain: 'login.xyz',
      uri: 'https://login.xyz',
      nonceCheck: () => true,
      publicClient: undefined,
      rpcUrls: { 'eip155:1': rpcUrl(1) },
      now: () => new Date(now),
    })

  it('accepts "example message", signed by the address it names', async () => {
    const session = vectorSession(validationVectors['example message'])
    const result = await verifySession(session, vectorOptions('2022-01-28T00:00:00Z'))
    expect(result.address).toBe('0x9D85ca56217D2bb651b00f15e694EB7E713637D4')
  })

  for (const [name, code] of [
    ['expired message', 'EXPIRED'],
    ['malformed signature', 'MALFORMED'],
    ['wrong signature', 'INVALID_SIGNATURE'],
    ['invalid expiration time', 'MALFORMED'],
  ] as const)
    it(`rejects "${name}" with ${code}`, async () => {
      const session = vectorSession(validationVectors[name])
      expect(await rejection(verifySession(session, vectorOptions('2022-01-06T00:00:00Z')))).toBe(code)
    })
})

describe('verifySession with Sign In With Solana', () => {
  const devnet = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1' as const

  function keypair() {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519')
    const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url')
    return { address: Base58.encode(raw), privateKey }
  }

  function siws(address: string, chainId: string, nonce = issue()): { data: SignInData; message: string } {
    const issuedAt = new Date().toISOString()
    const expirationTime = new Date(Date.now() + 10 * minute).toISOString()
    const fields = { domain, statement: 'Sign in to App', uri: `${origin}/`, version: '1', nonce }
    return {
      message: createSignInMessageText({ ...fields, address, chainId, issuedAt, expirationTime }),
      data: { ...fields, accountAddress: address, chainId: devnet, issuedAt, expirationTime },
    }
  }

  it("accepts the address's ed25519 signature, whatever name the message gives the cluster", async () => {
    const signer = keypair()
    for (const chainId of ['devnet', 'solana:devnet', devnet]) {
      const { data, message } = siws(signer.address, chainId)
      const signature = Base58.encode(sign(null, Buffer.from(message), signer.privateKey))
      const result = await verifySession({ data, message, signature }, options({ publicClient: undefined }))
      expect(result).toMatchObject({ address: signer.address, chainId: devnet, nonce: data.nonce })
    }
  })

  it('rejects a signature by another key', async () => {
    const { data, message } = siws(keypair().address, 'devnet')
    const signature = Base58.encode(sign(null, Buffer.from(message), keypair().privateKey))
    expect(await rejection(verifySession({ data, message, signature }, options()))).toBe('INVALID_SIGNATURE')
  })

  it('rejects a message for another cluster or another site', async () => {
    const signer = keypair()
    const signed = (chainId: string, draft: Partial<SignInData> = {}) => {
      const { data, message } = siws(signer.address, chainId)
      const signature = Base58.encode(sign(null, Buffer.from(message), signer.privateKey))
      return { data: { ...data, ...draft }, message, signature }
    }
    expect(await rejection(verifySession(signed('mainnet'), options()))).toBe('CHAIN_MISMATCH')
    expect(await rejection(verifySession(signed('devnet'), options({ domain: 'other.example' })))).toBe(
      'DOMAIN_MISMATCH',
    )
    expect(await rejection(verifySession(signed('devnet', { nonce: 'Different1' }), options()))).toBe(
      'DATA_MISMATCH',
    )
  })
})
