// Deploys the fixture contracts into a fresh anvil node and leaves some history behind. The deployer is
// a fixed test account and the order is fixed, so every contract lands at the same address on every run
// and on both chains; canonical contracts go to their mainnet addresses.
import { type Address, encodeDeployData, getContractAddress, type Hex, parseEther, parseUnits } from 'viem'
import { evmAccount } from '../accounts.js'
import { FixtureError } from '../errors.js'
import { artifacts, multicall3Bytecode } from './artifacts.js'
import { erc1271AccountFactoryAddress, erc1271AccountFactorySalt } from './erc1271Account.js'
import * as Permit2 from './permit2.js'
import * as Scams from './scams.js'
import * as SmartAccount from './smartAccount.js'
import * as SwapFeeRouter from './swapFeeRouter.js'
import * as Transactor from './Transactor.js'
import * as VerifyingPaymaster from './verifyingPaymaster.js'

export const canonicalAddresses = {
  multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11',
  /** Arachnid's deterministic-deployment proxy, which anvil includes at genesis. */
  create2Deployer: '0x4e59b44847b379578588920cA78FbF26c0B4956C',
  entryPointV07: '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
  simpleAccountFactoryV07: '0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985',
} as const satisfies Record<string, Address>

// The salts eth-infinitism used for the v0.7 mainnet deployments; with them the npm bytecode reproduces
// the canonical addresses above.
const entryPointSalt: Hex = '0x90d8084deab30c2a37c45e8d47f49f2f7965183cb6990a98943ef94940681de3'
const simpleAccountFactorySalt: Hex = `0x${'00'.repeat(32)}`

/** Anvil account 19 deploys and funds the fixtures, so accounts 0-9 start with clean nonces for users. */
export const deployerIndex = 19

export type FixtureToken = {
  key: 'usdc' | 'dai' | 'tix' | 'weth'
  symbol: string
  name: string
  decimals: number
  priceUsd: number
}

export const nativePriceUsd = 3000

export const tokenList: FixtureToken[] = [
  { key: 'usdc', symbol: 'USDC', name: 'USD Coin', decimals: 6, priceUsd: 1 },
  { key: 'dai', symbol: 'DAI', name: 'Dai Stablecoin', decimals: 18, priceUsd: 1 },
  // Decimals 0: balances leave such tokens out; the fixture lets the API prove it.
  { key: 'tix', symbol: 'TIX', name: 'Arcade Tickets', decimals: 0, priceUsd: 0.5 },
  { key: 'weth', symbol: 'WETH', name: 'Wrapped Ether', decimals: 18, priceUsd: nativePriceUsd },
]

export const nftCollection = { name: 'Walletframe Test Punks', symbol: 'WFTP' } as const

/** Who holds which NFT after start: token ids 0..3 minted in this order. */
export const nftHolders = [0, 0, 1, 2] as const

/**
 * An unsolicited airdrop: a second collection of the same contract that the chains file does NOT
 * list under `nfts`, so wallets treat it as spam (`is_spam`) and leave it out.
 */
export const spamNftCollection = { name: 'Free Airdrop Voucher', symbol: 'FREE' } as const

/**
 * Who holds which spam NFT: token id 0 goes to account 2, who also holds a listed one. Not account 0,
 * whose history the Activity specs read; an entry that only moved spam would be hidden there.
 */
export const spamNftHolders = [2] as const

/** Balances each test account 0-9 receives, in whole tokens. */
export const testBalances = { usdc: 10_000, dai: 10_000, tix: 50 } as const

export type Fixtures = {
  contracts: Record<string, Address>
  tokens: (FixtureToken & { address: Address })[]
  nft: { address: Address; name: string; symbol: string }
  /** The unlisted collection (spamNftHolders); not in the chains file's `nfts`. */
  spamNft: { address: Address; name: string; symbol: string }
}

export declare namespace deploy {
  type Options = {
    rpcUrl: string
    /** Base URI for token metadata, e.g. `http://127.0.0.1:PORT/nft/1/`; tokenURI = base + id. */
    nftBaseUri: string
    /** The same for the spam collection. */
    spamNftBaseUri: string
    /** Test accounts that receive tokens and NFTs. */
    accounts: Address[]
  }
}

export async function deploy(options: deploy.Options): Promise<Fixtures> {
  const tx = Transactor.from(options.rpcUrl)
  const deployer = evmAccount(deployerIndex).address
  const [alice, bob, carol] = options.accounts as [Address, Address, Address]
  const max = 2n ** 255n

  // Multicall3 lives at the same address on every chain because it was deployed from a keyless
  // transaction; locally we get its runtime code by simulating the creation and install it there.
  const multicallRuntime = (await tx.request('eth_call', [
    { data: await multicall3Bytecode() },
    'latest',
  ])) as Hex
  await tx.request('anvil_setCode', [canonicalAddresses.multicall3, multicallRuntime])

  const weth = artifacts.weth9()
  const factory = artifacts.uniswapV2Factory()
  const router = artifacts.uniswapV2Router02()
  const erc20 = artifacts.mintableErc20()
  const erc721 = artifacts.erc721()

  const wethAddress = await tx.deploy(deployer, weth, [], 'WETH9')
  const factoryAddress = await tx.deploy(deployer, factory, [deployer], 'UniswapV2Factory')
  const routerAddress = await tx.deploy(deployer, router, [factoryAddress, wethAddress], 'UniswapV2Router02')

  const tokens: Fixtures['tokens'] = []
  for (const token of tokenList) {
    const address =
      token.key === 'weth'
        ? wethAddress
        : await tx.deploy(deployer, erc20, [token.name, token.symbol, token.decimals], token.symbol)
    tokens.push({ ...token, address })
  }
  const byKey = (key: FixtureToken['key']) => tokens.find((token) => token.key === key)!
  const usdc = byKey('usdc')
  const dai = byKey('dai')
  const tix = byKey('tix')

  const nftAddress = await tx.deploy(
    deployer,
    erc721,
    [nftCollection.name, nftCollection.symbol, options.nftBaseUri],
    nftCollection.symbol,
  )
  // After every other CREATE of the deployer: the addresses above stay what they were.
  const spamNftAddress = await tx.deploy(
    deployer,
    erc721,
    [spamNftCollection.name, spamNftCollection.symbol, options.spamNftBaseUri],
    spamNftCollection.symbol,
  )

  // ERC-4337 v0.7 and the ERC-1271 account factory through the CREATE2 proxy: calldata is salt ++
  // init code. They come after every CREATE of the deployer, whose nonce they advance, so adding one
  // here moves no other fixture.
  const simpleAccountFactoryInit = encodeDeployData({
    abi: artifacts.simpleAccountFactory().abi,
    bytecode: artifacts.simpleAccountFactory().bytecode,
    args: [canonicalAddresses.entryPointV07],
  })
  for (const [what, salt, init, expected] of [
    ['EntryPoint v0.7', entryPointSalt, artifacts.entryPoint().bytecode, canonicalAddresses.entryPointV07],
    [
      'SimpleAccountFactory v0.7',
      simpleAccountFactorySalt,
      simpleAccountFactoryInit,
      canonicalAddresses.simpleAccountFactoryV07,
    ],
    [
      'Erc1271AccountFactory',
      erc1271AccountFactorySalt,
      artifacts.erc1271AccountFactory().bytecode,
      erc1271AccountFactoryAddress,
    ],
  ] as const) {
    const predicted = getContractAddress({
      opcode: 'CREATE2',
      from: canonicalAddresses.create2Deployer,
      salt,
      bytecode: init,
    })
    if (predicted !== expected) throw new FixtureError(`${what} would land at ${predicted}, not ${expected}`)
    await tx.send(
      { from: deployer, to: canonicalAddresses.create2Deployer, data: `${salt}${init.slice(2)}` as Hex },
      `deploy ${what}`,
    )
    if ((await tx.code(expected)) === '0x') throw new FixtureError(`${what} has no code at ${expected}`)
  }

  // The swap provider's fee router, also through the CREATE2 proxy (after the loop above, for the
  // same reason): its address follows from its code and the Router02 / WETH9 it wraps.
  const swapFeeRouterAddress = await SwapFeeRouter.deploy(tx, {
    deployer,
    create2Deployer: canonicalAddresses.create2Deployer,
    router: routerAddress,
    weth: wethAddress,
  })

  // The embedded wallet's ERC-4337 account (implementation + factory), CREATE2 as well.
  const smartAccount = await SmartAccount.deploy(tx, {
    deployer,
    create2Deployer: canonicalAddresses.create2Deployer,
  })

  // The verifying paymaster that sponsors gas (CREATE2 too), with its EntryPoint deposit.
  const verifyingPaymaster = await VerifyingPaymaster.deploy(tx, {
    deployer,
    create2Deployer: canonicalAddresses.create2Deployer,
  })

  // The scams (CREATE2 as well, after the others): a drainer and a scam airdrop token.
  const airdropTo = options.accounts[Scams.airdropRecipientIndex]
  const scams = await Scams.deploy(tx, {
    deployer,
    create2Deployer: canonicalAddresses.create2Deployer,
    airdropTo: airdropTo ? [airdropTo] : [],
  })

  // Permit2 at its canonical address, which a PermitSingle names as its verifying contract.
  const permit2 = await Permit2.install(tx, Number(await tx.request('eth_chainId', [])))

  // Liquidity: 1 ETH = 3000 USDC = 3000 DAI, and USDC/DAI at par.
  await tx.call(deployer, usdc.address, erc20.abi, 'mint', [deployer, parseUnits('1000000', 6)])
  await tx.call(deployer, dai.address, erc20.abi, 'mint', [deployer, parseUnits('1000000', 18)])
  await tx.call(deployer, usdc.address, erc20.abi, 'approve', [routerAddress, max])
  await tx.call(deployer, dai.address, erc20.abi, 'approve', [routerAddress, max])
  const ethPool = 100n
  for (const token of [usdc, dai]) {
    const amount = parseUnits(String(Number(ethPool) * nativePriceUsd), token.decimals)
    await tx.call(
      deployer,
      routerAddress,
      router.abi,
      'addLiquidityETH',
      [token.address, amount, amount, parseEther(String(ethPool)), deployer, max],
      parseEther(String(ethPool)),
    )
  }
  await tx.call(deployer, routerAddress, router.abi, 'addLiquidity', [
    usdc.address,
    dai.address,
    parseUnits('100000', 6),
    parseUnits('100000', 18),
    0n,
    0n,
    deployer,
    max,
  ])

  for (const account of options.accounts) {
    for (const token of [usdc, dai, tix]) {
      const amount = parseUnits(String(testBalances[token.key as keyof typeof testBalances]), token.decimals)
      await tx.call(deployer, token.address, erc20.abi, 'mint', [account, amount])
    }
  }
  for (const holder of nftHolders) {
    const to = options.accounts[holder]
    if (to) await tx.call(deployer, nftAddress, erc721.abi, 'mint', [to])
  }
  for (const holder of spamNftHolders) {
    const to = options.accounts[holder]
    if (to) await tx.call(deployer, spamNftAddress, erc721.abi, 'mint', [to])
  }

  // A little history between test accounts for activity views and the history API.
  await tx.send({ from: alice, to: bob, value: parseEther('1') }, 'history: native transfer')
  await tx.send({ from: bob, to: alice, value: parseEther('0.25') }, 'history: native transfer')
  await tx.call(alice, usdc.address, erc20.abi, 'transfer', [bob, parseUnits('250', 6)])
  await tx.call(bob, dai.address, erc20.abi, 'transfer', [carol, parseUnits('100', 18)])
  await tx.send({ from: carol, to: alice, value: parseEther('0.1') }, 'history: native transfer')

  return {
    contracts: {
      multicall3: canonicalAddresses.multicall3,
      weth9: wethAddress,
      uniswapV2Factory: factoryAddress,
      uniswapV2Router02: routerAddress,
      swapFeeRouter: swapFeeRouterAddress,
      /** Not a contract: the account the fee router pays the provider fee to. */
      swapFeeRecipient: SwapFeeRouter.feeRecipient,
      entryPointV07: canonicalAddresses.entryPointV07,
      simpleAccountFactory: canonicalAddresses.simpleAccountFactoryV07,
      erc1271AccountFactory: erc1271AccountFactoryAddress,
      smartAccountImplementation: smartAccount.implementation,
      smartAccountFactory: smartAccount.factory,
      verifyingPaymaster,
      create2Deployer: canonicalAddresses.create2Deployer,
      permit2,
      drainer: scams.drainer,
      scamAirdropToken: scams.scamAirdropToken,
      usdc: usdc.address,
      dai: dai.address,
      tix: tix.address,
      testNft: nftAddress,
      spamNft: spamNftAddress,
    },
    tokens,
    nft: { address: nftAddress, ...nftCollection },
    spamNft: { address: spamNftAddress, ...spamNftCollection },
  }
}
