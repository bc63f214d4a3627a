// The embedded wallet's smart account on the devnets (contracts/SmartAccount.sol): the Solady ERC-4337
// account implementation and its factory, both through the CREATE2 proxy, so they land at the same
// addresses on every run and chain. The EntryPoint v0.7 they work with is deployed by fixtures.ts.
import { type Address, encodeDeployData, getContractAddress, type Hex, pad } from 'viem'
import { FixtureError } from '../errors.js'
import { artifacts } from './artifacts.js'
import type { Transactor } from './Transactor.js'

const salt: Hex = `0x${'00'.repeat(32)}`

/**
 * Where the implementation and the factory land: fixed by their bytecode (contracts/build), so they
 * move only when the contract's code does; deploy() refuses to go on if the artifacts no longer
 * predict them.
 */
export const smartAccountImplementationAddress: Address = '0xdeEd763BAac98Ca3c16d1871F58fF1cffCb92bbb'
export const smartAccountFactoryAddress: Address = '0xBbD4F955cD62024ad3128e12DADfd175216d0375'

export function predict(create2Deployer: Address): { implementation: Address; factory: Address } {
  const implementation = getContractAddress({
    opcode: 'CREATE2',
    from: create2Deployer,
    salt,
    bytecode: artifacts.smartAccount().bytecode,
  })
  const factory = getContractAddress({
    opcode: 'CREATE2',
    from: create2Deployer,
    salt,
    bytecode: factoryInit(implementation),
  })
  return { implementation, factory }
}

function factoryInit(implementation: Address): Hex {
  const { abi, bytecode } = artifacts.smartAccountFactory()
  return encodeDeployData({ abi, bytecode, args: [implementation] })
}

/**
 * The factory salt of `owner`'s account: the owner's address in the upper 160 bits (the factory
 * refuses any other), zeros after it. What the frame passes to viem's `toSoladySmartAccount`.
 */
export function ownerSalt(owner: Address): Hex {
  return pad(owner, { dir: 'right', size: 32 })
}

export declare namespace deploy {
  type Options = {
    /** Sends the deployments (through the CREATE2 proxy at `create2Deployer`). */
    deployer: Address
    create2Deployer: Address
  }
}

/** Deploys the implementation and the factory; returns their addresses. */
export async function deploy(
  tx: Transactor,
  options: deploy.Options,
): Promise<{ implementation: Address; factory: Address }> {
  const predicted = predict(options.create2Deployer)
  if (predicted.factory !== smartAccountFactoryAddress)
    throw new FixtureError(
      `SmartAccountFactory would land at ${predicted.factory}, not ${smartAccountFactoryAddress}`,
    )
  for (const [what, init, address] of [
    ['SmartAccount', artifacts.smartAccount().bytecode, predicted.implementation],
    ['SmartAccountFactory', factoryInit(predicted.implementation), predicted.factory],
  ] as const) {
    await tx.send(
      { from: options.deployer, to: options.create2Deployer, data: `${salt}${init.slice(2)}` as Hex },
      `deploy ${what}`,
    )
    if ((await tx.code(address)) === '0x') throw new FixtureError(`${what} has no code at ${address}`)
  }
  return predicted
}
