// A contract call the API built (a swap or an approval) as the wallet's eth_sendTransaction, and the
// receipt that confirms it. Gas and fees are left to the wallet, as for transfers (send.ts): it
// prices them for the moment it sends.
import type { Hex, PublicClient } from 'viem'
import type { PreparedTransfer } from '../Chain.js'
import { prepareTransaction } from './send.js'

export type Call = { readonly to: string; readonly data: Hex; readonly value: bigint }

export function prepareCall(
  client: Pick<PublicClient, 'waitForTransactionReceipt'>,
  from: string,
  call: Call,
): PreparedTransfer {
  // A swap waits on its approval: poll faster than a transfer, whose view has already moved on.
  return prepareTransaction(client, from, call, 250)
}
