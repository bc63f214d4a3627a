// The embedded connector's smart account against the devstack's chains and bundler: the Worker's
// key owns it, its address is the factory's counterfactual one, its signatures verify with viem
// before deployment (ERC-6492) and after (ERC-1271), its first transaction goes as a UserOperation
// that deploys it, and the user's preference picks which EVM account is used.

import { bundlerStack, setBalance } from '@walletframe/devstack/testing'
import type { CaipAddress } from '@walletframe/protocol'
import { evmNetwork, solanaNetwork } from '@walletframe/protocol/testing'
import { type Address, type Hex, isErc6492Signature, parseEther, toHex, verifyMessage } from 'viem'
import { describe, expect, it } from 'vitest'
import { memory, type Storage } from '../../storage/Storage.js'
import type { Event } from '../Connector.js'
import * as Embedded from './Embedded.js'
import { preferenceKey } from './smartAccountSupport.js'
import { device, fakeApi } from './testing.js'

// The devstack's Base devnet with its ERC-4337 bundler, for the suite.
const devnet = bundlerStack()
const base = () => devnet.networkOf(8453)
const client = () => devnet.clientOf(8453)
/** An EVM network the host uses that has no bundler: only the EOA there. */
const optimism = evmNetwork(10, 'OP Mainnet')

const password = 'a long recovery password'

function wallet(storage: Storage = memory()) {
  const server = fakeApi()
  const d = device(undefined, storage)
  const c = Embedded.create({
    api: server.api,
    vault: d.vault,
    storage: d.storage,
    networks: () => [base(), optimism, solanaNetwork()],
    askPassword: async () => password,
  })
  const events: Event[] = []
  c.subscribe((event) => {
    events.push(event)
    // The user approves every request as ApproveTransaction lists it.
    if (event.type === 'pendingRequests') for (const request of event.requests) c.approveRequest?.(request.id)
  })
  return { c, server, events, close: d.close }
}

const addressOf = (account: CaipAddress | undefined) => account!.split(':')[2] as Address

async function connected(storage?: Storage) {
  const w = wallet(storage)
  w.c.login(w.server.login(await w.c.deviceKey()))
  const connection = await w.c.connect()
  return { ...w, connection }
}

describe('the embedded smart account', () => {
  it('is the selected EVM account by default, at the factory address of the EOA, listed with it', async () => {
    const { c, connection, close } = await connected()
    const [smart, eoa, solana] = connection.accounts
    expect(smart).toMatch(/^eip155:8453:0x[0-9a-fA-F]{40}$/)
    expect(eoa).toMatch(/^eip155:8453:0x/)
    expect(solana).toMatch(/^solana:/)
    expect(addressOf(smart)).not.toBe(addressOf(eoa))
    expect(c.walletInfo()).toMatchObject({ accountType: 'smartAccount', isSmartAccountDeployed: false })
    expect(c.accountTypes?.()).toEqual({ [addressOf(smart).toLowerCase()]: 'smartAccount' })
    expect(await c.request({ method: 'eth_accounts', params: [], network: 'eip155:8453' })).toEqual([
      addressOf(smart),
    ])
    close()
  })

  it('signs with ERC-6492 before deployment, sends a UserOperation that deploys it, then signs with ERC-1271', async () => {
    const { c, connection, events, close } = await connected()
    const smart = addressOf(connection.accounts[0])
    const eoa = addressOf(connection.accounts[1])

    const before = (await c.request({
      method: 'personal_sign',
      params: [toHex('before deployment'), smart],
      network: 'eip155:8453',
    })) as Hex
    expect(isErc6492Signature(before)).toBe(true)
    expect(
      await client().verifyMessage({ address: smart, message: 'before deployment', signature: before }),
    ).toBe(true)

    const typedData = {
      domain: { name: 'Walletframe', version: '1', chainId: 8453 },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      message: { contents: 'hi from a smart account' },
    } as const
    const typed = (await c.request({
      method: 'eth_signTypedData_v4',
      params: [smart, JSON.stringify(typedData)],
      network: 'eip155:8453',
    })) as Hex
    expect(await client().verifyTypedData({ address: smart, signature: typed, ...typedData })).toBe(true)

    // A call naming the EOA is the EOA's: a plain signature that recovers to it.
    const byEoa = (await c.request({
      method: 'personal_sign',
      params: [toHex('from the owner'), eoa],
      network: 'eip155:8453',
    })) as Hex
    expect(await verifyMessage({ address: eoa, message: 'from the owner', signature: byEoa })).toBe(true)

    // No paymaster on the devnet: the account pays for its UserOperation itself.
    await setBalance(client(), smart)
    const to = `0x${'42'.repeat(20)}` as Address
    const hash = (await c.request({
      method: 'eth_sendTransaction',
      params: [{ from: smart, to, value: toHex(parseEther('0.01')) }],
      network: 'eip155:8453',
    })) as Hex
    const receipt = await client().waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(await client().getBalance({ address: to })).toBe(parseEther('0.01'))
    expect(await client().getCode({ address: smart })).toMatch(/^0x[0-9a-f]+$/)
    expect(c.walletInfo()).toMatchObject({ accountType: 'smartAccount', isSmartAccountDeployed: true })
    expect(events.some((event) => event.type === 'accountsChanged')).toBe(true)

    const after = (await c.request({
      method: 'personal_sign',
      params: [toHex('after deployment'), smart],
      network: 'eip155:8453',
    })) as Hex
    expect(isErc6492Signature(after)).toBe(false)
    expect(
      await client().verifyMessage({ address: smart, message: 'after deployment', signature: after }),
    ).toBe(true)
    close()
  }, 60_000)

  it("follows the user's preference, kept in storage, and uses the EOA where the network has no bundler", async () => {
    const storage = memory()
    const { c, connection, events, close } = await connected(storage)
    const [smart, eoa] = connection.accounts
    c.setPreferredAccountType('eoa')
    expect(storage.getItem(preferenceKey)).toBe('eoa')
    expect(events.at(-1)).toEqual({ type: 'accountsChanged', accounts: [eoa, smart, connection.accounts[2]] })
    expect(c.walletInfo()).toMatchObject({ accountType: 'eoa' })
    expect(await c.request({ method: 'eth_accounts', params: [], network: 'eip155:8453' })).toEqual([
      addressOf(eoa),
    ])
    close()

    // Another connector on the same storage (a reload where storage allows) starts on the EOA.
    const again = await connected(storage)
    const [againEoa, againSmart] = again.connection.accounts
    expect(again.c.preferredAccountType()).toBe('eoa')
    expect(again.c.accountTypes?.()).toEqual({ [addressOf(againSmart).toLowerCase()]: 'smartAccount' })
    expect(again.c.walletInfo()).toMatchObject({ accountType: 'eoa' })
    again.c.setPreferredAccountType('smartAccount')
    expect(again.c.walletInfo()).toMatchObject({ accountType: 'smartAccount' })

    // A network without a bundler: the EOA alone, whatever the preference.
    await again.c.switchNetwork(optimism)
    expect(again.c.smartAccountAvailable()).toBe(false)
    expect(again.events.at(-1)).toEqual({
      type: 'accountsChanged',
      accounts: [`eip155:10:${addressOf(againEoa)}`, again.connection.accounts[2]],
    })
    expect(again.c.walletInfo()).toMatchObject({ accountType: 'eoa' })
    again.close()
  }, 60_000)
})
