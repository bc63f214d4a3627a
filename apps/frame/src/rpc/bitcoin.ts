// Checks a host's Bitcoin request before any wallet sees it, and the wallet's answer before the host
// does: a Bitcoin network, parameters as the protocol's schemas say, every address one of the network's, every address
// the wallet is to sign for an account of this connection on that network, the PSBT a real BIP-174
// PSBT with the inputs named. Loaded with the first Bitcoin request (it carries a Bitcoin library).
import * as btc from '@scure/btc-signer'
import {
  BitcoinAccountNotConnectedError,
  type BitcoinMethod,
  bitcoinSchemas,
  type CaipAddress,
  type ChainNetwork,
  InternalRpcError,
  InvalidBitcoinAddressError,
  InvalidParamsError,
  InvalidPsbtError,
  NotABitcoinNetworkError,
} from '@walletframe/protocol'

type Format = typeof btc.NETWORK

/** Address formats a Bitcoin network may use: mainnet, the test networks, regtest. */
const formats: readonly Format[] = [btc.NETWORK, btc.TEST_NETWORK, { ...btc.TEST_NETWORK, bech32: 'bcrt' }]

type Issue = { path: readonly PropertyKey[]; message: string }
type Parsed<T> = { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } }

function describe(method: string, issues: readonly Issue[]): string {
  const issue = issues[0]
  const where = issue?.path.length ? `${issue.path.map(String).join('.')}: ` : ''
  return `${method}: ${where}${issue?.message ?? 'invalid'}`
}

/** The connection's addresses on `network`. */
function sessionAddresses(network: ChainNetwork, accounts: readonly CaipAddress[]): string[] {
  const prefix = `${network.caipNetworkId}:`
  return accounts
    .filter((account) => account.startsWith(prefix))
    .map((account) => account.slice(prefix.length))
}

function decodes(format: Format, address: string): boolean {
  try {
    btc.Address(format).decode(address)
    return true
  } catch {
    return false
  }
}

/**
 * The parameters to send the wallet, once they pass every check; throws the typed error of the
 * first that fails.
 */
export function check(
  method: BitcoinMethod,
  params: unknown,
  network: ChainNetwork,
  accounts: readonly CaipAddress[],
): unknown {
  if (network.chainNamespace !== 'bip122') throw new NotABitcoinNetworkError(method, network.caipNetworkId)
  const parsed = bitcoinSchemas[method].params.safeParse(params) as Parsed<Record<string, unknown>>
  if (!parsed.success) throw new InvalidParamsError(describe(method, parsed.error.issues))
  const owned = sessionAddresses(network, accounts)
  const account = parsed.data.account as string
  if (!owned.includes(account)) throw new BitcoinAccountNotConnectedError(account, network.caipNetworkId)
  // The network's address format is the one its connected account is written in.
  const format = formats.find((candidate) => decodes(candidate, account))
  const valid = (field: string, address: string) => {
    if (!format || !decodes(format, address))
      throw new InvalidBitcoinAddressError(field, address, network.caipNetworkId)
  }
  const signsFor = (field: string, address: string) => {
    valid(field, address)
    if (!owned.includes(address)) throw new BitcoinAccountNotConnectedError(address, network.caipNetworkId)
  }
  valid('account', account)
  const data = parsed.data
  if (method === 'signMessage' && typeof data.address === 'string') signsFor('address', data.address)
  if (method === 'sendTransfer') {
    valid('recipientAddress', data.recipientAddress as string)
    if (typeof data.changeAddress === 'string') valid('changeAddress', data.changeAddress)
  }
  if (method === 'signPsbt') {
    const inputs = psbtInputs(data.psbt as string)
    for (const [position, input] of (data.signInputs as { address: string; index: number }[]).entries()) {
      signsFor(`signInputs.${position}.address`, input.address)
      if (input.index >= inputs)
        throw new InvalidPsbtError(
          `signInputs.${position} names input ${input.index} and the PSBT has ${inputs}`,
        )
    }
  }
  return data
}

/** How many inputs the PSBT has; throws InvalidPsbtError when it is not a BIP-174 PSBT. */
function psbtInputs(base64: string): number {
  try {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
    return btc.Transaction.fromPSBT(bytes).inputsLength
  } catch (error) {
    throw new InvalidPsbtError(`not a PSBT (${(error as Error).message})`)
  }
}

/** The wallet's answer, when it has the method's shape; anything else is an internal error. */
export function checkAnswer(method: BitcoinMethod, answer: unknown): unknown {
  const parsed = bitcoinSchemas[method].result.safeParse(answer) as Parsed<unknown>
  if (!parsed.success)
    throw new InternalRpcError(`The wallet's answer is malformed (${describe(method, parsed.error.issues)})`)
  return parsed.data
}
