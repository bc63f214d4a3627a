// EIP-5792 on the embedded connector against the devstack's chain and bundler: capabilities per
// account, the smart account's batch as one UserOperation (both calls in one transaction), the EOA's
// as one transaction per call, and each refusal with its EIP-5792 code. (A batch whose call reverts
// never reaches the chain from the smart account: the bundler's gas estimate simulates it and
// refuses; callsStatus.test.ts covers the reverted statuses.)

import { bundlerStack, setBalance } from '@walletframe/devstack/testing'
import { supportedPermissions } from '@walletframe/protocol'
import { evmNetwork, solanaNetwork } from '@walletframe/protocol/testing'
import { type Address, type Hex, parseEther, toHex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import * as SmartAccount from './smartAccount.js'
import { connectedWallet } from './testing.js'

// The devstack's Base devnet with its ERC-4337 bundler, for the suite.
const devnet = bundlerStack()
const base = () => devnet.networkOf(8453)
const client = () => devnet.clientOf(8453)
/** An EVM network the host uses that has no bundler: only the EOA there. */
const optimism = evmNetwork(10, 'OP Mainnet')

const fund = (address: Address) => setBalance(client(), address)

/** An address nobody used: its balance is what a batch sent it. */
const fresh = () => privateKeyToAccount(generatePrivateKey()).address

/** A connected wallet on Base (served), OP Mainnet (no bundler) and Solana. */
const connected = () => connectedWallet({ networks: () => [base(), optimism, solanaNetwork()] })

const batch = (from: Address, calls: unknown[], extra: Record<string, unknown> = {}) => [
  { version: '2.0.0', from, chainId: '0x2105', atomicRequired: false, calls, ...extra },
]

type Status = { status: number; atomic: boolean; receipts?: { transactionHash: Hex; status: string }[] }

async function settled(send: (method: string, params: unknown) => Promise<unknown>, id: string) {
  for (let i = 0; i < 100; i++) {
    const status = (await send('wallet_getCallsStatus', [id])) as Status
    if (status.status !== 100) return status
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`batch ${id} still pending`)
}

describe('wallet_getCapabilities', () => {
  it('says the smart account is atomic and enforces permissions where it is served, the EOA nowhere; refuses other addresses', async () => {
    const { send, smart, eoa, close } = await connected()
    // The devnet's bundler itself answers no pm_ method: no sponsorship (the API's bundler proxy does).
    expect(await send('wallet_getCapabilities', [smart])).toEqual({
      '0x2105': {
        atomic: { status: 'supported' },
        permissions: { supported: true, ...supportedPermissions },
      },
      '0xa': { atomic: { status: 'unsupported' }, permissions: { supported: false } },
    })
    expect(await send('wallet_getCapabilities', [eoa, ['0x2105']])).toEqual({
      '0x2105': { atomic: { status: 'unsupported' }, permissions: { supported: false } },
    })
    await expect(send('wallet_getCapabilities', [])).rejects.toMatchObject({
      code: -32602,
      message: 'The capabilities request needs an address parameter',
    })
    await expect(send('wallet_getCapabilities', [fresh()])).rejects.toMatchObject({ code: 4100 })
    close()
  }, 60_000)
})

describe('wallet_sendCalls', () => {
  it('sends the smart account batch as one UserOperation, approved once, both calls in one transaction', async () => {
    const { send, smart, eoa, vault, asked, close } = await connected()
    await fund(smart)
    const [first, second] = [fresh(), fresh()]
    const calls = [
      { to: first, value: toHex(parseEther('0.01')) },
      { to: second, value: toHex(parseEther('0.02')) },
    ]
    const { id } = (await send('wallet_sendCalls', batch(smart, calls, { atomicRequired: true }))) as {
      id: Hex
    }
    // One approval for the whole batch, its calls listed.
    const approvals = asked.filter((request) => request.method === 'wallet_sendCalls')
    expect(approvals).toHaveLength(1)
    expect(approvals[0]?.params).toEqual(batch(smart, calls, { atomicRequired: true }))
    expect(id).toMatch(/^0x[0-9a-f]{64}$/)
    const status = await settled(send, id)
    expect(status).toMatchObject({ version: '2.0.0', id, chainId: '0x2105', status: 200, atomic: true })
    expect(status.receipts).toHaveLength(1)
    // Its callData is the account's batch execute of both calls, as viem's smart account encodes it.
    const { account, bundler } = await SmartAccount.handle(base(), eoa, vault)
    const sent = await bundler.getUserOperation({ hash: id })
    expect(sent.userOperation.callData).toBe(
      await account.encodeCalls([
        { to: first, value: parseEther('0.01') },
        { to: second, value: parseEther('0.02') },
      ]),
    )
    expect(await client().getBalance({ address: first })).toBe(parseEther('0.01'))
    expect(await client().getBalance({ address: second })).toBe(parseEther('0.02'))
    close()
  }, 90_000)

  it('goes unsponsored where the bundler has no paymaster: required sponsorship is 5700, optional is skipped', async () => {
    const { send, smart, asked, close } = await connected()
    const call = { to: fresh(), value: '0x1' }
    await expect(
      send(
        'wallet_sendCalls',
        batch(smart, [call], { capabilities: { paymasterService: { url: 'https://pm.example' } } }),
      ),
    ).rejects.toMatchObject({ code: 5700 })
    expect(asked).toEqual([])
    await fund(smart)
    const { id } = (await send(
      'wallet_sendCalls',
      batch(smart, [call], {
        capabilities: { paymasterService: { url: 'https://pm.example', optional: true } },
      }),
    )) as { id: Hex }
    expect(asked.map((request) => request.sponsored)).toEqual([undefined])
    expect(await settled(send, id)).toMatchObject({ status: 200 })
    expect(await client().getBalance({ address: call.to })).toBe(1n)
    close()
  }, 90_000)

  it('sends the EOA batch as one transaction per call, and reports their receipts', async () => {
    const { send, eoa, c, close } = await connected()
    c.setPreferredAccountType('eoa')
    await fund(eoa)
    const [first, second] = [fresh(), fresh()]
    const calls = [
      { to: first, value: toHex(parseEther('0.01')) },
      { to: second, value: toHex(parseEther('0.02')) },
    ]
    // No `from`: the account in use, the EOA.
    const { id } = (await send('wallet_sendCalls', [{ ...batch(eoa, calls)[0], from: undefined }])) as {
      id: string
    }
    const status = await settled(send, id)
    expect(status).toMatchObject({ status: 200, atomic: false, chainId: '0x2105' })
    expect(status.receipts?.map((receipt) => receipt.status)).toEqual(['0x1', '0x1'])
    expect(new Set(status.receipts?.map((receipt) => receipt.transactionHash)).size).toBe(2)
    expect(await client().getBalance({ address: second })).toBe(parseEther('0.02'))

    // The dapp's own id is the batch's; a second batch with it is refused before anyone is asked.
    const named = (await send('wallet_sendCalls', batch(eoa, calls.slice(0, 1), { id: 'my-batch' }))) as {
      id: string
    }
    expect(named).toEqual({ id: 'my-batch' })
    await expect(
      send('wallet_sendCalls', batch(eoa, calls.slice(0, 1), { id: 'my-batch' })),
    ).rejects.toMatchObject({ code: 5720 })
    close()
  }, 90_000)

  it('refuses what EIP-5792 says to refuse, before the user is asked', async () => {
    const { send, smart, eoa, asked, close } = await connected()
    const call = { to: fresh(), value: '0x1' }
    const refusals: [unknown, number][] = [
      [batch(eoa, [call, call], { atomicRequired: true }), 5760],
      // Sponsorship is the smart account's, where the project sponsors: the EOA has none.
      [batch(eoa, [call], { capabilities: { paymasterService: { url: 'https://pm.example' } } }), 5700],
      [batch(smart, [{ ...call, capabilities: { auxiliaryFunds: { optional: false } } }]), 5700],
      [batch(smart, [call], { chainId: '0x1' }), 5710],
      [batch(smart, [call], { chainId: '0xa' }), 5710],
      [
        batch(
          smart,
          Array.from({ length: 21 }, () => call),
        ),
        5740,
      ],
      [batch(fresh(), [call]), 4100],
      [batch(smart, [{ to: 'vitalik.eth' }]), -32602],
    ]
    for (const [params, code] of refusals)
      await expect(send('wallet_sendCalls', params), JSON.stringify(params)).rejects.toMatchObject({ code })
    expect(asked).toEqual([])
    // An optional capability the wallet lacks is skipped: the user is asked.
    await fund(smart)
    await send(
      'wallet_sendCalls',
      batch(smart, [call], { capabilities: { auxiliaryFunds: { optional: true } } }),
    )
    expect(asked).toHaveLength(1)
    close()
  }, 90_000)

  it('answers 4001 when the user rejects, and the id stays free', async () => {
    const { send, smart, user, close } = await connected()
    user.answer = 'reject'
    const params = batch(smart, [{ to: fresh(), value: '0x1' }], { id: 'rejected-once' })
    await expect(send('wallet_sendCalls', params)).rejects.toMatchObject({ code: 4001 })
    await expect(send('wallet_sendCalls', params)).rejects.toMatchObject({ code: 4001 })
    close()
  }, 60_000)
})

describe('wallet_getCallsStatus', () => {
  it('answers 5730 for an id this wallet did not send', async () => {
    const { send, close } = await connected()
    await expect(send('wallet_getCallsStatus', [`0x${'0'.repeat(64)}`])).rejects.toMatchObject({ code: 5730 })
    close()
  })
})
