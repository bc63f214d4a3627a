// A contract call the API built (a swap or an approval) as the wallet's eth_sendTransaction, and the
// receipt that confirms it. Gas and fees are left to the wallet, as for transfers (send.ts): it
// prices them for the moment it sends.
import { type Hex, numberToHex, type PublicClient } from 'viem'
import type { PreparedTransfer } from '../Chain.js'
import { confirmTransaction, toAddress } from './send.js'

export type Call = { readonly to: string; readonly data: Hex; readonly value: bigint }

export function prepareCall(
  client: Pick<PublicClient, 'waitForTransactionReceipt'>,
  from: string,
  call: Call,
): PreparedTransfer {
  return {
    method: 'eth_sendTransaction',
    params: [
      { from: toAddress(from), to: toAddress(call.to), value: numberToHex(call.value), data: call.data },
    ],
    // A swap waits on its approval: poll faster than a transfer, whose view has already moved on.
    confirm: (answer) => confirmTransaction(client, answer, 250),
  }
}
