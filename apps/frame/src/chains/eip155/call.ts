// A contract call the API built (a swap or an approval) as the wallet's eth_sendTransaction, and the
// receipt that confirms it. Gas and fees are left to the wallet, as for transfers (send.ts): it
// prices them for the moment it sends.
import { TxHash } from '@walletframe/protocol'
import { type Hex, numberToHex, type PublicClient } from 'viem'
import { type PreparedTransfer, TransferFailedError } from '../Chain.js'
import { toAddress } from './send.js'

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
    async confirm(answer) {
      // SPEC §5: a transaction hash answer is 0x plus 64 hex digits.
      const parsed = TxHash.safeParse(answer)
      if (!parsed.success)
        throw new TransferFailedError(
          `The wallet answered eth_sendTransaction with ${JSON.stringify(answer)}`,
        )
      const hash = parsed.data as Hex
      const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 250 })
      if (receipt.status !== 'success') throw new TransferFailedError(`Transaction ${hash} reverted`)
      return hash
    },
  }
}
