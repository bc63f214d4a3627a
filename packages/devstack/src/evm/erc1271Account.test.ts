import {
  type Address,
  createPublicClient,
  type Hex,
  hashMessage,
  http,
  keccak256,
  parseEther,
  toHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { devnets, testWallet } from '../testing.js'
import { artifacts } from './artifacts.js'
import { createAccountData, erc1271AccountFactoryAddress } from './erc1271Account.js'

const magicValue = '0x1626ba7e'

const suite = devnets()

function clients(accountIndex: number) {
  const walletClient = testWallet(suite.chainsFile, suite.networkOf(8453), accountIndex)
  return { account: walletClient.account, publicClient: suite.clientOf(8453), walletClient }
}

const factory = { address: erc1271AccountFactoryAddress, abi: artifacts.erc1271AccountFactory().abi }
const accountAbi = artifacts.erc1271Account().abi

async function deployAccount(ownerIndex: number, salt: bigint): Promise<Address> {
  const { account, publicClient, walletClient } = clients(ownerIndex)
  const hash = await walletClient.sendTransaction({
    to: erc1271AccountFactoryAddress,
    data: createAccountData(account.address, salt),
  })
  await publicClient.waitForTransactionReceipt({ hash })
  return (await publicClient.readContract({
    ...factory,
    functionName: 'getAddress',
    args: [account.address, salt],
  })) as Address
}

describe('the ERC-1271 account factory fixture', () => {
  it('is deployed at the same address on Ethereum and Base and listed in the chains file', async () => {
    const owner = suite.chainsFile.accounts.evm[0]!.address as Address
    const predictions = []
    for (const network of suite.chainsFile.networks) {
      expect(network.contracts.erc1271AccountFactory).toBe(erc1271AccountFactoryAddress)
      const publicClient = createPublicClient({ transport: http(network.rpcUrls.default.http[0]) })
      expect((await publicClient.getCode({ address: erc1271AccountFactoryAddress }))?.length).toBeGreaterThan(
        2,
      )
      predictions.push(
        await publicClient.readContract({ ...factory, functionName: 'getAddress', args: [owner, 0n] }),
      )
    }
    expect(predictions).toHaveLength(2)
    expect(predictions[0]).toBe(predictions[1])
  })

  it('deploys an account at the address getAddress predicts, once', async () => {
    const { account, publicClient } = clients(3)
    const predicted = (await publicClient.readContract({
      ...factory,
      functionName: 'getAddress',
      args: [account.address, 7n],
    })) as Address
    expect(await publicClient.getCode({ address: predicted })).toBeUndefined()
    expect(await deployAccount(3, 7n)).toBe(predicted)
    const code = await publicClient.getCode({ address: predicted })
    expect(code?.length).toBeGreaterThan(2)
    // A second createAccount (what an ERC-6492 verifier does for an account that exists) changes nothing.
    expect(await deployAccount(3, 7n)).toBe(predicted)
    expect(await publicClient.getCode({ address: predicted })).toBe(code)
    expect(
      await publicClient.readContract({ address: predicted, abi: accountAbi, functionName: 'owner' }),
    ).toBe(account.address)
  })

  it("answers isValidSignature with the ERC-1271 magic value for its owner's signature only", async () => {
    const { account: owner, publicClient } = clients(4)
    const { account: stranger } = clients(5)
    const address = await deployAccount(4, 0n)
    const hash = hashMessage('sign in')
    const isValidSignature = (signature: Hex) =>
      publicClient.readContract({
        address,
        abi: accountAbi,
        functionName: 'isValidSignature',
        args: [hash, signature],
      })

    expect(await isValidSignature(await owner.sign({ hash }))).toBe(magicValue)
    expect(await isValidSignature(await stranger.sign({ hash }))).toBe('0xffffffff')
    // personal_sign prefixes the digest again: the account checks the hash as given.
    expect(await isValidSignature(await owner.signMessage({ message: { raw: hash } }))).toBe('0xffffffff')
    expect(await isValidSignature('0x1234')).toBe('0xffffffff')
  })

  it('lets its owner, and nobody else, execute calls', async () => {
    const { account: owner, publicClient, walletClient } = clients(6)
    const { walletClient: strangerWallet } = clients(7)
    const address = await deployAccount(6, 0n)
    await publicClient.waitForTransactionReceipt({
      hash: await walletClient.sendTransaction({ to: address, value: parseEther('1') }),
    })
    const to = privateKeyToAccount(keccak256(toHex('recipient'))).address
    const { request } = await publicClient.simulateContract({
      account: owner,
      address,
      abi: accountAbi,
      functionName: 'execute',
      args: [to, parseEther('0.25'), '0x'],
    })
    await publicClient.waitForTransactionReceipt({ hash: await walletClient.writeContract(request) })
    expect(await publicClient.getBalance({ address: to })).toBe(parseEther('0.25'))

    await expect(
      strangerWallet.writeContract({
        address,
        abi: accountAbi,
        functionName: 'execute',
        args: [to, 1n, '0x'],
      }),
    ).rejects.toThrow(/NotOwner|revert/)
  })
})
