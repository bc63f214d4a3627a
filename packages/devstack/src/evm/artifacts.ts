// Contract ABIs and creation bytecode read from the npm packages that ship them, never pasted hex.
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Abi, Hex } from 'viem'

const require = createRequire(import.meta.url)

export type Artifact = { abi: Abi; bytecode: Hex }

function load(specifier: string): Artifact {
  const json = require(specifier) as { abi: Abi; bytecode: string | { object: string } }
  const raw = typeof json.bytecode === 'string' ? json.bytecode : json.bytecode.object
  // Uniswap's waffle builds omit the 0x prefix; Hardhat and Truffle builds carry it.
  const bytecode = (raw.startsWith('0x') ? raw : `0x${raw}`) as Hex
  return { abi: json.abi, bytecode }
}

export const artifacts = {
  weth9: () => load('@uniswap/v2-periphery/build/WETH9.json'),
  uniswapV2Factory: () => load('@uniswap/v2-core/build/UniswapV2Factory.json'),
  uniswapV2Pair: () => load('@uniswap/v2-core/build/UniswapV2Pair.json'),
  uniswapV2Router02: () => load('@uniswap/v2-periphery/build/UniswapV2Router02.json'),
  /** ERC20 with constructor(name, symbol, decimals) and open mint(address, amount); Aave's test token. */
  mintableErc20: () =>
    load('@aave/core-v3/artifacts/contracts/mocks/tokens/MintableERC20.sol/MintableERC20.json'),
  erc721: () => load('@openzeppelin/contracts/build/contracts/ERC721PresetMinterPauserAutoId.json'),
  entryPoint: () => load('@account-abstraction/contracts/artifacts/EntryPoint.json'),
  simpleAccountFactory: () => load('@account-abstraction/contracts/artifacts/SimpleAccountFactory.json'),
  // The devstack's own contracts: built from contracts/*.sol by solidity.ts, artifacts committed.
  erc1271Account: () => load('../../contracts/build/Erc1271Account.json'),
  erc1271AccountFactory: () => load('../../contracts/build/Erc1271AccountFactory.json'),
  swapFeeRouter: () => load('../../contracts/build/SwapFeeRouter.json'),
  farcasterIdRegistry: () => load('../../contracts/build/FarcasterIdRegistry.json'),
  smartAccount: () => load('../../contracts/build/SmartAccount.json'),
  smartAccountFactory: () => load('../../contracts/build/SmartAccountFactory.json'),
  verifyingPaymaster: () => load('../../contracts/build/VerifyingPaymaster.json'),
  drainer: () => load('../../contracts/build/Drainer.json'),
  scamAirdropToken: () => load('../../contracts/build/ScamAirdropToken.json'),
  permit2: () => loadRuntime('../../contracts/build/Permit2.json'),
}

/** Runtime code and where its immutables go, for a contract installed with anvil_setCode. */
export type RuntimeArtifact = Artifact & {
  deployedBytecode: Hex
  immutableReferences: Record<string, { start: number; length: number }[]>
}

function loadRuntime(specifier: string): RuntimeArtifact {
  const json = require(specifier) as Omit<RuntimeArtifact, 'abi'> & { abi: Abi }
  return {
    ...load(specifier),
    deployedBytecode: json.deployedBytecode,
    immutableReferences: json.immutableReferences,
  }
}

/**
 * Multicall3's creation code. No npm package ships a Multicall3 artifact; viem carries the canonical
 * creation code in its constants for deployless reads but does not export it, so import that module by path.
 */
export async function multicall3Bytecode(): Promise<Hex> {
  const viemRoot = dirname(require.resolve('viem/package.json'))
  const module = (await import(pathToFileURL(join(viemRoot, '_esm/constants/contracts.js')).href)) as {
    multicall3Bytecode: Hex
  }
  return module.multicall3Bytecode
}
