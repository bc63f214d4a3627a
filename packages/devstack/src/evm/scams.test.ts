// The devnets' scams do what the real ones do: an approval (ERC-20 or a signed Permit2 PermitSingle)
// to the drainer loses the victim everything it covers, and the scam token arrives unasked.
import { type Address, erc20Abi, maxUint160, maxUint256, parseUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { devnets, testWallet } from '../testing.js'
import { artifacts } from './artifacts.js'
import { domain, permit2Address, permitSingleTypes } from './permit2.js'
import { airdropAmount, airdropRecipientIndex, scammer, scamToken } from './scams.js'

const suite = devnets()
const drainerAbi = artifacts.drainer().abi
const chainId = 8453

function setup(victimIndex: number) {
  const network = suite.networkOf(chainId)
  const client = suite.clientOf(chainId)
  const victim = testWallet(suite.chainsFile, network, victimIndex)
  // Anyone may trigger a drain; here another test account does, and the loot still goes to the scammer.
  const caller = testWallet(suite.chainsFile, network, 9)
  const usdc = network.contracts.usdc as Address
  const drainer = network.contracts.drainer as Address
  const balanceOf = (owner: Address) =>
    client.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
  const mined = async (hash: `0x${string}`) =>
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
  return { client, victim, caller, usdc, drainer, balanceOf, mined }
}

describe('deploy', () => {
  it('lists the drainer and the scam token at the same addresses on every devnet', async () => {
    const [first, ...rest] = suite.chainsFile.networks
    for (const network of [first!, ...rest]) {
      expect(network.contracts.drainer).toBe(first!.contracts.drainer)
      expect(network.contracts.scamAirdropToken).toBe(first!.contracts.scamAirdropToken)
      const client = suite.clientOf(network.id as number)
      expect(
        await client.readContract({
          address: network.contracts.drainer as Address,
          abi: drainerAbi,
          functionName: 'owner',
        }),
      ).toBe(scammer)
      // Unlisted: a wallet that showed every token it saw would show the lure.
      expect(network.tokens.map((token) => token.address)).not.toContain(network.contracts.scamAirdropToken)
    }
  })

  it('airdrops the scam token, its name the lure, to a test account', async () => {
    const network = suite.networkOf(chainId)
    const token = network.contracts.scamAirdropToken as Address
    const client = suite.clientOf(chainId)
    const read = (functionName: 'name' | 'symbol') =>
      client.readContract({ address: token, abi: erc20Abi, functionName })
    expect(await read('name')).toBe(scamToken.name)
    expect(await read('symbol')).toBe(scamToken.symbol)
    const recipient = suite.chainsFile.accounts.evm[airdropRecipientIndex]!.address as Address
    expect(
      await client.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [recipient],
      }),
    ).toBe(parseUnits(String(airdropAmount), scamToken.decimals))
  })
})

describe('the drainer', () => {
  it('takes the whole balance an unlimited ERC-20 approval exposes', async () => {
    const { victim, caller, usdc, drainer, balanceOf, mined } = setup(6)
    const held = await balanceOf(victim.account.address)
    expect(held).toBeGreaterThan(0n)
    const loot = await balanceOf(scammer)
    await mined(
      await victim.writeContract({
        address: usdc,
        abi: erc20Abi,
        functionName: 'approve',
        args: [drainer, maxUint256],
      }),
    )
    await mined(
      await caller.writeContract({
        address: drainer,
        abi: drainerAbi,
        functionName: 'drain',
        args: [usdc, victim.account.address],
      }),
    )
    expect(await balanceOf(victim.account.address)).toBe(0n)
    expect((await balanceOf(scammer)) - loot).toBe(held)
  })

  it('takes the whole balance through one signed Permit2 PermitSingle naming it as spender', async () => {
    const { victim, caller, usdc, drainer, balanceOf, mined } = setup(7)
    // The one-time Permit2 approval apps ask for; after it, a signature is all a drainer needs.
    await mined(
      await victim.writeContract({
        address: usdc,
        abi: erc20Abi,
        functionName: 'approve',
        args: [permit2Address, maxUint256],
      }),
    )
    const held = await balanceOf(victim.account.address)
    const loot = await balanceOf(scammer)
    const expiration = Math.floor(Date.now() / 1000) + 3600
    const permitSingle = {
      details: { token: usdc, amount: maxUint160, expiration, nonce: 0 },
      spender: drainer,
      sigDeadline: BigInt(expiration),
    }
    const signature = await victim.signTypedData({
      domain: domain(chainId),
      types: permitSingleTypes,
      primaryType: 'PermitSingle',
      message: permitSingle,
    })
    const permit2Abi = artifacts.permit2().abi
    await mined(
      await caller.writeContract({
        address: permit2Address,
        abi: permit2Abi,
        functionName: 'permit',
        args: [victim.account.address, permitSingle, signature],
      }),
    )
    await mined(
      await caller.writeContract({
        address: drainer,
        abi: drainerAbi,
        functionName: 'drainWithPermit2',
        args: [permit2Address, usdc, victim.account.address],
      }),
    )
    expect(await balanceOf(victim.account.address)).toBe(0n)
    expect((await balanceOf(scammer)) - loot).toBe(held)
  })
})
