// Farcaster's IdRegistry on a local chain, at its real OP Mainnet address: deployed once (its owner
// is baked into the runtime code as an immutable), its runtime code moved to the canonical address with
// anvil_setCode, then the fixture fids registered there. Verifiers that read the real address — such as
// `@farcaster/auth-client`'s viemConnector — then work against the local chain unchanged.
import { type Address, createPublicClient, getAddress, http } from 'viem'
import { evmAccount } from '../accounts.js'
import { FixtureError } from '../errors.js'
import { artifacts } from '../evm/artifacts.js'
import * as Transactor from '../evm/Transactor.js'
import { type FarcasterUser, farcasterUsers } from './users.js'

/** Where Farcaster's IdRegistry lives on OP Mainnet (and here). */
export const idRegistryAddress: Address = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'

/** The registry's owner: test account 0, which anvil unlocks. */
const owner = evmAccount(0).address

export async function deploy(
  rpcUrl: string,
  users: readonly FarcasterUser[] = farcasterUsers,
): Promise<{ address: Address }> {
  const chain = Transactor.from(rpcUrl)
  const artifact = artifacts.farcasterIdRegistry()
  const deployed = await chain.deploy(owner, artifact, [owner], 'FarcasterIdRegistry')
  const runtime = await chain.code(deployed)
  await chain.request('anvil_setCode', [idRegistryAddress, runtime])
  for (const user of users) {
    if (user.fid === undefined) continue
    await chain.call(owner, idRegistryAddress, artifact.abi, 'register', [user.custody, BigInt(user.fid)])
  }
  return { address: idRegistryAddress }
}

/** The custody address of `fid` on the chain at `rpcUrl` (zero address: not registered). */
export async function custodyOf(rpcUrl: string, fid: number): Promise<Address> {
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) })
  try {
    const custody = await client.readContract({
      address: idRegistryAddress,
      abi: artifacts.farcasterIdRegistry().abi,
      functionName: 'custodyOf',
      args: [BigInt(fid)],
    })
    return getAddress(custody as Address)
  } catch (error) {
    throw new FixtureError(`IdRegistry.custodyOf(${fid}) failed`, { cause: error })
  }
}
