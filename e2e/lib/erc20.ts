// ERC-20 pieces the wallet-call specs share: an approve as a call of a batch, and the token's reads
// that show a batch's effects on chain.
import { type Address, encodeFunctionData, erc20Abi, type PublicClient } from 'viem'
import type { Call } from './viemHost.js'

/** `token.approve(spender, amount)` as one call of a batch. */
export const approveCall = (token: Address, spender: Address, amount: bigint): Call => ({
  to: token,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] }),
})

/** `token`'s balance and allowance reads on the devnet `client` is on. */
export function erc20Reads(client: Pick<PublicClient, 'readContract'>, token: Address) {
  return {
    balanceOf: (owner: Address) =>
      client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] }),
    allowance: (owner: Address, spender: Address) =>
      client.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [owner, spender],
      }),
  }
}
