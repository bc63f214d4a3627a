// @vitest-environment jsdom
// The swap flow as the swap views run it: the form, its queries against an API answering at its
// boundary (each call a vi.fn the test can make fail or hold), the approve and swap mutations through
// a wallet that answers with a hash, and what the user is told at each step.
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query'
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import type { ConvertQuote, ConvertToken, ConvertTransaction, TokenBalance } from '@walletframe/protocol'
import { evmNetwork } from '@walletframe/protocol/testing'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as SwapWiring from '../../app/swap.js'
import type { PreparedTransfer } from '../../chains/Chain.js'
import * as Navigation from '../../core/actions/navigation.js'
import * as Swap from '../../core/actions/swap.js'
import { balance, balances, dai, eth, quoteOf, usdc, usdcContract } from '../../core/swap.fixtures.js'
import * as TransactionStack from '../../core/transactionStack.js'
import type { Client } from '../../data/client.js'
import { retryBlock } from '../../queries/retryBlock.js'
import * as Swaps from '../../queries/swap.js'
import { address, connectFake, coreWith } from '../../testing.js'
import { useSwap } from './useSwap.js'

const ethereum = evmNetwork(1, 'Ethereum')
const hash = `0x${'ab'.repeat(32)}`
const router = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

const builtTx = (to: string, value = '0'): ConvertTransaction => ({
  from: address,
  to,
  data: '0x1234',
  value,
  eip155: { gas: '150000', gasPrice: '1000000000' },
})

/** The API's answers, one vi.fn per call. */
function answers(options: { balances?: TokenBalance[] }) {
  return {
    tokens: vi.fn(async (_query: unknown): Promise<ConvertToken[]> => [dai, eth, usdc]),
    gasPrice: vi.fn(async (_query: unknown) => '1000000000'),
    prices: vi.fn(async (_body: unknown) => [
      { address: eth.address, name: 'ETH', symbol: 'ETH', iconUrl: '', price: 3000, decimals: 18 },
      { address: usdc.address, name: 'USDC', symbol: 'USDC', iconUrl: '', price: 1, decimals: 6 },
      { address: dai.address, name: 'DAI', symbol: 'DAI', iconUrl: '', price: 1, decimals: 18 },
    ]),
    balances: vi.fn(async (_query: unknown) => options.balances ?? balances),
    // 1 ETH -> 2941.987654 USDC.
    quote: vi.fn(async (_query: unknown): Promise<ConvertQuote | undefined> => quoteOf('2941987654')),
    allowance: vi.fn(async (_query: unknown) => '0'),
    buildApprove: vi.fn(async (_query: unknown) => builtTx(usdcContract)),
    buildTransaction: vi.fn(async (_body: unknown) => builtTx(router)),
  }
}

function fakeApi(answered: ReturnType<typeof answers>): Client {
  const get = async (path: string, request: { query?: unknown }) => {
    const { query } = request
    if (path === 'v1/convert/tokens') return { tokens: await answered.tokens(query) }
    if (path === 'v1/convert/gas-price') return { standard: await answered.gasPrice(query) }
    if (path === 'v1/convert/quotes') return { quotes: [await answered.quote(query)].filter(Boolean) }
    if (path === 'v1/convert/allowance') return { allowance: await answered.allowance(query) }
    if (path === 'v1/convert/build-approve') return { tx: await answered.buildApprove(query) }
    if (path.endsWith('/balance')) return { balances: await answered.balances(query) }
    throw new Error(`unexpected GET ${path}`)
  }
  const post = async (path: string, body: unknown) => {
    if (path === 'v1/fungible/price') return { fungibles: await answered.prices(body) }
    if (path === 'v1/convert/build-transaction') return { tx: await answered.buildTransaction(body) }
    throw new Error(`unexpected POST ${path}`)
  }
  return { get, post } as unknown as Client
}

async function setup(
  options: { balances?: TokenBalance[]; answering?: (api: ReturnType<typeof answers>) => void } = {},
) {
  const core = coreWith([ethereum])
  const connector = await connectFake(core, { accounts: [`eip155:1:${address}`], network: 'eip155:1' })
  connector.request.mockResolvedValue(hash)
  const confirm = vi.fn(async (answer: unknown) => String(answer))
  const prepared: PreparedTransfer = { method: 'eth_sendTransaction', params: ['built'], confirm }
  const prepare = vi.fn(async (..._args: Parameters<Swap.Deps['prepare']>) => prepared)
  const api = answers(options)
  options.answering?.(api)
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1 } } })
  const frame = { core, api: fakeApi(api), balanceRetry: retryBlock(), host: () => ({ projectId: 'p1' }) }
  const flow = SwapWiring.create(frame, queryClient, { prepare })
  const from = Swap.source(core)
  if (!from) throw new Error('not connected')
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  )
  const hook = renderHook(
    () => ({ view: useSwap(flow, from), approve: useMutation(flow.approve), swap: useMutation(flow.swap) }),
    { wrapper },
  )
  const tracked: { event: string; properties: object }[] = []
  core.analytics.subscribe(({ timestamp: _, ...event }) => tracked.push(event))
  return { core, api, flow, hook, connector, confirm, prepare, queryClient, tracked, from }
}

type World = Awaited<ReturnType<typeof setup>>

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const view = (world: World) => world.hook.result.current.view

/** Waits for the market, picks the tokens and types `amount`. */
async function fill(world: World, to: ConvertToken, amount: string, from?: ConvertToken) {
  await waitFor(() => expect(view(world).status).toBe('ready'))
  act(() => {
    if (from) Swap.setSourceToken(world.flow.deps, from)
    Swap.setToToken(world.flow.deps, to)
    Swap.setAmount(world.flow.deps, amount)
  })
}

/** Waits until the form has a transaction to send (or settles on an error). */
const built = (world: World) =>
  waitFor(() => expect(view(world).approval ?? view(world).swap).toBeDefined(), { timeout: 3_000 })

describe('the market', () => {
  it('loads tokens, balances, prices and gas price, and starts from the native currency', async () => {
    const world = await setup()
    await waitFor(() => expect(view(world).status).toBe('ready'))
    await waitFor(() => expect(view(world).form.sourceToken).toEqual(eth))
    expect(view(world).tokens).toEqual([dai, eth, usdc])
    expect(view(world).form).toMatchObject({
      source: { network: 'eip155:1', address },
      toToken: undefined,
      slippage: 1,
    })
    expect(world.api.tokens).toHaveBeenCalledWith({ chainId: 'eip155:1' })
    expect(world.api.prices).toHaveBeenCalledWith(
      expect.objectContaining({ currency: 'usd', projectId: 'p1' }),
    )
    expect(world.core.toasts.get().open).toBe(false)
  })

  it('shows "Failed to initialize swap" when the token list cannot be had, once', async () => {
    const world = await setup({
      answering: (api) => api.tokens.mockRejectedValue(new Error('Network not supported for Swaps')),
    })
    const error = vi.spyOn(world.core.toasts, 'error')
    // The token list is asked twice (the client's one retry) before the form gives up.
    await waitFor(() => expect(view(world).status).toBe('failed'), { timeout: 3_000 })
    expect(world.core.toasts.get()).toMatchObject({ message: 'Failed to initialize swap', variant: 'error' })
    expect(error).toHaveBeenCalledTimes(1)
    expect(world.tracked).toEqual([
      {
        event: 'SWAP_ERROR',
        properties: expect.objectContaining({ network: 'eip155:1', message: Swaps.failures.initialize }),
      },
    ])
  })

  it('shows "Failed to fetch network token price" when the prices cannot be had, and goes on', async () => {
    const world = await setup({ answering: (api) => api.prices.mockRejectedValue(new Error('down')) })
    await waitFor(() => expect(view(world).status).toBe('ready'), { timeout: 3_000 })
    await waitFor(() =>
      expect(world.core.toasts.get()).toMatchObject({ message: 'Failed to fetch network token price' }),
    )
  })
})

describe('the quote', () => {
  it('asks once typing has paused, for the amount last typed', async () => {
    const world = await setup()
    await fill(world, usdc, '0.')
    act(() => Swap.setAmount(world.flow.deps, '0.5'))
    await waitFor(() => expect(view(world).quoted).toBeDefined())
    expect(world.api.quote).toHaveBeenCalledTimes(1)
    expect(world.api.quote).toHaveBeenCalledWith({
      amount: '500000000000000000',
      userAddress: `eip155:1:${address}`,
      from: eth.address,
      to: usdc.address,
      gasPrice: '1000000000',
    })
  })

  it('shows the to-amount to 6 decimals, the provider fee, price impact and network fee, then builds the swap', async () => {
    const world = await setup()
    await fill(world, usdc, '1')
    await built(world)
    expect(view(world).quoted).toMatchObject({
      toTokenAmount: '2941.987654',
      providerFee: '0.0085',
      maxSlippage: '2912.567777',
      gasFee: 150_000n * 1_000_000_000n,
    })
    expect(view(world).quoted?.gasPriceInUSD).toBeCloseTo(0.45, 10)
    expect(view(world).inputError).toBeUndefined()
    // The native currency needs no allowance.
    expect(world.api.allowance).not.toHaveBeenCalled()
    expect(world.api.buildTransaction).toHaveBeenCalledWith({
      userAddress: `eip155:1:${address}`,
      from: eth.address,
      to: usdc.address,
      amount: '1000000000000000000',
      eip155: { slippage: 1 },
      projectId: 'p1',
    })
    expect(view(world).swap).toMatchObject({ value: 0n, gas: 150_000n, to: router })
  })

  it('asks nothing for an amount that is not above 0', async () => {
    const world = await setup()
    await fill(world, usdc, '0')
    await new Promise((resolve) => setTimeout(resolve, Swap.quoteDebounceMs + 50))
    expect(world.api.quote).not.toHaveBeenCalled()
    expect(view(world)).toMatchObject({ quoted: undefined, inputError: undefined })
  })

  it('says "Insufficient balance" above the balance, without asking for a quote', async () => {
    const world = await setup()
    await fill(world, usdc, '2.5')
    await waitFor(() => expect(view(world).inputError).toBe('Insufficient balance'))
    expect(world.api.quote).not.toHaveBeenCalled()
  })

  it('says "Insufficient balance" when the quote fails or returns no to-amount, and builds nothing', async () => {
    const world = await setup()
    world.api.quote.mockRejectedValueOnce(new Error('No swap route'))
    await fill(world, usdc, '1')
    await waitFor(() => expect(view(world).inputError).toBe('Insufficient balance'))
    world.api.quote.mockResolvedValueOnce(quoteOf(''))
    act(() => Swap.setAmount(world.flow.deps, '1.5'))
    await waitFor(() => expect(world.api.quote).toHaveBeenCalledTimes(2))
    await waitFor(() => expect(view(world).inputError).toBe('Insufficient balance'))
    expect(world.api.buildTransaction).not.toHaveBeenCalled()
  })

  it('says "Insufficient balance" when the native balance cannot pay the gas', async () => {
    const world = await setup({ balances: [balance('USDC', '100', 6, usdcContract)] })
    await fill(world, dai, '10', usdc)
    await waitFor(() => expect(view(world).inputError).toBe('Insufficient balance'))
    expect(view(world).quoted?.toTokenAmount).not.toBe('')
    expect(world.api.allowance).not.toHaveBeenCalled()
  })

  it('drops the answer of a quote that a newer one overtook', async () => {
    const world = await setup()
    let answer: (quote: ConvertQuote) => void = () => {}
    world.api.quote.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)))
    await fill(world, usdc, '1')
    await waitFor(() => expect(world.api.quote).toHaveBeenCalledTimes(1))
    world.api.quote.mockResolvedValueOnce(quoteOf('1470000000'))
    act(() => Swap.setAmount(world.flow.deps, '0.5'))
    await waitFor(() => expect(view(world).quoted?.toTokenAmount).toBe('1470'))
    answer(quoteOf('5'))
    await built(world)
    expect(view(world).quoted?.toTokenAmount).toBe('1470')
  })
})

describe('the allowance', () => {
  it('builds an approval when the allowance is below the amount, the swap when it is enough', async () => {
    const world = await setup()
    world.api.quote.mockResolvedValue(quoteOf('9900000000000000000'))
    world.api.allowance.mockResolvedValueOnce('9999999')
    await fill(world, dai, '10', usdc)
    await built(world)
    expect(world.api.buildApprove).toHaveBeenCalledWith({
      userAddress: `eip155:1:${address}`,
      from: usdc.address,
      to: dai.address,
      amount: '10000000',
    })
    expect(view(world).approval?.to).toBe(usdcContract)
    expect(world.api.buildTransaction).not.toHaveBeenCalled()

    world.api.allowance.mockResolvedValueOnce('11000000')
    act(() => Swap.setAmount(world.flow.deps, '11'))
    await waitFor(() => expect(view(world).swap).toBeDefined())
    expect(view(world).approval).toBeUndefined()
    expect(world.api.buildTransaction).toHaveBeenCalledTimes(1)
  })
})

describe('what a failed step says', () => {
  async function failing(world: World) {
    world.api.quote.mockResolvedValue(quoteOf('9900000000000000000'))
    world.api.allowance.mockRejectedValueOnce(new Error('down'))
    await fill(world, dai, '10', usdc)
    await waitFor(() => expect(world.core.toasts.get().message).toBe(Swaps.failures.allowance))
    // One toast at a time: a new one waits for the open one to close.
    act(() => world.core.toasts.hide())
    world.api.buildApprove.mockRejectedValueOnce(new Error('down'))
    act(() => Swap.setAmount(world.flow.deps, '11'))
    await waitFor(() => expect(world.core.toasts.get().message).toBe(Swaps.failures.approval))
    act(() => world.core.toasts.hide())
    world.api.allowance.mockResolvedValueOnce(String(10n ** 30n))
    world.api.buildTransaction.mockRejectedValueOnce(new Error('down'))
    act(() => Swap.setAmount(world.flow.deps, '12'))
    await waitFor(() => expect(world.core.toasts.get().message).toBe(Swaps.failures.transaction))
  }

  it('toasts the fixed words when the allowance, the approval or the transaction cannot be had', async () => {
    const world = await setup()
    await failing(world)
    expect(view(world).approval ?? view(world).swap).toBeUndefined()
  })

  it('tracks each failure: SWAP_ERROR for the allowance and the transaction, SWAP_APPROVAL_ERROR for the approval', async () => {
    const world = await setup()
    await failing(world)
    const swap = { network: 'eip155:1', swapFromToken: 'USDC', swapToToken: 'DAI' }
    expect(world.tracked).toEqual([
      {
        event: 'SWAP_ERROR',
        properties: { ...swap, swapFromAmount: '10', message: Swaps.failures.allowance },
      },
      {
        event: 'SWAP_APPROVAL_ERROR',
        properties: { ...swap, swapFromAmount: '11', message: Swaps.failures.approval },
      },
      {
        event: 'SWAP_ERROR',
        properties: { ...swap, swapFromAmount: '12', message: Swaps.failures.transaction },
      },
    ])
  })
})

describe('approve', () => {
  it('sends the approval, waits for the chain, then quotes again and builds the swap', async () => {
    const world = await setup()
    world.api.quote.mockResolvedValue(quoteOf('9900000000000000000'))
    await fill(world, dai, '10', usdc)
    await built(world)
    const { approval } = view(world)
    world.api.allowance.mockResolvedValueOnce('10000000')
    await act(() => world.hook.result.current.approve.mutateAsync({ from: world.from, tx: approval }))
    expect(world.prepare).toHaveBeenCalledWith(
      ethereum,
      expect.objectContaining({ to: usdcContract }),
      address,
    )
    expect(world.connector.request).toHaveBeenCalledWith({
      method: 'eth_sendTransaction',
      params: ['built'],
      network: 'eip155:1',
    })
    expect(world.confirm).toHaveBeenCalledWith(hash)
    await waitFor(() => expect(view(world).swap).toBeDefined())
    expect(world.api.quote).toHaveBeenCalledTimes(2)
    expect(view(world).approval).toBeUndefined()
  })
})

describe('swap', () => {
  async function ready(world: World) {
    act(() => {
      Navigation.open(world.core, 'Account')
      Navigation.push(world.core, 'Swap')
      Navigation.push(world.core, 'SwapPreview')
    })
    await fill(world, usdc, '1')
    await built(world)
    const current = view(world)
    return {
      from: world.from,
      tx: current.swap,
      summary: {
        sourceToken: eth,
        toToken: usdc,
        sourceAmount: '1',
        toUnits: current.quoted?.toTokenUnits ?? 0n,
      },
    }
  }

  it('on success: the toast with 3 decimals, the amount cleared, balances read again, Account in place of the view', async () => {
    const world = await setup()
    const sent = await ready(world)
    const reads = world.api.balances.mock.calls.length
    await act(() => world.hook.result.current.swap.mutateAsync(sent))
    expect(world.core.toasts.get()).toMatchObject({
      message: 'Swapped 1 ETH for 2941.987 USDC',
      variant: 'success',
    })
    expect(view(world).form).toMatchObject({ sourceTokenAmount: '', sourceToken: eth })
    await waitFor(() => expect(view(world).swap).toBeUndefined())
    // Past the API's cache: the balances the swap changed.
    expect(world.api.balances.mock.calls.slice(reads)).toContainEqual([
      expect.objectContaining({ forceUpdate: true }),
    ])
    expect(Navigation.current(world.core)).toBe('Account')
  })

  it('with approvals still on the transaction stack (the embedded wallet), Account goes beneath them', async () => {
    const world = await setup()
    const sent = await ready(world)
    // While the swap confirms on chain, another request waits on ApproveTransaction.
    world.confirm.mockImplementationOnce(async (answer: unknown) => {
      world.core.modal.setStack(
        TransactionStack.pushTransaction(world.core.modal.get().stack, {
          id: 1,
          view: 'ApproveTransaction',
          success: { type: 'back' },
        }),
      )
      return String(answer)
    })
    await act(() => world.hook.result.current.swap.mutateAsync(sent))
    expect(world.core.modal.get().stack.history).toEqual(['Account', 'Swap', 'Account', 'ApproveTransaction'])
    const ended = TransactionStack.popTransaction(
      world.core.modal.get().stack,
      'success',
      { isConnected: true },
      1,
    )
    expect(ended.stack.history.at(-1)).toBe('Account')
  })

  it("tracks SWAP_SUCCESS, and SWAP_ERROR with the wallet's reason when the send fails", async () => {
    const world = await setup()
    const sent = await ready(world)
    world.connector.request.mockRejectedValueOnce(new Error('User rejected'))
    await act(() => world.hook.result.current.swap.mutateAsync(sent).catch(() => {}))
    await act(() => world.hook.result.current.swap.mutateAsync(sent))
    const swap = { network: 'eip155:1', swapFromToken: 'ETH', swapToToken: 'USDC', swapFromAmount: '1' }
    expect(world.tracked).toEqual([
      { event: 'SWAP_ERROR', properties: { ...swap, message: 'Transaction error: User rejected' } },
      { event: 'SWAP_SUCCESS', properties: { ...swap, message: '' } },
    ])
  })

  it('on failure: "Transaction error" and back one view, the form kept, no balances read again', async () => {
    const world = await setup()
    const sent = await ready(world)
    const reads = world.api.balances.mock.calls.length
    world.connector.request.mockRejectedValueOnce(Object.assign(new Error('User rejected'), { code: 4001 }))
    await act(() => world.hook.result.current.swap.mutateAsync(sent).catch(() => {}))
    expect(world.core.toasts.get()).toMatchObject({ message: 'Transaction error', variant: 'error' })
    expect(Navigation.current(world.core)).toBe('Swap')
    expect(view(world).form.sourceTokenAmount).toBe('1')
    // The query layer settles the mutation's state on a later tick than the swap itself.
    await waitFor(() => expect(world.hook.result.current.swap.isPending).toBe(false))
    expect(world.api.balances.mock.calls.length).toBe(reads)
  })

  it('refuses to send before the transaction is built, and says so in the view rather than a toast', async () => {
    const world = await setup()
    await waitFor(() => expect(view(world).status).toBe('ready'))
    const refused = world.hook.result.current.swap.mutateAsync({
      from: world.from,
      tx: undefined,
      summary: { sourceToken: eth, toToken: usdc, sourceAmount: '1', toUnits: 0n },
    })
    await act(() => expect(refused).rejects.toThrow(Swap.SwapError))
    expect(world.core.toasts.get().open).toBe(false)
    expect(world.connector.request).not.toHaveBeenCalled()
  })
})
