// EIP-5792 with the embedded wallet, as a dapp on viem calls it (viem's getCapabilities, sendCalls
// and waitForCallsStatus over the SDK's provider, e2e/lib/viemHost.page.ts), on the devnets with
// their ERC-4337 bundler. The smart account says it is atomic and sends an ERC-20 approve and the
// swap that spends that allowance as one batch: the user approves once, seeing both calls, and both
// land in one UserOperation. The EOA says it is not atomic, and refuses a batch that must be (5760).
import { evmAccount, setBalance } from '@walletframe/devstack'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  http,
  parseAbi,
  parseEther,
  parseUnits,
  toHex,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { test as apiTest } from './lib/api.js'
import { rpcUrlsOf } from './lib/chains.js'
import { hostState } from './lib/emailLogin.js'
import { approveCall, erc20Reads } from './lib/erc20.js'
import { expect } from './lib/fixtures.js'
import { providerRequest } from './lib/provider.js'
import {
  type Call,
  type HostAccount,
  loginOnViemHost,
  smartAccountOnViemHost,
  switchToEoa,
} from './lib/viemHost.js'

const test = apiTest
test.use({ withBundler: true })

const router = parseAbi([
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])

test('viem sendCalls: the smart account sends an approve and the swap that spends it as one atomic batch, approved once; the EOA refuses an atomic batch (5760)', async ({
  page,
  stack,
  chains,
}) => {
  test.setTimeout(180_000)
  const { modal, smart, eoa, network, rpcUrl, client, getCapabilities, sendCalls, approveAndLand } =
    await smartAccountOnViemHost({ page, stack, chains }, 'calls')

  expect(await getCapabilities(smart)).toEqual({
    atomic: { status: 'supported' },
    permissions: {
      supported: true,
      permissionTypes: ['native-token-transfer', 'erc20-token-transfer', 'contract-call'],
      policyTypes: ['token-allowance', 'spend-period'],
      signerTypes: ['wallet'],
    },
  })

  // The account pays for its UserOperation (this project sponsors no gas) and gets 100 USDC to swap.
  await setBalance(client, smart, parseEther('1'))
  const usdc = network.contracts.usdc as Address
  const swapRouter = network.contracts.uniswapV2Router02 as Address
  const amount = parseUnits('100', 6)
  const holder = createWalletClient({
    account: privateKeyToAccount(evmAccount(2).privateKey as `0x${string}`),
    transport: http(rpcUrl),
  })
  const funding = await holder.writeContract({
    address: usdc,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [smart, amount],
    chain: null,
  })
  await client.waitForTransactionReceipt({ hash: funding })

  // The swap spends the allowance the approve before it gives: only together do they succeed.
  const receiver = privateKeyToAccount(generatePrivateKey()).address
  const calls: Call[] = [
    approveCall(usdc, swapRouter, amount),
    {
      to: swapRouter,
      data: encodeFunctionData({
        abi: router,
        functionName: 'swapExactTokensForETH',
        args: [amount, 0n, [usdc, network.contracts.weth9 as Address], receiver, 2n ** 40n],
      }),
    },
  ]
  const sending = sendCalls({ account: smart, forceAtomic: true, calls })
  // One approval, both calls listed.
  await expect(modal.getByTestId('wf-approve-action')).toHaveText('Send a batch of calls')
  await expect(modal.getByTestId('wf-approve-call-1-to')).toHaveText(usdc)
  await expect(modal.getByTestId('wf-approve-call-1-data')).toHaveText(calls[0]!.data as string)
  // Each call's function with its arguments in words, amounts in the listed token's units.
  await expect(modal.getByTestId('wf-approve-call-1-function')).toHaveText(
    `approve(spender: ${getAddress(swapRouter)}, amount: 100 USDC)`,
  )
  await expect(modal.getByTestId('wf-approve-call-2-to')).toHaveText(swapRouter)
  await expect(modal.getByTestId('wf-approve-call-2-function')).toHaveText(
    `swapExactTokensForETH(amountIn: 100 USDC, amountOutMin: 0 ETH, path: ${getAddress(usdc)} → ${getAddress(network.contracts.weth9 as Address)}, to: ${receiver}, deadline: ${2n ** 40n})`,
  )
  await expect(modal.getByTestId('wf-approve-queue')).toHaveCount(0)
  // The batch spends every USDC the account holds: the review warns, and the user confirms the risk.
  // The allowance it gives is used up within the batch, so it leaves none to warn about.
  await expect(modal.getByTestId('wf-review-change')).toHaveText([
    '-100 USDC',
    `${swapRouter} is left no allowance for USDC`,
  ])
  await approveAndLand(sending, ['moves-all'])
  // Both effects on chain: the tokens are spent, the allowance used up, the ETH at the receiver.
  const token = erc20Reads(client, usdc)
  expect(await token.balanceOf(smart)).toBe(0n)
  expect(await token.allowance(smart, swapRouter)).toBe(0n)
  expect(await client.getBalance({ address: receiver })).toBeGreaterThan(0n)

  // The EOA: not atomic, so a batch that must be is refused before anyone is asked.
  await switchToEoa(page, modal)
  expect(await getCapabilities(eoa)).toEqual({
    atomic: { status: 'unsupported' },
    permissions: { supported: false },
  })
  const transfers: Call[] = [
    { to: receiver, value: '1' },
    { to: receiver, value: '2' },
  ]
  const refused = await sendCalls({ account: eoa, forceAtomic: true, calls: transfers })
  expect(refused.error?.code).toBe(5760)
  await expect(modal.getByTestId('wf-approve-transaction')).toHaveCount(0)
})

test("wallet_getAssets (ERC-7811): the embedded wallet answers its account's native balance as the chain has it, and refuses another account (4100)", async ({
  page,
  stack,
  chains,
}) => {
  test.setTimeout(120_000)
  await loginOnViemHost({ page, stack, chains }, 'assets')
  const account = ((await hostState(page)) as HostAccount).address
  const chainId = (await providerRequest(page, 'eth_chainId')).result as `0x${string}`
  const client = createPublicClient({ transport: http(rpcUrlsOf(chains)[Number(chainId)] as string) })
  await setBalance(client, account, parseEther('1.25'))
  const onChain = toHex(await client.getBalance({ address: account }))
  // wallet_getAssets reads the API's balances, which it caches for 30 s: poll past a cached read.
  const nativeAsset = async () => {
    const answer = await providerRequest(page, 'wallet_getAssets', [{ account, chainFilter: [chainId] }])
    expect(answer.error).toBeUndefined()
    const assets = (answer.result as Record<string, { address: string; balance: string; type: string }[]>)[
      chainId
    ]
    return assets?.find((asset) => asset.address === 'native')
  }
  await expect.poll(nativeAsset, { timeout: 45_000, intervals: [1_000] }).toMatchObject({
    type: 'native',
    balance: onChain,
  })
  const other = privateKeyToAccount(generatePrivateKey()).address
  const refused = await providerRequest(page, 'wallet_getAssets', [{ account: other }])
  expect(refused.error?.code).toBe(4100)
})
