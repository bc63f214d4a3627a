// The swap calls against the devstack's anvil chains (Uniswap V2 behind the fee router): quotes match
// the chain, the approval and swap transactions the API builds are sent by a viem wallet and land,
// the provider fee reaches its recipient, and bad pairs are the caller's 400.
import { artifacts, evmAccount, swapFeeRecipient } from '@walletframe/devstack'
import {
  ApiErrorBody,
  ConvertAllowanceResponse,
  ConvertQuotesResponse,
  ConvertTokensResponse,
  ConvertTransactionResponse,
  nativeTokenAddress,
} from '@walletframe/protocol'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  decodeFunctionData,
  defineChain,
  erc20Abi,
  getAddress,
  type Hex,
  http,
  parseEther,
  parseUnits,
  zeroAddress,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import * as Config from '../Config.js'
import { feeRouterAbi } from '../chains/swap.js'
import { createApi } from '../createApi.js'
import { devstackHarness } from '../internal/testing.js'

const h = devstackHarness({ options: { indexer: { enabled: false } } })

const chainId = 'eip155:8453'
const network = () => h.stack.chainsFile.networks.find((n) => n.caipNetworkId === chainId)!
const caip = (address: string) => `${chainId}:${address}`
const token = (symbol: string) => network().tokens.find((t) => t.symbol === symbol)!.address as Address
const native = caip(nativeTokenAddress)

function clients(accountIndex: number) {
  const chain = defineChain({
    id: 8453,
    name: 'Base',
    nativeCurrency: network().nativeCurrency,
    rpcUrls: { default: { http: network().rpcUrls.default.http } },
  })
  const account = privateKeyToAccount(h.stack.chainsFile.accounts.evm[accountIndex]!.privateKey as Hex)
  return {
    account,
    publicClient: createPublicClient({ chain, transport: http() }),
    walletClient: createWalletClient({ chain, transport: http(), account }),
  }
}

const query = (parameters: Record<string, string>) =>
  new URLSearchParams({ projectId: 'app', ...parameters }).toString()
const get = (path: string, parameters: Record<string, string>) =>
  fetch(`${h.api.url}${path}?${query(parameters)}`)
const buildTransaction = (body: Record<string, unknown>) =>
  fetch(`${h.api.url}/v1/convert/build-transaction`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ projectId: 'app', eip155: { slippage: 1 }, ...body }),
  })

async function error(response: Response, status: number) {
  expect(response.status).toBe(status)
  return ApiErrorBody.parse(await response.json())
}

async function onChainQuote(amountIn: bigint, path: Address[]) {
  const [fee, amounts] = await clients(0).publicClient.readContract({
    address: network().contracts.swapFeeRouter as Address,
    abi: feeRouterAbi,
    functionName: 'getAmountsOut',
    args: [amountIn, path],
  })
  return { fee, out: amounts.at(-1)! }
}

async function quote(parameters: { amount: string; from: string; to: string; user: Address }) {
  const response = await get('/v1/convert/quotes', {
    amount: parameters.amount,
    from: parameters.from,
    to: parameters.to,
    userAddress: caip(parameters.user),
    gasPrice: '1000000000',
  })
  expect(response.status).toBe(200)
  return ConvertQuotesResponse.parse(await response.json()).quotes[0]!
}

/** Sends `tx` as the frame does: with the gas limit and price the API built it with. */
async function send(accountIndex: number, tx: ConvertTransactionResponse['tx']) {
  const { publicClient, walletClient } = clients(accountIndex)
  const hash = await walletClient.sendTransaction({
    to: tx.to as Address,
    data: tx.data as Hex,
    value: BigInt(tx.value),
    gas: BigInt(tx.eip155.gas),
    gasPrice: BigInt(tx.eip155.gasPrice),
  })
  const receipt = await publicClient.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  return receipt
}

const balanceOf = (address: Address, owner: Address) =>
  clients(0).publicClient.readContract({ address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

describe('GET /v1/convert/tokens', () => {
  it('lists the native currency and the listed tokens with decimals, sorted by symbol', async () => {
    const response = await get('/v1/convert/tokens', { chainId })
    expect(response.status).toBe(200)
    const { tokens } = ConvertTokensResponse.parse(await response.json())
    expect(tokens.map((t) => t.symbol)).toEqual(['DAI', 'ETH', 'USDC', 'WETH'])
    expect(tokens.find((t) => t.symbol === 'ETH')).toMatchObject({ address: native, decimals: 18 })
    expect(tokens.find((t) => t.symbol === 'USDC')).toMatchObject({
      address: caip(token('USDC')),
      decimals: 6,
    })
  })

  it('answers "Network not supported for Swaps" for a network without a swap router', async () => {
    const body = await error(await get('/v1/convert/tokens', { chainId: 'eip155:10' }), 400)
    expect(body).toMatchObject({ code: 'NETWORK_NOT_SUPPORTED', error: 'Network not supported for Swaps' })
  })
})

describe('GET /v1/convert/quotes', () => {
  const user = evmAccount(0).address

  it('quotes what the fee router pays out, the 0.85% provider fee kept from the input', async () => {
    const amount = parseEther('1')
    const found = await quote({ amount: String(amount), from: native, to: caip(token('USDC')), user })
    const expected = await onChainQuote(amount, [network().contracts.weth9 as Address, token('USDC')])
    expect(found).toMatchObject({
      fromAmount: String(amount),
      toAmount: String(expected.out),
      providerFee: String(parseEther('0.0085')),
      networkFee: String(150_000n * 1_000_000_000n),
    })
    expect(found.path).toEqual([network().contracts.weth9, token('USDC')])
  })

  it('goes through WETH where the two tokens have no pool of their own', async () => {
    // A new token with only an ETH pool: the route to USDC must go through WETH.
    const { account, publicClient, walletClient } = clients(6)
    const mintable = artifacts.mintableErc20()
    const deployed = await publicClient.waitForTransactionReceipt({
      hash: await walletClient.deployContract({
        abi: mintable.abi,
        bytecode: mintable.bytecode,
        args: ['Lonely', 'LONE', 18],
      }),
    })
    const lone = getAddress(deployed.contractAddress!)
    const router = network().contracts.uniswapV2Router02 as Address
    const routerAbi = artifacts.uniswapV2Router02().abi
    for (const [functionName, args, value] of [
      ['mint', [account.address, parseEther('1000')], undefined],
      ['approve', [router, parseEther('1000')], undefined],
    ] as const) {
      const hash = await walletClient.writeContract({
        address: lone,
        abi: mintable.abi,
        functionName,
        args,
        ...(value ? { value } : {}),
      })
      await publicClient.waitForTransactionReceipt({ hash })
    }
    await publicClient.waitForTransactionReceipt({
      hash: await walletClient.writeContract({
        address: router,
        abi: routerAbi,
        functionName: 'addLiquidityETH',
        args: [lone, parseEther('1000'), 0n, 0n, account.address, 2n ** 64n],
        value: parseEther('1'),
      }),
    })
    const amount = parseEther('10')
    const found = await quote({ amount: String(amount), from: caip(lone), to: caip(token('USDC')), user })
    const weth = network().contracts.weth9 as Address
    expect(found.path).toEqual([lone, weth, token('USDC')])
    expect(found.toAmount).toBe(String((await onChainQuote(amount, [lone, weth, token('USDC')])).out))
  })

  it('answers NO_SWAP_ROUTE for a token without pools', async () => {
    const response = await get('/v1/convert/quotes', {
      amount: '5',
      from: caip(token('TIX')),
      to: caip(token('USDC')),
      userAddress: caip(user),
    })
    expect((await error(response, 400)).code).toBe('NO_SWAP_ROUTE')
  })

  it('refuses a zero amount, one token on both sides, and tokens of another network', async () => {
    const base = { from: native, to: caip(token('DAI')), userAddress: caip(user), amount: '1' }
    expect((await error(await get('/v1/convert/quotes', { ...base, amount: '0' }), 400)).field).toBe('amount')
    const same = await error(
      await get('/v1/convert/quotes', { ...base, to: caip(network().contracts.weth9!) }),
      400,
    )
    expect(same.field).toBe('to')
    const elsewhere = await error(
      await get('/v1/convert/quotes', { ...base, to: `eip155:1:${token('DAI')}` }),
      400,
    )
    expect(elsewhere.field).toBe('to')
    const unsupported = await error(
      await get('/v1/convert/quotes', {
        amount: '1',
        from: `eip155:10:${nativeTokenAddress}`,
        to: `eip155:10:${token('DAI')}`,
        userAddress: `eip155:10:${user}`,
      }),
      400,
    )
    expect(unsupported.error).toBe('Network not supported for Swaps')
  })
})

describe('an approval, then a token -> token swap, built by the API', () => {
  it('lands both transactions, moves the balances and pays the provider fee to its recipient', async () => {
    const { account } = clients(5)
    const [usdc, dai] = [token('USDC'), token('DAI')]
    const amount = parseUnits('200', 6)
    const parties = { userAddress: caip(account.address), from: caip(usdc), to: caip(dai) }

    const allowance = async () => {
      const response = await get('/v1/convert/allowance', {
        tokenAddress: caip(usdc),
        userAddress: caip(account.address),
      })
      expect(response.status).toBe(200)
      return BigInt(ConvertAllowanceResponse.parse(await response.json()).allowance)
    }
    expect(await allowance()).toBe(0n)

    const approve = await get('/v1/convert/build-approve', { ...parties, amount: String(amount) })
    expect(approve.status).toBe(200)
    const approval = ConvertTransactionResponse.parse(await approve.json()).tx
    expect(approval).toMatchObject({ from: account.address, to: usdc, value: '0' })
    expect(BigInt(approval.eip155.gas)).toBeGreaterThan(21_000n)
    await send(5, approval)
    expect(await allowance()).toBe(amount)

    const found = await quote({
      amount: String(amount),
      from: caip(usdc),
      to: caip(dai),
      user: account.address,
    })
    const built = await buildTransaction({ ...parties, amount: String(amount) })
    expect(built.status).toBe(200)
    const { tx } = ConvertTransactionResponse.parse(await built.json())
    expect(tx).toMatchObject({ from: account.address, to: network().contracts.swapFeeRouter, value: '0' })
    const decoded = decodeFunctionData({ abi: feeRouterAbi, data: tx.data as Hex })
    expect(decoded.functionName).toBe('swapExactTokensForTokens')
    // The default slippage is 1%: at least 99% of the quote.
    expect(decoded.args[1]).toBe((BigInt(found.toAmount) * 99n) / 100n)
    // The limit is more than the node's bare estimate: the swap may land in a block where it does
    // more work than in the one it was estimated on (gasLimitFor).
    const estimate = await clients(5).publicClient.estimateGas({
      account: account.address,
      to: tx.to as Address,
      data: tx.data as Hex,
    })
    expect(BigInt(tx.eip155.gas)).toBeGreaterThan(estimate)

    const before = {
      usdc: await balanceOf(usdc, account.address),
      dai: await balanceOf(dai, account.address),
      fee: await balanceOf(usdc, swapFeeRecipient),
    }
    await send(5, tx)
    expect(before.usdc - (await balanceOf(usdc, account.address))).toBe(amount)
    expect((await balanceOf(dai, account.address)) - before.dai).toBe(BigInt(found.toAmount))
    expect((await balanceOf(usdc, swapFeeRecipient)) - before.fee).toBe(parseUnits('1.7', 6))
    expect(found.providerFee).toBe(String(parseUnits('1.7', 6)))
  })
})

describe('the zero address', () => {
  const zero = caip(zeroAddress)
  const request = async (path: string, parameters: Record<string, string>) =>
    h.api.app.request(`${path}?${query(parameters)}`)

  it('is refused as a token to approve or swap to: no approval transaction to 0x0', async () => {
    const user = caip(clients(0).account.address)
    const usdc = caip(token('USDC'))
    for (const [parameters, field] of [
      [{ userAddress: user, from: zero, to: usdc }, 'from'],
      [{ userAddress: user, from: usdc, to: zero }, 'to'],
      [{ userAddress: zero, from: usdc, to: caip(token('DAI')) }, 'userAddress'],
    ] as const) {
      const body = await error(await request('/v1/convert/build-approve', parameters), 400)
      expect(body).toMatchObject({ code: 'INVALID_REQUEST', field })
      expect(body.error).toMatch(/zero address/)
    }
  })

  it('is refused as a token or an account by every other convert call', async () => {
    const user = caip(clients(0).account.address)
    const dai = caip(token('DAI'))
    const quotes = { userAddress: user, from: native, to: dai, amount: '1000' }
    const cases: [Promise<Response>, string][] = [
      [request('/v1/convert/quotes', { ...quotes, from: zero }), 'from'],
      [request('/v1/convert/quotes', { ...quotes, to: zero }), 'to'],
      [request('/v1/convert/quotes', { ...quotes, userAddress: zero }), 'userAddress'],
      [request('/v1/convert/allowance', { tokenAddress: zero, userAddress: user }), 'tokenAddress'],
      [request('/v1/convert/allowance', { tokenAddress: dai, userAddress: zero }), 'userAddress'],
    ]
    for (const [body, field] of [
      [{ from: zero }, 'from'],
      [{ to: zero }, 'to'],
      // The swap's recipient is the user.
      [{ userAddress: zero }, 'userAddress'],
    ] as const) {
      cases.push([
        Promise.resolve(
          h.api.app.request('/v1/convert/build-transaction', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ projectId: 'app', eip155: { slippage: 1 }, ...quotes, ...body }),
          }),
        ),
        field,
      ])
    }
    for (const [response, field] of cases) {
      expect(await error(await response, 400)).toMatchObject({ code: 'INVALID_REQUEST', field })
    }
  })
})

describe('a swap router configured as the zero address', () => {
  it('is no router: nothing is approved to 0x0 or swapped through it', async () => {
    const zeroRouter = createApi({
      config: Config.parse({
        version: 1,
        networks: [{ ...network(), contracts: { ...network().contracts, swapFeeRouter: zeroAddress } }],
      }),
      db: h.api.database.db,
    })
    const user = caip(clients(0).account.address)
    const response = await zeroRouter.request(
      `/v1/convert/build-approve?${query({ userAddress: user, from: caip(token('USDC')), to: caip(token('DAI')) })}`,
    )
    expect((await error(response, 400)).error).toBe('Network not supported for Swaps')
  })
})

describe('POST /v1/convert/build-transaction', () => {
  it('builds a native -> token swap that carries the input as value', async () => {
    const { account, publicClient } = clients(4)
    const amount = parseEther('0.2')
    const parties = { userAddress: caip(account.address), from: native, to: caip(token('DAI')) }
    const response = await buildTransaction({ ...parties, amount: String(amount) })
    expect(response.status).toBe(200)
    const { tx } = ConvertTransactionResponse.parse(await response.json())
    expect(tx.value).toBe(String(amount))
    expect(decodeFunctionData({ abi: feeRouterAbi, data: tx.data as Hex }).functionName).toBe(
      'swapExactETHForTokens',
    )
    const feeBefore = await publicClient.getBalance({ address: swapFeeRecipient })
    const daiBefore = await balanceOf(token('DAI'), account.address)
    await send(4, tx)
    expect((await publicClient.getBalance({ address: swapFeeRecipient })) - feeBefore).toBe(
      parseEther('0.0017'),
    )
    expect(await balanceOf(token('DAI'), account.address)).toBeGreaterThan(daiBefore)
  })

  it('refuses a slippage over 50 percent and an approval of the native currency', async () => {
    const user = caip(clients(0).account.address)
    const parties = { userAddress: user, from: native, to: caip(token('DAI')) }
    const slippage = await error(
      await buildTransaction({ ...parties, amount: '1', eip155: { slippage: 80 } }),
      400,
    )
    expect(slippage.field).toBe('body.eip155.slippage')
    const approve = await error(await get('/v1/convert/build-approve', parties), 400)
    expect(approve.error).toMatch(/native currency needs no approval/)
  })
})
