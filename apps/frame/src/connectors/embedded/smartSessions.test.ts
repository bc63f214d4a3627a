// Smart sessions on the embedded connector against the devstack's chain and bundler: a grant after
// one approval, calls inside it with no prompt, the account's own refusal of a call over the limit,
// a grant bound to its origin, revocation on chain, the EOA refused, malformed grants refused with
// typed errors before the user is asked; a batch inside a grant sponsored where the bundler URL has
// a paymaster, and 5700 where it has none, as for an approved batch; the grant's own operations
// sponsored too, so an account with 0 ETH grants and revokes; a call outside the grant refused as
// such before sponsorship is asked about.

import { bundlerStack, setBalance, sponsoringBundler } from '@walletframe/devstack/testing'
import { GrantPermissionsRequest, smartSessionsAbi } from '@walletframe/protocol'
import { solanaNetwork } from '@walletframe/protocol/testing'
import { type Address, type Hex, parseEther, toHex, zeroAddress } from 'viem'
import { entryPoint07Abi, entryPoint07Address } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import type { Grant } from './sessionGrants.js'
import * as SmartAccount from './smartAccount.js'
import { permit, policiesOf } from './smartSessions.js'
import { connectedWallet } from './testing.js'

// The devstack's Base devnet with its ERC-4337 bundler, for the suite.
const devnet = bundlerStack()
const base = () => devnet.networkOf(8453)
const client = () => devnet.clientOf(8453)

const dapp = 'https://dapp.example'
const fresh = () => privateKeyToAccount(generatePrivateKey()).address

async function wallet(network = base, funded = true) {
  const site = { origin: dapp }
  const w = await connectedWallet({ networks: () => [network(), solanaNetwork()], origin: () => site.origin })
  if (funded) await setBalance(client(), w.smart)
  return { ...w, site }
}

const nativeGrant = (allowance: bigint, expiry: number) => [
  {
    expiry,
    permissions: [
      {
        type: 'native-token-transfer',
        data: { ticker: 'ETH' },
        policies: [{ type: 'token-allowance', data: { allowance: toHex(allowance) } }],
        required: true,
      },
    ],
  },
]

const inGrant = (
  from: Address,
  context: string,
  calls: unknown[],
  capabilities: Record<string, unknown> = {},
) => [
  {
    version: '2.0.0',
    from,
    chainId: '0x2105',
    atomicRequired: true,
    calls,
    capabilities: { permissions: { context }, ...capabilities },
  },
]

/** What the devnet's VerifyingPaymaster has left in the EntryPoint to pay with. */
const paymasterDeposit = () =>
  client().readContract({
    address: entryPoint07Address,
    abi: entryPoint07Abi,
    functionName: 'balanceOf',
    args: [base().contracts.verifyingPaymaster as Address],
  })

/** The account's record on chain of the session `context` grants. */
const sessionOf = (account: Address, context: Hex) =>
  client().readContract({
    address: account,
    abi: smartSessionsAbi,
    functionName: 'sessions',
    args: [context],
  })

const later = async (seconds: number) => Number((await client().getBlock()).timestamp) + seconds

async function landed(send: (method: string, params: unknown) => Promise<unknown>, id: string) {
  for (let i = 0; i < 100; i++) {
    const status = (await send('wallet_getCallsStatus', [id])) as { status: number }
    if (status.status !== 100) return status.status
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`batch ${id} still pending`)
}

describe('wallet_grantPermissions', () => {
  it('grants after one approval; calls inside go without a prompt; the account refuses the one over the limit', async () => {
    const { send, smart, asked, close } = await wallet()
    const granted = (await send(
      'wallet_grantPermissions',
      nativeGrant(parseEther('0.003'), await later(3600)),
    )) as {
      permissionsContext: Hex
      address: Address
    }
    expect(asked.map((request) => request.method)).toEqual(['wallet_grantPermissions'])
    expect(granted.address).toBe(smart)
    const session = await sessionOf(smart, granted.permissionsContext)
    expect(session[4]).toBe(false)

    const to = fresh()
    for (let i = 0; i < 3; i++) {
      const { id } = (await send(
        'wallet_sendCalls',
        inGrant(smart, granted.permissionsContext, [{ to, value: toHex(parseEther('0.001')) }]),
      )) as { id: string }
      expect(await landed(send, id)).toBe(200)
    }
    expect(asked).toHaveLength(1)
    expect(await client().getBalance({ address: to })).toBe(parseEther('0.003'))

    // Over the limit: the frame sends it, the account's validation refuses it in the bundler's simulation.
    await expect(
      send('wallet_sendCalls', inGrant(smart, granted.permissionsContext, [{ to, value: toHex(1n) }])),
    ).rejects.toMatchObject({ code: -32003, data: { by: 'account', reason: 'SpendLimitExceeded' } })
    // Outside the grant's calls: the frame refuses before sending.
    await expect(
      send('wallet_sendCalls', inGrant(smart, granted.permissionsContext, [{ to, data: '0xa9059cbb' }])),
    ).rejects.toMatchObject({ code: -32003, data: { by: 'frame', reason: 'CallNotAllowed' } })
    expect(asked).toHaveLength(1)
    expect(await client().getBalance({ address: to })).toBe(parseEther('0.003'))
    close()
  }, 120_000)

  it("refuses another origin the grant's id, and ends the grant on chain when its own origin revokes it", async () => {
    const { send, smart, site, c, close } = await wallet()
    const granted = (await send(
      'wallet_grantPermissions',
      nativeGrant(parseEther('0.01'), await later(3600)),
    )) as {
      permissionsContext: Hex
    }
    const to = fresh()
    const call = inGrant(smart, granted.permissionsContext, [{ to, value: toHex(1000n) }])
    site.origin = 'https://evil.example'
    await expect(send('wallet_sendCalls', call)).rejects.toMatchObject({ code: 4100 })
    await expect(
      send('wallet_revokePermissions', [{ permissionsContext: granted.permissionsContext }]),
    ).rejects.toMatchObject({ code: 4100 })

    site.origin = dapp
    expect(
      await send('wallet_revokePermissions', [{ permissionsContext: granted.permissionsContext }]),
    ).toBeNull()
    const session = await sessionOf(smart, granted.permissionsContext)
    expect(session[4]).toBe(true)
    expect(c.grants.get()[0]).toMatchObject({ id: granted.permissionsContext, revoked: true })
    // The frame still sends it, signed by the key; the account refuses: the revocation is on chain.
    await expect(send('wallet_sendCalls', call)).rejects.toMatchObject({
      code: -32003,
      data: { by: 'account', reason: 'SessionIsRevoked' },
    })
    expect(await client().getBalance({ address: to })).toBe(0n)
    close()
  }, 120_000)

  it('refuses the EOA (4200) and a grant already expired, before asking the user', async () => {
    const { send, eoa, smart, asked, close } = await wallet()
    await expect(
      send('wallet_grantPermissions', [{ ...nativeGrant(1n, await later(3600))[0], address: eoa }]),
    ).rejects.toMatchObject({ code: 4200 })
    await expect(
      send('wallet_grantPermissions', [{ ...nativeGrant(1n, 1)[0], address: smart }]),
    ).rejects.toMatchObject({ code: -32602, message: '"expiry" must be in the future' })
    expect(asked).toHaveLength(0)
    close()
  }, 120_000)
})

describe('wallet_sendCalls inside a grant', () => {
  it("goes sponsored by the project's paymaster with paymasterService: the account pays nothing, the paymaster's deposit does", async () => {
    const bundler = await sponsoringBundler(base())
    const sponsoring = () => ({ ...base(), bundlerUrl: bundler.url })
    try {
      const { send, smart, eoa, vault, asked, close } = await wallet(sponsoring)
      const granted = (await send(
        'wallet_grantPermissions',
        nativeGrant(parseEther('0.01'), await later(3600)),
      )) as { permissionsContext: Hex }
      const to = fresh()
      const [balance, deposit] = [await client().getBalance({ address: smart }), await paymasterDeposit()]
      const { id } = (await send(
        'wallet_sendCalls',
        inGrant(smart, granted.permissionsContext, [{ to, value: toHex(1000n) }], {
          paymasterService: { url: 'https://pm.example' },
        }),
      )) as { id: Hex }
      expect(await landed(send, id)).toBe(200)
      expect(asked).toHaveLength(1)
      expect(await client().getBalance({ address: to })).toBe(1000n)
      // Only the value left the account; the gas came from the paymaster's deposit.
      expect(await client().getBalance({ address: smart })).toBe(balance - 1000n)
      expect(await paymasterDeposit()).toBeLessThan(deposit)
      // The session key signed the operation with the paymaster's data in it (the account checked it
      // against the EntryPoint's hash, which covers paymasterAndData).
      const { bundler: client4337 } = await SmartAccount.handle(sponsoring(), eoa, vault)
      const sent = await client4337.getUserOperation({ hash: id })
      expect(sent.userOperation.paymaster?.toLowerCase()).toBe(
        (base().contracts.verifyingPaymaster as string).toLowerCase(),
      )
      expect(sent.userOperation.paymasterData).not.toBe('0x')
      close()
    } finally {
      await bundler.stop()
    }
  }, 120_000)

  it("grants, sends and revokes from an account holding 0 ETH where the project's paymaster sponsors them", async () => {
    const bundler = await sponsoringBundler(base())
    const sponsoring = () => ({ ...base(), bundlerUrl: bundler.url })
    try {
      const { send, smart, asked, close } = await wallet(sponsoring, false)
      expect(await client().getBalance({ address: smart })).toBe(0n)
      const granted = (await send(
        'wallet_grantPermissions',
        nativeGrant(parseEther('0.01'), await later(3600)),
      )) as { permissionsContext: Hex }
      // The approval said who pays before the user approved.
      expect(asked.map(({ method, sponsored }) => ({ method, sponsored }))).toEqual([
        { method: 'wallet_grantPermissions', sponsored: true },
      ])
      expect((await sessionOf(smart, granted.permissionsContext))[4]).toBe(false)
      const { id } = (await send(
        'wallet_sendCalls',
        inGrant(smart, granted.permissionsContext, [{ to: fresh(), value: '0x0' }], {
          paymasterService: { url: 'https://pm.example' },
        }),
      )) as { id: Hex }
      expect(await landed(send, id)).toBe(200)
      expect(
        await send('wallet_revokePermissions', [{ permissionsContext: granted.permissionsContext }]),
      ).toBeNull()
      expect((await sessionOf(smart, granted.permissionsContext))[4]).toBe(true)
      expect(asked).toHaveLength(1)
      expect(await client().getBalance({ address: smart })).toBe(0n)
      close()
    } finally {
      await bundler.stop()
    }
  }, 120_000)

  it('answers 5700 where the bundler has no paymaster and sponsorship is required; optional, the account pays', async () => {
    const { send, smart, asked, close } = await wallet()
    const granted = (await send(
      'wallet_grantPermissions',
      nativeGrant(parseEther('0.01'), await later(3600)),
    )) as { permissionsContext: Hex }
    const to = fresh()
    const call = [{ to, value: toHex(1000n) }]
    const required = { paymasterService: { url: 'https://pm.example' } }
    await expect(
      send('wallet_sendCalls', inGrant(smart, granted.permissionsContext, call, required)),
    ).rejects.toMatchObject({ code: 5700 })
    // A call the grant does not cover hears that first: sponsored or not, it could not go.
    await expect(
      send(
        'wallet_sendCalls',
        inGrant(smart, granted.permissionsContext, [{ to, data: '0xa9059cbb' }], required),
      ),
    ).rejects.toMatchObject({ code: -32003, data: { by: 'frame', reason: 'CallNotAllowed' } })
    expect(await client().getBalance({ address: to })).toBe(0n)
    const balance = await client().getBalance({ address: smart })
    const { id } = (await send(
      'wallet_sendCalls',
      inGrant(smart, granted.permissionsContext, call, {
        paymasterService: { url: 'https://pm.example', optional: true },
      }),
    )) as { id: Hex }
    expect(await landed(send, id)).toBe(200)
    expect(asked).toHaveLength(1)
    expect(await client().getBalance({ address: to })).toBe(1000n)
    // The value and the gas, both from the account.
    expect(await client().getBalance({ address: smart })).toBeLessThan(balance - 1000n)
    close()
  }, 120_000)
})

describe('policiesOf', () => {
  const parse = (value: unknown) => GrantPermissionsRequest.parse(value)

  it('turns permissions into the account rules: targets and selectors, limits, the period', () => {
    const token = fresh()
    const router = fresh()
    const policies = policiesOf(
      parse({
        expiry: 2_000_000_000,
        permissions: [
          {
            type: 'erc20-token-transfer',
            data: { address: token, ticker: 'USDC' },
            policies: [
              { type: 'token-allowance', data: { allowance: '0x64' } },
              { type: 'spend-period', data: { seconds: 86400 } },
            ],
          },
          {
            type: 'contract-call',
            data: { address: router, calls: ['swap(uint256,address)'] },
            policies: [],
          },
          { type: 'unheard-of', data: {}, policies: [], required: false },
        ],
      }),
    )
    expect(policies.calls).toEqual([
      { target: token, selector: '0xa9059cbb' },
      { target: token, selector: '0x095ea7b3' },
      { target: router, selector: expect.stringMatching(/^0x[0-9a-f]{8}$/) },
    ])
    expect(policies.limits).toEqual([{ token, allowance: 100n }])
    expect(policies.period).toBe(86400)
    expect(policies.granted.map((permission) => permission.type)).toEqual([
      'erc20-token-transfer',
      'contract-call',
    ])
  })

  it('refuses what the account cannot enforce, with the reason (-32602)', () => {
    const grant = (permissions: unknown[]) => () => policiesOf(parse({ expiry: 2_000_000_000, permissions }))
    expect(grant([{ type: 'native-token-transfer', data: {}, policies: [] }])).toThrow(
      'A native-token-transfer permission needs a token-allowance policy',
    )
    expect(
      grant([
        {
          type: 'native-token-transfer',
          data: {},
          policies: [{ type: 'gas-limit', data: { limit: '0x1' } }],
        },
      ]),
    ).toThrow('Policy type "gas-limit" is not supported')
    expect(
      grant([
        { type: 'contract-call', data: { address: fresh(), calls: ['not a signature'] }, policies: [] },
      ]),
    ).toThrow('"not a signature" is not a function signature')
    expect(grant([{ type: 'unheard-of', data: {}, policies: [], required: true }])).toThrow(
      'Permission type "unheard-of" is not supported',
    )
    expect(grant([{ type: 'unheard-of', data: {}, policies: [] }])).toThrow(
      'None of the permissions asked for is supported',
    )
    expect(GrantPermissionsRequest.safeParse({ expiry: 'soon', permissions: [] }).success).toBe(false)
  })
})

describe('permit', () => {
  const token = fresh()
  const grant = (overrides: Partial<Grant> = {}): Grant => ({
    id: `0x${'11'.repeat(32)}`,
    origin: dapp,
    network: base(),
    account: fresh(),
    key: fresh(),
    validAfter: 1_000,
    validUntil: 2_000,
    period: 0,
    calls: [
      { target: zeroAddress, selector: '0x00000000' },
      { target: token, selector: '0xa9059cbb' },
    ],
    limits: [],
    permissions: [],
    revoked: false,
    ...overrides,
  })

  it('lets through plain transfers and the allowed selector on its target', () => {
    expect(() =>
      permit(
        grant(),
        [
          { to: fresh(), value: '0x1' },
          { to: token, data: '0xa9059cbb0000' },
        ],
        1_500,
      ),
    ).not.toThrow()
  })

  it('refuses an expired grant, another target or selector, a call to the account itself (-32003, by the frame)', () => {
    const refused = { code: -32003, data: { by: 'frame' } }
    const expect32003 = (run: () => void, reason: string) => {
      try {
        run()
      } catch (error) {
        expect(error).toMatchObject({ ...refused, data: { ...refused.data, reason } })
        return
      }
      throw new Error('permitted')
    }
    expect32003(() => permit(grant(), [{ to: fresh() }], 2_000), 'expired')
    expect32003(() => permit(grant(), [{ to: fresh(), data: '0xa9059cbb' }], 1_500), 'CallNotAllowed')
    expect32003(() => permit(grant(), [{ to: token, data: '0x095ea7b3' }], 1_500), 'CallNotAllowed')
    expect32003(() => permit(grant(), [{ to: token, data: '0xa9' }], 1_500), 'CallNotAllowed')
    const self = grant()
    expect32003(() => permit(self, [{ to: self.account, value: '0x1' }], 1_500), 'CallNotAllowed')
  })
})
