// The devnet's ERC-4337 stack end to end: the EntryPoint and the smart-account factory from the
// fixtures, alto as the bundler, viem's Solady account as the client. A counterfactual account signs
// (ERC-6492), its first UserOperation deploys it and moves ETH, then it signs as a deployed account.
import { readFile } from 'node:fs/promises'
import { type Address, createWalletClient, http, parseErc6492Signature, parseEther } from 'viem'
import { createBundlerClient, entryPoint07Address, toSoladySmartAccount } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { evmAccount } from '../accounts.js'
import { canonicalAddresses } from '../evm/fixtures.js'
import { ownerSalt, smartAccountFactoryAddress } from '../evm/smartAccount.js'
import { bundlerStack, clientsOf } from '../testing.js'

const suite = bundlerStack()
const clients = () => clientsOf(suite.network)

describe('the devnet bundler', () => {
  it('is in the chains file for every EVM network, with the smart-account factory', () => {
    for (const evm of suite.stack.chainsFile.networks.filter((n) => n.chainNamespace === 'eip155')) {
      expect(evm.bundlerUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(evm.contracts.smartAccountFactory).toBe(smartAccountFactoryAddress)
      expect(evm.contracts.entryPointV07).toBe(entryPoint07Address)
    }
    expect(suite.stack.children.filter((child) => child.name.startsWith('bundler'))).toHaveLength(2)
  })

  it('listens on 127.0.0.1 only (alto binds 0.0.0.0 unless loopback.cjs moves it)', async () => {
    const port = Number(new URL(suite.network.bundlerUrl!).port)
    const tables = [
      await readFile('/proc/net/tcp', 'utf8'),
      await readFile('/proc/net/tcp6', 'utf8').catch(() => ''),
    ]
    // Columns: sl, local address (hex ip:port), remote address, state (0A = LISTEN), …
    const listening = tables
      .flatMap((table) => table.split('\n').slice(1))
      .map((line) => line.trim().split(/\s+/))
      .filter(
        (columns) => columns[3] === '0A' && Number.parseInt(columns[1]?.split(':')[1] ?? '', 16) === port,
      )
      .map((columns) => columns[1])
    expect(listening).toEqual([`0100007F:${port.toString(16).toUpperCase().padStart(4, '0')}`])
  })

  it('answers the bundler methods for EntryPoint v0.7', async () => {
    const response = await fetch(suite.network.bundlerUrl!, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] }),
    })
    expect(await response.json()).toMatchObject({ result: [canonicalAddresses.entryPointV07] })
  })

  it('deploys a smart account with its first UserOperation; it signs before and after', async () => {
    const { chain, publicClient } = clients()
    const owner = privateKeyToAccount(generatePrivateKey())
    const account = await toSoladySmartAccount({
      client: publicClient,
      owner,
      factoryAddress: suite.network.contracts.smartAccountFactory as Address,
      salt: ownerSalt(owner.address),
    })
    expect(await account.isDeployed()).toBe(false)

    const before = await account.signMessage({ message: 'hello before deploy' })
    expect(parseErc6492Signature(before).address).toBe(smartAccountFactoryAddress)
    expect(
      await publicClient.verifyMessage({
        address: account.address,
        message: 'hello before deploy',
        signature: before,
      }),
    ).toBe(true)

    // Without a paymaster the account pays its own gas.
    const funder = createWalletClient({
      chain,
      transport: http(),
      account: privateKeyToAccount(evmAccount(7).privateKey),
    })
    await publicClient.waitForTransactionReceipt({
      hash: await funder.sendTransaction({ to: account.address, value: parseEther('1') }),
    })

    const bundler = createBundlerClient({
      account,
      client: publicClient,
      transport: http(suite.network.bundlerUrl),
    })
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const hash = await bundler.sendUserOperation({ calls: [{ to: recipient, value: parseEther('0.01') }] })
    const receipt = await bundler.waitForUserOperationReceipt({ hash })
    expect(receipt.success).toBe(true)
    expect(await publicClient.getBalance({ address: recipient })).toBe(parseEther('0.01'))
    expect(await account.isDeployed()).toBe(true)

    const after = await account.signMessage({ message: 'hello after deploy' })
    expect(
      await publicClient.verifyMessage({
        address: account.address,
        message: 'hello after deploy',
        signature: after,
      }),
    ).toBe(true)
    // Another message's signature is not this one's.
    expect(
      await publicClient.verifyMessage({
        address: account.address,
        message: 'something else',
        signature: after,
      }),
    ).toBe(false)
  }, 60_000)
})
