// @vitest-environment jsdom
// The send form as its view runs it: the form, its queries against an API answering at its boundary
// (balances, gas price, names) and a chain family whose every call the test can inspect, hold or make
// fail, and the send mutation through a wallet that answers with a hash.
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query'
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import { type NameAccount, ProviderRpcError, type TokenBalance } from '@walletframe/protocol'
import { evmNetwork, solanaNetwork } from '@walletframe/protocol/testing'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as SendWiring from '../../app/send.js'
import type { Chain, PreparedTransfer } from '../../chains/Chain.js'
import { accountMessages } from '../../core/accountMessages.js'
import * as Navigation from '../../core/actions/navigation.js'
import * as Send from '../../core/actions/send.js'
import { balance, eth, usdc, usdcContract } from '../../core/send.fixtures.js'
import type * as SendForm from '../../core/send.js'
import type { Client } from '../../data/client.js'
import { retryBlock } from '../../queries/retryBlock.js'
import { address, connectFake, coreWith, otherAddress, solanaAddress } from '../../testing.js'
import { useSend } from './useSend.js'

const ethereum = evmNetwork(1, 'Ethereum')
const solana = solanaNetwork()
const receiver = otherAddress
const solanaReceiver = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const hash = `0x${'cd'.repeat(32)}`

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

const bob: NameAccount = {
  name: 'bob-name.wf.id',
  addresses: { '60': { address: receiver } },
  attributes: { avatar: 'https://img.test/bob.png' },
  createdAt: '2026-01-01T00:00:00.000Z',
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
  const answers = {
    balances: vi.fn(async (_query: unknown) => options.balances ?? (onSolana ? [sol] : [usdc, eth])),
    gasPrice: vi.fn(async () => String(10n ** 10n)),
    account: vi.fn(async (name: string): Promise<NameAccount> => {
      if (name !== 'bob-name.wf.id') throw new Error('No account is registered under the name')
      return bob
    }),
  }
  const api = {
    async get(path: string, request: { query?: unknown }) {
      if (path.endsWith('/balance')) return { balances: await answers.balances(request.query) }
      if (path === 'v1/convert/gas-price') return { standard: await answers.gasPrice() }
      if (path.startsWith('v1/profile/account/'))
        return answers.account(decodeURIComponent(path.slice('v1/profile/account/'.length)))
      throw new Error(`unexpected GET ${path}`)
    },
  } as unknown as Client
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const flow = SendWiring.create({ core, api, balanceRetry: retryBlock() }, queryClient, async (namespace) =>
    namespace === (onSolana ? 'solana' : 'eip155') ? chain : undefined,
  )
  const refresh = vi.spyOn(flow.deps, 'refreshBalances')
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  )
  const hook = renderHook(
    ({ from }: { from: SendForm.Source }) => ({
      view: useSend(flow, from, chain),
      send: useMutation(flow.send),
    }),
    { wrapper, initialProps: { from: Send.source(core) as SendForm.Source } },
  )
  await waitFor(() => expect(hook.result.current.view.balances).not.toBe('loading'))
  return { core, flow, hook, connector, chain, answers, refresh, queryClient }
}

type World = Awaited<ReturnType<typeof setup>>
const view = (world: World) => world.hook.result.current.view

/** Fills the form as a user would. */
function fill(world: World, amount: string, to: string) {
  act(() => {
    Send.setAmount(world.flow.deps, amount)
    Send.setReceiver(world.flow.deps, to)
  })
}

/** Sends what the form holds, as the Send button does. */
const submit = (world: World) => act(() => world.hook.result.current.send.mutateAsync(view(world).draft))

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('the balances', () => {
  it('offers the balances of the account on the active network and picks the native currency', async () => {
    const world = await setup()
    expect(world.answers.balances).toHaveBeenCalledWith(expect.objectContaining({ chainId: 'eip155:1' }))
    // Most valuable first, as the balance query orders them.
    expect(view(world)).toMatchObject({ tokenBalances: [eth, usdc], token: eth, balances: 'ready' })
    expect(view(world).form.source).toEqual({ network: 'eip155:1', address })
  })

  it('keeps the chosen token and what was typed when the balances load again', async () => {
    const world = await setup()
    act(() => {
      Send.selectToken(world.flow.deps, usdc)
      Send.setAmount(world.flow.deps, '5')
    })
    await act(() => world.queryClient.invalidateQueries({ queryKey: ['tokenBalances'] }))
    expect(world.answers.balances).toHaveBeenCalledTimes(2)
    expect(view(world)).toMatchObject({ token: usdc, form: { sendTokenAmount: '5' } })
  })

  it('starts over for another account', async () => {
    const world = await setup()
    act(() => Send.setAmount(world.flow.deps, '5'))
    act(() => world.core.connection.setAccounts([`eip155:1:${otherAddress}`]))
    world.hook.rerender({ from: Send.source(world.core) as SendForm.Source })
    await waitFor(() =>
      expect(view(world).form.source).toEqual({ network: 'eip155:1', address: otherAddress }),
    )
    expect(view(world).form.sendTokenAmount).toBe('')
  })

  it('says the balances are unavailable when the balance service fails', async () => {
    const world = await setup({ balances: [] })
    world.answers.balances.mockRejectedValueOnce(new Error('down'))
    await act(() => world.queryClient.resetQueries({ queryKey: ['tokenBalances'] }))
    await waitFor(() => expect(view(world).balances).toBe('unavailable'))
    expect(view(world).tokenBalances).toEqual([])
  })
})

describe('the network fee', () => {
  it('prices the transfer at the API gas price once the receiver is valid, in wei and in USD', async () => {
    const world = await setup()
    act(() => Send.setReceiver(world.flow.deps, 'not yet'))
    expect(world.chain.transferFee).not.toHaveBeenCalled()
    act(() => Send.setReceiver(world.flow.deps, receiver))
    await waitFor(() => expect(view(world).fee.status).toBe('ready'))
    expect(world.chain.transferFee).toHaveBeenCalledWith(
      ethereum,
      { from: address, to: receiver, token: undefined, amount: 1n, decimals: 18 },
      10n ** 10n,
    )
    expect(view(world)).toMatchObject({
      fee: { status: 'ready', fee: 10n ** 15n, gasPrice: 10n ** 10n },
      gasPriceInUSD: 2,
    })
  })

  it('prices an ERC20 transfer on the token contract', async () => {
    const world = await setup()
    act(() => {
      Send.selectToken(world.flow.deps, usdc)
      Send.setReceiver(world.flow.deps, receiver)
    })
    await waitFor(() => expect(view(world).fee.status).toBe('ready'))
    expect(world.chain.transferFee).toHaveBeenLastCalledWith(
      ethereum,
      expect.objectContaining({ token: usdcContract, decimals: 6 }),
      10n ** 10n,
    )
  })

  it('asks no gas price on Solana', async () => {
    const world = await setup({ network: 'solana' })
    act(() => Send.setReceiver(world.flow.deps, solanaReceiver))
    await waitFor(() => expect(view(world).fee).toEqual({ status: 'ready', fee: 5000n, gasPrice: undefined }))
    expect(world.answers.gasPrice).not.toHaveBeenCalled()
  })

  it('drops the answer for a receiver that changed meanwhile', async () => {
    const world = await setup()
    let answer: (fee: bigint) => void = () => {}
    world.chain.transferFee.mockImplementationOnce(() => new Promise<bigint>((resolve) => (answer = resolve)))
    act(() => Send.setReceiver(world.flow.deps, receiver))
    await waitFor(() => expect(world.chain.transferFee).toHaveBeenCalled())
    act(() => Send.setReceiver(world.flow.deps, 'someone else'))
    await act(async () => answer(1n))
    expect(view(world).fee).toEqual({ status: 'pending' })
  })

  it('records a failed estimate with its reason', async () => {
    const world = await setup()
    world.chain.transferFee.mockRejectedValueOnce(new Error('execution reverted'))
    act(() => Send.setReceiver(world.flow.deps, receiver))
    await waitFor(() =>
      expect(view(world).fee).toEqual({
        status: 'failed',
        message: 'Cannot estimate the network fee: execution reverted',
      }),
    )
  })
})

describe('the verdict', () => {
  it('tells the view what the form lacks, then that it can send', async () => {
    const world = await setup()
    expect(view(world).verdict).toEqual({
      status: 'invalid',
      message: accountMessages.invalidAmountAndReceiver,
    })
    fill(world, '1', receiver)
    await waitFor(() => expect(view(world).verdict).toEqual({ status: 'ready', amount: 10n ** 18n }))
    act(() => Send.setAmount(world.flow.deps, '3'))
    expect(view(world).verdict).toEqual({ status: 'invalid', message: accountMessages.insufficientBalance })
  })
})

describe('send', () => {
  async function ready(options?: Parameters<typeof setup>[0]) {
    const world = await setup(options)
    act(() => Navigation.push(world.core, 'WalletSend'))
    return world
  }
  const stack = (world: World) => world.core.modal.get().stack.history
  const feeReady = (world: World) => waitFor(() => expect(view(world).fee.status).toBe('ready'))

  it('sends the native currency through the wallet, goes to Account, and refreshes balances once confirmed', async () => {
    const world = await ready()
    const success = vi.spyOn(world.core.toasts, 'success')
    fill(world, '1.5', receiver)
    await feeReady(world)
    await submit(world)
    expect(world.chain.prepareTransfer).toHaveBeenCalledWith(ethereum, {
      from: address,
      to: receiver,
      token: undefined,
      amount: 1_500_000_000_000_000_000n,
      decimals: 18,
    })
    expect(world.connector.request).toHaveBeenCalledWith({
      method: 'wallet_send',
      params: ['built'],
      network: 'eip155:1',
    })
    expect(stack(world)).toEqual(['Account'])
    expect(success).toHaveBeenCalledWith(accountMessages.transactionStarted)
    expect(world.chain.confirm).toHaveBeenCalledWith(hash)
    expect(world.refresh).toHaveBeenCalledWith(ethereum, address)
    // The balances were read past the API's cache.
    expect(world.answers.balances).toHaveBeenLastCalledWith(expect.objectContaining({ forceUpdate: true }))
    expect(view(world).form).toMatchObject({ sendTokenAmount: '', receiverAddress: '', token: undefined })
    // The query layer settles the mutation's state on a later tick than the send itself.
    await waitFor(() => expect(world.hook.result.current.send.isPending).toBe(false))
    expect(view(world).tokenBalances).toEqual([eth, usdc])
  })

  it('sends an ERC20 token from its contract address', async () => {
    const world = await ready()
    act(() => Send.selectToken(world.flow.deps, usdc))
    fill(world, '100', receiver)
    await feeReady(world)
    await submit(world)
    expect(world.chain.prepareTransfer).toHaveBeenCalledWith(
      ethereum,
      expect.objectContaining({ token: usdcContract, amount: 100_000_000n, decimals: 6 }),
    )
  })

  it('sends SOL on Solana', async () => {
    const world = await ready({ network: 'solana' })
    fill(world, '0.5', solanaReceiver)
    await feeReady(world)
    await submit(world)
    expect(world.chain.prepareTransfer).toHaveBeenCalledWith(
      solana,
      expect.objectContaining({ from: solanaAddress, to: solanaReceiver, amount: 500_000_000n }),
    )
    expect(world.connector.request).toHaveBeenCalledWith(
      expect.objectContaining({ network: solana.caipNetworkId }),
    )
  })

  it('sends nothing and says why when the form cannot send', async () => {
    const world = await ready()
    fill(world, '5', receiver)
    await feeReady(world)
    await act(() =>
      expect(world.hook.result.current.send.mutateAsync(view(world).draft)).rejects.toMatchObject({
        name: 'SendError',
        message: accountMessages.insufficientBalance,
      }),
    )
    act(() => Send.setAmount(world.flow.deps, ''))
    await act(() =>
      expect(world.hook.result.current.send.mutateAsync(view(world).draft)).rejects.toThrow(
        accountMessages.invalidAmountAndReceiver,
      ),
    )
    expect(world.connector.request).not.toHaveBeenCalled()
    expect(stack(world).at(-1)).toBe('WalletSend')
  })

  it('waits for the fee before it sends', async () => {
    const world = await ready()
    world.chain.transferFee.mockImplementationOnce(() => new Promise<bigint>(() => {}))
    fill(world, '1', receiver)
    await waitFor(() => expect(world.chain.transferFee).toHaveBeenCalled())
    await act(() =>
      expect(world.hook.result.current.send.mutateAsync(view(world).draft)).rejects.toThrow(
        'The network fee is not known yet',
      ),
    )
    expect(world.connector.request).not.toHaveBeenCalled()
  })

  it('says "Unsupported chain" for a network of another namespace', async () => {
    const world = await ready()
    const bitcoin = {
      ...ethereum,
      caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
      chainNamespace: 'bip122',
    } as const
    act(() => {
      world.core.networks.set({ available: [bitcoin], active: bitcoin, unsupported: undefined })
      world.core.connection.setAccounts([
        `${bitcoin.caipNetworkId}:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq`,
      ])
    })
    const from = Send.source(world.core) as SendForm.Source
    await expect(Send.send(world.flow.deps, { ...view(world).draft, from })).rejects.toThrow(
      accountMessages.unsupportedChain,
    )
  })

  it('shows "Something went wrong" when the wallet refuses on EVM, and keeps the form', async () => {
    const world = await ready()
    const error = vi.spyOn(world.core.toasts, 'error')
    vi.spyOn(console, 'error').mockImplementationOnce(() => {})
    world.connector.request.mockRejectedValueOnce(new ProviderRpcError(4001, 'User rejected the request.'))
    fill(world, '1', receiver)
    await feeReady(world)
    await submit(world)
    expect(error).toHaveBeenCalledWith(accountMessages.evmSendFailed)
    expect(view(world).form).toMatchObject({ sendTokenAmount: '1', receiverAddress: receiver })
    // The query layer settles the mutation's state on a later tick than the send itself.
    await waitFor(() => expect(world.hook.result.current.send.isPending).toBe(false))
    expect(world.refresh).not.toHaveBeenCalled()
  })

  it('shows "Failed to send transaction. Please try again." when a Solana send fails', async () => {
    const world = await ready({ network: 'solana' })
    const error = vi.spyOn(world.core.toasts, 'error')
    vi.spyOn(console, 'error').mockImplementationOnce(() => {})
    world.connector.request.mockRejectedValueOnce(new Error('blockhash not found'))
    fill(world, '1', solanaReceiver)
    await feeReady(world)
    await submit(world)
    expect(error).toHaveBeenCalledWith(accountMessages.solanaSendFailed)
  })

  it('shows the failure when the transaction fails on chain after it started', async () => {
    const world = await ready()
    const error = vi.spyOn(world.core.toasts, 'error')
    vi.spyOn(console, 'error').mockImplementationOnce(() => {})
    world.chain.confirm.mockRejectedValueOnce(new Error('reverted'))
    fill(world, '1', receiver)
    await feeReady(world)
    await submit(world)
    expect(error).toHaveBeenCalledWith(accountMessages.evmSendFailed)
    expect(world.refresh).not.toHaveBeenCalled()
  })
})

describe('a receiver by name', () => {
  it('resolves a registered name to its address, shows its name and avatar, and sends there', async () => {
    const world = await setup()
    fill(world, '0.5', 'Bob-Name.wf.id')
    await waitFor(() => expect(view(world).fee.status).toBe('ready'))
    expect(world.answers.account).toHaveBeenCalledWith('bob-name.wf.id')
    expect(view(world)).toMatchObject({
      receiverName: { name: 'bob-name.wf.id', address: receiver, avatar: 'https://img.test/bob.png' },
      receiverNameError: undefined,
      receiver,
    })
    await submit(world)
    expect(world.chain.prepareTransfer.mock.calls[0]![1]).toMatchObject({ to: receiver })
  })

  it('says "Error resolving name" for a name nobody registered, and cannot send', async () => {
    const world = await setup()
    fill(world, '0.5', 'nobody-here.wf.id')
    await waitFor(() => expect(view(world).receiverNameError).toBe('Error resolving name'))
    expect(view(world).receiverName).toBeUndefined()
    await act(() =>
      expect(world.hook.result.current.send.mutateAsync(view(world).draft)).rejects.toThrow(Send.SendError),
    )
    // Typing an address instead clears the name's error.
    act(() => Send.setReceiver(world.flow.deps, receiver))
    expect(view(world).receiverNameError).toBeUndefined()
  })
})
