// EVM transfers (a native send carries data 0x; an ERC20 one calls transfer(to, amount) on
// the token contract): the address rule, the wallet's eth_sendTransaction request, the gas it costs,
// and the receipt that confirms it.
import { TxHash } from '@walletframe/protocol'
import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  isAddress as isChecksumAddress,
  numberToHex,
  type PublicClient,
} from 'viem'
import { type PreparedTransfer, type Transfer, TransferFailedError } from '../Chain.js'

const addressPattern = /^(0x)?([0-9a-fA-F]{40})$/

/** An EVM address: 40 hex digits with an optional 0x; mixed case must be a valid EIP-55 checksum. */
export function isAddress(address: string): boolean {
  const digits = addressPattern.exec(address)?.[2]
  if (!digits) return false
  // EIP-55: an address in one case carries no checksum to check.
  if (digits === digits.toLowerCase() || digits === digits.toUpperCase()) return true
  return isChecksumAddress(`0x${digits}`, { strict: true })
}

/** An address of any accepted form as the checksummed 0x address a transaction carries. */
export function toAddress(address: string): Address {
  return getAddress(`0x${address.replace(/^0x/, '').toLowerCase()}`)
}

/** The call that moves the tokens: the value to the receiver, or transfer(to, amount) on the token contract. */
export function transferCall(transfer: Transfer): { to: Address; value: bigint; data: Hex } {
  if (transfer.token === undefined) return { to: toAddress(transfer.to), value: transfer.amount, data: '0x' }
  return {
    to: toAddress(transfer.token),
    value: 0n,
    data: encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [toAddress(transfer.to), transfer.amount],
    }),
  }
}

/** The gas `transfer` needs on the network, priced at `gasPrice` wei per gas. */
export async function transferFee(
  client: Pick<PublicClient, 'estimateGas'>,
  transfer: Transfer,
  gasPrice: bigint,
): Promise<bigint> {
  const gas = await client.estimateGas({ account: toAddress(transfer.from), ...transferCall(transfer) })
  return gas * gasPrice
}

/**
 * eth_sendTransaction for `transfer`. Gas and fees are left to the wallet: it prices them for the
 * moment it sends (EIP-1559 or legacy), which a price quoted when the form opened would not.
 */
export function prepareTransfer(
  client: Pick<PublicClient, 'waitForTransactionReceipt'>,
  transfer: Transfer,
): PreparedTransfer {
  return prepareTransaction(client, transfer.from, transferCall(transfer), 1_000)
}

/**
 * eth_sendTransaction of `call` from `from` (a transfer, or a contract call the API built), with
 * gas and fees left to the wallet; confirmed by its receipt, polled every `pollingInterval` ms.
 */
export function prepareTransaction(
  client: Pick<PublicClient, 'waitForTransactionReceipt'>,
  from: string,
  call: { readonly to: string; readonly value: bigint; readonly data: Hex },
  pollingInterval: number,
): PreparedTransfer {
  return {
    method: 'eth_sendTransaction',
    params: [
      { from: toAddress(from), to: toAddress(call.to), value: numberToHex(call.value), data: call.data },
    ],
    confirm: (answer) => confirmTransaction(client, answer, pollingInterval),
  }
}

/**
 * Waits for the transaction the wallet answered eth_sendTransaction with: the answer must be a
 * transaction hash (0x plus 64 hex digits), and its receipt must say success. Resolves with the hash.
 */
export async function confirmTransaction(
  client: Pick<PublicClient, 'waitForTransactionReceipt'>,
  answer: unknown,
  pollingInterval: number,
): Promise<Hex> {
  const parsed = TxHash.safeParse(answer)
  if (!parsed.success)
    throw new TransferFailedError(`The wallet answered eth_sendTransaction with ${JSON.stringify(answer)}`)
  const hash = parsed.data as Hex
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval })
  if (receipt.status !== 'success') throw new TransferFailedError(`Transaction ${hash} reverted`)
  return hash
}
