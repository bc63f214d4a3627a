import { type Address, encodeFunctionData, erc20Abi, type Hex, http, parseUnits } from 'viem'
import {
  createBundlerClient,
  createPaymasterClient,
  entryPoint07Address,
  toPackedUserOperation,
  type UserOperation,
} from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { artifacts } from '../evm/artifacts.js'
import * as VerifyingPaymaster from '../evm/verifyingPaymaster.js'
import { bundlerStack, clientsOf, freshSmartAccount } from '../testing.js'

const suite = bundlerStack()
const clients = () => clientsOf(suite.network)

const freshAccount = async () => (await freshSmartAccount(suite.network)).account

/** A bundler client for `account` whose operations the devnet's paymaster service sponsors. */
const sponsoredBundler = (account: Awaited<ReturnType<typeof freshAccount>>) =>
  createBundlerClient({
    account,
    client: clients().publicClient,
    transport: http(suite.network.bundlerUrl),
    paymaster: createPaymasterClient({ transport: http(suite.network.paymasterUrl) }),
  })

/** What the paymaster has left in the EntryPoint to pay with. */
const paymasterDeposit = () =>
  clients().publicClient.readContract({
    address: suite.network.contracts.verifyingPaymaster as Address,
    abi: artifacts.verifyingPaymaster().abi,
    functionName: 'getDeposit',
  }) as Promise<bigint>

const rpc = async (method: string, params: unknown) => {
  const response = await fetch(suite.network.paymasterUrl!, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
}

describe('PaymasterService', () => {
  it('is every EVM network’s paymasterUrl, beside the deployed and funded VerifyingPaymaster', async () => {
    for (const evm of suite.stack.chainsFile.networks.filter((n) => n.chainNamespace === 'eip155')) {
      expect(evm.paymasterUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(evm.contracts.verifyingPaymaster).toBe(
        VerifyingPaymaster.predict(evm.contracts.create2Deployer as Address),
      )
    }
    const deposit = await paymasterDeposit()
    expect(deposit).toBeGreaterThan(0n)
  })

  it('sponsors a batch from a fresh smart account holding 0 ETH, which still holds 0 after', async () => {
    const { publicClient } = clients()
    const account = await freshAccount()
    expect(await publicClient.getBalance({ address: account.address })).toBe(0n)
    const depositBefore = await paymasterDeposit()
    const bundler = sponsoredBundler(account)
    const usdc = suite.network.contracts.usdc as Address
    const spender = privateKeyToAccount(generatePrivateKey()).address
    const hash = await bundler.sendUserOperation({
      calls: [
        {
          to: usdc,
          data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, 5n] }),
        },
        {
          to: usdc,
          data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, 7n] }),
        },
      ],
    })
    const receipt = await bundler.waitForUserOperationReceipt({ hash })
    expect(receipt.success).toBe(true)
    expect(receipt.paymaster).toBe(suite.network.contracts.verifyingPaymaster)
    expect(
      await publicClient.readContract({
        address: usdc,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [account.address, spender],
      }),
    ).toBe(7n)
    expect(await publicClient.getBalance({ address: account.address })).toBe(0n)
    const depositAfter = await paymasterDeposit()
    expect(depositBefore - depositAfter).toBe(receipt.actualGasCost)
  }, 60_000)

  it('signs one operation only: the contract refuses the signature on any other', async () => {
    const { publicClient } = clients()
    const account = await freshAccount()
    const bundler = sponsoredBundler(account)
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const signed = await bundler.prepareUserOperation({
      calls: [
        {
          to: suite.network.contracts.usdc as Address,
          data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [recipient, 1n] }),
        },
      ],
    })
    const validation = async (operation: UserOperation<'0.7'>) => {
      const { result } = (await publicClient.simulateContract({
        account: entryPoint07Address,
        address: suite.network.contracts.verifyingPaymaster as Address,
        abi: artifacts.verifyingPaymaster().abi,
        functionName: 'validatePaymasterUserOp',
        args: [toPackedUserOperation(operation), `0x${'00'.repeat(32)}`, 0n],
      })) as { result: readonly [Hex, bigint] }
      return result[1] & 1n
    }
    expect(await validation(signed as UserOperation<'0.7'>)).toBe(0n)
    // The same paymaster data on another call, a higher gas limit, or another nonce: refused.
    const otherCall = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'approve',
      args: [recipient, parseUnits('1000', 6)],
    })
    const callData = await account.encodeCalls([
      { to: suite.network.contracts.usdc as Address, data: otherCall },
    ])
    for (const changed of [
      { callData },
      { callGasLimit: signed.callGasLimit + 1n },
      { nonce: signed.nonce + 1n },
      { maxFeePerGas: signed.maxFeePerGas * 2n },
    ])
      expect(await validation({ ...signed, ...changed } as UserOperation<'0.7'>)).toBe(1n)

    // Through the bundler, signed by the account: the EntryPoint refuses it as a paymaster signature error.
    const reused = { ...signed, callData }
    const signature = await account.signUserOperation(reused)
    await expect(bundler.sendUserOperation({ ...reused, signature })).rejects.toThrow(/AA34|signature/i)
  }, 60_000)

  it('answers malformed or unknown calls with JSON-RPC errors', async () => {
    expect(
      (await rpc('pm_getPaymasterData', [{ sender: 'nope' }, entryPoint07Address, '0x1', null])).error?.code,
    ).toBe(-32602)
    expect((await rpc('pm_getPaymasterData', 'not a list')).error?.code).toBe(-32602)
    const userOp = {
      sender: `0x${'11'.repeat(20)}`,
      nonce: '0x0',
      callData: '0x',
      callGasLimit: '0x0',
      verificationGasLimit: '0x0',
      preVerificationGas: '0x0',
      maxFeePerGas: '0x1',
      maxPriorityFeePerGas: '0x1',
    }
    expect(
      (await rpc('pm_getPaymasterStubData', [userOp, `0x${'22'.repeat(20)}`, '0x1', null])).error?.message,
    ).toMatch(/EntryPoint v0\.7/)
    expect(
      (await rpc('pm_getPaymasterStubData', [userOp, entryPoint07Address, '0x999', null])).error?.message,
    ).toMatch(/No paymaster on chain 2457/)
    expect((await rpc('eth_sendTransaction', [])).error?.code).toBe(-32601)
    const stub = (await rpc('pm_getPaymasterStubData', [userOp, entryPoint07Address, '0x1', null])).result
    expect(stub).toMatchObject({ paymaster: suite.network.contracts.verifyingPaymaster, isFinal: false })
  })
})
