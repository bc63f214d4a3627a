// Sends fixture transactions from anvil's unlocked accounts, one at a time so nonces (and with them
// the addresses of deployed contracts) are the same on every run.
import {
  type Abi,
  type Address,
  createClient,
  decodeFunctionResult,
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  type Hex,
  http,
} from 'viem'
import { FixtureError } from '../errors.js'

type Receipt = { status: Hex; contractAddress: Address | null; transactionHash: Hex }

export type Transactor = ReturnType<typeof from>

export function from(rpcUrl: string) {
  const client = createClient({ transport: http(rpcUrl, { retryCount: 0, timeout: 10_000 }) })
  // biome-ignore lint/suspicious/noExplicitAny: anvil_* and raw eth_* calls are outside viem's typed schema.
  const request = (method: string, params: unknown[]): Promise<any> =>
    client.request({ method: method as 'eth_chainId', params: params as never })

  async function send(tx: { from: Address; to?: Address; data?: Hex; value?: bigint }, what: string) {
    let hash: Hex
    try {
      hash = await request('eth_sendTransaction', [
        {
          from: tx.from,
          ...(tx.to ? { to: tx.to } : {}),
          ...(tx.data ? { data: tx.data } : {}),
          ...(tx.value !== undefined ? { value: `0x${tx.value.toString(16)}` } : {}),
        },
      ])
    } catch (error) {
      throw new FixtureError(`${what}: transaction rejected`, { cause: error })
    }
    // anvil answers with the hash and mines right after, so the receipt can lag by a moment.
    let receipt: Receipt | null = null
    for (let attempt = 0; attempt < 500 && !receipt; attempt++) {
      receipt = (await request('eth_getTransactionReceipt', [hash])) as Receipt | null
      if (!receipt) await new Promise((resolve) => setTimeout(resolve, 2))
    }
    if (!receipt) throw new FixtureError(`${what}: transaction ${hash} was not mined`)
    if (receipt.status !== '0x1') throw new FixtureError(`${what}: transaction ${hash} reverted`)
    return receipt
  }

  return {
    request,
    send,
    async deploy(account: Address, artifact: { abi: Abi; bytecode: Hex }, args: unknown[], what: string) {
      const data = encodeDeployData({ abi: artifact.abi, bytecode: artifact.bytecode, args })
      const receipt = await send({ from: account, data }, `deploy ${what}`)
      if (!receipt.contractAddress) throw new FixtureError(`deploy ${what}: no contract address`)
      return getAddress(receipt.contractAddress)
    },
    async call(
      account: Address,
      to: Address,
      abi: Abi,
      functionName: string,
      args: unknown[],
      value?: bigint,
    ): Promise<Receipt> {
      const data = encodeFunctionData({ abi, functionName, args })
      return send({ from: account, to, data, ...(value !== undefined ? { value } : {}) }, functionName)
    },
    /** A view call at the latest block, decoded. */
    async read(to: Address, abi: Abi, functionName: string, args: unknown[]): Promise<unknown> {
      const data = encodeFunctionData({ abi, functionName, args })
      const result = (await request('eth_call', [{ to, data }, 'latest'])) as Hex
      return decodeFunctionResult({ abi, functionName, data: result })
    },
    async code(address: Address): Promise<Hex> {
      return request('eth_getCode', [address, 'latest'])
    },
  }
}
