// Permit2 on the devnets: its own code at the canonical address, signing under the domain a wallet
// computes, so a PermitSingle signed with viem sets the allowance it names.
import { type Address, domainSeparator, maxUint160, size, slice } from 'viem'
import { describe, expect, it } from 'vitest'
import { devnets, testWallet } from '../testing.js'
import { artifacts } from './artifacts.js'
import { domain, permit2Address, permitSingleTypes, runtimeCode } from './permit2.js'

const suite = devnets()
const abi = artifacts.permit2().abi

describe('runtimeCode', () => {
  it('fills the cached chain id and domain separator as the constructor would', () => {
    const code = runtimeCode(8453)
    const { immutableReferences, deployedBytecode } = artifacts.permit2()
    expect(size(code)).toBe(size(deployedBytecode))
    const [chainId] = immutableReferences._CACHED_CHAIN_ID!
    const [separator] = immutableReferences._CACHED_DOMAIN_SEPARATOR!
    expect(BigInt(slice(code, chainId!.start, chainId!.start + 32))).toBe(8453n)
    expect(slice(code, separator!.start, separator!.start + 32)).toBe(
      domainSeparator({ domain: domain(8453) }),
    )
  })
})

describe('install', () => {
  it('puts Permit2 at its canonical address on every devnet, listed in the chains file', async () => {
    for (const network of suite.chainsFile.networks) {
      expect(network.contracts.permit2).toBe(permit2Address)
      const client = suite.clientOf(network.id as number)
      expect(await client.getCode({ address: permit2Address })).toBe(runtimeCode(network.id as number))
      expect(
        await client.readContract({ address: permit2Address, abi, functionName: 'DOMAIN_SEPARATOR' }),
      ).toBe(domainSeparator({ domain: domain(network.id as number) }))
    }
  })

  it('accepts a PermitSingle a wallet signs, and sets the allowance it names', async () => {
    const chainId = 8453
    const network = suite.networkOf(chainId)
    const client = suite.clientOf(chainId)
    const wallet = testWallet(suite.chainsFile, network, 4)
    const owner = wallet.account.address
    const token = network.contracts.usdc as Address
    const spender = testWallet(suite.chainsFile, network, 5).account.address
    const expiration = Math.floor(Date.now() / 1000) + 3600
    const permitSingle = {
      details: { token, amount: maxUint160, expiration, nonce: 0 },
      spender,
      sigDeadline: BigInt(expiration),
    }
    const signature = await wallet.signTypedData({
      domain: domain(chainId),
      types: permitSingleTypes,
      primaryType: 'PermitSingle',
      message: permitSingle,
    })
    const hash = await wallet.writeContract({
      address: permit2Address,
      abi,
      functionName: 'permit',
      args: [owner, permitSingle, signature],
    })
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(
      await client.readContract({
        address: permit2Address,
        abi,
        functionName: 'allowance',
        args: [owner, token, spender],
      }),
    ).toEqual([maxUint160, expiration, 1])
  })
})
