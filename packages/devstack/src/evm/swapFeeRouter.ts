// The swap provider's fee router (contracts/SwapFeeRouter.sol): it keeps the 0.85% provider fee of
// every swap's input for the fee recipient and swaps the rest through Uniswap V2's Router02. Deployed
// through the CREATE2 proxy, so its address follows from its code and the Router02 / WETH9 it wraps.
import { type Address, encodeDeployData, getContractAddress, type Hex } from 'viem'
import { evmAccount } from '../accounts.js'
import { FixtureError } from '../errors.js'
import { artifacts } from './artifacts.js'
import type { Transactor } from './Transactor.js'

/** The 0.85% provider fee as the contract counts it: parts per million of the input (0.0085). */
export const feePpm = 8_500n

/** Anvil account 18 receives the fees: no test user (0-9) and not the deployer (19). */
export const feeRecipientIndex = 18
export const feeRecipient: Address = evmAccount(feeRecipientIndex).address

const salt: Hex = `0x${'00'.repeat(32)}`

export declare namespace deploy {
  type Options = {
    /** Sends the deployment (through the CREATE2 proxy at `create2Deployer`). */
    deployer: Address
    create2Deployer: Address
    router: Address
    weth: Address
  }
}

/** Deploys the fee router in front of `router` and returns its address. */
export async function deploy(tx: Transactor, options: deploy.Options): Promise<Address> {
  const { abi, bytecode } = artifacts.swapFeeRouter()
  const init = encodeDeployData({ abi, bytecode, args: [options.router, options.weth, feeRecipient] })
  const address = getContractAddress({
    opcode: 'CREATE2',
    from: options.create2Deployer,
    salt,
    bytecode: init,
  })
  await tx.send(
    { from: options.deployer, to: options.create2Deployer, data: `${salt}${init.slice(2)}` as Hex },
    'deploy SwapFeeRouter',
  )
  if ((await tx.code(address)) === '0x') throw new FixtureError(`SwapFeeRouter has no code at ${address}`)
  return address
}
