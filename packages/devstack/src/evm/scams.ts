// The devnets' scams, so the review's warnings are proven against the attacks they are for: a
// drainer (contracts/Drainer.sol) that takes whatever a victim has approved to it, and a scam
// airdrop token (contracts/ScamAirdropToken.sol) whose name is the lure. Both go through the CREATE2
// proxy, so their addresses follow from their code alone and no other fixture moves.
import { type Address, encodeDeployData, getContractAddress, type Hex, parseUnits } from 'viem'
import { evmAccount } from '../accounts.js'
import { FixtureError } from '../errors.js'
import { artifacts } from './artifacts.js'
import type { Transactor } from './Transactor.js'

/** Anvil account 15 is the scammer: it owns the drainer's loot and the airdrop. No test user (0-9). */
export const scammerIndex = 15
export const scammer: Address = evmAccount(scammerIndex).address

/** The scam token's lure: a name and symbol that read as an instruction to visit a phishing site. */
export const scamToken = {
  name: 'Claim rewards at usdc-bonus.example',
  symbol: 'CLAIM REWARDS',
  decimals: 18,
} as const

/**
 * Who gets the airdrop: account 2, who already holds the unlisted NFT airdrop (fixtures.ts), so the
 * histories the Activity specs read (account 0) stay as they are.
 */
export const airdropRecipientIndex = 2

/** What each recipient gets, in whole tokens. */
export const airdropAmount = 5_000

const salt: Hex = `0x${'00'.repeat(32)}`

function drainerInit(): Hex {
  const { abi, bytecode } = artifacts.drainer()
  return encodeDeployData({ abi, bytecode, args: [scammer] })
}

function scamTokenInit(): Hex {
  const { abi, bytecode } = artifacts.scamAirdropToken()
  return encodeDeployData({ abi, bytecode, args: [scamToken.name, scamToken.symbol, scammer] })
}

const predict = (create2Deployer: Address, init: Hex) =>
  getContractAddress({ opcode: 'CREATE2', from: create2Deployer, salt, bytecode: init })

export declare namespace deploy {
  type Options = {
    /** Pays for the deployments (through the CREATE2 proxy at `create2Deployer`). */
    deployer: Address
    create2Deployer: Address
    /** Who receives the airdrop. */
    airdropTo: Address[]
  }
  type ReturnType = { drainer: Address; scamAirdropToken: Address }
}

/** Deploys the drainer and the scam token, and airdrops the token to `airdropTo`. */
export async function deploy(tx: Transactor, options: deploy.Options): Promise<deploy.ReturnType> {
  const deployed: Address[] = []
  for (const [what, init] of [
    ['Drainer', drainerInit()],
    ['ScamAirdropToken', scamTokenInit()],
  ] as const) {
    const address = predict(options.create2Deployer, init)
    await tx.send(
      { from: options.deployer, to: options.create2Deployer, data: `${salt}${init.slice(2)}` as Hex },
      `deploy ${what}`,
    )
    if ((await tx.code(address)) === '0x') throw new FixtureError(`${what} has no code at ${address}`)
    deployed.push(address)
  }
  const [drainer, scamAirdropToken] = deployed as [Address, Address]
  // The scammer (an unlocked, funded anvil account) sends the airdrop itself, as a real one comes.
  await tx.call(scammer, scamAirdropToken, artifacts.scamAirdropToken().abi, 'airdrop', [
    options.airdropTo,
    parseUnits(String(airdropAmount), scamToken.decimals),
  ])
  return { drainer, scamAirdropToken }
}
