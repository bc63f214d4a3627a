// The fee router on a devnet: each kind of swap pays the 0.85% provider fee to its recipient out of
// the input, swaps the rest through Router02, and pays out what its own quote said.
import { gasLimitFor } from '@walletframe/protocol'
import type { ChainsFile } from '@walletframe/protocol/chains'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  http,
  parseEther,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDevstack } from '../Devstack.js'
import { artifacts } from './artifacts.js'
import { feePpm, feeRecipient } from './swapFeeRouter.js'
import { writeWithMargin } from './writeWithMargin.js'

let stack: Awaited<ReturnType<typeof startDevstack>>
let chainsFile: ChainsFile

beforeAll(async () => {
  stack = await startDevstack({ solana: false, relay: false, quiet: true })
  chainsFile = stack.chainsFile
})

afterAll(async () => {
  await stack?.stop()
})

const abi = artifacts.swapFeeRouter().abi
const deadline = () => BigInt(Math.floor(Date.now() / 1000) + 600)

function setup(chainId: number, accountIndex: number) {
  const network = chainsFile.networks.find((candidate) => candidate.id === chainId)!
  const chain = defineChain({
    id: chainId,
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: network.rpcUrls.default.http } },
  })
  const account = privateKeyToAccount(chainsFile.accounts.evm[accountIndex]!.privateKey as `0x${string}`)
  const publicClient = createPublicClient({ chain, transport: http() })
  const walletClient = createWalletClient({ chain, transport: http(), account })
  const token = (symbol: string) => network.tokens.find((t) => t.symbol === symbol)!.address as Address
  const router = network.contracts.swapFeeRouter as Address
  const balanceOf = (address: Address, owner: Address) =>
    publicClient.readContract({ address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
  async function quote(amountIn: bigint, path: Address[]) {
    const [fee, amounts] = (await publicClient.readContract({
      address: router,
      abi,
      functionName: 'getAmountsOut',
      args: [amountIn, path],
    })) as [bigint, bigint[]]
    return { fee, out: amounts.at(-1)! }
  }
  async function send(functionName: string, args: unknown[], value?: bigint) {
    const hash = await writeWithMargin(publicClient, walletClient, {
      address: router,
      abi,
      functionName,
      args,
      ...(value === undefined ? {} : { value }),
    })
    const receipt = await publicClient.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') {
      // The call again on the state it ran on, for the router's own reason (the receipt has none).
      const reason = await publicClient
        .simulateContract({
          address: router,
          abi,
          functionName,
          args,
          account,
          blockNumber: receipt.blockNumber - 1n,
          ...(value === undefined ? {} : { value }),
        } as never)
        .then(
          () => 'none on replay',
          (error: { shortMessage?: string }) => error.shortMessage ?? String(error),
        )
      const block = await publicClient.getBlock({ blockNumber: receipt.blockNumber })
      expect.fail(`${functionName} reverted (block time ${block.timestamp}, now ${Date.now()}): ${reason}`)
    }
    return receipt
  }
  return { network, account, publicClient, walletClient, token, router, balanceOf, quote, send }
}

describe('the fee router fixture', () => {
  it('is listed on both chains with its fee recipient and wraps their Router02 and WETH9', async () => {
    for (const chainId of [1, 8453]) {
      const { network, publicClient, router } = setup(chainId, 0)
      expect(network.contracts.swapFeeRecipient).toBe(feeRecipient)
      const read = (functionName: string) =>
        publicClient.readContract({ address: router, abi, functionName } as never)
      expect(await read('router')).toBe(network.contracts.uniswapV2Router02)
      expect(await read('weth')).toBe(network.contracts.weth9)
      expect(await read('feeRecipient')).toBe(feeRecipient)
      expect(await read('FEE_PPM')).toBe(feePpm)
    }
  })

  it('keeps 0.85% of a token input for the recipient and swaps the rest through WETH', async () => {
    const { account, network, token, router, balanceOf, quote, send, publicClient, walletClient } = setup(
      8453,
      8,
    )
    const [usdc, dai] = [token('USDC'), token('DAI')]
    const weth = network.contracts.weth9 as Address
    const amountIn = parseUnits('100', 6)
    const path = [usdc, weth, dai]
    const quoted = await quote(amountIn, path)
    expect(quoted.fee).toBe((amountIn * feePpm) / 1_000_000n)
    expect(quoted.fee).toBe(parseUnits('0.85', 6))

    const approve = await walletClient.writeContract({
      address: usdc,
      abi: erc20Abi,
      functionName: 'approve',
      args: [router, amountIn],
    })
    await publicClient.waitForTransactionReceipt({ hash: approve })
    const before = {
      usdc: await balanceOf(usdc, account.address),
      dai: await balanceOf(dai, account.address),
      fee: await balanceOf(usdc, feeRecipient),
    }
    await send('swapExactTokensForTokens', [amountIn, quoted.out, path, account.address, deadline()])
    expect(before.usdc - (await balanceOf(usdc, account.address))).toBe(amountIn)
    expect((await balanceOf(dai, account.address)) - before.dai).toBe(quoted.out)
    expect((await balanceOf(usdc, feeRecipient)) - before.fee).toBe(quoted.fee)
    expect(await balanceOf(usdc, router)).toBe(0n)
  })

  it('keeps 0.85% of a native input in ETH and pays the tokens out', async () => {
    const { account, token, network, balanceOf, quote, send, publicClient } = setup(1, 8)
    const usdc = token('USDC')
    const amountIn = parseEther('0.5')
    const path = [network.contracts.weth9 as Address, usdc]
    const quoted = await quote(amountIn, path)
    const feeBefore = await publicClient.getBalance({ address: feeRecipient })
    const usdcBefore = await balanceOf(usdc, account.address)
    await send('swapExactETHForTokens', [quoted.out, path, account.address, deadline()], amountIn)
    expect((await publicClient.getBalance({ address: feeRecipient })) - feeBefore).toBe(parseEther('0.00425'))
    expect((await balanceOf(usdc, account.address)) - usdcBefore).toBe(quoted.out)
  })

  it('pays ETH out for tokens, the fee kept in the token', async () => {
    const { account, token, network, router, balanceOf, quote, send, publicClient, walletClient } = setup(
      1,
      9,
    )
    const dai = token('DAI')
    const amountIn = parseUnits('300', 18)
    const path = [dai, network.contracts.weth9 as Address]
    const quoted = await quote(amountIn, path)
    const approve = await walletClient.writeContract({
      address: dai,
      abi: erc20Abi,
      functionName: 'approve',
      args: [router, amountIn],
    })
    await publicClient.waitForTransactionReceipt({ hash: approve })
    const feeBefore = await balanceOf(dai, feeRecipient)
    const ethBefore = await publicClient.getBalance({ address: account.address })
    const receipt = await send('swapExactTokensForETH', [
      amountIn,
      quoted.out,
      path,
      account.address,
      deadline(),
    ])
    const gas = receipt.gasUsed * receipt.effectiveGasPrice
    expect((await publicClient.getBalance({ address: account.address })) - ethBefore + gas).toBe(quoted.out)
    expect((await balanceOf(dai, feeRecipient)) - feeBefore).toBe(parseUnits('2.55', 18))
  })

  it('needs the gas margin when it lands a second after the block it was estimated on', async () => {
    // The pair updates its price accumulators only on its first trade in a new second: a swap
    // estimated in the second of the pair's last trade is estimated without that work.
    const { account, network, token, router, quote, publicClient, walletClient } = setup(8453, 7)
    const path = [network.contracts.weth9 as Address, token('DAI')]
    const amountIn = parseEther('0.01')
    const latest = await publicClient.getBlock()
    const at = (seconds: bigint) =>
      publicClient.request({
        method: 'evm_setNextBlockTimestamp' as never,
        params: [Number(seconds)] as never,
      })
    const call = async () => ({
      address: router,
      abi,
      functionName: 'swapExactETHForTokens',
      args: [(await quote(amountIn, path)).out, path, account.address, deadline()],
      value: amountIn,
      account,
    })
    const swap = async (gas: bigint) => {
      const hash = await walletClient.writeContract({ ...(await call()), gas } as never)
      return { receipt: await publicClient.waitForTransactionReceipt({ hash }) }
    }
    await at(latest.timestamp + 10n)
    expect((await swap(1_000_000n)).receipt.status).toBe('success')
    // Estimated now (in the second of that trade), landing a second later.
    const estimate = await publicClient.estimateContractGas((await call()) as never)
    await at(latest.timestamp + 11n)
    const bare = await swap(estimate)
    expect(bare.receipt.status).toBe('reverted')
    await at(latest.timestamp + 12n)
    const margined = await swap(gasLimitFor(estimate))
    expect(margined.receipt.status).toBe('success')
  })

  it('refuses a swap that would pay out less than the minimum', async () => {
    const { account, token, network, quote, publicClient, router } = setup(1, 8)
    const path = [network.contracts.weth9 as Address, token('DAI')]
    const quoted = await quote(parseEther('0.1'), path)
    await expect(
      publicClient.simulateContract({
        account,
        address: router,
        abi,
        functionName: 'swapExactETHForTokens',
        args: [quoted.out + 1n, path, account.address, deadline()],
        value: parseEther('0.1'),
      }),
    ).rejects.toThrow(/INSUFFICIENT_OUTPUT_AMOUNT/)
  })
})
