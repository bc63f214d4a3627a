// The ERC-1271 smart-account fixture (contracts/Erc1271Account.sol): a factory deployed through the
// CREATE2 proxy, so it has the same address on every run and chain, and the calls tests need to
// make accounts with it. SimpleAccount v0.7 cannot stand in: it has no isValidSignature.
import { type Address, encodeFunctionData, type Hex } from 'viem'
import { artifacts } from './artifacts.js'

/** CREATE2 salt of the factory (through the proxy at canonicalAddresses.create2Deployer). */
export const erc1271AccountFactorySalt: Hex = `0x${'00'.repeat(32)}`

/**
 * Where the factory lands: fixed by its bytecode (contracts/build), so it moves only when the
 * contract's code does; fixtures.ts refuses to deploy if the artifact no longer predicts it.
 */
export const erc1271AccountFactoryAddress: Address = '0xe67e6A4F1d57927ab0Ab5D3A53C0b19862675938'

/**
 * Calldata of `createAccount(owner, salt)`: what a transaction to the factory sends to deploy an
 * account, and the factory data an ERC-6492 signature of a not yet deployed account wraps.
 */
export function createAccountData(owner: Address, salt: bigint): Hex {
  return encodeFunctionData({
    abi: artifacts.erc1271AccountFactory().abi,
    functionName: 'createAccount',
    args: [owner, salt],
  })
}
