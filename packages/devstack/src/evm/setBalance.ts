// Giving an account ETH on a devnet without a transfer: anvil's anvil_setBalance, so a test's account
// holds exactly what it says and no funder's nonce is shared between tests.
import { type Address, type PublicClient, parseEther, toHex } from 'viem'

/** Sets the ETH balance of `address` on an anvil devnet (1 ETH by default). */
export async function setBalance(
  client: Pick<PublicClient, 'request'>,
  address: Address,
  wei: bigint = parseEther('1'),
): Promise<void> {
  await client.request({ method: 'anvil_setBalance' as never, params: [address, toHex(wei)] as never })
}
