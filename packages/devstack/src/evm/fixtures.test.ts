import type { ChainNetwork, ChainsFile } from '@walletframe/protocol/chains'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  erc721Abi,
  http,
  parseAbi,
  parseEther,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDevstack } from '../Devstack.js'
import {
  canonicalAddresses,
  nftHolders,
  spamNftCollection,
  spamNftHolders,
  testBalances,
} from './fixtures.js'
import { writeWithMargin } from './writeWithMargin.js'

const routerAbi = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
])

let stack: Awaited<ReturnType<typeof startDevstack>>
let chainsFile: ChainsFile

/** A viem chain built only from the chains file, the way the frame and API build theirs. */
function viemChain(network: ChainNetwork) {
  return defineChain({
    id: network.id as number,
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: network.rpcUrls.default.http } },
    contracts: { multicall3: { address: network.contracts.multicall3 as Address } },
  })
}

function clients(chainId: number, accountIndex = 0) {
  const network = chainsFile.networks.find((candidate) => candidate.id === chainId)!
  const chain = viemChain(network)
  const key = chainsFile.accounts.evm[accountIndex]!.privateKey as `0x${string}`
  return {
    network,
    token: (symbol: string) => network.tokens.find((token) => token.symbol === symbol)!.address as Address,
    publicClient: createPublicClient({ chain, transport: http() }),
    walletClient: createWalletClient({ chain, transport: http(), account: privateKeyToAccount(key) }),
  }
}

beforeAll(async () => {
  stack = await startDevstack({ solana: false, quiet: true })
  chainsFile = stack.chainsFile
})

afterAll(async () => {
  await stack?.stop()
})

describe('deploy', () => {
  it('puts every fixture at the same address on Ethereum and Base', () => {
    const [ethereum, base] = chainsFile.networks
    expect(ethereum?.id).toBe(1)
    expect(base?.id).toBe(8453)
    expect(ethereum?.contracts).toEqual(base?.contracts)
    expect(ethereum?.contracts.multicall3).toBe(canonicalAddresses.multicall3)
    expect(ethereum?.tokens.map((token) => [token.symbol, token.decimals])).toEqual([
      ['USDC', 6],
      ['DAI', 18],
      ['TIX', 0],
      ['WETH', 18],
    ])
  })

  it('reports the chain ids through RPC', async () => {
    expect(await clients(1).publicClient.getChainId()).toBe(1)
    expect(await clients(8453).publicClient.getChainId()).toBe(8453)
  })

  it('moves native balance with a signed transfer', async () => {
    const { publicClient, walletClient } = clients(1, 4)
    const to = chainsFile.accounts.evm[5]!.address as Address
    const before = await publicClient.getBalance({ address: to })
    const hash = await walletClient.sendTransaction({ to, value: parseEther('1.5') })
    await publicClient.waitForTransactionReceipt({ hash })
    expect(await publicClient.getBalance({ address: to })).toBe(before + parseEther('1.5'))
  })

  it('moves ERC20 balance with transfer()', async () => {
    const { publicClient, walletClient, token } = clients(8453, 4)
    const usdc = token('USDC')
    const to = chainsFile.accounts.evm[6]!.address as Address
    const before = await publicClient.readContract({
      address: usdc,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [to],
    })
    expect(before).toBe(parseUnits(String(testBalances.usdc), 6))
    const hash = await walletClient.writeContract({
      address: usdc,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to, parseUnits('12.5', 6)],
    })
    await publicClient.waitForTransactionReceipt({ hash })
    const after = await publicClient.readContract({
      address: usdc,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [to],
    })
    expect(after - before).toBe(parseUnits('12.5', 6))
  })

  it('quotes and swaps through the Uniswap V2 router', async () => {
    const { network, publicClient, walletClient, token } = clients(1, 7)
    const router = network.contracts.uniswapV2Router02 as Address
    const path = [network.contracts.weth9 as Address, token('USDC')]
    const [, quoted] = await publicClient.readContract({
      address: router,
      abi: routerAbi,
      functionName: 'getAmountsOut',
      args: [parseEther('1'), path],
    })
    // 100 ETH : 300,000 USDC pool, 0.3% fee: a little under 3000 USDC per ETH.
    expect(Number(quoted) / 1e6).toBeGreaterThan(2900)
    expect(Number(quoted) / 1e6).toBeLessThan(3000)
    const account = walletClient.account.address
    const before = await publicClient.readContract({
      address: path[1]!,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [account],
    })
    const hash = await writeWithMargin(publicClient, walletClient, {
      address: router,
      abi: routerAbi,
      functionName: 'swapExactETHForTokens',
      args: [quoted!, path, account, BigInt(Math.floor(Date.now() / 1000) + 600)],
      value: parseEther('1'),
    })
    expect((await publicClient.waitForTransactionReceipt({ hash })).status).toBe('success')
    const after = await publicClient.readContract({
      address: path[1]!,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [account],
    })
    expect(after - before).toBe(quoted)
  })

  it('answers multicall through the chain config multicall3 address', async () => {
    const { publicClient, token } = clients(8453)
    const [alice, bob] = chainsFile.accounts.evm.map((account) => ({
      address: account.address as Address,
    })) as [{ address: Address }, { address: Address }]
    const results = await publicClient.multicall({
      allowFailure: false,
      contracts: [
        { address: token('DAI'), abi: erc20Abi, functionName: 'decimals' },
        { address: token('TIX'), abi: erc20Abi, functionName: 'decimals' },
        { address: token('TIX'), abi: erc20Abi, functionName: 'balanceOf', args: [alice.address] },
        { address: token('USDC'), abi: erc20Abi, functionName: 'symbol' },
        { address: token('USDC'), abi: erc20Abi, functionName: 'balanceOf', args: [bob.address] },
      ],
    })
    // Bob received 250 USDC from Alice in the start-up history.
    expect(results).toEqual([18, 0, 50n, 'USDC', parseUnits('10250', 6)])
  })

  it('mints the NFTs to the test accounts with locally served metadata', async () => {
    const { network, publicClient } = clients(1)
    const nft = network.nfts[0]!.address as Address
    for (const [tokenId, holder] of nftHolders.entries()) {
      const owner = await publicClient.readContract({
        address: nft,
        abi: erc721Abi,
        functionName: 'ownerOf',
        args: [BigInt(tokenId)],
      })
      expect(owner).toBe(chainsFile.accounts.evm[holder]!.address)
    }
    const uri = await publicClient.readContract({
      address: nft,
      abi: erc721Abi,
      functionName: 'tokenURI',
      args: [1n],
    })
    expect(uri.startsWith(chainsFile.services.nftMetadata!)).toBe(true)
    const metadata = (await (await fetch(uri)).json()) as { name: string; image: string }
    expect(metadata.name).toContain('#1')
    expect((await fetch(metadata.image)).headers.get('content-type')).toBe('image/svg+xml')
  })

  it('airdrops an unlisted (spam) collection to an account that also holds a listed NFT', async () => {
    const { network, publicClient } = clients(8453)
    const spam = network.contracts.spamNft as Address
    expect(network.nfts.map((nft) => nft.address)).not.toContain(spam)
    const [holder] = spamNftHolders
    const owner = await publicClient.readContract({
      address: spam,
      abi: erc721Abi,
      functionName: 'ownerOf',
      args: [0n],
    })
    expect(owner).toBe(chainsFile.accounts.evm[holder]!.address)
    expect(nftHolders).toContain(holder)
    const uri = await publicClient.readContract({
      address: spam,
      abi: erc721Abi,
      functionName: 'tokenURI',
      args: [0n],
    })
    const metadata = (await (await fetch(uri)).json()) as { name: string; image: string }
    expect(metadata.name).toBe(`${spamNftCollection.name} #0`)
    expect((await fetch(metadata.image)).headers.get('content-type')).toBe('image/svg+xml')
  })

  it('has ERC-4337 v0.7 EntryPoint and SimpleAccountFactory code at the canonical addresses', async () => {
    const { publicClient } = clients(8453)
    for (const address of [canonicalAddresses.entryPointV07, canonicalAddresses.simpleAccountFactoryV07]) {
      const code = await publicClient.getCode({ address })
      expect(code && code.length > 1000).toBe(true)
    }
    const implementation = await publicClient.readContract({
      address: canonicalAddresses.simpleAccountFactoryV07,
      abi: parseAbi(['function accountImplementation() view returns (address)']),
      functionName: 'accountImplementation',
    })
    const entryPoint = await publicClient.readContract({
      address: implementation,
      abi: parseAbi(['function entryPoint() view returns (address)']),
      functionName: 'entryPoint',
    })
    expect(entryPoint).toBe(canonicalAddresses.entryPointV07)
  })

  it('leaves native and token transfers in the history', async () => {
    const { publicClient, token } = clients(1)
    const transfers = await publicClient.getLogs({
      address: token('USDC'),
      event: parseAbi(['event Transfer(address indexed from, address indexed to, uint256 value)'])[0],
      args: { from: chainsFile.accounts.evm[0]!.address as Address },
      fromBlock: 0n,
    })
    expect(transfers.map((log) => log.args.value)).toContain(parseUnits('250', 6))
    expect(
      await publicClient.getTransactionCount({ address: chainsFile.accounts.evm[0]!.address as Address }),
    ).toBeGreaterThan(0)
  })
})
