// The review of one request: the simulation of calls, what a typed-data signature authorises, and
// every rule's findings, with the verdict the project's policy gives them. The chain facts the rules need
// (code at an address now and a while ago) are read here; the rules themselves are pure (rules/).
import {
  defaultBlockedRules,
  defaultNewContractBlocks,
  type ReviewPolicy,
  type ReviewRequest,
  type ReviewResponse,
  type SimulateResponse,
  type SolanaSimulateResponse,
} from '@walletframe/protocol'
import { type Address, decodeFunctionData, erc20Abi, getAddress, type Hex, isAddress } from 'viem'
import { readGasPrice } from '../chains/evm.js'
import type { Network, Networks } from '../chains/Networks.js'
import type { PriceSource } from '../chains/Prices.js'
import { simulate } from '../chains/simulate.js'
import { simulateSolana, transactionOf, writableAccounts } from '../chains/solanaSimulate.js'
import { authorisationWords } from './authorisationWords.js'
import type { Finding } from './Finding.js'
import * as Pricing from './prices.js'
import { approvalFindings, type SpenderFacts } from './rules/approvals.js'
import { denyListFindings, denyListOf } from './rules/denyList.js'
import { movesAllFindings } from './rules/movesAll.js'
import { permitFindings } from './rules/permit.js'
import {
  otherChainFindings,
  rawHashFindings,
  signInDomainFindings,
  verifyingContractFindings,
} from './rules/signatureContext.js'
import { authorisationOf, type TypedDataRequest } from './rules/typedData.js'
import { verdictOf } from './verdict.js'

export async function review(
  { networks, prices }: { networks: Networks; prices: PriceSource },
  policy: ReviewPolicy | null | undefined,
  body: ReviewRequest,
): Promise<ReviewResponse> {
  const denyList = denyListOf(policy?.denyList ?? '')
  const newContractBlocks = BigInt(policy?.newContractBlocks ?? defaultNewContractBlocks)
  const { request } = body
  const findings: Finding[] = []
  let simulation: SimulateResponse | undefined
  let simulationError: string | undefined
  let solanaSimulation: SolanaSimulateResponse | undefined
  let priced: Pick<ReviewResponse, 'prices' | 'fee' | 'authorises'> = {}

  if (request.kind === 'calls') {
    const network = request.chainId ?? body.chainId
    findings.push(...otherChainFindings(request.chainId, body.chainId))
    const entry = networks.get(network)
    const calls = request.calls.map((call) => ({
      to: getAddress(call.to),
      ...(call.data && { data: call.data as Hex }),
      ...(call.value && { value: BigInt(call.value) }),
    }))
    if (entry?.network.chainNamespace === 'eip155') {
      try {
        simulation = await simulate(entry, { from: getAddress(body.from), calls })
      } catch (error) {
        simulationError = `The simulation could not run: ${(error as { shortMessage?: string }).shortMessage ?? (error as Error).message}`
      }
    } else simulationError = `The simulation could not run: ${network} is not a network this API simulates on`
    if (simulation && entry) {
      const facts = await spenderFacts(
        entry,
        simulation.approvals.map((approval) => approval.spender),
        newContractBlocks,
      )
      findings.push(
        ...approvalFindings(
          simulation.approvals,
          (spender) => facts.get(spender.toLowerCase()) as SpenderFacts,
        ),
      )
      findings.push(...movesAllFindings(simulation.assetChanges))
      priced = {
        prices: Pricing.pricesOf(prices, entry.network, Pricing.evmAssets(simulation)),
        ...(await feeOf(entry, BigInt(simulation.gasUsed))),
      }
    }
    findings.push(...denyListFindings(denyList, network, counterparties(calls, simulation)))
  }

  if (request.kind === 'typedData') {
    const typedData = request.typedData as TypedDataRequest
    const authorisation = authorisationOf(typedData)
    findings.push(...permitFindings(authorisation))
    const domainChain = typedData.domain?.chainId
    const network = domainChain === undefined ? undefined : `eip155:${Number(domainChain)}`
    findings.push(...otherChainFindings(network, body.chainId))
    const verifyingContract = typedData.domain?.verifyingContract
    const entry = networks.get(network ?? body.chainId)
    if (
      typeof verifyingContract === 'string' &&
      isAddress(verifyingContract) &&
      entry?.network.chainNamespace === 'eip155'
    ) {
      const code = await entry.upstream.request<Hex>('eth_getCode', [verifyingContract, 'latest'])
      findings.push(...verifyingContractFindings(verifyingContract, code !== '0x'))
    }
    const words = authorisationWords(authorisation, { network: entry?.network, prices })
    if (words.length > 0) priced = { authorises: words }
    const parties = [
      ...authorisedParties(authorisation),
      ...(typeof verifyingContract === 'string' ? [verifyingContract] : []),
    ]
    findings.push(...denyListFindings(denyList, network ?? body.chainId, parties))
  }

  if (request.kind === 'solanaTransaction') {
    const field = 'body.request.transaction'
    const transaction = transactionOf(request.transaction, field)
    const entry = networks.get(body.chainId)
    if (entry?.network.chainNamespace === 'solana') {
      try {
        solanaSimulation = await simulateSolana(entry, request.transaction, field)
      } catch (error) {
        simulationError = `The simulation could not run: ${(error as Error).message}`
      }
      if (solanaSimulation)
        priced = {
          prices: Pricing.pricesOf(prices, entry.network, Pricing.solanaAssets(solanaSimulation)),
          fee: Pricing.solanaFee(entry.network, solanaSimulation),
        }
    } else
      simulationError = `The simulation could not run: ${body.chainId} is not a Solana network this API simulates on`
    // The recipients: every account the transaction writes but the signer's own, and the wallets that
    // own the token accounts it credits.
    const parties = [
      ...writableAccounts(transaction).filter((account) => account !== body.from),
      ...(solanaSimulation?.accountChanges ?? []).flatMap((change) =>
        change.token && change.token.owner !== body.from ? [change.token.owner] : [],
      ),
    ]
    findings.push(...denyListFindings(denyList, body.chainId, parties))
  }

  if (request.kind === 'message') findings.push(...signInDomainFindings(request.message, body.origin))
  if (request.kind === 'hash') findings.push(...rawHashFindings('eth_sign'))

  return {
    verdict: verdictOf(findings, { block: policy?.block ?? defaultBlockedRules }),
    ...(simulation && { simulation }),
    ...(solanaSimulation && { solanaSimulation }),
    ...(simulationError && { simulationError }),
    ...priced,
  }
}

/**
 * The fee of calls that used `gasUsed`, at the network's standard fee level; none when the node
 * cannot say its fees (the review says nothing rather than a wrong fee).
 */
async function feeOf(entry: Network, gasUsed: bigint): Promise<Pick<ReviewResponse, 'fee'>> {
  try {
    const { standard } = await readGasPrice(entry.upstream)
    return { fee: Pricing.evmFee(entry.network, gasUsed, BigInt(standard)) }
  } catch {
    return {}
  }
}

/** Whom a signature lets take or receive something: a permit's spender, an order's other recipients, a grant's signer. */
function authorisedParties(authorisation: ReturnType<typeof authorisationOf>): string[] {
  switch (authorisation.kind) {
    case 'permit':
    case 'permit2':
      return [authorisation.spender]
    case 'order':
      return authorisation.consideration.map((item) => item.recipient)
    case 'grant':
      return authorisation.signer ? [authorisation.signer] : []
    default:
      return []
  }
}

/** Whether each spender has code, and whether it had none `age` blocks ago (a new contract). */
async function spenderFacts(
  entry: Network,
  spenders: string[],
  age: bigint,
): Promise<Map<string, SpenderFacts>> {
  const head = BigInt(await entry.upstream.request<Hex>('eth_blockNumber'))
  const then = `0x${(head > age ? head - age : 0n).toString(16)}`
  // Every spender's code now and then at once: a batch of approvals costs one round trip, not one each.
  const unique = [...new Set(spenders.map((address) => address.toLowerCase()))]
  const codes = await Promise.all(
    unique.map((spender) =>
      Promise.all([
        entry.upstream.request<Hex>('eth_getCode', [spender, 'latest']),
        entry.upstream.request<Hex>('eth_getCode', [spender, then]),
      ]),
    ),
  )
  const facts = new Map<string, SpenderFacts>()
  for (const [index, [now, before]] of codes.entries())
    facts.set(unique[index] as string, { isContract: now !== '0x', isNew: now !== '0x' && before === '0x' })
  return facts
}

/** Everyone a batch sends to or lets spend: call targets, ERC-20 recipients and spenders, NFT receivers. */
function counterparties(
  calls: { to: Address; data?: Hex }[],
  simulation: SimulateResponse | undefined,
): string[] {
  const parties: string[] = calls.map((call) => call.to)
  for (const call of calls) {
    if (!call.data) continue
    try {
      const { functionName, args } = decodeFunctionData({ abi: erc20Abi, data: call.data })
      if (functionName === 'transfer' || functionName === 'approve') parties.push(args[0])
      if (functionName === 'transferFrom') parties.push(args[1])
    } catch {
      // Not an ERC-20 call: its target is all it names.
    }
  }
  for (const approval of simulation?.approvals ?? []) parties.push(approval.spender)
  for (const transfer of simulation?.nftTransfers ?? []) parties.push(transfer.to)
  return parties
}
