import type { ConvertQuote, ConvertToken, ConvertTransaction, TokenBalance } from '@walletframe/protocol'
import { evmNetwork } from '@walletframe/protocol/testing'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PreparedTransfer } from '../../chains/Chain.js'
import { swapMessages } from '../../lib/swapMessages.js'
import { address, connectFake, coreWith } from '../../testing.js'
import * as SwapState from '../swap.js'
import * as TransactionStack from '../transactionStack.js'
import * as Navigation from './navigation.js'
import * as Swap from './swap.js'

const ethereum = evmNetwork(1, 'Ethereum')
const hash = `0x${'ab'.repeat(32)}`
const usdcContract = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const daiContract = '0x6B175474E89094C44Da98b954EedeAC495271d0F'

const token = (symbol: string, contract: string, decimals: number): ConvertToken => ({
  name: symbol,
  symbol,
  address: `eip155:1:${contract}`,
  decimals,
  logoUri: '',
})
const eth = token('ETH', '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', 18)
const usdc = token('USDC', usdcContract, 6)
const dai = token('DAI', daiContract, 18)

const balance = (symbol: string, numeric: string, decimals: number, contract?: string): TokenBalance => ({
  name: symbol,
  symbol,
  chainId: 'eip155:1',
  ...(contract ? { address: `eip155:1:${contract}` as const } : {}),
  value: 0,
  price: 0,
  quantity: { decimals: String(decimals), numeric },
  iconUrl: '',
})

const builtTx = (to: string, value = '0'): ConvertTransaction => ({
  from: address,
  to,
  data: '0x1234',
  value,
  eip155: { gas: '150000', gasPrice: '1000000000' },
})

function quoteOf(toAmount: string): ConvertQuote {
  return {
    fromAmount: '1',
    fromAccount: eth.address,
    toAmount,
    toAccount: usdc.address,
    providerFee: '8500000000000000',
    path: [],
  }
}

async function setup(options: { balances?: TokenBalance[] } = {}) {
  const core = coreWith([ethereum])
  const connector = await connectFake(core, { accounts: [`eip155:1:${address}`], network: 'eip155:1' })
  connector.request.mockResolvedValue(hash)
  const confirm = vi.fn(async (answer: unknown) => String(answer))
  const prepared: PreparedTransfer = { method: 'eth_sendTransaction', params: ['built'], confirm }
  const deps = {
    ...core,
    swap: SwapState.create(),
    tokens: vi.fn(async () => [dai, eth, usdc]),
    balances: vi.fn(
      async () => options.balances ?? [balance('ETH', '2', 18), balance('USDC', '100', 6, usdcContract)],
    ),
    prices: vi.fn(async () => [
      { address: eth.address, name: 'ETH', symbol: 'ETH', iconUrl: '', price: 3000, decimals: 18 },
      { address: usdc.address, name: 'USDC', symbol: 'USDC', iconUrl: '', price: 1, decimals: 6 },
      { address: dai.address, name: 'DAI', symbol: 'DAI', iconUrl: '', price: 1, decimals: 18 },
    ]),
    gasPrice: vi.fn(async () => 1_000_000_000n),
    // 1 ETH -> 2941.987654 USDC.
    quote: vi.fn(async (): Promise<ConvertQuote | undefined> => quoteOf('2941987654')),
    allowance: vi.fn(async () => 0n),
    buildApprove: vi.fn(async () => builtTx(usdcContract)),
    buildTransaction: vi.fn(async () => builtTx('0x5FbDB2315678afecb367f032d93F642f64180aa3')),
    prepare: vi.fn(async () => prepared),
    refreshBalances: vi.fn(async () => {}),
  } satisfies Swap.Deps
  return { core, deps, connector, confirm }
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

/** Initializes, picks `to`, and types `amount` past the debounce. */
async function fill(deps: Swap.Deps, to: ConvertToken, amount: string, from?: ConvertToken) {
  await Swap.initialize(deps)
  if (from) await Swap.setSourceToken(deps, from)
  await Swap.setToToken(deps, to)
  deps.swap.set((state) => ({ ...state, sourceTokenAmount: amount }))
  await Swap.quote(deps)
}

describe('initialize', () => {
  it('loads tokens, balances, prices and gas price, and starts from the native currency', async () => {
    const { deps } = await setup()
    await Swap.initialize(deps)
    expect(deps.swap.get()).toMatchObject({
      source: { network: 'eip155:1', address },
      status: 'ready',
      tokens: [dai, eth, usdc],
      sourceToken: eth,
      toToken: undefined,
      networkPrice: 3000,
      sourceTokenPriceInUSD: 3000,
      gasPrice: 1_000_000_000n,
      slippage: 1,
    })
  })

  it('shows "Failed to initialize swap" when the token list cannot be had', async () => {
    const { core, deps } = await setup()
    deps.tokens.mockRejectedValue(new Error('Network not supported for Swaps'))
    await Swap.initialize(deps)
    expect(deps.swap.get().status).toBe('failed')
    expect(core.toasts.get()).toMatchObject({ message: 'Failed to initialize swap', variant: 'error' })
  })

  it('shows "Failed to fetch network token price" when the prices cannot be had', async () => {
    const { core, deps } = await setup()
    deps.prices.mockRejectedValue(new Error('down'))
    await Swap.initialize(deps)
    expect(deps.swap.get()).toMatchObject({ status: 'ready', networkPrice: 0 })
    expect(core.toasts.get()).toMatchObject({ message: 'Failed to fetch network token price' })
  })
})

describe('setAmount', () => {
  it('quotes once, 500 ms after the last keystroke', async () => {
    const { deps } = await setup()
    await Swap.initialize(deps)
    await Swap.setToToken(deps, usdc)
    vi.useFakeTimers()
    Swap.setAmount(deps, '0.')
    await vi.advanceTimersByTimeAsync(300)
    Swap.setAmount(deps, '0.5')
    await vi.advanceTimersByTimeAsync(499)
    expect(deps.quote).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(deps.quote).toHaveBeenCalledTimes(1)
    expect(deps.quote).toHaveBeenCalledWith({
      amount: '500000000000000000',
      userAddress: `eip155:1:${address}`,
      from: eth.address,
      to: usdc.address,
      gasPrice: '1000000000',
    })
  })
})

describe('quote', () => {
  it('shows the to-amount to 6 decimals, the provider fee, price impact and network fee, then builds the swap', async () => {
    const { deps } = await setup()
    await fill(deps, usdc, '1')
    const state = deps.swap.get()
    expect(state).toMatchObject({
      toTokenAmount: '2941.987654',
      providerFee: '0.0085',
      maxSlippage: '2912.567777',
      gasFee: 150_000n * 1_000_000_000n,
      inputError: undefined,
    })
    expect(state.gasPriceInUSD).toBeCloseTo(0.45, 10)
    expect(state.priceImpact).toBeCloseTo((3000 - 2941.987654) / 3000, 10)
    // The native currency needs no allowance.
    expect(deps.allowance).not.toHaveBeenCalled()
    expect(deps.buildTransaction).toHaveBeenCalledWith({
      userAddress: `eip155:1:${address}`,
      from: eth.address,
      to: usdc.address,
      amount: '1000000000000000000',
      eip155: { slippage: 1 },
    })
    expect(deps.swap.get().swapTransaction).toMatchObject({
      value: 0n,
      gas: 150_000n,
      toAmount: '2941.987654',
    })
  })

  it('asks nothing for an amount that is not above 0 (SPEC §5)', async () => {
    const { deps } = await setup()
    await fill(deps, usdc, '0')
    expect(deps.quote).not.toHaveBeenCalled()
    expect(deps.swap.get()).toMatchObject({ toTokenAmount: '', inputError: undefined })
  })

  it('says "Insufficient balance" above the balance, without asking for a quote', async () => {
    const { deps } = await setup()
    await fill(deps, usdc, '2.5')
    expect(deps.quote).not.toHaveBeenCalled()
    expect(deps.swap.get().inputError).toBe('Insufficient balance')
  })

  it('says "Insufficient balance" when the quote fails or returns no to-amount', async () => {
    const { deps } = await setup()
    deps.quote.mockRejectedValueOnce(new Error('No swap route'))
    await fill(deps, usdc, '1')
    expect(deps.swap.get().inputError).toBe('Insufficient balance')
    deps.quote.mockResolvedValueOnce(quoteOf(''))
    await Swap.quote(deps)
    expect(deps.swap.get().inputError).toBe('Insufficient balance')
    expect(deps.buildTransaction).not.toHaveBeenCalled()
  })

  it('says "Insufficient balance" when the native balance cannot pay the gas', async () => {
    const { deps } = await setup({ balances: [balance('USDC', '100', 6, usdcContract)] })
    await fill(deps, dai, '10', usdc)
    expect(deps.swap.get().inputError).toBe('Insufficient balance')
    expect(deps.allowance).not.toHaveBeenCalled()
  })

  it('builds an approval when the allowance is below the amount, the swap when it is enough', async () => {
    const { deps } = await setup()
    deps.quote.mockResolvedValue(quoteOf('9900000000000000000'))
    deps.allowance.mockResolvedValueOnce(9_999_999n)
    await fill(deps, dai, '10', usdc)
    expect(deps.buildApprove).toHaveBeenCalledWith({
      userAddress: `eip155:1:${address}`,
      from: usdc.address,
      to: dai.address,
      amount: '10000000',
    })
    expect(deps.swap.get().approvalTransaction?.to).toBe(usdcContract)
    expect(deps.buildTransaction).not.toHaveBeenCalled()

    deps.allowance.mockResolvedValueOnce(10_000_000n)
    await Swap.quote(deps)
    expect(deps.swap.get()).toMatchObject({ approvalTransaction: undefined })
    expect(deps.buildTransaction).toHaveBeenCalledTimes(1)
  })

  it('toasts the spec’s words when the allowance, the approval or the transaction cannot be had', async () => {
    const { core, deps } = await setup()
    deps.quote.mockResolvedValue(quoteOf('9900000000000000000'))
    deps.allowance.mockRejectedValueOnce(new Error('down'))
    await fill(deps, dai, '10', usdc)
    expect(core.toasts.get().message).toBe(swapMessages.allowanceFailed)
    // One toast at a time: a new one waits for the open one to close (SPEC §4).
    core.toasts.hide()
    deps.buildApprove.mockRejectedValueOnce(new Error('down'))
    await Swap.quote(deps)
    expect(core.toasts.get().message).toBe(swapMessages.approvalFailed)
    core.toasts.hide()
    deps.allowance.mockResolvedValueOnce(10n ** 30n)
    deps.buildTransaction.mockRejectedValueOnce(new Error('down'))
    await Swap.quote(deps)
    expect(core.toasts.get().message).toBe(swapMessages.transactionFailed)
  })

  it('tracks each failure: SWAP_ERROR for the allowance and the transaction, SWAP_APPROVAL_ERROR for the approval', async () => {
    const { core, deps } = await setup()
    const tracked: { event: string; properties: object }[] = []
    core.analytics.subscribe(({ timestamp: _, ...event }) => tracked.push(event))
    deps.quote.mockResolvedValue(quoteOf('9900000000000000000'))
    deps.allowance.mockRejectedValueOnce(new Error('down'))
    await fill(deps, dai, '10', usdc)
    deps.buildApprove.mockRejectedValueOnce(new Error('down'))
    await Swap.quote(deps)
    deps.allowance.mockResolvedValueOnce(10n ** 30n)
    deps.buildTransaction.mockRejectedValueOnce(new Error('down'))
    await Swap.quote(deps)
    const swap = { network: 'eip155:1', swapFromToken: 'USDC', swapToToken: 'DAI', swapFromAmount: '10' }
    expect(tracked).toEqual([
      { event: 'SWAP_ERROR', properties: { ...swap, message: swapMessages.allowanceFailed } },
      { event: 'SWAP_APPROVAL_ERROR', properties: { ...swap, message: swapMessages.approvalFailed } },
      { event: 'SWAP_ERROR', properties: { ...swap, message: swapMessages.transactionFailed } },
    ])
  })

  it('drops the answer of a quote that a newer one overtook', async () => {
    const { deps } = await setup()
    await fill(deps, usdc, '1')
    let answer: (quote: ConvertQuote) => void = () => {}
    deps.quote.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)))
    const slow = Swap.quote(deps)
    deps.swap.set((state) => ({ ...state, sourceTokenAmount: '0.5' }))
    deps.quote.mockResolvedValueOnce(quoteOf('1470000000'))
    await Swap.quote(deps)
    answer(quoteOf('5'))
    await slow
    expect(deps.swap.get().toTokenAmount).toBe('1470')
  })
})

describe('sendApproval', () => {
  it('sends the approval, waits for the chain, then builds the quote and the swap again', async () => {
    const { deps, connector, confirm } = await setup()
    deps.quote.mockResolvedValue(quoteOf('9900000000000000000'))
    await fill(deps, dai, '10', usdc)
    deps.allowance.mockResolvedValueOnce(10_000_000n)
    await Swap.sendApproval(deps)
    expect(deps.prepare).toHaveBeenCalledWith(
      ethereum,
      expect.objectContaining({ to: usdcContract }),
      address,
    )
    expect(connector.request).toHaveBeenCalledWith({
      method: 'eth_sendTransaction',
      params: ['built'],
      network: 'eip155:1',
    })
    expect(confirm).toHaveBeenCalledWith(hash)
    expect(deps.quote).toHaveBeenCalledTimes(2)
    expect(deps.swap.get()).toMatchObject({ approvalTransaction: undefined, loadingTransaction: false })
    expect(deps.swap.get().swapTransaction).toBeDefined()
  })
})

describe('sendSwap', () => {
  it('on success: the toast with 3 decimals, the form reset, balances refreshed, Account in place of the view', async () => {
    const { core, deps } = await setup()
    Navigation.open(core, 'Account')
    Navigation.push(core, 'Swap')
    Navigation.push(core, 'SwapPreview')
    await fill(deps, usdc, '1')
    await Swap.sendSwap(deps)
    expect(core.toasts.get()).toMatchObject({
      message: 'Swapped 1 ETH for 2941.987 USDC',
      variant: 'success',
    })
    expect(deps.swap.get()).toMatchObject({
      sourceTokenAmount: '',
      toTokenAmount: '',
      swapTransaction: undefined,
      loadingTransaction: false,
      sourceToken: eth,
    })
    expect(deps.refreshBalances).toHaveBeenCalledWith(ethereum, address)
    expect(Navigation.current(core)).toBe('Account')
  })

  it('with approvals still on the transaction stack (the embedded wallet), Account goes beneath them', async () => {
    const { core, deps, confirm } = await setup()
    Navigation.open(core, 'Account')
    Navigation.push(core, 'Swap')
    Navigation.push(core, 'SwapPreview')
    await fill(deps, usdc, '1')
    // While the swap confirms on chain, another request waits on ApproveTransaction.
    confirm.mockImplementationOnce(async (answer: unknown) => {
      core.modal.setStack(
        TransactionStack.pushTransaction(core.modal.get().stack, {
          id: 1,
          view: 'ApproveTransaction',
          success: { type: 'back' },
        }),
      )
      return String(answer)
    })
    await Swap.sendSwap(deps)
    expect(core.modal.get().stack.history).toEqual(['Account', 'Swap', 'Account', 'ApproveTransaction'])
    const ended = TransactionStack.popTransaction(core.modal.get().stack, 'success', { isConnected: true }, 1)
    expect(ended.stack.history.at(-1)).toBe('Account')
  })

  it("tracks SWAP_SUCCESS, and SWAP_ERROR with the wallet's reason when the send fails", async () => {
    const { core, deps, connector } = await setup()
    const tracked: { event: string; properties: object }[] = []
    core.analytics.subscribe(({ timestamp: _, ...event }) => tracked.push(event))
    await fill(deps, usdc, '1')
    connector.request.mockRejectedValueOnce(new Error('User rejected'))
    await Swap.sendSwap(deps)
    await Swap.sendSwap(deps)
    const swap = { network: 'eip155:1', swapFromToken: 'ETH', swapToToken: 'USDC', swapFromAmount: '1' }
    expect(tracked).toEqual([
      { event: 'SWAP_ERROR', properties: { ...swap, message: 'Transaction error: User rejected' } },
      { event: 'SWAP_SUCCESS', properties: { ...swap, message: '' } },
    ])
  })

  it('on failure: "Transaction error" and back one view', async () => {
    const { core, deps, connector } = await setup()
    Navigation.open(core, 'Account')
    Navigation.push(core, 'Swap')
    Navigation.push(core, 'SwapPreview')
    await fill(deps, usdc, '1')
    connector.request.mockRejectedValueOnce(Object.assign(new Error('User rejected'), { code: 4001 }))
    await Swap.sendSwap(deps)
    expect(core.toasts.get()).toMatchObject({ message: 'Transaction error', variant: 'error' })
    expect(Navigation.current(core)).toBe('Swap')
    expect(deps.swap.get()).toMatchObject({ loadingTransaction: false, sourceTokenAmount: '1' })
    expect(deps.refreshBalances).not.toHaveBeenCalled()
  })

  it('refuses to send before the transaction is built', async () => {
    const { deps } = await setup()
    await Swap.initialize(deps)
    await expect(Swap.sendSwap(deps)).rejects.toThrow(Swap.SwapError)
  })
})
