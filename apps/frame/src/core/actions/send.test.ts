import { type NameAccount, ProviderRpcError, type TokenBalance } from '@walletframe/protocol'
import { evmNetwork, solanaNetwork } from '@walletframe/protocol/testing'
import { describe, expect, it, vi } from 'vitest'
import type { Chain, PreparedTransfer } from '../../chains/Chain.js'
import { accountMessages } from '../../lib/accountMessages.js'
import { address, connectFake, coreWith, otherAddress, solanaAddress } from '../../testing.js'
import type { Core } from '../Core.js'
import * as Navigation from './navigation.js'
import * as Send from './send.js'

const ethereum = evmNetwork(1, 'Ethereum')
const solana = solanaNetwork()
const receiver = otherAddress
const solanaReceiver = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const hash = `0x${'cd'.repeat(32)}`
const usdcContract = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'

const balance = (overrides: Partial<TokenBalance>): TokenBalance => ({
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:1',
  value: 4000,
  price: 2000,
  quantity: { decimals: '18', numeric: '2' },
  iconUrl: '',
  ...overrides,
})
const eth = balance({})
const usdc = balance({
  name: 'USD Coin',
  symbol: 'USDC',
  address: `eip155:1:${usdcContract}`,
  value: 100,
  price: 1,
  quantity: { decimals: '6', numeric: '100' },
})
const sol = balance({
  name: 'Solana',
  symbol: 'SOL',
  chainId: solana.caipNetworkId,
  value: 450,
  price: 150,
  quantity: { decimals: '9', numeric: '3' },
})

/** A chain family that accepts `accepts` as receivers, prices every transfer at `fee` and confirms `answer`. */
function fakeChain(accepts: string, fee: bigint) {
  const confirm = vi.fn(async (answer: unknown) => String(answer))
  const prepared: PreparedTransfer = { method: 'wallet_send', params: ['built'], confirm }
  return {
    confirm,
    nativeBalance: vi.fn(async () => 0n),
    isAddress: (candidate: string) => candidate === accepts,
    transferFee: vi.fn(async (..._args: Parameters<Chain['transferFee']>) => fee),
    prepareTransfer: vi.fn(async (..._args: Parameters<Chain['prepareTransfer']>) => prepared),
    prepareSignIn: (): never => {
      throw new Error('a send never signs in')
    },
  } satisfies Chain & Record<string, unknown>
}

async function setup(options: { network?: 'eip155' | 'solana'; balances?: TokenBalance[] } = {}) {
  const onSolana = options.network === 'solana'
  const core = coreWith(onSolana ? [solana] : [ethereum])
  const connector = await connectFake(
    core,
    onSolana
      ? { accounts: [`${solana.caipNetworkId}:${solanaAddress}`], network: solana.caipNetworkId }
      : { accounts: [`eip155:1:${address}`], network: 'eip155:1' },
  )
  connector.request.mockResolvedValue(hash)
  const chain = onSolana ? fakeChain(solanaReceiver, 5000n) : fakeChain(receiver, 10n ** 15n)
  const deps = {
    ...core,
    chain: vi.fn(async (namespace: string) =>
      namespace === (onSolana ? 'solana' : 'eip155') ? chain : undefined,
    ),
    balances: vi.fn(async () => options.balances ?? (onSolana ? [sol] : [usdc, eth])),
    gasPrice: vi.fn(async () => 10n ** 10n),
    refreshBalances: vi.fn(async () => {}),
    resolveName: vi.fn(async (name: string): Promise<NameAccount> => {
      if (name !== 'bob-name.wf.id') throw new Error('No account is registered under the name')
      return {
        name,
        addresses: { '60': { address: receiver } },
        attributes: { avatar: 'https://img.test/bob.png' },
        createdAt: '2026-01-01T00:00:00.000Z',
      }
    }),
  } satisfies Send.Deps
  return { core, deps, connector, chain }
}

/** Fills the form as a user would. */
async function fill(deps: Send.Deps, amount: string, to: string) {
  Send.setAmount(deps, amount)
  await Send.setReceiver(deps, to)
}

describe('load', () => {
  it('offers the balances of the account on the active network and picks the native currency', async () => {
    const { core, deps } = await setup()
    await Send.load(deps)
    expect(deps.balances).toHaveBeenCalledWith(ethereum, address)
    expect(core.send.get()).toMatchObject({
      source: { network: 'eip155:1', address },
      tokenBalances: [usdc, eth],
      token: eth,
      balances: 'ready',
      networkBalanceInUSD: 4000,
    })
  })

  it('keeps the chosen token and what was typed when the balances load again', async () => {
    const { core, deps } = await setup()
    await Send.load(deps)
    await Send.selectToken(deps, usdc)
    Send.setAmount(deps, '5')
    await Send.load(deps)
    expect(core.send.get()).toMatchObject({ token: usdc, sendTokenAmount: '5' })
  })

  it('starts over for another account', async () => {
    const { core, deps } = await setup()
    await Send.load(deps)
    Send.setAmount(deps, '5')
    core.connection.setAccounts([`eip155:1:${otherAddress}`])
    await Send.load(deps)
    expect(core.send.get()).toMatchObject({ source: { address: otherAddress }, sendTokenAmount: '' })
  })

  it('says the balances are unavailable when the balance service fails', async () => {
    const { core, deps } = await setup()
    deps.balances.mockRejectedValueOnce(new Error('down'))
    await Send.load(deps)
    expect(core.send.get()).toMatchObject({ balances: 'unavailable', tokenBalances: [] })
  })
})

describe('estimate', () => {
  it('prices the transfer at the API gas price once the receiver is valid, in wei and in USD', async () => {
    const { core, deps, chain } = await setup()
    await Send.load(deps)
    await Send.setReceiver(deps, 'not yet')
    expect(chain.transferFee).not.toHaveBeenCalled()
    await Send.setReceiver(deps, receiver)
    expect(chain.transferFee).toHaveBeenCalledWith(
      ethereum,
      { from: address, to: receiver, token: undefined, amount: 1n, decimals: 18 },
      10n ** 10n,
    )
    expect(core.send.get()).toMatchObject({
      gasPrice: 10n ** 10n,
      fee: { status: 'ready', fee: 10n ** 15n, gasPrice: 10n ** 10n },
      gasPriceInUSD: 2,
      networkBalanceInUSD: 4000,
    })
  })

  it('prices an ERC20 transfer on the token contract', async () => {
    const { deps, chain } = await setup()
    await Send.load(deps)
    await Send.selectToken(deps, usdc)
    await Send.setReceiver(deps, receiver)
    expect(chain.transferFee).toHaveBeenLastCalledWith(
      ethereum,
      expect.objectContaining({ token: usdcContract, decimals: 6 }),
      10n ** 10n,
    )
  })

  it('asks no gas price on Solana', async () => {
    const { core, deps } = await setup({ network: 'solana' })
    await Send.load(deps)
    await Send.setReceiver(deps, solanaReceiver)
    expect(deps.gasPrice).not.toHaveBeenCalled()
    expect(core.send.get().fee).toEqual({ status: 'ready', fee: 5000n, gasPrice: undefined })
  })

  it('drops the answer for a receiver that changed meanwhile', async () => {
    const { core, deps, chain } = await setup()
    await Send.load(deps)
    let answer: (fee: bigint) => void = () => {}
    let asked: () => void = () => {}
    const priced = new Promise<void>((resolve) => (asked = resolve))
    chain.transferFee.mockImplementationOnce(() => {
      asked()
      return new Promise<bigint>((resolve) => (answer = resolve))
    })
    const first = Send.setReceiver(deps, receiver)
    await priced
    await Send.setReceiver(deps, 'someone else')
    answer(1n)
    await first
    expect(core.send.get().fee).toEqual({ status: 'pending' })
  })

  it('records a failed estimate with its reason', async () => {
    const { core, deps, chain } = await setup()
    await Send.load(deps)
    chain.transferFee.mockRejectedValueOnce(new Error('execution reverted'))
    await Send.setReceiver(deps, receiver)
    expect(core.send.get().fee).toEqual({
      status: 'failed',
      message: 'Cannot estimate the network fee: execution reverted',
    })
  })
})

describe('check', () => {
  it('tells the view what the form lacks, then that it can send', async () => {
    const { core, deps, chain } = await setup()
    await Send.load(deps)
    expect(Send.check(core, chain)).toEqual({
      status: 'invalid',
      message: accountMessages.invalidAmountAndReceiver,
    })
    await fill(deps, '1', receiver)
    expect(Send.check(core, chain)).toEqual({ status: 'ready', amount: 10n ** 18n })
    Send.setAmount(deps, '3')
    expect(Send.check(core, chain)).toEqual({
      status: 'invalid',
      message: accountMessages.insufficientBalance,
    })
  })
})

describe('send', () => {
  async function ready(options?: Parameters<typeof setup>[0]) {
    const world = await setup(options)
    await Send.load(world.deps)
    Navigation.push(world.core, 'WalletSend')
    return world
  }
  const view = (core: Pick<Core, 'modal'>) => core.modal.get().stack.history

  it('sends the native currency through the wallet, goes to Account, and refreshes balances once confirmed', async () => {
    const { core, deps, connector, chain } = await ready()
    const success = vi.spyOn(core.toasts, 'success')
    await fill(deps, '1.5', receiver)
    await Send.send(deps)
    expect(chain.prepareTransfer).toHaveBeenCalledWith(ethereum, {
      from: address,
      to: receiver,
      token: undefined,
      amount: 1_500_000_000_000_000_000n,
      decimals: 18,
    })
    expect(connector.request).toHaveBeenCalledWith({
      method: 'wallet_send',
      params: ['built'],
      network: 'eip155:1',
    })
    expect(view(core)).toEqual(['Account'])
    expect(success).toHaveBeenCalledWith(accountMessages.transactionStarted)
    expect(chain.confirm).toHaveBeenCalledWith(hash)
    expect(deps.refreshBalances).toHaveBeenCalledWith(ethereum, address)
    expect(core.send.get()).toMatchObject({
      sendTokenAmount: '',
      receiverAddress: '',
      token: undefined,
      loading: false,
      tokenBalances: [usdc, eth],
    })
  })

  it('sends an ERC20 token from its contract address', async () => {
    const { deps, chain } = await ready()
    await Send.selectToken(deps, usdc)
    await fill(deps, '100', receiver)
    await Send.send(deps)
    expect(chain.prepareTransfer).toHaveBeenCalledWith(
      ethereum,
      expect.objectContaining({ token: usdcContract, amount: 100_000_000n, decimals: 6 }),
    )
  })

  it('sends SOL on Solana', async () => {
    const { deps, chain, connector } = await ready({ network: 'solana' })
    await fill(deps, '0.5', solanaReceiver)
    await Send.send(deps)
    expect(chain.prepareTransfer).toHaveBeenCalledWith(
      solana,
      expect.objectContaining({ from: solanaAddress, to: solanaReceiver, amount: 500_000_000n }),
    )
    expect(connector.request).toHaveBeenCalledWith(expect.objectContaining({ network: solana.caipNetworkId }))
  })

  it('sends nothing and says why when the form cannot send', async () => {
    const { core, deps, connector } = await ready()
    await fill(deps, '5', receiver)
    await expect(Send.send(deps)).rejects.toMatchObject({
      name: 'SendError',
      message: accountMessages.insufficientBalance,
    })
    Send.setAmount(deps, '')
    await expect(Send.send(deps)).rejects.toThrow(accountMessages.invalidAmountAndReceiver)
    expect(connector.request).not.toHaveBeenCalled()
    expect(view(core).at(-1)).toBe('WalletSend')
  })

  it('waits for the fee before it sends', async () => {
    const { deps, chain, connector } = await ready()
    chain.transferFee.mockImplementationOnce(() => new Promise<bigint>(() => {}))
    Send.setAmount(deps, '1')
    void Send.setReceiver(deps, receiver)
    await expect(Send.send(deps)).rejects.toThrow('The network fee is not known yet')
    expect(connector.request).not.toHaveBeenCalled()
  })

  it('says "Unsupported chain" for a network of another namespace', async () => {
    const { core, deps } = await ready()
    const bitcoin = {
      ...ethereum,
      caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
      chainNamespace: 'bip122',
    } as const
    core.networks.set({ available: [bitcoin], active: bitcoin, unsupported: undefined })
    core.connection.setAccounts([`${bitcoin.caipNetworkId}:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq`])
    await expect(Send.send(deps)).rejects.toThrow(accountMessages.unsupportedChain)
  })

  it('shows "Something went wrong" when the wallet refuses on EVM, and keeps the form', async () => {
    const { core, deps, connector } = await ready()
    const error = vi.spyOn(core.toasts, 'error')
    vi.spyOn(console, 'error').mockImplementationOnce(() => {})
    connector.request.mockRejectedValueOnce(new ProviderRpcError(4001, 'User rejected the request.'))
    await fill(deps, '1', receiver)
    await Send.send(deps)
    expect(error).toHaveBeenCalledWith(accountMessages.evmSendFailed)
    expect(core.send.get()).toMatchObject({ sendTokenAmount: '1', receiverAddress: receiver, loading: false })
    expect(deps.refreshBalances).not.toHaveBeenCalled()
  })

  it('shows "Failed to send transaction. Please try again." when a Solana send fails', async () => {
    const { core, deps, connector } = await ready({ network: 'solana' })
    const error = vi.spyOn(core.toasts, 'error')
    vi.spyOn(console, 'error').mockImplementationOnce(() => {})
    connector.request.mockRejectedValueOnce(new Error('blockhash not found'))
    await fill(deps, '1', solanaReceiver)
    await Send.send(deps)
    expect(error).toHaveBeenCalledWith(accountMessages.solanaSendFailed)
  })

  it('shows the failure when the transaction fails on chain after it started', async () => {
    const { core, deps, chain } = await ready()
    const error = vi.spyOn(core.toasts, 'error')
    vi.spyOn(console, 'error').mockImplementationOnce(() => {})
    chain.confirm.mockRejectedValueOnce(new Error('reverted'))
    await fill(deps, '1', receiver)
    await Send.send(deps)
    expect(error).toHaveBeenCalledWith(accountMessages.evmSendFailed)
    expect(deps.refreshBalances).not.toHaveBeenCalled()
  })
})

describe('setReceiver with a name', () => {
  it('resolves a registered name to its address, shows its name and avatar, and sends there', async () => {
    const { core, deps, chain } = await setup()
    await Send.load(deps)
    await fill(deps, '0.5', 'Bob-Name.wf.id')
    expect(deps.resolveName).toHaveBeenCalledWith('bob-name.wf.id')
    expect(core.send.get()).toMatchObject({
      receiverProfileName: 'bob-name.wf.id',
      receiverProfileImageUrl: 'https://img.test/bob.png',
      receiverResolvedAddress: receiver,
      receiverNameError: undefined,
      fee: { status: 'ready' },
    })
    await Send.send(deps)
    expect(chain.prepareTransfer.mock.calls[0]![1]).toMatchObject({ to: receiver })
  })

  it('says "Error resolving name" for a name nobody registered, and cannot send', async () => {
    const { core, deps } = await setup()
    await Send.load(deps)
    await fill(deps, '0.5', 'nobody-here.wf.id')
    expect(core.send.get()).toMatchObject({
      receiverNameError: 'Error resolving name',
      receiverResolvedAddress: undefined,
    })
    await expect(Send.send(deps)).rejects.toThrow(Send.SendError)
    // Typing an address instead clears the name's error.
    await Send.setReceiver(deps, receiver)
    expect(core.send.get().receiverNameError).toBeUndefined()
  })
})
