import type { CaipAddress } from '@walletframe/protocol'
import { evmNetwork, solanaNetwork } from '@walletframe/protocol/testing'
import { describe, expect, it } from 'vitest'
import { address, evmConnection, fakeConnector, otherAddress, solanaAddress } from '../testing.js'
import * as Connection from './connection.js'

const bitcoinAddress = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
const solanaMainnet = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const bitcoinMainnet = 'bip122:000000000019d6689c085ae165831e93'
const ethereum = evmNetwork(1, 'Ethereum')
const base = evmNetwork(8453, 'Base')
const optimism = evmNetwork(10, 'OP Mainnet')
const solana = solanaNetwork()

const connector = fakeConnector(evmConnection, {
  id: 'walletConnect',
  type: 'walletConnect',
  name: 'WalletConnect',
})

const connected = (accounts: readonly CaipAddress[]): Connection.ConnectionState => ({
  status: 'connected',
  accounts,
  connector: { id: 'walletConnect', type: 'walletConnect', name: 'WalletConnect', icon: 'data:,' },
})

describe('create', () => {
  it('starts disconnected without a connector', () => {
    const store = Connection.create()
    expect(store.get()).toEqual(Connection.disconnected)
    expect(store.connector()).toBeUndefined()
  })

  it('attaches a connector with its accounts and describes it without its methods', () => {
    const store = Connection.create()
    store.attach(connector, [`eip155:1:${address}`])
    expect(store.get()).toEqual(connected([`eip155:1:${address}`]))
    expect(store.connector()).toBe(connector)
  })

  it('changes the accounts and the status of the connection', () => {
    const store = Connection.create()
    store.attach(connector, [`eip155:1:${address}`])
    store.setAccounts([`eip155:1:${otherAddress}`])
    expect(store.get().accounts).toEqual([`eip155:1:${otherAddress}`])
    store.setStatus('connecting')
    expect(store.get().status).toBe('connecting')
  })

  it('detaches: forgets the connector and its accounts and returns the connector that was active', () => {
    const store = Connection.create()
    store.attach(connector, [`eip155:1:${address}`])
    expect(store.detach()).toBe(connector)
    expect(store.get()).toEqual(Connection.disconnected)
    expect(store.connector()).toBeUndefined()
    expect(store.detach()).toBeUndefined()
  })
})

describe('addressOn', () => {
  it('prefers the account on the network itself', () => {
    const accounts: CaipAddress[] = [`eip155:1:${address}`, `eip155:8453:${otherAddress}`]
    expect(Connection.addressOn(accounts, base)).toBe(otherAddress)
  })

  it('falls back to the first account of the network namespace', () => {
    const accounts: CaipAddress[] = [`${solanaMainnet}:${solanaAddress}`, `eip155:1:${address}`]
    expect(Connection.addressOn(accounts, optimism)).toBe(address)
    expect(Connection.addressOn(accounts, solana)).toBe(solanaAddress)
  })

  it('has no address without an account in the namespace, or without a network', () => {
    expect(Connection.addressOn([`eip155:1:${address}`], solana)).toBeUndefined()
    expect(Connection.addressOn([`eip155:1:${address}`], undefined)).toBeUndefined()
  })
})

describe('accountEntries', () => {
  it('lists each address once per namespace, with its account type', () => {
    expect(
      Connection.accountEntries([
        `eip155:1:${address}`,
        `eip155:8453:${address}`,
        `eip155:8453:${otherAddress}`,
        `${solanaMainnet}:${solanaAddress}`,
        `${bitcoinMainnet}:${bitcoinAddress}`,
      ]),
    ).toEqual([
      { namespace: 'eip155', address, type: 'eoa' },
      { namespace: 'eip155', address: otherAddress, type: 'eoa' },
      { namespace: 'solana', address: solanaAddress, type: 'eoa' },
      { namespace: 'bip122', address: bitcoinAddress, type: 'payment' },
    ])
  })

  it('leaves out accounts of namespaces the protocol does not know', () => {
    expect(Connection.accountEntries(['cosmos:cosmoshub-4:cosmos1abc', `eip155:1:${address}`])).toEqual([
      { namespace: 'eip155', address, type: 'eoa' },
    ])
  })
})

describe('toAccountState', () => {
  it('reports a connection that is not made yet without accounts', () => {
    expect(Connection.toAccountState(Connection.disconnected, ethereum)).toEqual({
      status: 'disconnected',
      isConnected: false,
      allAccounts: [],
    })
    expect(
      Connection.toAccountState({ ...connected([`eip155:1:${address}`]), status: 'connecting' }, ethereum),
    ).toEqual({ status: 'connecting', isConnected: false, allAccounts: [] })
  })

  it('names the address and caipAddress on the active network', () => {
    const state = connected([`eip155:1:${address}`, `${solanaMainnet}:${solanaAddress}`])
    expect(Connection.toAccountState(state, base)).toEqual({
      status: 'connected',
      isConnected: true,
      address,
      caipAddress: `eip155:8453:${address}`,
      allAccounts: [
        { namespace: 'eip155', address, type: 'eoa' },
        { namespace: 'solana', address: solanaAddress, type: 'eoa' },
      ],
      connector: 'walletConnect',
    })
    expect(Connection.toAccountState(state, solana)).toMatchObject({
      address: solanaAddress,
      caipAddress: `${solanaMainnet}:${solanaAddress}`,
    })
  })

  it("carries the embedded wallet's user and account type when the connector has them", () => {
    const embeddedWalletInfo = {
      authProvider: 'email',
      accountType: 'eoa',
      isSmartAccountDeployed: false,
      user: { email: 'alice@example.test' },
    } as const
    const store = Connection.create()
    store.attach({ ...connector, type: 'auth', walletInfo: () => embeddedWalletInfo }, [
      `eip155:1:${address}`,
    ])
    expect(Connection.toAccountState(store.get(), ethereum)).toMatchObject({
      connector: 'auth',
      embeddedWalletInfo,
    })
  })

  it("types the embedded wallet's smart account, and follows its info when its accounts change", () => {
    let info = {
      authProvider: 'email',
      accountType: 'smartAccount' as 'smartAccount' | 'eoa',
      isSmartAccountDeployed: false,
      user: {},
    }
    const store = Connection.create()
    const embedded = {
      ...connector,
      type: 'auth' as const,
      walletInfo: () => info,
      accountTypes: () => ({ [otherAddress.toLowerCase()]: 'smartAccount' as const }),
    }
    store.attach(embedded, [`eip155:1:${otherAddress}`, `eip155:1:${address}`])
    expect(Connection.toAccountState(store.get(), ethereum)).toMatchObject({
      address: otherAddress,
      allAccounts: [
        { namespace: 'eip155', address: otherAddress, type: 'smartAccount' },
        { namespace: 'eip155', address, type: 'eoa' },
      ],
      embeddedWalletInfo: { accountType: 'smartAccount', isSmartAccountDeployed: false },
    })
    // The user picks the EOA: the connector announces its accounts again, the EOA first.
    info = { ...info, accountType: 'eoa', isSmartAccountDeployed: true }
    store.setAccounts([`eip155:1:${address}`, `eip155:1:${otherAddress}`])
    expect(Connection.toAccountState(store.get(), ethereum)).toMatchObject({
      address,
      embeddedWalletInfo: { accountType: 'eoa', isSmartAccountDeployed: true },
    })
  })

  it('names no address when the connection has none in the namespace of the active network', () => {
    const state = Connection.toAccountState(connected([`eip155:1:${address}`]), solana)
    expect(state).toMatchObject({ status: 'connected', isConnected: true })
    expect(state).not.toHaveProperty('address')
    expect(state).not.toHaveProperty('caipAddress')
  })
})

describe('evmAddress', () => {
  it('is the first eip155 address of a connection', () => {
    expect(
      Connection.evmAddress(
        connected([`${solanaMainnet}:${solanaAddress}`, `eip155:1:${address}`, `eip155:1:${otherAddress}`]),
      ),
    ).toBe(address)
  })

  it('is undefined without an eip155 account or while not connected', () => {
    expect(Connection.evmAddress(connected([`${solanaMainnet}:${solanaAddress}`]))).toBeUndefined()
    expect(
      Connection.evmAddress({ ...connected([`eip155:1:${address}`]), status: 'connecting' }),
    ).toBeUndefined()
  })
})
