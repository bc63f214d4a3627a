// The smart account's sessions against a real EntryPoint v0.7 on anvil: UserOperations signed by a
// session key go straight to handleOps (no bundler, no frame), so every refusal here is the
// account's own, on chain.

import { periodIndex, sessionSignature, smartSessionsAbi } from '@walletframe/protocol'
import {
  type Address,
  type BaseError,
  ContractFunctionRevertedError,
  decodeErrorResult,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  keccak256,
  parseEther,
  parseUnits,
  toFunctionSelector,
  toHex,
  zeroAddress,
} from 'viem'
import {
  entryPoint07Abi,
  entryPoint07Address,
  getUserOperationHash,
  toPackedUserOperation,
} from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { devnets, testWallet } from '../testing.js'
import { artifacts } from './artifacts.js'
import { ownerSalt, smartAccountFactoryAddress } from './smartAccount.js'

const suite = devnets()

const accountAbi = artifacts.smartAccount().abi
const transferSelector = toFunctionSelector('transfer(address,uint256)')
const approveSelector = toFunctionSelector('approve(address,uint256)')

function world(ownerIndex: number) {
  const network = suite.networkOf(8453)
  const usdc = network.tokens.find((token) => token.symbol === 'USDC')!.address as Address
  return {
    publicClient: suite.clientOf(8453),
    owner: testWallet(suite.chainsFile, network, ownerIndex),
    /** Sends handleOps, as a bundler would. */
    submitter: testWallet(suite.chainsFile, network, ownerIndex + 1),
    usdc,
  }
}

type World = ReturnType<typeof world>

async function now(w: World): Promise<number> {
  return Number((await w.publicClient.getBlock()).timestamp)
}

/** The owner's account, deployed and holding 1 ETH and 100 USDC. */
async function deployAccount(w: World): Promise<Address> {
  const owner = w.owner.account.address
  const factory = { address: smartAccountFactoryAddress, abi: artifacts.smartAccountFactory().abi }
  const salt = ownerSalt(owner)
  await w.publicClient.waitForTransactionReceipt({
    hash: await w.owner.writeContract({ ...factory, functionName: 'createAccount', args: [owner, salt] }),
  })
  const account = (await w.publicClient.readContract({
    ...factory,
    functionName: 'getAddress',
    args: [salt],
  })) as Address
  await w.publicClient.waitForTransactionReceipt({
    hash: await w.owner.sendTransaction({ to: account, value: parseEther('1') }),
  })
  await w.publicClient.waitForTransactionReceipt({
    hash: await w.owner.writeContract({
      address: w.usdc,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [account, parseUnits('100', 6)],
    }),
  })
  return account
}

type Grant = {
  id: Hex
  key: ReturnType<typeof privateKeyToAccount>
  validAfter: number
  period: number
}

/** The owner grants a session (a call of the owner itself: the account takes the owner or itself). */
async function grant(
  w: World,
  account: Address,
  options: {
    calls: { target: Address; selector: Hex }[]
    limits: { token: Address; allowance: bigint }[]
    lifetime?: number
    period?: number
  },
): Promise<Grant> {
  const id = keccak256(toHex(crypto.getRandomValues(new Uint8Array(32))))
  const key = privateKeyToAccount(generatePrivateKey())
  const validAfter = (await now(w)) - 1
  const period = options.period ?? 0
  await w.publicClient.waitForTransactionReceipt({
    hash: await w.owner.writeContract({
      address: account,
      abi: smartSessionsAbi,
      functionName: 'grantSession',
      args: [
        id,
        key.address,
        validAfter,
        validAfter + (options.lifetime ?? 3600),
        period,
        options.calls,
        options.limits,
      ],
    }),
  })
  return { id, key, validAfter, period }
}

const execute = (target: Address, value: bigint, data: Hex = '0x') =>
  encodeFunctionData({ abi: accountAbi, functionName: 'execute', args: [target, value, data] })

/**
 * A UserOperation of `account` with `callData`, signed by the session key (or `signer`), for the
 * period `period` (the current one by default), sent to the EntryPoint's handleOps.
 */
async function sendAsSession(
  w: World,
  account: Address,
  session: Grant,
  callData: Hex,
  options: { signer?: ReturnType<typeof privateKeyToAccount>; period?: number } = {},
) {
  const nonce = await w.publicClient.readContract({
    address: entryPoint07Address,
    abi: entryPoint07Abi,
    functionName: 'getNonce',
    args: [account, 0n],
  })
  const userOperation = {
    sender: account,
    nonce,
    callData,
    callGasLimit: 200_000n,
    verificationGasLimit: 400_000n,
    preVerificationGas: 60_000n,
    maxFeePerGas: 10_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
    signature: '0x' as Hex,
  }
  const hash = getUserOperationHash({
    userOperation,
    entryPointAddress: entryPoint07Address,
    entryPointVersion: '0.7',
    chainId: 8453,
  })
  const period = options.period ?? periodIndex(session, await now(w))
  const signer = options.signer ?? session.key
  const signature = sessionSignature(session.id, period, await signer.signMessage({ message: { raw: hash } }))
  const packed = toPackedUserOperation({ ...userOperation, signature })
  const { request } = await w.publicClient.simulateContract({
    account: w.submitter.account,
    address: entryPoint07Address,
    abi: entryPoint07Abi,
    functionName: 'handleOps',
    args: [[packed], w.submitter.account.address],
  })
  const receipt = await w.publicClient.waitForTransactionReceipt({
    hash: await w.submitter.writeContract(request),
  })
  expect(receipt.status).toBe('success')
}

/** Why handleOps refused: the EntryPoint's reason, and the account's own error where it reverted. */
async function refusal(promise: Promise<unknown>): Promise<{ reason: string; account?: string }> {
  try {
    await promise
  } catch (error) {
    const reverted = (error as BaseError).walk((e) => e instanceof ContractFunctionRevertedError) as
      | ContractFunctionRevertedError
      | undefined
    const data = reverted?.data
    if (data?.errorName === 'FailedOpWithRevert') {
      const inner = decodeErrorResult({ abi: accountAbi, data: data.args?.[2] as Hex })
      return { reason: data.args?.[1] as string, account: inner.errorName }
    }
    if (data?.errorName === 'FailedOp') return { reason: data.args?.[1] as string }
    throw error
  }
  throw new Error('handleOps went through')
}

describe('SmartAccount sessions', () => {
  it('runs calls a session allows, within its native spend limit, and refuses the one over it', async () => {
    const w = world(6)
    const account = await deployAccount(w)
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const session = await grant(w, account, {
      calls: [{ target: zeroAddress, selector: '0x00000000' }],
      limits: [{ token: zeroAddress, allowance: parseEther('0.003') }],
    })
    for (let i = 0; i < 3; i++)
      await sendAsSession(w, account, session, execute(recipient, parseEther('0.001')))
    expect(await w.publicClient.getBalance({ address: recipient })).toBe(parseEther('0.003'))
    expect(
      await w.publicClient.readContract({
        address: account,
        abi: smartSessionsAbi,
        functionName: 'spent',
        args: [session.id, zeroAddress, 0n],
      }),
    ).toBe(parseEther('0.003'))
    expect(await refusal(sendAsSession(w, account, session, execute(recipient, 1n)))).toEqual({
      reason: 'AA23 reverted',
      account: 'SpendLimitExceeded',
    })
    expect(await w.publicClient.getBalance({ address: recipient })).toBe(parseEther('0.003'))
  })

  it('counts ERC-20 transfers of a limited token and refuses a wrong selector or target', async () => {
    const w = world(8)
    const account = await deployAccount(w)
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const session = await grant(w, account, {
      calls: [
        { target: w.usdc, selector: transferSelector },
        { target: w.usdc, selector: approveSelector },
      ],
      limits: [{ token: w.usdc, allowance: parseUnits('5', 6) }],
    })
    const transfer = (amount: bigint) =>
      encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, amount] })
    const batch = encodeFunctionData({
      abi: accountAbi,
      functionName: 'executeBatch',
      args: [
        [
          { target: w.usdc, value: 0n, data: transfer(parseUnits('2', 6)) },
          { target: w.usdc, value: 0n, data: transfer(parseUnits('2', 6)) },
        ],
      ],
    })
    await sendAsSession(w, account, session, batch)
    expect(
      await w.publicClient.readContract({
        address: w.usdc,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [recipient],
      }),
    ).toBe(parseUnits('4', 6))
    // An approve counts like a transfer: 4 + 2 is over 5.
    const approve = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'approve',
      args: [recipient, parseUnits('2', 6)],
    })
    expect(await refusal(sendAsSession(w, account, session, execute(w.usdc, 0n, approve)))).toEqual({
      reason: 'AA23 reverted',
      account: 'SpendLimitExceeded',
    })
    const transferFrom = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transferFrom',
      args: [account, recipient, 1n],
    })
    expect(await refusal(sendAsSession(w, account, session, execute(w.usdc, 0n, transferFrom)))).toEqual({
      reason: 'AA23 reverted',
      account: 'CallNotAllowed',
    })
    const dai = suite.networkOf(8453).tokens.find((t) => t.symbol === 'DAI')!
    expect(
      await refusal(sendAsSession(w, account, session, execute(dai.address as Address, 0n, transfer(1n)))),
    ).toEqual({ reason: 'AA23 reverted', account: 'CallNotAllowed' })
    // Value on an allowed call needs a native limit, which this session has not.
    expect(await refusal(sendAsSession(w, account, session, execute(w.usdc, 1n, transfer(1n))))).toEqual({
      reason: 'AA23 reverted',
      account: 'SpendLimitExceeded',
    })
  })

  it('never lets a session call its own account, so it cannot grant itself more', async () => {
    const w = world(2)
    const account = await deployAccount(w)
    const session = await grant(w, account, {
      calls: [{ target: zeroAddress, selector: '0x00000000' }],
      limits: [{ token: zeroAddress, allowance: parseEther('1') }],
    })
    const regrant = encodeFunctionData({
      abi: smartSessionsAbi,
      functionName: 'revokeSession',
      args: [session.id],
    })
    expect(await refusal(sendAsSession(w, account, session, execute(account, 0n, regrant)))).toEqual({
      reason: 'AA23 reverted',
      account: 'CallNotAllowed',
    })
    // Nor anything but execute / executeBatch as the UserOperation's call.
    expect(await refusal(sendAsSession(w, account, session, regrant))).toEqual({
      reason: 'AA23 reverted',
      account: 'CallNotAllowed',
    })
    // And only the owner (or the account itself) grants.
    await expect(
      w.submitter.writeContract({
        address: account,
        abi: smartSessionsAbi,
        functionName: 'grantSession',
        args: [keccak256('0x01'), w.submitter.account.address, 0, 2 ** 40, 0, [], []],
      }),
    ).rejects.toThrow(/Unauthorized|reverted/)
  })

  it('refuses a revoked session, another key, an expired session and a period not yet begun', async () => {
    const w = world(4)
    const account = await deployAccount(w)
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const open = { calls: [{ target: zeroAddress, selector: '0x00000000' as Hex }] }
    const limits = [{ token: zeroAddress, allowance: parseEther('0.01') }]

    const stranger = privateKeyToAccount(generatePrivateKey())
    const session = await grant(w, account, { ...open, limits, period: 60 })
    expect(
      await refusal(sendAsSession(w, account, session, execute(recipient, 1n), { signer: stranger })),
    ).toEqual({ reason: 'AA24 signature error' })
    expect(await refusal(sendAsSession(w, account, session, execute(recipient, 1n), { period: 5 }))).toEqual({
      reason: 'AA22 expired or not due',
    })
    await sendAsSession(w, account, session, execute(recipient, parseEther('0.01')))
    expect(await refusal(sendAsSession(w, account, session, execute(recipient, 1n)))).toEqual({
      reason: 'AA23 reverted',
      account: 'SpendLimitExceeded',
    })
    // The next period starts the allowance again.
    await w.publicClient.request({ method: 'evm_increaseTime' as never, params: [61] as never })
    await w.publicClient.request({ method: 'evm_mine' as never })
    await sendAsSession(w, account, session, execute(recipient, parseEther('0.01')))

    await w.publicClient.waitForTransactionReceipt({
      hash: await w.owner.writeContract({
        address: account,
        abi: smartSessionsAbi,
        functionName: 'revokeSession',
        args: [session.id],
      }),
    })
    expect(await refusal(sendAsSession(w, account, session, execute(recipient, 1n)))).toEqual({
      reason: 'AA23 reverted',
      account: 'SessionIsRevoked',
    })

    const brief = await grant(w, account, { ...open, limits, lifetime: 5 })
    await w.publicClient.request({ method: 'evm_increaseTime' as never, params: [10] as never })
    await w.publicClient.request({ method: 'evm_mine' as never })
    expect(await refusal(sendAsSession(w, account, brief, execute(recipient, 1n), { period: 0 }))).toEqual({
      reason: 'AA22 expired or not due',
    })
  })
})
