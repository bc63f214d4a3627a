// The swap flow (SPEC §4): initialize (tokens, balances, prices, gas price), set tokens, quote (500 ms
// after the amount stops changing), check the allowance (enough when it is at least the parsed
// amount), build the approval or the swap transaction, send it through the connected wallet. After
// an approval the quote and transaction are built again; after a swap the form resets, balances
// refresh and the view is replaced with Account; a failure goes back one view. Every failure the
// spec names is a toast in its words (SPEC §8).
import {
  type CaipAddress,
  type ChainNetwork,
  type ConvertBuildApproveQuery,
  type ConvertBuildTransactionRequest,
  type ConvertQuote,
  type ConvertQuotesQuery,
  type ConvertToken,
  type ConvertTransaction,
  type FungiblePrice,
  messages,
  nativeTokenAddress,
  parseAddress,
  type TokenBalance,
} from '@walletframe/protocol'
import type { PreparedTransfer } from '../../chains/Chain.js'
import { FrameError } from '../../lib/errors.js'
import { truncateUnits } from '../../lib/format.js'
import { isInsufficientGas, parseAmount, toUsd, unitsOf } from '../../lib/sendValidation.js'
import { priceImpact, shownToAmount, swapGasFee, swappedMessage, toNumber } from '../../lib/swapMath.js'
import { swapMessages } from '../../lib/swapMessages.js'
import type { Core } from '../Core.js'
import * as Connection from '../connection.js'
import * as SwapState from '../swap.js'
import * as TransactionStack from '../transactionStack.js'
import * as Navigation from './navigation.js'

/** SPEC §9 default debounce: the quote waits for the amount to stop changing. */
export const quoteDebounceMs = 500

type SdkOmitted<T> = Omit<T, 'projectId' | 'st' | 'sv'>

export type Deps = Pick<Core, 'connection' | 'networks' | 'toasts' | 'modal' | 'analytics'> & {
  swap: SwapState.SwapStore
  /** GET /v1/convert/tokens. */
  tokens(network: ChainNetwork): Promise<ConvertToken[]>
  /** The token balances of `address` on `network` (the tokenBalances query). */
  balances(network: ChainNetwork, address: string): Promise<TokenBalance[]>
  /** POST /v1/fungible/price: USD prices of the swap tokens (the native one included). */
  prices(network: ChainNetwork, addresses: CaipAddress[]): Promise<FungiblePrice[]>
  /** Wei per gas (GET /v1/convert/gas-price, standard). */
  gasPrice(network: ChainNetwork): Promise<bigint>
  /** GET /v1/convert/quotes: quotes[0]. */
  quote(query: SdkOmitted<ConvertQuotesQuery>): Promise<ConvertQuote | undefined>
  /** GET /v1/convert/allowance, in the token's smallest unit. */
  allowance(query: { tokenAddress: CaipAddress; userAddress: CaipAddress }): Promise<bigint>
  /** GET /v1/convert/build-approve. */
  buildApprove(query: SdkOmitted<ConvertBuildApproveQuery>): Promise<ConvertTransaction>
  /** POST /v1/convert/build-transaction. */
  buildTransaction(body: Omit<ConvertBuildTransactionRequest, 'projectId'>): Promise<ConvertTransaction>
  /** The wallet request for `tx` and how to follow it on chain (the network's chain family). */
  prepare(network: ChainNetwork, tx: SwapState.SwapTransaction, from: string): Promise<PreparedTransfer>
  /** Balances changed on chain: the balance queries of `address` fetch again. */
  refreshBalances(network: ChainNetwork, address: string): Promise<void>
  timers?: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'>
}

/** The swap cannot go ahead: the message says why. */
export class SwapError extends FrameError {
  override name = 'SwapError'
  constructor(message: string) {
    super('SWAP_INVALID', message)
  }
}

type Source = Connection.ActiveAccount

/** Where a swap goes from: the active network and the connected account on it. */
export function source(core: Pick<Core, 'connection' | 'networks'>): Source | undefined {
  return Connection.activeAccount(core.connection.get(), core.networks.get().active)
}

const sameSource = (state: SwapState.SwapState, from: Source) =>
  state.source?.network === from.network.caipNetworkId && state.source.address === from.address

export function isNative(token: Pick<ConvertToken, 'address'>): boolean {
  return parseAddress(token.address).address.toLowerCase() === nativeTokenAddress
}

/** The balance of `token` in its smallest unit (0 when the account holds none). */
export function balanceOf(state: Pick<SwapState.SwapState, 'tokenBalances'>, token: ConvertToken): bigint {
  const native = isNative(token)
  const found = state.tokenBalances.find((balance) =>
    native ? balance.address === undefined : balance.address?.toLowerCase() === token.address.toLowerCase(),
  )
  return found ? unitsOf(found.quantity.numeric, token.decimals) : 0n
}

const priceOf = (state: Pick<SwapState.SwapState, 'prices'>, token: ConvertToken | undefined) =>
  token ? (state.prices[token.address.toLowerCase()] ?? 0) : 0

const userAddress = (from: Source): CaipAddress => `${from.network.caipNetworkId}:${from.address}`

/**
 * Opens the form on the active network and account (another one starts over): the token list, the
 * balances, the USD prices and the gas price; the source token is the native currency by default.
 */
export async function initialize(deps: Deps): Promise<void> {
  const from = source(deps)
  if (!from) return
  if (!sameSource(deps.swap.get(), from))
    deps.swap.set({
      ...SwapState.initial,
      source: { network: from.network.caipNetworkId, address: from.address },
    })
  deps.swap.set((state) => ({ ...state, status: 'initializing' }))
  const [tokens, balances, gasPrice] = await Promise.allSettled([
    from.network.chainNamespace === 'eip155'
      ? deps.tokens(from.network)
      : Promise.reject(new SwapError(swapMessages.notSupported)),
    deps.balances(from.network, from.address),
    deps.gasPrice(from.network),
  ])
  if (!sameSource(deps.swap.get(), from)) return
  if (tokens.status === 'rejected' || gasPrice.status === 'rejected') {
    report(
      'initialize',
      tokens.status === 'rejected' ? tokens.reason : (gasPrice as PromiseRejectedResult).reason,
    )
    deps.swap.set((state) => ({ ...state, status: 'failed' }))
    deps.toasts.error(swapMessages.initializeFailed)
    track(deps, 'SWAP_ERROR', swapMessages.initializeFailed)
    return
  }
  let prices: Record<string, number> = {}
  try {
    const answered = await deps.prices(
      from.network,
      tokens.value.map((token) => token.address),
    )
    prices = Object.fromEntries(answered.map((price) => [price.address.toLowerCase(), price.price]))
  } catch (error) {
    report('prices', error)
  }
  const native = tokens.value.find(isNative)
  const networkPrice = native ? (prices[native.address.toLowerCase()] ?? 0) : 0
  if (networkPrice === 0) deps.toasts.error(swapMessages.networkPriceFailed)
  if (!sameSource(deps.swap.get(), from)) return
  deps.swap.set((state) => {
    const listed = (token: ConvertToken | undefined) =>
      token && tokens.value.find((candidate) => candidate.address === token.address)
    const sourceToken = listed(state.sourceToken) ?? native
    return {
      ...state,
      status: 'ready',
      tokens: tokens.value,
      tokenBalances: balances.status === 'fulfilled' ? balances.value : [],
      prices,
      networkPrice,
      gasPrice: gasPrice.value,
      sourceToken,
      toToken: listed(state.toToken),
      sourceTokenPriceInUSD: priceOf({ prices }, sourceToken),
      toTokenPriceInUSD: priceOf({ prices }, listed(state.toToken)),
    }
  })
  await quote(deps)
}

/** Sets the token paid in; picking the token paid out swaps the two. */
export async function setSourceToken(deps: Deps, token: ConvertToken): Promise<void> {
  deps.swap.set((state) => {
    const toToken = state.toToken?.address === token.address ? state.sourceToken : state.toToken
    return {
      ...state,
      ...SwapState.quoted,
      sourceToken: token,
      toToken,
      sourceTokenPriceInUSD: priceOf(state, token),
      toTokenPriceInUSD: priceOf(state, toToken),
    }
  })
  await quote(deps)
}

/** Sets the token paid out; picking the token paid in swaps the two. */
export async function setToToken(deps: Deps, token: ConvertToken): Promise<void> {
  deps.swap.set((state) => {
    const sourceToken = state.sourceToken?.address === token.address ? state.toToken : state.sourceToken
    return {
      ...state,
      ...SwapState.quoted,
      toToken: token,
      sourceToken,
      sourceTokenPriceInUSD: priceOf(state, sourceToken),
      toTokenPriceInUSD: priceOf(state, token),
    }
  })
  await quote(deps)
}

/** Both tokens change sides; the amount stays. */
export async function switchTokens(deps: Deps): Promise<void> {
  deps.swap.set((state) => ({
    ...state,
    ...SwapState.quoted,
    sourceToken: state.toToken,
    toToken: state.sourceToken,
    sourceTokenPriceInUSD: state.toTokenPriceInUSD,
    toTokenPriceInUSD: state.sourceTokenPriceInUSD,
  }))
  await quote(deps)
}

const debounces = new WeakMap<SwapState.SwapStore, ReturnType<typeof setTimeout>>()

/** Sets the amount as typed; the quote follows once it has not changed for 500 ms (SPEC §9). */
export function setAmount(deps: Deps, sourceTokenAmount: string): void {
  const timers = deps.timers ?? globalThis
  deps.swap.set((state) => ({ ...state, ...SwapState.quoted, sourceTokenAmount }))
  const pending = debounces.get(deps.swap)
  if (pending !== undefined) timers.clearTimeout(pending)
  debounces.set(
    deps.swap,
    timers.setTimeout(() => {
      debounces.delete(deps.swap)
      void quote(deps)
    }, quoteDebounceMs),
  )
}

/** Each quote is numbered; an answer for an older one (the amount or a token changed since) is dropped. */
const generations = new WeakMap<SwapState.SwapStore, number>()

/**
 * Quotes what the form holds: SPEC §5 (the amount > 0, the quote must return a to-amount), the
 * provider fee, the price impact, the network fee at 150000 gas; "Insufficient balance" when the
 * balance or the gas is too low or the quote fails. Then checks the allowance and builds the
 * approval or the swap transaction.
 */
export async function quote(deps: Deps): Promise<void> {
  const generation = (generations.get(deps.swap) ?? 0) + 1
  generations.set(deps.swap, generation)
  const current = () => generations.get(deps.swap) === generation
  const from = source(deps)
  const state = deps.swap.get()
  const { sourceToken, toToken, gasPrice } = state
  deps.swap.set((previous) => ({ ...previous, ...SwapState.quoted }))
  if (!from || !sameSource(state, from) || state.status !== 'ready' || !sourceToken || !toToken) return
  if (gasPrice === undefined || state.sourceTokenAmount.trim() === '') return
  const amount = parseAmount(state.sourceTokenAmount, sourceToken.decimals)
  // Not an amount (or 0): nothing to quote yet; the form shows no error for a half-typed number.
  if (!amount.ok) return
  if (amount.value > balanceOf(state, sourceToken)) {
    deps.swap.set((previous) => ({ ...previous, inputError: swapMessages.insufficientBalance }))
    return
  }

  deps.swap.set((previous) => ({ ...previous, loadingQuote: true }))
  let found: ConvertQuote | undefined
  try {
    found = await deps.quote({
      amount: String(amount.value),
      userAddress: userAddress(from),
      from: sourceToken.address,
      to: toToken.address,
      gasPrice: String(gasPrice),
    })
  } catch (error) {
    report('quote', error)
  }
  if (!current()) return
  if (!found?.toAmount) {
    deps.swap.set((previous) => ({
      ...previous,
      loadingQuote: false,
      inputError: swapMessages.insufficientBalance,
    }))
    return
  }

  const toUnits = BigInt(found.toAmount)
  const gasFee = swapGasFee(gasPrice)
  const nativeDecimals = from.network.nativeCurrency.decimals
  const native = state.tokens.find(isNative)
  const nativeBalance = native ? balanceOf(state, native) : 0n
  const gasPriceInUSD = toUsd(gasFee, nativeDecimals, state.networkPrice)
  const connection = deps.connection.get()
  const accountType = Connection.accountEntries(connection.accounts, connection.connector?.accountTypes).find(
    (entry) => entry.address === from.address,
  )?.type
  // SPEC §5: out of gas when the native balance in USD is 0 or below the fee in USD (never for a
  // smart account); paying in the native currency, the amount comes out of the same balance.
  const outOfGas =
    accountType !== 'smartAccount' &&
    (isInsufficientGas({
      networkBalanceInUSD: toUsd(nativeBalance, nativeDecimals, state.networkPrice),
      gasPriceInUSD,
      accountType,
    }) ||
      nativeBalance < gasFee + (isNative(sourceToken) ? amount.value : 0n))
  const minimum = (toUnits * BigInt(Math.round((100 - state.slippage) * 100))) / 10_000n
  deps.swap.set((previous) => ({
    ...previous,
    loadingQuote: false,
    toTokenAmount: shownToAmount(toUnits, toToken.decimals),
    toTokenUnits: toUnits,
    maxSlippage: truncateUnits(minimum, toToken.decimals, 6),
    providerFee: truncateUnits(BigInt(found.providerFee), sourceToken.decimals, sourceToken.decimals),
    priceImpact: priceImpact({
      sourceAmount: toNumber(amount.value, sourceToken.decimals),
      sourcePriceInUSD: previous.sourceTokenPriceInUSD,
      toAmount: toNumber(toUnits, toToken.decimals),
      toPriceInUSD: previous.toTokenPriceInUSD,
    }),
    gasFee,
    gasPriceInUSD,
    inputError: outOfGas ? swapMessages.insufficientBalance : undefined,
  }))
  if (outOfGas) return
  await checkAllowance(deps, { from, sourceToken, toToken, amount: amount.value, current })
}

type Checked = {
  from: Source
  sourceToken: ConvertToken
  toToken: ConvertToken
  amount: bigint
  current: () => boolean
}

/** SPEC §5: the allowance is enough when it is at least the parsed amount; the native currency needs none. */
async function checkAllowance(deps: Deps, checked: Checked): Promise<void> {
  if (isNative(checked.sourceToken)) return buildSwap(deps, checked)
  let allowance: bigint
  try {
    allowance = await deps.allowance({
      tokenAddress: checked.sourceToken.address,
      userAddress: userAddress(checked.from),
    })
  } catch (error) {
    if (!checked.current()) return
    report('allowance', error)
    deps.toasts.error(swapMessages.allowanceFailed)
    track(deps, 'SWAP_ERROR', swapMessages.allowanceFailed)
    return
  }
  if (!checked.current()) return
  return allowance >= checked.amount ? buildSwap(deps, checked) : buildApproval(deps, checked)
}

function toTransaction(tx: ConvertTransaction, toAmount: string): SwapState.SwapTransaction {
  return {
    data: tx.data as `0x${string}`,
    to: tx.to,
    gas: BigInt(tx.eip155.gas),
    gasPrice: BigInt(tx.eip155.gasPrice),
    value: BigInt(tx.value),
    toAmount,
  }
}

async function buildApproval(deps: Deps, checked: Checked): Promise<void> {
  deps.swap.set((state) => ({ ...state, loadingApprovalTransaction: true }))
  try {
    const tx = await deps.buildApprove({
      userAddress: userAddress(checked.from),
      from: checked.sourceToken.address,
      to: checked.toToken.address,
      amount: String(checked.amount),
    })
    if (!checked.current()) return
    deps.swap.set((state) => ({
      ...state,
      loadingApprovalTransaction: false,
      approvalTransaction: toTransaction(tx, ''),
    }))
  } catch (error) {
    if (!checked.current()) return
    report('approval', error)
    deps.swap.set((state) => ({ ...state, loadingApprovalTransaction: false }))
    deps.toasts.error(swapMessages.approvalFailed)
    track(deps, 'SWAP_APPROVAL_ERROR', swapMessages.approvalFailed)
  }
}

async function buildSwap(deps: Deps, checked: Checked): Promise<void> {
  deps.swap.set((state) => ({ ...state, loadingBuildTransaction: true }))
  try {
    const tx = await deps.buildTransaction({
      userAddress: userAddress(checked.from),
      from: checked.sourceToken.address,
      to: checked.toToken.address,
      amount: String(checked.amount),
      eip155: { slippage: deps.swap.get().slippage },
    })
    if (!checked.current()) return
    deps.swap.set((state) => ({
      ...state,
      loadingBuildTransaction: false,
      swapTransaction: toTransaction(tx, state.toTokenAmount),
    }))
  } catch (error) {
    if (!checked.current()) return
    report('transaction', error)
    deps.swap.set((state) => ({ ...state, loadingBuildTransaction: false }))
    deps.toasts.error(swapMessages.transactionFailed)
    track(deps, 'SWAP_ERROR', swapMessages.transactionFailed)
  }
}

/** Sends `tx` through the connected wallet and waits for the chain; rejects when either fails. */
async function sendAndConfirm(deps: Deps, from: Source, tx: SwapState.SwapTransaction): Promise<string> {
  const connector = deps.connection.connector()
  if (!connector) throw new SwapError(messages.connectBeforeRequest)
  const prepared = await deps.prepare(from.network, tx, from.address)
  const answer = await connector.request({
    method: prepared.method,
    params: prepared.params,
    network: from.network.caipNetworkId,
  })
  return prepared.confirm(answer)
}

function ready(deps: Deps): { from: Source; state: SwapState.SwapState } {
  const from = source(deps)
  const state = deps.swap.get()
  if (!from || !sameSource(state, from)) throw new SwapError(messages.connectBeforeRequest)
  if (state.loadingTransaction) throw new SwapError('A transaction is already waiting for the wallet')
  return { from, state }
}

/**
 * Sends the approval the form holds; once it is on chain the quote and the swap transaction are
 * built again (SPEC §4). A failure is "Transaction error" and goes back one view.
 */
export async function sendApproval(deps: Deps): Promise<void> {
  const { from, state } = ready(deps)
  const tx = state.approvalTransaction
  if (!tx) throw new SwapError('No approval is needed')
  deps.swap.set((current) => ({ ...current, loadingTransaction: true }))
  try {
    await sendAndConfirm(deps, from, tx)
  } catch (error) {
    return failed(deps, error, 'SWAP_APPROVAL_ERROR')
  }
  deps.swap.set((current) => ({ ...current, loadingTransaction: false, approvalTransaction: undefined }))
  await quote(deps)
}

/**
 * Sends the swap the form holds; once it is on chain: the success toast (the to-amount in 3
 * decimals), the form reset, the balances fetched again, the view replaced with Account (SPEC §2, §4).
 * A failure is "Transaction error" and goes back one view.
 */
export async function sendSwap(deps: Deps): Promise<void> {
  const { from, state } = ready(deps)
  const tx = state.swapTransaction
  const { sourceToken, toToken } = state
  if (!tx || !sourceToken || !toToken) throw new SwapError('The swap transaction is not built yet')
  deps.swap.set((current) => ({ ...current, loadingTransaction: true }))
  try {
    await sendAndConfirm(deps, from, tx)
  } catch (error) {
    return failed(deps, error, 'SWAP_ERROR')
  }
  track(deps, 'SWAP_SUCCESS')
  deps.toasts.success(
    swappedMessage({
      sourceAmount: state.sourceTokenAmount.trim(),
      sourceSymbol: sourceToken.symbol,
      toUnits: state.toTokenUnits ?? 0n,
      toDecimals: toToken.decimals,
      toSymbol: toToken.symbol,
    }),
  )
  deps.swap.set((current) => ({
    ...current,
    ...SwapState.quoted,
    loadingTransaction: false,
    sourceTokenAmount: '',
  }))
  // Account replaces the view, beneath any approvals the embedded wallet still has on screen.
  deps.modal.setStack(TransactionStack.swapFinished(deps.modal.get().stack))
  await deps.refreshBalances(from.network, from.address)
  try {
    const balances = await deps.balances(from.network, from.address)
    deps.swap.set((current) => ({ ...current, tokenBalances: balances }))
  } catch (error) {
    report('balances', error)
  }
}

function failed(deps: Deps, error: unknown, event: 'SWAP_ERROR' | 'SWAP_APPROVAL_ERROR'): void {
  report('transaction', error)
  track(
    deps,
    event,
    `${swapMessages.transactionError}: ${error instanceof Error ? error.message : String(error)}`,
  )
  deps.swap.set((current) => ({ ...current, loadingTransaction: false }))
  deps.toasts.error(swapMessages.transactionError)
  Navigation.back(deps)
}

/** The tracking event of a swap step (SPEC §8 "tracking events on swap, approval and fetch errors"). */
function track(
  deps: Pick<Deps, 'analytics' | 'swap' | 'networks'>,
  event: 'SWAP_SUCCESS' | 'SWAP_ERROR' | 'SWAP_APPROVAL_ERROR',
  message = '',
): void {
  const state = deps.swap.get()
  deps.analytics.track({
    event,
    properties: {
      network: deps.networks.get().active?.caipNetworkId ?? '',
      swapFromToken: state.sourceToken?.symbol ?? '',
      swapToToken: state.toToken?.symbol ?? '',
      swapFromAmount: state.sourceTokenAmount.trim(),
      message,
    },
  })
}

function report(step: string, error: unknown): void {
  // The toast has the spec's words; the reason goes to the console for whoever debugs it.
  console.error(`[walletframe] swap ${step} failed:`, error)
}
