import * as btc from '@scure/btc-signer'
import { type CaipAddress, ProviderRpcError } from '@walletframe/protocol'
import { bitcoinNetworks } from '@walletframe/protocol/networks'
import { evmNetwork } from '@walletframe/protocol/testing'
import { describe, expect, it } from 'vitest'
import { connectFake, coreWith, address as evmAddress } from '../testing.js'
import * as Bitcoin from './bitcoin.js'
import * as Router from './router.js'

const [mainnet, testnet] = bitcoinNetworks as [(typeof bitcoinNetworks)[0], (typeof bitcoinNetworks)[0]]
const ethereum = evmNetwork(1, 'Ethereum')
// The connected account (the devstack mnemonic's first BIP-84 address), another wallet's mainnet
// address and a testnet address: any valid addresses do.
const own = 'bc1q4qw42stdzjqs59xvlrlxr8526e3nunw7mp73te'
const other = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu'
const testnetAddress = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'
const accounts: CaipAddress[] = [`eip155:1:${evmAddress}`, `${mainnet.caipNetworkId}:${own}`]

/** A PSBT with one input paying `owner`'s P2WPKH output script. */
function psbtPaying(owner: string): string {
  const transaction = new btc.Transaction()
  transaction.addInput({
    txid: '22'.repeat(32),
    index: 0,
    witnessUtxo: { script: btc.OutScript.encode(btc.Address(btc.NETWORK).decode(owner)), amount: 10_000n },
  })
  transaction.addOutputAddress(other, 9_000n, btc.NETWORK)
  return btoa(String.fromCharCode(...transaction.toPSBT()))
}

function refusal(run: () => unknown): ProviderRpcError {
  try {
    run()
  } catch (error) {
    if (error instanceof ProviderRpcError) return error
    throw error
  }
  throw new Error('expected a refusal')
}

describe('check', () => {
  it('passes a request for a connected account through, parsed', () => {
    expect(Bitcoin.check('signMessage', { account: own, message: 'hi' }, mainnet, accounts)).toEqual({
      account: own,
      message: 'hi',
    })
    const psbt = psbtPaying(own)
    const params = { account: own, psbt, signInputs: [{ address: own, index: 0 }] }
    expect(Bitcoin.check('signPsbt', params, mainnet, accounts)).toEqual(params)
  })

  it('refuses to sign for an address that is not an account of the connection (4100)', () => {
    for (const run of [
      () => Bitcoin.check('signMessage', { account: other, message: 'hi' }, mainnet, accounts),
      () => Bitcoin.check('signMessage', { account: own, address: other, message: 'hi' }, mainnet, accounts),
      () =>
        Bitcoin.check(
          'signPsbt',
          { account: own, psbt: psbtPaying(other), signInputs: [{ address: other, index: 0 }] },
          mainnet,
          accounts,
        ),
      // The connected account, but on another network than the one the call is for.
      () => Bitcoin.check('signMessage', { account: own, message: 'hi' }, testnet, accounts),
    ])
      expect(refusal(run).toJSON()).toMatchObject({ code: 4100, data: { reason: 'accountNotConnected' } })
  })

  it('refuses a malformed PSBT, or one without the input named, with a typed invalid-params error', () => {
    const bad = refusal(() =>
      Bitcoin.check(
        'signPsbt',
        { account: own, psbt: 'bm90IGEgcHNidA==', signInputs: [] },
        mainnet,
        accounts,
      ),
    )
    expect(bad.toJSON()).toMatchObject({ code: -32602, data: { reason: 'invalidPsbt' } })
    expect(bad.message).toMatch(/^psbt: not a PSBT/)
    const missing = refusal(() =>
      Bitcoin.check(
        'signPsbt',
        { account: own, psbt: psbtPaying(own), signInputs: [{ address: own, index: 1 }] },
        mainnet,
        accounts,
      ),
    )
    expect(missing.toJSON()).toMatchObject({ code: -32602, data: { reason: 'invalidPsbt' } })
  })

  it("refuses an address that is not the network's, and malformed params", () => {
    const transfer = { account: own, amount: '1000' }
    for (const recipientAddress of [testnetAddress, 'bc1qnotanaddress', evmAddress])
      expect(
        refusal(() =>
          Bitcoin.check('sendTransfer', { ...transfer, recipientAddress }, mainnet, accounts),
        ).toJSON(),
      ).toMatchObject({ code: -32602, data: { reason: 'invalidAddress', field: 'recipientAddress' } })
    expect(
      refusal(() =>
        Bitcoin.check('sendTransfer', { account: own, recipientAddress: other }, mainnet, accounts),
      ).message,
    ).toBe('sendTransfer: amount: Expected "amount" in satoshis, as text')
  })
})

describe('checkAnswer', () => {
  it("passes the wallet's answer when it has the method's shape, else an internal error", () => {
    expect(Bitcoin.checkAnswer('sendTransfer', { txid: 'ab'.repeat(32) })).toEqual({ txid: 'ab'.repeat(32) })
    expect(refusal(() => Bitcoin.checkAnswer('signPsbt', { psbt: 42 })).code).toBe(-32603)
  })
})

describe('the router on Bitcoin calls', () => {
  async function setup() {
    const core = coreWith([ethereum, mainnet, testnet])
    const router = Router.create({ ...core, read: async () => null })
    const connector = await connectFake(core, { accounts, network: 'eip155:1' })
    return { core, router, connector }
  }

  it('sends a checked call to the Bitcoin network the wallet has an account on, and its checked answer back', async () => {
    const { router, connector } = await setup()
    connector.request.mockResolvedValue({ address: own, signature: 'c2ln', extra: 1 })
    expect(await router.request({ method: 'signMessage', params: { account: own, message: 'hi' } })).toEqual({
      address: own,
      signature: 'c2ln',
    })
    expect(connector.request).toHaveBeenCalledWith({
      method: 'signMessage',
      params: { account: own, message: 'hi' },
      network: mainnet.caipNetworkId,
    })
  })

  it('refuses before the wallet: a foreign address, a malformed PSBT, a chain of another namespace', async () => {
    const { router, connector } = await setup()
    await expect(
      router.request({ method: 'signMessage', params: { account: other, message: 'hi' } }),
    ).rejects.toMatchObject({ code: 4100 })
    await expect(
      router.request({ method: 'signPsbt', params: { account: own, psbt: 'AAAA', signInputs: [] } }),
    ).rejects.toMatchObject({ code: -32602, data: { reason: 'invalidPsbt' } })
    await expect(
      router.request({ method: 'signMessage', params: { account: own, message: 'hi', chain: 'eip155:1' } }),
    ).rejects.toMatchObject({ code: -32602, data: { reason: 'wrongChain' } })
    await expect(
      router.request({
        method: 'signMessage',
        params: { account: own, message: 'hi' },
        chainId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
      }),
    ).rejects.toMatchObject({ code: 4902 })
    expect(connector.request).not.toHaveBeenCalled()
  })

  it('refuses a connection without a Bitcoin account (an embedded or browser wallet) with 4100, an app without a Bitcoin network with 4902', async () => {
    const core = coreWith([ethereum, mainnet])
    const router = Router.create({ ...core, read: async () => null })
    const connector = await connectFake(core, { accounts: [`eip155:1:${evmAddress}`], network: 'eip155:1' })
    await expect(
      router.request({ method: 'signMessage', params: { account: own, message: 'hi' } }),
    ).rejects.toMatchObject({ code: 4100 })
    const evmOnly = coreWith([ethereum])
    const evmRouter = Router.create({ ...evmOnly, read: async () => null })
    const evmConnector = await connectFake(evmOnly, {
      accounts: [`eip155:1:${evmAddress}`],
      network: 'eip155:1',
    })
    await expect(
      evmRouter.request({ method: 'signMessage', params: { account: own, message: 'hi' } }),
    ).rejects.toMatchObject({ code: 4902 })
    expect(connector.request).not.toHaveBeenCalled()
    expect(evmConnector.request).not.toHaveBeenCalled()
  })

  it('takes the network from the chain the call names, without the chain in the wallet parameters', async () => {
    const { router, connector } = await setup()
    await expect(
      router.request({
        method: 'signMessage',
        params: { account: own, message: 'hi', chain: testnet.caipNetworkId },
      }),
    ).rejects.toMatchObject({ code: 4100, message: expect.stringContaining(testnet.caipNetworkId) })
    connector.request.mockResolvedValue({ address: own, signature: 'c2ln' })
    await router.request({
      method: 'signMessage',
      params: { account: own, message: 'hi', chain: mainnet.caipNetworkId },
    })
    expect(connector.request).toHaveBeenCalledWith(
      expect.objectContaining({ params: { account: own, message: 'hi' }, network: mainnet.caipNetworkId }),
    )
  })
})
