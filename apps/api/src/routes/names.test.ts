// Names against the devstack's anvil chains and an in-memory PGlite: registrations signed by a viem
// EOA and by the devstack's ERC-1271 smart account (checked on the chain), then read back.
import { artifacts, erc1271AccountFactoryAddress, erc1271CreateAccountData } from '@walletframe/devstack'
import {
  ApiErrorBody,
  IdentityResponse,
  NameAccount,
  NameSuggestionsResponse,
  ReverseNameResponse,
} from '@walletframe/protocol'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hex,
  hashMessage,
  http,
  type LocalAccount,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { devstackHarness } from '../internal/testing.js'

const h = devstackHarness({ options: { indexer: { enabled: false }, names: { zone: 'wf.id' } } })

const network = (chain: number) => h.stack.chainsFile.networks.find((n) => n.id === chain)!
const base = () =>
  defineChain({
    id: 8453,
    name: 'Base',
    nativeCurrency: network(8453).nativeCurrency,
    rpcUrls: { default: { http: network(8453).rpcUrls.default.http } },
  })
const baseCoinType = (0x80000000 | 8453) >>> 0

const get = (path: string) => fetch(`${h.api.url}${path}${path.includes('?') ? '&' : '?'}projectId=app`)
const post = (body: unknown) =>
  fetch(`${h.api.url}/v1/profile/account?projectId=app`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

const now = () => Math.floor(Date.now() / 1000)

async function registration(
  signer: LocalAccount,
  name: string,
  options: { timestamp?: number; attributes?: Record<string, string>; coinType?: number } = {},
) {
  const message = JSON.stringify({
    name,
    attributes: options.attributes ?? {},
    timestamp: options.timestamp ?? now(),
  })
  return {
    coin_type: options.coinType ?? 60,
    address: signer.address,
    message,
    signature: await signer.signMessage({ message }),
  }
}

async function error(response: Response, status: number) {
  expect(response.status).toBe(status)
  return ApiErrorBody.parse(await response.json())
}

describe('POST /v1/profile/account', () => {
  it('registers a name signed by an EOA, resolvable to the address and found by reverse lookup', async () => {
    const signer = privateKeyToAccount(generatePrivateKey())
    const response = await post(
      await registration(signer, 'Alice-01.wf.id', { attributes: { avatar: 'https://img.test/a.png' } }),
    )
    expect(response.status).toBe(200)
    const account = NameAccount.parse(await response.json())
    expect(account).toMatchObject({
      name: 'alice-01.wf.id',
      addresses: { '60': { address: signer.address } },
      attributes: { avatar: 'https://img.test/a.png' },
    })

    const resolved = await get('/v1/profile/account/alice-01.wf.id?apiVersion=2')
    expect(resolved.status).toBe(200)
    expect(NameAccount.parse(await resolved.json())).toEqual(account)

    const reverse = await get(`/v1/profile/reverse/${signer.address.toLowerCase()}`)
    expect(ReverseNameResponse.parse(await reverse.json()).map((entry) => entry.name)).toEqual([
      'alice-01.wf.id',
    ])

    // The Account header reads identity: with no ENS name, the registered one shows.
    const identity = IdentityResponse.parse(await (await get(`/v1/identity/${signer.address}`)).json())
    expect(identity).toEqual({ name: 'alice-01.wf.id', avatar: 'https://img.test/a.png' })
  })

  it('refuses a name that is taken (409), for another address too', async () => {
    const first = privateKeyToAccount(generatePrivateKey())
    expect((await post(await registration(first, 'taken.wf.id'))).status).toBe(200)
    const second = privateKeyToAccount(generatePrivateKey())
    const body = await error(await post(await registration(second, 'TAKEN')), 409)
    expect(body.code).toBe('NAME_TAKEN')
    expect(body.error).toMatch(/taken\.wf\.id is registered already/)
  })

  it('refuses a replayed registration with 409 REPLAYED_MESSAGE', async () => {
    const signer = privateKeyToAccount(generatePrivateKey())
    const body = await registration(signer, 'replay-me')
    expect((await post(body)).status).toBe(200)
    const again = await error(await post(body), 409)
    expect(again.code).toBe('REPLAYED_MESSAGE')
  })

  it('refuses a message whose timestamp is outside the window, saying so', async () => {
    const signer = privateKeyToAccount(generatePrivateKey())
    // Well past the 300 s window on either side, so a slow signature or request on a busy machine
    // cannot bring the future one back inside it.
    for (const timestamp of [now() - 330, now() + 330]) {
      const body = await error(await post(await registration(signer, 'stale-name', { timestamp })), 400)
      expect(body.code).toBe('STALE_MESSAGE')
      expect(body.error).toMatch(/within 300 s/)
    }
    // Milliseconds by mistake are past any Unix-seconds timestamp the schema takes.
    const body = await error(
      await post(await registration(signer, 'stale-name', { timestamp: Date.now() })),
      400,
    )
    expect(body.field).toBe('body.message.timestamp')
  })

  it('refuses a signature by another key, or over another message', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const other = privateKeyToAccount(generatePrivateKey())
    const signed = await registration(other, 'not-mine')
    expect((await error(await post({ ...signed, address: owner.address }), 401)).code).toBe(
      'INVALID_SIGNATURE',
    )
    const own = await registration(owner, 'not-mine')
    const tampered = { ...own, message: own.message.replace('not-mine', 'now-mine') }
    expect((await error(await post(tampered), 401)).code).toBe('INVALID_SIGNATURE')
    expect((await error(await post({ ...own, signature: '0x1234' }), 401)).code).toBe('INVALID_SIGNATURE')
    expect((await get('/v1/profile/account/not-mine.wf.id')).status).toBe(404)
  })

  it('refuses labels against the name rule, another zone and an unknown coin type with 400', async () => {
    const signer = privateKeyToAccount(generatePrivateKey())
    for (const name of ['abc', 'bad_name', 'space name', 'émile', 'a'.repeat(64), 'good-name.other.zone']) {
      const body = await error(await post(await registration(signer, name)), 400)
      expect(body.field).toBe('body.message.name')
    }
    expect(
      (await error(await post(await registration(signer, 'good-name', { coinType: 0 })), 400)).code,
    ).toBe('NETWORK_NOT_SUPPORTED')
    const notJson = { ...(await registration(signer, 'good-name')), message: 'register good-name' }
    expect((await error(await post(notJson), 400)).field).toBe('body.message')
  })

  it("accepts a deployed ERC-1271 smart account's signature, checked on the coin type's chain", async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const funder = privateKeyToAccount(h.stack.chainsFile.accounts.evm[7]!.privateKey as Hex)
    const chain = base()
    const client = createPublicClient({ chain, transport: http() })
    const wallet = createWalletClient({ chain, transport: http(), account: funder })
    const hash = await wallet.sendTransaction({
      to: erc1271AccountFactoryAddress,
      data: erc1271CreateAccountData(owner.address, 77n),
    })
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
    const address = (await client.readContract({
      address: erc1271AccountFactoryAddress,
      abi: artifacts.erc1271AccountFactory().abi,
      functionName: 'getAddress',
      args: [owner.address, 77n],
    })) as Address
    const message = JSON.stringify({ name: 'smart-account', attributes: {}, timestamp: now() })
    // The account checks the hash it is given (contracts/Erc1271Account.sol): its owner signs the
    // EIP-191 digest of the message.
    const signature = await owner.sign({ hash: hashMessage(message) })
    const response = await post({ coin_type: baseCoinType, address, message, signature })
    expect(response.status).toBe(200)
    expect(NameAccount.parse(await response.json()).addresses).toEqual({
      [String(baseCoinType)]: { address },
    })

    // A key that is not the account's owner: the account's isValidSignature refuses it.
    const other = privateKeyToAccount(generatePrivateKey())
    const forged = JSON.stringify({ name: 'smart-forged', attributes: {}, timestamp: now() })
    const refused = await post({
      coin_type: baseCoinType,
      address,
      message: forged,
      signature: await other.sign({ hash: hashMessage(forged) }),
    })
    expect((await error(refused, 401)).code).toBe('INVALID_SIGNATURE')
  })
})

describe('GET /v1/profile/account/{name}', () => {
  it('answers 404 for a name nobody registered, 400 for one against the rule', async () => {
    expect((await error(await get('/v1/profile/account/nobody-here.wf.id?apiVersion=2'), 404)).code).toBe(
      'NAME_NOT_FOUND',
    )
    expect((await get('/v1/profile/account/ab.wf.id')).status).toBe(400)
  })
})

describe('GET /v1/profile/reverse/{address}', () => {
  it('lists every name of an address, newest first, and none for an address without', async () => {
    const signer = privateKeyToAccount(generatePrivateKey())
    expect(
      ReverseNameResponse.parse(await (await get(`/v1/profile/reverse/${signer.address}`)).json()),
    ).toEqual([])
    for (const name of ['first-name', 'second-name'])
      expect((await post(await registration(signer, name))).status).toBe(200)
    const names = ReverseNameResponse.parse(
      await (await get(`/v1/profile/reverse/eip155:1:${signer.address}`)).json(),
    )
    expect(names.map((entry) => entry.name)).toEqual(['second-name.wf.id', 'first-name.wf.id'])
  })
})

describe('GET /v1/profile/suggestions/{name}', () => {
  const suggestions = async (path: string) => {
    const response = await get(path)
    expect(response.status).toBe(200)
    return NameSuggestionsResponse.parse(await response.json()).suggestions
  }

  it('answers the asked name when it is free, free numbered variants when it is taken', async () => {
    expect(await suggestions('/v1/profile/suggestions/Free-Name?zone=wf.id')).toEqual([
      { name: 'free-name.wf.id', registered: false },
    ])
    const signer = privateKeyToAccount(generatePrivateKey())
    for (const name of ['popular', 'popular1'])
      expect((await post(await registration(signer, name))).status).toBe(200)
    expect(await suggestions('/v1/profile/suggestions/popular.wf.id')).toEqual([
      { name: 'popular.wf.id', registered: true },
      { name: 'popular2.wf.id', registered: false },
      { name: 'popular3.wf.id', registered: false },
      { name: 'popular4.wf.id', registered: false },
    ])
  })

  it('refuses a label against the rule and another zone with 400', async () => {
    expect((await get('/v1/profile/suggestions/abc')).status).toBe(400)
    expect((await get('/v1/profile/suggestions/abcd?zone=eth')).status).toBe(400)
  })
})
