// What EVM calls would do, from the node's own simulation (eth_simulateV1): the sender's balances
// before and after (native and every token whose Transfer logs name the sender), the approvals and NFT
// moves their logs show, and the first call that fails. Only the sender's side is read: that is what
// the wallet holder approves. Balances are read with plain calls (Multicall3 and balanceOf), not with
// contract-creation probes: not every node simulates a call without a target.
// A node without eth_simulateV1 is traced instead (traceSimulate.ts), to the same answer.
import type { SimulateResponse } from '@walletframe/protocol'
import {
  type Address,
  createPublicClient,
  custom,
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  type Log,
  multicall3Abi,
  zeroAddress,
} from 'viem'
import { simulateBlocks } from 'viem/actions'
import type { Network } from './Networks.js'
import {
  approvals,
  assetChangesOf,
  fungibleTokensMoved,
  nftTransfers,
  readTokens,
  refusalOf,
  refused,
  type SimulatedCall,
} from './simulatedEffects.js'
import { isSimulateUnsupported, traceSimulate } from './traceSimulate.js'

export { nativeTokenAddress, type SimulatedCall } from './simulatedEffects.js'

/** Multicall3 sits at one address on every chain that has it. */
const canonicalMulticall3 = '0xcA11bde05977b3631167028862bE2a173976CA11'

export async function simulate(
  entry: Network,
  request: { from: Address; calls: SimulatedCall[] },
): Promise<SimulateResponse> {
  const client = createPublicClient({
    transport: custom({ request: ({ method, params }) => entry.upstream.request(method, params) }),
  })
  const { from } = request
  const multicallAddress = (entry.network.contracts.multicall3 as Address | undefined) ?? canonicalMulticall3
  // One block for everything, so that before and after are read on the same state.
  const blockNumber = await client.getBlockNumber()
  const calls = request.calls.map((call) => ({ ...call, account: from }))
  let simulated: Awaited<ReturnType<typeof simulateBlocks>>
  try {
    simulated = await simulateBlocks(client, { blockNumber, blocks: [{ calls }] })
  } catch (error) {
    // Many production nodes serve debug_traceCall but not eth_simulateV1: the same answer, from traces.
    if (isSimulateUnsupported(error))
      return traceSimulate(entry, { from, calls: request.calls, blockNumber, multicallAddress })
    // The node refusing the calls as a whole (the sender cannot pay, a nonce, a gas limit) is an
    // outcome of the simulation: the request would fail. Anything else is the node's failure.
    const refusal = refusalOf(error)
    if (!refusal) throw error
    return refused(refusal, blockNumber)
  }
  const [first] = simulated
  const results = first?.calls ?? []
  const logs = results.flatMap((result) => (result.logs ?? []) as Log[])
  const failed = results.findIndex((result) => result.status === 'failure')
  const failure = failed === -1 ? undefined : results[failed]
  const gasUsed = results.reduce((sum, result) => sum + (result.gasUsed ?? 0n), 0n).toString()
  const base = { gasUsed, blockNumber: blockNumber.toString() }
  if (failure)
    // Nothing of a batch that reverts happens: no changes to show, and the reason instead.
    return {
      ...base,
      status: 'reverted',
      failure: {
        call: failed,
        reason: (failure.error as { shortMessage?: string } | undefined)?.shortMessage ?? 'The call reverted',
      },
      assetChanges: [],
      approvals: [],
      nftTransfers: [],
    }

  const nfts = nftTransfers(logs, from)
  const tokens = fungibleTokensMoved(logs, from)
  const balanceOf = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [from] })
  const ethBalance = encodeFunctionData({ abi: multicall3Abi, functionName: 'getEthBalance', args: [from] })
  const [nativeBefore, read, [, after]] = await Promise.all([
    client.getBalance({ address: from, blockNumber }),
    readTokens(client, { from, tokens, blockNumber, multicallAddress }),
    // The calls again, then the balances read in a second block on the state they leave.
    simulateBlocks(client, {
      blockNumber,
      blocks: [
        { calls },
        {
          calls: [
            { account: zeroAddress, to: multicallAddress, data: ethBalance },
            ...tokens.map((token) => ({ account: zeroAddress, to: token, data: balanceOf })),
          ],
        },
      ],
    }),
  ])
  const postBalances = (after?.calls ?? []).map((call) =>
    call.status === 'success' && call.data !== '0x'
      ? (decodeFunctionResult({ abi: erc20Abi, functionName: 'balanceOf', data: call.data }) as bigint)
      : undefined,
  )
  const assetChanges = assetChangesOf(entry, {
    native: { before: nativeBefore, after: postBalances[0] },
    tokens: tokens.map((address, index) => ({
      ...read[index],
      address,
      after: postBalances[index + 1],
    })),
  })
  return { ...base, status: 'success', assetChanges, approvals: approvals(logs, from), nftTransfers: nfts }
}
