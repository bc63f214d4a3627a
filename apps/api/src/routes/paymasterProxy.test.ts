// The paymaster proxy against the devstack's chains, its real bundler (alto) and its real ERC-7677
// paymaster service: the project config hands it out only where the project sponsors; a fresh smart
// account with 0 ETH lands a sponsored batch over the API alone; the policy refuses with typed
// JSON-RPC errors (off, a contract outside the allowed ones, malformed parameters); and the budget,
// charged in the database, holds across two API instances on one database, on PGlite and PostgreSQL.
import { freshSmartAccount } from '@walletframe/devstack/testing'
import {
  type SponsorshipPolicy,
  smartSessionsAbi,
  sponsorshipRefusals,
  sponsorshipRefusedCode,
} from '@walletframe/protocol'
import { eq } from 'drizzle-orm'
import {
  type Address,
  bytesToHex,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  hexToNumber,
  http,
  numberToHex,
  slice,
  toFunctionSelector,
} from 'viem'
import { createBundlerClient, createPaymasterClient, entryPoint07Address } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as Config from '../Config.js'
import { createApi } from '../createApi.js'
import type * as Database from '../db/Database.js'
import * as Projects from '../db/projects.js'
import { sponsorshipCharges } from '../db/schema.js'
import * as Sponsorship from '../db/sponsorship.js'
import {
  devstackHarness,
  postJson,
  projectNetworks as projectNetworksOf,
  sharedBackends,
} from '../internal/testing.js'

/**
 * Gas limits and fees an operation of a fresh account is sent with, so that its most possible cost,
 * what the budget is charged at signing, is known before the suite: 1M gas at 10 gwei. The paymaster's
 * limits are the devstack paymaster's own.
 */
const fixedGas = (() => {
  const limits = {
    callGasLimit: 200_000n,
    verificationGasLimit: 600_000n,
    preVerificationGas: 100_000n,
    paymasterVerificationGasLimit: 100_000n,
    paymasterPostOpGasLimit: 0n,
  }
  const maxFeePerGas = 10_000_000_000n
  const gas = Object.values(limits).reduce((sum, limit) => sum + limit, 0n)
  return { limits, fees: { maxFeePerGas, maxPriorityFeePerGas: 1_000_000_000n }, maxCost: gas * maxFeePerGas }
})()

const harness = devstackHarness({
  bundler: true,
  projects: (chainsFile) => [
    { id: 'off', name: 'Sponsors nothing' },
    {
      id: 'usdc-only',
      name: 'Sponsors USDC calls',
      sponsorship: {
        enabled: true,
        allowedContracts: [chainsFile.networks[0]!.contracts.usdc!],
        budgetWei: '10000000000000000000',
      },
    },
    {
      id: 'usdc-sessions',
      name: "Sponsors USDC calls and the accounts' own session grants",
      sponsorship: {
        enabled: true,
        allowedContracts: [chainsFile.networks[0]!.contracts.usdc!],
        sessionGrants: true,
        budgetWei: '10000000000000000000',
      },
    },
    { id: 'paused', name: 'Paused', sponsorship: { enabled: false, budgetWei: '1000' } },
    {
      id: 'metered',
      name: 'Sponsors anything, settled by the indexer',
      sponsorship: { enabled: true, budgetWei: '10000000000000000000' },
    },
    {
      id: 'tight',
      name: 'Sponsors one operation and a half at their most',
      sponsorship: { enabled: true, budgetWei: ((3n * fixedGas.maxCost) / 2n).toString() },
    },
  ],
  // Driven by hand (indexThrough), at the head: anvil mines a block per transaction only.
  options: { indexer: { enabled: false }, reorgSafeDepth: 0 },
})
const post = postJson
const usdc = () => harness.stack.chainsFile.networks[0]!.contracts.usdc as Address
const projectNetworks = (projectId: string) => projectNetworksOf(harness.api.url, projectId)

/** A UserOperation in JSON-RPC form calling `calls` through the account's batch execute. */
function userOperation(calls: { to: Address; data: Hex }[], gas = { each: 100_000n, fee: 1_000_000_000n }) {
  return {
    sender: privateKeyToAccount(generatePrivateKey()).address,
    nonce: '0x0',
    callData: encodeFunctionData({
      abi: [
        {
          type: 'function',
          name: 'executeBatch',
          stateMutability: 'payable',
          inputs: [
            {
              name: 'calls',
              type: 'tuple[]',
              components: [
                { name: 'target', type: 'address' },
                { name: 'value', type: 'uint256' },
                { name: 'data', type: 'bytes' },
              ],
            },
          ],
          outputs: [],
        },
      ],
      functionName: 'executeBatch',
      args: [calls.map((call) => ({ target: call.to, value: 0n, data: call.data }))],
    }),
    callGasLimit: numberToHex(gas.each),
    verificationGasLimit: numberToHex(gas.each),
    preVerificationGas: numberToHex(gas.each),
    paymasterVerificationGasLimit: numberToHex(gas.each),
    paymasterPostOpGasLimit: '0x0',
    maxFeePerGas: numberToHex(gas.fee),
    maxPriorityFeePerGas: numberToHex(gas.fee),
  }
}

const approve = (token: Address) => ({
  to: token,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [entryPoint07Address, 1n] }),
})

type RpcAnswer = { id: number; result?: unknown; error?: { code: number; message: string; data?: unknown } }

/** The two endpoints that answer pm_ calls: the paymaster proxy and the bundler proxy. */
const endpoints = ['/v1/paymaster', '/v1/bundler'] as const

async function pm(
  baseUrl: string,
  projectId: string,
  method: string,
  params: unknown,
  request: (url: string, body: unknown) => Promise<Response> = post,
  endpoint: (typeof endpoints)[number] = '/v1/paymaster',
): Promise<RpcAnswer> {
  const response = await request(`${baseUrl}${endpoint}?chainId=eip155:1&projectId=${projectId}`, {
    jsonrpc: '2.0',
    id: 1,
    method,
    params,
  })
  expect(response.status).toBe(200)
  return (await response.json()) as RpcAnswer
}

/** A bundler client of a fresh smart account, paying through `projectId`'s sponsorship. */
async function sponsoredAccount(projectId: string) {
  const network = (await projectNetworks(projectId)).find((n) => n.caipNetworkId === 'eip155:1')!
  const { publicClient, account } = await freshSmartAccount(network)
  const bundler = createBundlerClient({
    account,
    client: publicClient,
    transport: http(network.bundlerUrl),
    // One URL for both, as the frame uses it: the bundler proxy answers the pm_ calls too.
    paymaster: createPaymasterClient({ transport: http(network.bundlerUrl) }),
  })
  /** Sends one sponsored USDC approve with the fixed gas, resolving to its receipt. */
  const send = async () => {
    const hash = await bundler.sendUserOperation({
      calls: [approve(usdc())],
      ...fixedGas.limits,
      ...fixedGas.fees,
    })
    return bundler.waitForUserOperationReceipt({ hash })
  }
  return { network, publicClient, account, bundler, send }
}

describe('POST /v1/paymaster', () => {
  it('keeps the operator’s paymaster service out of every project config', async () => {
    for (const projectId of ['off', 'usdc-only', 'paused']) {
      const response = await fetch(
        `${harness.api.url}/v1/projects/${projectId}/config?projectId=${projectId}`,
      )
      const text = await response.text()
      expect(text).not.toContain('paymasterUrl')
      expect(text).not.toContain(harness.stack.chainsFile.networks[0]!.paymasterUrl!)
    }
  })

  it('sponsors a batch of a fresh smart account holding 0 ETH, over the bundler proxy alone', async () => {
    const { network, publicClient, account, bundler } = await sponsoredAccount('usdc-only')
    const spender = privateKeyToAccount(generatePrivateKey()).address
    const hash = await bundler.sendUserOperation({
      calls: [3n, 4n].map((amount) => ({
        to: usdc(),
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] }),
      })),
    })
    const receipt = await bundler.waitForUserOperationReceipt({ hash })
    expect(receipt.success).toBe(true)
    expect(receipt.paymaster).toBe(network.contracts.verifyingPaymaster)
    expect(
      await publicClient.readContract({
        address: usdc(),
        abi: erc20Abi,
        functionName: 'allowance',
        args: [account.address, spender],
      }),
    ).toBe(4n)
    expect(await publicClient.getBalance({ address: account.address })).toBe(0n)
  }, 60_000)

  it('refuses with SPONSORSHIP_DISABLED where the project does not sponsor', async () => {
    const params = [userOperation([approve(usdc())]), entryPoint07Address, '0x1', null]
    for (const projectId of ['off', 'paused'])
      for (const method of ['pm_getPaymasterStubData', 'pm_getPaymasterData'])
        for (const endpoint of endpoints) {
          const { error } = await pm(harness.api.url, projectId, method, params, post, endpoint)
          expect(error).toEqual({
            code: sponsorshipRefusedCode,
            message: 'This app does not sponsor gas on this network',
            data: { reason: sponsorshipRefusals.disabled },
          })
        }
  })

  it('refuses a call to a contract outside the allowed ones, even one of a batch', async () => {
    const dai = harness.stack.chainsFile.networks[0]!.contracts.dai as Address
    const params = [userOperation([approve(usdc()), approve(dai)]), entryPoint07Address, '0x1', null]
    const { error } = await pm(harness.api.url, 'usdc-only', 'pm_getPaymasterStubData', params)
    expect(error?.code).toBe(sponsorshipRefusedCode)
    expect(error?.data).toEqual({ reason: sponsorshipRefusals.targetNotAllowed })
    expect(error?.message).toContain(dai)
    const unreadable = { ...userOperation([approve(usdc())]), callData: '0xdeadbeef' }
    const refused = await pm(harness.api.url, 'usdc-only', 'pm_getPaymasterData', [
      unreadable,
      entryPoint07Address,
      '0x1',
    ])
    expect(refused.error?.data).toEqual({ reason: sponsorshipRefusals.unreadableCalls })
  })

  it('answers malformed pm_ parameters with -32602 and forwards no other method', async () => {
    const good = userOperation([approve(usdc())])
    // Params that are no list nor object fail JSON-RPC itself: a 400 like every malformed body.
    const notJsonRpc = await post(`${harness.api.url}/v1/paymaster?chainId=eip155:1&projectId=usdc-only`, {
      jsonrpc: '2.0',
      id: 1,
      method: 'pm_getPaymasterData',
      params: 'not a list',
    })
    expect(notJsonRpc.status).toBe(400)
    expect(await notJsonRpc.json()).toMatchObject({ code: 'INVALID_REQUEST' })
    for (const params of [
      [],
      [{ ...good, sender: 'nobody' }, entryPoint07Address, '0x1'],
      [{ ...good, maxFeePerGas: 12 }, entryPoint07Address, '0x1'],
      [good, 'not an address', '0x1'],
      [good, entryPoint07Address, '0x2105'],
    ]) {
      const { error } = await pm(harness.api.url, 'usdc-only', 'pm_getPaymasterData', params)
      expect(error?.code).toBe(-32602)
    }
    const other = await pm(harness.api.url, 'usdc-only', 'eth_sendUserOperation', [good, entryPoint07Address])
    expect(other.error?.message).toMatch(/^Requested RPC call is not allowed/)
  })
})

describe("the account's own smart-session grants", () => {
  /** A grant of a session on `account` (USDC approve only, for an hour) and its revocation. */
  async function sessionCalls(
    publicClient: Awaited<ReturnType<typeof sponsoredAccount>>['publicClient'],
    account: Address,
  ) {
    const now = Number((await publicClient.getBlock()).timestamp)
    const id = bytesToHex(crypto.getRandomValues(new Uint8Array(32)))
    const grant = {
      to: account,
      data: encodeFunctionData({
        abi: smartSessionsAbi,
        functionName: 'grantSession',
        args: [
          id,
          privateKeyToAccount(generatePrivateKey()).address,
          now - 1,
          now + 3600,
          0,
          [{ target: usdc(), selector: toFunctionSelector('approve(address,uint256)') }],
          [],
        ],
      }),
    }
    const revoke = {
      to: account,
      data: encodeFunctionData({ abi: smartSessionsAbi, functionName: 'revokeSession', args: [id] }),
    }
    const revoked = async () =>
      (
        await publicClient.readContract({
          address: account,
          abi: smartSessionsAbi,
          functionName: 'sessions',
          args: [id],
        })
      )[4]
    return { grant, revoke, revoked }
  }

  it('sponsors a fresh account holding 0 ETH granting and revoking a session, where the policy says so', async () => {
    const { network, publicClient, account, bundler } = await sponsoredAccount('usdc-sessions')
    const { grant, revoke, revoked } = await sessionCalls(publicClient, account.address)
    for (const [call, after] of [
      [grant, false],
      [revoke, true],
    ] as const) {
      const receipt = await bundler.waitForUserOperationReceipt({
        hash: await bundler.sendUserOperation({ calls: [call] }),
      })
      expect(receipt.success).toBe(true)
      expect(receipt.paymaster).toBe(network.contracts.verifyingPaymaster)
      expect(await revoked()).toBe(after)
    }
    expect(await publicClient.getBalance({ address: account.address })).toBe(0n)
  }, 120_000)

  it('refuses a grant where the policy does not name them, and any foreign call riding on one', async () => {
    const { publicClient } = await sponsoredAccount('usdc-sessions')
    const sender = privateKeyToAccount(generatePrivateKey()).address
    const { grant } = await sessionCalls(publicClient, sender)
    const dai = harness.stack.chainsFile.networks[0]!.contracts.dai as Address
    const refusal = async (projectId: string, calls: { to: Address; data: Hex }[], from = sender) =>
      (
        await pm(harness.api.url, projectId, 'pm_getPaymasterData', [
          { ...userOperation(calls), sender: from },
          entryPoint07Address,
          '0x1',
          null,
        ])
      ).error
    const notAllowed = (target: Address) => ({
      code: sponsorshipRefusedCode,
      message: `This app sponsors gas only for calls to its own contracts: ${target}`,
      data: { reason: sponsorshipRefusals.targetNotAllowed },
    })
    // Allowed contracts alone cannot name an account's own grant.
    expect(await refusal('usdc-only', [grant])).toEqual(notAllowed(sender))
    // A DAI call in the batch of a grant; the grant of another account (its own business, not this
    // sender's); the account's own call to something else than a session.
    expect(await refusal('usdc-sessions', [grant, approve(dai)])).toEqual(notAllowed(dai))
    const other = privateKeyToAccount(generatePrivateKey()).address
    expect(await refusal('usdc-sessions', [grant], other)).toEqual(notAllowed(sender))
    const ownOther = {
      to: sender,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [dai, 1n] }),
    }
    expect(await refusal('usdc-sessions', [ownOther])).toEqual(notAllowed(sender))
    expect(await refusal('usdc-sessions', [grant, approve(usdc())])).toBeUndefined()
  })
})

/** Indexes eip155:1 until `blockNumber` is stored, which settles the charges its blocks include. */
async function indexThrough(blockNumber: bigint): Promise<void> {
  const { indexer } = harness.api
  for (let round = 0; round < 500; round++) {
    await indexer.step('eip155:1')
    if ((indexer.status()['eip155:1']?.indexed ?? -1) >= Number(blockNumber)) return
  }
  throw new Error(`eip155:1 block ${blockNumber} was not indexed`)
}

describe('the sponsorship budget, settled by the indexer', () => {
  const spent = (projectId: string) =>
    Sponsorship.spent(harness.api.database.db, { projectId, chainId: 'eip155:1' })

  it('charges an operation its most possible cost when signed, and its actual cost once included', async () => {
    const { send } = await sponsoredAccount('metered')
    const receipt = await send()
    expect(receipt.success).toBe(true)
    expect(await spent('metered')).toBe(fixedGas.maxCost)
    await indexThrough(receipt.receipt.blockNumber)
    expect(receipt.actualGasCost).toBeLessThan(fixedGas.maxCost)
    expect(await spent('metered')).toBe(receipt.actualGasCost)
    const [charge] = await harness.api.database.db
      .select()
      .from(sponsorshipCharges)
      .where(eq(sponsorshipCharges.userOpHash, receipt.userOpHash.toLowerCase()))
    expect(charge).toMatchObject({
      projectId: 'metered',
      status: 'settled',
      maxCostWei: fixedGas.maxCost.toString(),
      actualCostWei: receipt.actualGasCost.toString(),
    })
  }, 120_000)

  it('admits, once the indexer has settled, an operation the budget refused before', async () => {
    const first = await sponsoredAccount('tight')
    const landed = await first.send()
    expect(landed.success).toBe(true)
    // Charged at their most, two operations are past the budget of one and a half.
    const second = await sponsoredAccount('tight')
    await expect(second.send()).rejects.toThrow(/gas sponsorship budget is spent/)
    expect(await spent('tight')).toBe(fixedGas.maxCost)
    await indexThrough(landed.receipt.blockNumber)
    expect(await spent('tight')).toBe(landed.actualGasCost)
    const admitted = await second.send()
    expect(admitted.success).toBe(true)
    expect(await spent('tight')).toBe(landed.actualGasCost + fixedGas.maxCost)
  }, 120_000)

  // After the operations that land: it moves the chain's clock past every signature given so far.
  it('refunds in full an operation signed but never included, once its signature has expired', async () => {
    const before = await spent('metered')
    const userOp = userOperation([approve(usdc())])
    const signed = await pm(harness.api.url, 'metered', 'pm_getPaymasterData', [
      userOp,
      entryPoint07Address,
      '0x1',
      null,
    ])
    expect(signed.result).toBeDefined()
    const cost = 4n * 100_000n * 1_000_000_000n
    expect(await spent('metered')).toBe(before + cost)
    // Index what is there first: the charge stays while its signature is valid.
    const rpc = harness.stack.chainsFile.networks[0]!.rpcUrls.default.http[0]!
    const call = async (method: string, params: unknown[] = []) =>
      (
        (await (await postJson(rpc, { jsonrpc: '2.0', id: 1, method, params })).json()) as {
          result: unknown
        }
      ).result
    await indexThrough(BigInt(String(await call('eth_blockNumber'))))
    expect(await spent('metered')).toBe(before + cost)
    // The devstack paymaster's data opens with validUntil (6 bytes): the next block comes after it.
    const { paymasterData } = signed.result as { paymasterData: Hex }
    await call('evm_setNextBlockTimestamp', [hexToNumber(slice(paymasterData, 0, 6)) + 1])
    await call('evm_mine')
    await indexThrough(BigInt(String(await call('eth_blockNumber'))))
    expect(await spent('metered')).toBe(before)
  }, 120_000)
})

/** Two API instances' databases: on the server two pools on one schema, as two processes have. */
const budgetLegs = await sharedBackends('sponsorship_budget')

describe.each(budgetLegs)('the sponsorship budget on $name', (leg) => {
  let apis: ReturnType<typeof createApi>[]
  let db: Database.Db
  let close: (() => Promise<void>) | undefined
  /** Every operation below costs at most 4 × 100k gas × 1 gwei. */
  const cost = 4n * 100_000n * 1_000_000_000n
  const budget: SponsorshipPolicy = { enabled: true, budgetWei: (3n * cost).toString() }

  beforeAll(async () => {
    const opened = await leg.open()
    close = opened.close
    await opened.first.migrate()
    db = opened.first.db
    await Projects.upsert(db, { id: 'budget', name: 'Budget', allowedOrigins: [], sponsorship: budget })
    const config = Config.parse({
      version: 1,
      networks: harness.stack.chainsFile.networks.filter((network) => network.caipNetworkId === 'eip155:1'),
    })
    apis = [opened.first, opened.second].map((database) =>
      createApi({ config, db: database.db, log: () => {} }),
    )
  })
  afterAll(() => close?.())

  it('signs until the budget is spent, then refuses with SPONSORSHIP_BUDGET_EXHAUSTED, across two instances', async () => {
    const through = (index: number) => async (url: string, body: unknown) =>
      apis[index % 2]!.request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    // Eight at once, alternating instances: only the database can keep them within three.
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        pm(
          '',
          'budget',
          'pm_getPaymasterData',
          [userOperation([approve(usdc())]), entryPoint07Address, '0x1', null],
          through(index),
        ),
      ),
    )
    const signed = answers.filter((answer) => answer.result)
    const refused = answers.filter((answer) => answer.error)
    expect(signed).toHaveLength(3)
    expect(refused.map((answer) => answer.error)).toEqual(
      Array(5).fill({
        code: sponsorshipRefusedCode,
        message: "This app's gas sponsorship budget is spent",
        data: { reason: sponsorshipRefusals.budgetExhausted },
      }),
    )
    expect(await Sponsorship.spent(db, { projectId: 'budget', chainId: 'eip155:1' })).toBe(3n * cost)
    // Once spent, estimation is refused too: the operation could not be signed.
    const stub = await pm(
      '',
      'budget',
      'pm_getPaymasterStubData',
      [userOperation([approve(usdc())]), entryPoint07Address, '0x1'],
      through(1),
    )
    expect(stub.error?.data).toEqual({ reason: sponsorshipRefusals.budgetExhausted })
  })
})
