// The bad-input sweep: every operation /openapi.json describes, fed generated bad input in each of its
// parameters and its body — NUL bytes, lone surrogates, huge strings, deep nesting, out-of-range
// numbers, wrong types, malformed JSON — on both database backends. The API may refuse anything (4xx);
// it must never answer 5xx, and never log an unexpected error. Upstream nodes are a fake that answers
// like a healthy node (refusing malformed params with -32602), so any 5xx is the API's own.
// Deterministic: a fixed seed (FUZZ_SEED overrides it); fast-check prints seed and path on failure.
// The sweep is tens of thousands of requests, minutes of one core: the badInput.*.test.ts files each
// run one part of the operations, so the test runner's workers share it (every target keeps its seed,
// so the inputs are the same however it is split).
import { createHmac } from 'node:crypto'
import { Keypair, PublicKey, SystemProgram, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import { farcasterService, startMailCatcher, startOAuthProvider } from '@walletframe/devstack'
import { revocationMessage } from '@walletframe/protocol'
import { evmNetwork, solanaNetwork, userOperation } from '@walletframe/protocol/testing'
import fc from 'fast-check'
import { encodeFunctionResult, toFunctionSelector } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fuzzFixtures } from '../auth/fuzzFixtures.js'
import type { ApiConfigInput } from '../Config.js'
import { feeRouterAbi } from '../chains/swap.js'
import { png } from '../images/fixtures.js'
import { backends } from '../internal/testing.js'
import { startApi } from '../startApi.js'
import { encodeCursor } from './history.js'

const legs = await backends('bad_input')

/**
 * The login's mail server and social providers (the devstack's catcher and OAuth stand-in, for real)
 * and Farcaster's relay stand-in: started by each file's sweep and stopped after it, never kept in this
 * module, which the test runner shares between the files of one worker.
 */
type Services = {
  mail: Awaited<ReturnType<typeof startMailCatcher>>
  oauthProvider: Awaited<ReturnType<typeof startOAuthProvider>>
  farcaster: Awaited<ReturnType<typeof farcasterService.start>>
}

async function startServices(): Promise<Services> {
  const [mail, oauthProvider, farcaster] = await Promise.all([
    startMailCatcher(),
    startOAuthProvider(),
    farcasterService.start({ networks: [], quiet: true }),
  ])
  return { mail, oauthProvider, farcaster }
}

const seed = Number(process.env.FUZZ_SEED ?? 20_261_122)
/** Per target (a parameter's look-alikes or bad text, the body, one place in the body) and backend. */
const numRuns = 30

const origin = 'https://app.test'
const evmAddress = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const solana = { ...solanaNetwork(), nativePriceUsd: 150 }
/** A Solana signer and an unsigned SOL transfer of theirs, base64, for the Solana variants of the bodies. */
const solanaSigner = Keypair.fromSeed(new Uint8Array(32).fill(1)).publicKey
const solanaTransfer = Buffer.from(
  new VersionedTransaction(
    new TransactionMessage({
      payerKey: solanaSigner,
      recentBlockhash: solanaSigner.toBase58(),
      instructions: [
        SystemProgram.transfer({ fromPubkey: solanaSigner, toPubkey: PublicKey.default, lamports: 1 }),
      ],
    }).compileToV0Message(),
  ).serialize(),
).toString('base64')
/** A swap router on the EVM network, so the convert calls get past "Network not supported for Swaps". */
const swapContracts = {
  swapFeeRouter: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  weth9: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
}
const swapToken = 'eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'

const onrampUrl = 'http://onramp.invalid'
/** Where the wallet logos and token icons are: fakeNode answers each with a PNG. */
const imagesUrl = 'http://images.invalid'

const configFor = ({ mail, oauthProvider, farcaster }: Services): ApiConfigInput => ({
  version: 1,
  networks: [
    {
      ...evmNetwork(1, 'Ethereum', 'http://node.invalid/evm'),
      contracts: swapContracts,
      // The bundler proxy's upstream: the same fake node answers it.
      bundlerUrl: 'http://bundler.invalid/evm',
      // And the paymaster proxy's.
      paymasterUrl: 'http://paymaster.invalid/evm',
    },
    solana,
  ],
  projects: [
    {
      id: 'app',
      name: 'App',
      allowedOrigins: [origin],
      // Sponsoring anything, so a valid paymaster call reaches the paymaster.
      sponsorship: { enabled: true, budgetWei: '1000000000000000000000' },
    },
  ],
  options: {
    // The on-ramp provider is answered by fakeOnramp below, healthy like the node.
    onramp: { url: onrampUrl, fundingAddresses: { 'eip155:1': [evmAddress] } },
    frameOrigins: ['https://frame.test'],
    images: {
      walletLogoUrl: `${imagesUrl}/{id}.png`,
      tokenList: {
        name: 'Fuzz tokens',
        tokens: [
          {
            chainId: 1,
            address: evmAddress,
            name: 'Token',
            symbol: 'TKN',
            decimals: 18,
            logoURI: `${imagesUrl}/token.png`,
          },
        ],
      },
    },
    auth: {
      secret: 'bad-input-auth-secret-0123456789abcdef',
      email: { smtpUrl: mail.smtpUrl, ignoreTLS: true },
      social: oauthProvider.settings,
      farcaster: { relayUrl: farcaster.urls.farcaster!, rpcUrl: farcaster.urls.farcasterRpc! },
      emailStartsPerIp: { capacity: 1_000_000, refillPerSecond: 1_000_000 },
      socialStartsPerIp: { capacity: 1_000_000, refillPerSecond: 1_000_000 },
      walletCallsPerIp: { capacity: 1_000_000, refillPerSecond: 1_000_000 },
      passkeyCallsPerIp: { capacity: 1_000_000, refillPerSecond: 1_000_000 },
    },
    rateLimits: {
      perProject: { capacity: 1_000_000, refillPerSecond: 1_000_000 },
      perIp: { capacity: 1_000_000, refillPerSecond: 1_000_000 },
    },
  },
})

// ---------------------------------------------------------------------------------------------
// The fake node: what a healthy EVM node and Solana RPC answer to the calls the routes make.

type Call = { id?: unknown; method?: unknown; params?: unknown }

function reply(call: Call): { result: unknown } | { error: { code: number; message: string } } {
  const params = Array.isArray(call.params) ? call.params : []
  const invalid = { error: { code: -32602, message: 'Invalid params' } }
  switch (call.method) {
    case 'eth_getBalance':
      return /^0x[0-9a-fA-F]{40}$/.test(String(params[0])) ? { result: '0x0' } : invalid
    case 'eth_chainId':
      return { result: '0x1' }
    // Signature checks of smart accounts: no code, and the ERC-6492 verifier's answer "false".
    case 'eth_getCode':
      return { result: '0x' }
    case 'eth_call':
      // The swap router's quote: a fee and one pool hop; any other call reads as zero.
      if (String((params[0] as { data?: unknown } | undefined)?.data).startsWith(getAmountsOutSelector))
        return {
          result: encodeFunctionResult({
            abi: feeRouterAbi,
            functionName: 'getAmountsOut',
            result: [85n, [9915n, 3n]],
          }),
        }
      return { result: `0x${'0'.repeat(64)}` }
    case 'eth_blockNumber':
      return { result: '0x10' }
    // Every simulated call succeeds, reads a zero word and logs nothing.
    case 'eth_simulateV1': {
      const blocks = (params[0] as { blockStateCalls?: { calls?: unknown[] }[] } | undefined)?.blockStateCalls
      if (!Array.isArray(blocks)) return invalid
      return {
        result: blocks.map((block, index) => ({
          number: `0x${(0x11 + index).toString(16)}`,
          hash: `0x${'ab'.repeat(32)}`,
          timestamp: '0x1',
          gasLimit: '0x1c9c380',
          gasUsed: '0x5208',
          calls: (block.calls ?? []).map(() => ({
            status: '0x1',
            returnData: `0x${'0'.repeat(64)}`,
            gasUsed: '0x5208',
            logs: [],
          })),
        })),
      }
    }
    case 'eth_feeHistory':
      return {
        result: {
          oldestBlock: '0x7',
          baseFeePerGas: ['0x3b9aca00', '0x3b9aca00'],
          gasUsedRatio: [0.5],
          reward: [['0x1', '0x2', '0x3']],
        },
      }
    case 'getBalance':
    case 'getSignaturesForAddress':
      if (!isPublicKey(params[0])) return invalid
      return call.method === 'getBalance' ? { result: { context: { slot: 1 }, value: 0 } } : { result: [] }
    case 'getTokenAccountsByOwner':
      return { result: { context: { slot: 1 }, value: [] } }
    // Solana's simulation: every account exists with no data, and the transaction succeeds.
    case 'getMultipleAccounts': {
      if (!Array.isArray(params[0]) || !params[0].every(isPublicKey)) return invalid
      return { result: { context: { slot: 1 }, value: params[0].map(() => emptyAccount) } }
    }
    case 'simulateTransaction': {
      const wanted = (params[1] as { accounts?: { addresses?: unknown } } | undefined)?.accounts?.addresses
      if (typeof params[0] !== 'string' || !Array.isArray(wanted)) return invalid
      return {
        result: {
          context: { slot: 1 },
          value: { err: null, logs: [], accounts: wanted.map(() => emptyAccount), unitsConsumed: 150 },
        },
      }
    }
    case 'getFeeForMessage':
      return typeof params[0] === 'string' ? { result: { context: { slot: 1 }, value: 5000 } } : invalid
    case 'getHealth':
      return { result: 'ok' }
    case 'pm_getPaymasterStubData':
    case 'pm_getPaymasterData':
      return { result: { paymaster: evmAddress, paymasterData: '0x' } }
    default:
      return { error: { code: -32601, message: 'Method not found' } }
  }
}

/** An account of one SOL and no data, owned by the System Program. */
const emptyAccount = {
  lamports: 1_000_000_000,
  owner: '11111111111111111111111111111111',
  data: ['', 'base64'],
  executable: false,
  rentEpoch: 0,
  space: 0,
}

const getAmountsOutSelector = toFunctionSelector('getAmountsOut(uint256,address[])')

function isPublicKey(value: unknown): boolean {
  try {
    return typeof value === 'string' && new PublicKey(value).toBase58() === value
  } catch {
    return false
  }
}

/** A healthy on-ramp provider: its options, a quote for what is asked, a checkout session. */
function fakeOnramp(url: URL, init?: RequestInit): Response {
  const usd = { currency: 'USD' }
  if (url.pathname === '/v1/options')
    return Response.json({
      purchaseCurrencies: [
        {
          id: 'ETH',
          name: 'Ether',
          symbol: 'ETH',
          networks: [
            { name: 'ethereum', display_name: 'Ethereum', chain_id: 'eip155:1', contract_address: '' },
          ],
        },
      ],
      paymentCurrencies: [{ id: 'USD', payment_method_limits: [{ id: 'card', min: '10', max: '7500' }] }],
    })
  if (url.pathname === '/v1/quote')
    return Response.json({
      purchaseAmount: { value: '0.03', currency: 'ETH' },
      paymentSubtotal: { value: '97.75', ...usd },
      paymentTotal: { value: '100.00', ...usd },
      networkFee: { value: '0.25', ...usd },
      coinbaseFee: { value: '2.00', ...usd },
      quoteId: 'quote-1',
    })
  if (url.pathname === '/v1/sessions' && init?.method === 'POST')
    return Response.json({ token: 'session-1', url: `${onrampUrl}/checkout?sessionToken=session-1` })
  return Response.json({ error: 'Not found' }, { status: 404 })
}

const fakeNode = (async (_url: string | URL | Request, init?: RequestInit) => {
  if (String(_url).startsWith(onrampUrl)) return fakeOnramp(new URL(String(_url)), init)
  if (String(_url).startsWith(imagesUrl))
    return new Response(png, { headers: { 'content-type': 'image/png' } })
  let body: unknown
  try {
    body = JSON.parse(String(init?.body))
  } catch {
    return Response.json({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } })
  }
  const answer = (call: Call) => ({ jsonrpc: '2.0', id: call?.id ?? null, ...reply(call ?? {}) })
  return Response.json(Array.isArray(body) ? body.map(answer) : answer(body as Call))
}) as typeof fetch

// ---------------------------------------------------------------------------------------------
// Valid input for every parameter and body, so that one bad value at a time reaches deep.

const validParameters: Record<string, string> = {
  projectId: 'app',
  st: 'appkit',
  sv: 'html-wagmi-1.0.0',
  address: evmAddress,
  account: evmAddress,
  chainId: 'eip155:1',
  currency: 'usd',
  forceUpdate: 'true',
  // A login attempt's status at once: a held answer (wait=true) would sit out its 20 s on a pending one.
  wait: 'false',
  cursor: encodeCursor({
    minedAt: '2025-01-01T00:00:00.000Z',
    chainId: 'eip155:1',
    blockNumber: 10,
    txIndex: 0,
  }),
  onramp: 'false',
  limit: '5',
  sender: evmAddress,
  page: '1',
  entries: '5',
  search: 'meta',
  // Registered in beforeAll, so that looking it up answers 200.
  name: 'fuzz-name.wf.id',
  zone: 'wf.id',
  apiVersion: '2',
  bundler: 'pimlico',
  // Swaps (the convert calls): native in, a token out; build-approve takes `from` as the token to approve.
  amount: '1000000',
  userAddress: `eip155:1:${evmAddress}`,
  from: swapToken,
  to: 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
  gasPrice: '1000000000',
  tokenAddress: swapToken,
  // A sign-in session id: beforeAll stores one and puts its id here.
  id: 'AAAAAAAAAAAAAAAAAAAAAA',
  walletId: 'metamask',
}

/** ERC-7677 params the project's policy sponsors: a call with factory data, so every field is there to spoil. */
const paymasterParams = () => [
  userOperation({
    sender: evmAddress,
    factory: evmAddress,
    factoryData: '0x5fbfb9cf',
    paymasterVerificationGasLimit: '0x5208',
    paymasterPostOpGasLimit: '0x5208',
  }),
  '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
  '0x1',
  null,
]

const registrant = privateKeyToAccount(`0x${'11'.repeat(32)}`)

/** A name registration signed now: its timestamp must be within the API's window. */
async function nameRegistration(name: string) {
  const message = JSON.stringify({ name, attributes: {}, timestamp: Math.floor(Date.now() / 1000) })
  return {
    coin_type: 60,
    address: registrant.address,
    message,
    signature: await registrant.signMessage({ message }),
  }
}

/** A SIWE session for the project's origin, signed now with `nonce`. */
async function signInSession(nonce: string) {
  const issuedAt = new Date()
  const fields = {
    domain: new URL(origin).host,
    address: registrant.address,
    uri: origin,
    version: '1' as const,
    chainId: 1,
    nonce,
    issuedAt,
  }
  const message = createSiweMessage(fields)
  return {
    data: {
      ...fields,
      accountAddress: fields.address,
      chainId: 'eip155:1',
      issuedAt: issuedAt.toISOString(),
    },
    message,
    signature: await registrant.signMessage({ message }),
  }
}

/** Headers an operation needs besides origin and content type (the login's Bearer tokens). */
const validHeaders: Record<string, Record<string, string>> = {}

/**
 * Valid input these operations answer with something other than 2xx, by design: a resend within the
 * 30 s cooldown of its start (429), the provider's callback (a 303 to the frame), and the form_post
 * callback, whose form body this JSON fuzzer does not make (auth/socialRoutes.test.ts posts it).
 */
const acceptedStatus: Record<string, number> = {
  'post /v1/auth/email/resend': 429,
  'get /v1/auth/social/callback/{provider}': 303,
  'post /v1/auth/social/callback/{provider}': 400,
}

const validBodies: Record<string, unknown> = {
  'post /e': {
    eventId: 'ev-1',
    url: 'https://app.test/shop',
    domain: 'app.test',
    timestamp: 1_763_000_000_000,
    props: { type: 'track', event: 'MODAL_OPEN', properties: { address: evmAddress } },
  },
  'post /v1': { jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [evmAddress, 'latest'] },
  // A bundler call and a pm_ call in one batch: the bundler proxy answers the sponsorship methods too.
  'post /v1/bundler': [
    { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
    { jsonrpc: '2.0', id: 2, method: 'pm_getPaymasterStubData', params: paymasterParams() },
  ],
  'post /v1/paymaster': { jsonrpc: '2.0', id: 1, method: 'pm_getPaymasterData', params: paymasterParams() },
  'post /v1/fungible/price': {
    currency: 'usd',
    projectId: 'app',
    addresses: ['eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'],
  },
  // Signed in each leg's beforeAll: the API takes it only within minutes of its timestamp.
  'post /v1/profile/account': undefined,
  'post /v1/onramp/quote': {
    purchaseCurrency: 'ETH',
    paymentCurrency: 'USD',
    amount: '100',
    network: 'ethereum',
    paymentMethod: 'card',
  },
  'post /v1/generators/onrampurl': {
    destinationWallets: [{ address: evmAddress, blockchains: ['ethereum'], assets: ['ETH'] }],
    defaultNetwork: 'ethereum',
    partnerUserId: evmAddress,
    defaultExperience: 'buy',
    presetCryptoAmount: 0.01,
    presetFiatAmount: 100,
    defaultAsset: 'ETH',
    fiatCurrency: 'USD',
    defaultPaymentMethod: 'card',
    quoteId: 'quote-1',
    redirectUrl: 'https://frame.test/onramp/return',
  },
  'post /v1/convert/build-transaction': {
    projectId: 'app',
    amount: '1000000',
    eip155: { slippage: 1 },
    from: swapToken,
    to: 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
    userAddress: `eip155:1:${evmAddress}`,
  },
  'post /v1/simulate': {
    projectId: 'app',
    chainId: 'eip155:1',
    from: evmAddress,
    calls: [{ to: evmAddress, value: '0x1' }],
  },
  'post /v1/review': {
    projectId: 'app',
    origin,
    chainId: 'eip155:1',
    from: evmAddress,
    request: { kind: 'calls', calls: [{ to: evmAddress, value: '0x1' }] },
  },
  'post /v1/sessions/nonce': { origin },
  // Filled in beforeAll: a nonce issued by the API, a MAC made with a stored session's key.
  'post /v1/sessions': undefined,
  'post /v1/sessions/{id}/revoke': undefined,
}

type Parameter = { name: string; in: 'path' | 'query'; required: boolean }
type Operation = { method: 'get' | 'post'; path: string; parameters: Parameter[]; body: boolean }
type OpenApi = {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: unknown }>>
}

function operations(doc: OpenApi): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method as Operation['method'],
      path,
      parameters: operation.parameters ?? [],
      body: operation.requestBody !== undefined,
    })),
  )
}

// ---------------------------------------------------------------------------------------------
// Bad values.

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit))
const nastyText = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '%00',
  '%',
  '%ZZ',
  '%E0%A4%A',
  '%ED%A0%80',
  '%C0%80',
  '\ufffe',
  '\uffff',
  '\u202e',
  '𝄞',
  ' ',
  '\t',
  '\r\n',
  '"',
  "'",
  '\\',
  '/',
  '../..',
  '?',
  '#',
  '&',
  '=',
  '+',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '-1',
  '-0',
  '0',
  '1.5',
  '1e309',
  'NaN',
  'Infinity',
  '2147483648',
  '9007199254740993',
  '18446744073709551616',
  '0x',
  'eip155:',
  ':',
  'eip155:1:',
  `${evmAddress}\u0000`,
  `eip155:1:${evmAddress.toLowerCase().replace('0xf', '0xF')}`,
  '1'.repeat(40),
  '2'.repeat(45),
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:1111111111111111111111111111111111111111',
)
const character = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: loneSurrogate },
  { weight: 1, arbitrary: fc.constantFrom('\u0000', '%', '\u0001', '\u007f') },
)
const hugeText = fc
  .tuple(fc.integer({ min: 129, max: 20_000 }), fc.constantFrom('a', '1', 'é', '\u0000', '\ud800', '😀'))
  .map(([length, unit]) => unit.repeat(length))

// Identifiers that match a pattern without being what they claim: most base58 strings of 32 to 44
// characters are not 32 bytes, most mixed-case hex fails its EIP-55 checksum, a CAIP-2 id may name
// nothing, a cursor may decode to values no column holds.
const base58 = fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
const hex40 = fc.stringMatching(/^(0x)?[0-9a-fA-F]{40}$/)
const caip2 = fc.oneof(
  fc.stringMatching(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/),
  fc.constantFrom('eip155:0', 'eip155:1', 'eip155:99999999999999999999', solana.caipNetworkId),
)
const address = fc.oneof(base58, hex40)
const caip10 = fc.tuple(caip2, address).map(([chain, account]) => `${chain}:${account}`)
const accountLike = fc.oneof(address, caip10)

/** Numbers at the edges of what the columns (integer, bigint) and Date hold, or past them. */
const edgeNumber = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      -1,
      0.5,
      2 ** 31 - 1,
      2 ** 31,
      2 ** 32,
      8.64e15 + 1,
      Number.MAX_SAFE_INTEGER,
      1e308,
    ),
  },
  { weight: 1, arbitrary: fc.maxSafeInteger() },
  { weight: 1, arbitrary: fc.double() },
)
/** The same as JSON text, with the values JSON.parse makes Infinity or rounds. */
const edgeNumberText = fc.oneof(
  edgeNumber.map((value) => JSON.stringify(value)),
  fc.constantFrom('1e400', '-1e400', '-0', '9007199254740993', '18446744073709551616', '253402300800000'),
  fc.bigInt().map(String),
)

const validCursor = ['2025-01-01T00:00:00.000Z', 'eip155:1', 10, 0]
const cursorPart = [
  fc.oneof(
    fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
    fc.constantFrom(
      '0000-01-01T00:00:00.000Z',
      '2023-02-30T00:00:00.000Z',
      '1969-12-31T23:59:59.999Z',
      '2024-01-01T00:00:00Z',
      '2024-01-01T00:00:00.000\u0000Z',
    ),
  ),
  fc.oneof(caip2, fc.constantFrom('eip155:1\u0000', 'eip155:1\ud800', '\u0000')),
  edgeNumber,
  edgeNumber,
]
/** A valid cursor with one part replaced, another kind's cursor, or any JSON: base64url all. */
const cursor = fc
  .oneof(
    {
      weight: 8,
      arbitrary: fc.nat({ max: 3 }).chain((i) => cursorPart[i]!.map((part) => validCursor.with(i, part))),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constant('sol'), fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  )
  .map((value) => Buffer.from(JSON.stringify(value)).toString('base64url'))

/** Look-alikes by the name of the parameter or body key they stand in for. */
const lookAlikes: Record<string, fc.Arbitrary<string>> = {
  address: accountLike,
  account: accountLike,
  sender: accountLike,
  addresses: caip10,
  params: accountLike,
  chainId: caip2,
  userAddress: caip10,
  tokenAddress: caip10,
  from: caip10,
  to: caip10,
  amount: edgeNumber.map(String),
  gasPrice: edgeNumber.map(String),
  cursor,
  limit: edgeNumber.map(String),
  page: edgeNumber.map(String),
  entries: edgeNumber.map(String),
}

/** A bad string in place of `valid`: nasty, spliced into it, random, or huge. */
function badText(valid: string): fc.Arbitrary<string> {
  const splice = fc
    .tuple(fc.nat({ max: valid.length }), fc.oneof(nastyText, loneSurrogate))
    .map(([at, bad]) => valid.slice(0, at) + bad + valid.slice(at))
  return fc.oneof(
    { weight: 3, arbitrary: nastyText },
    { weight: 3, arbitrary: splice },
    { weight: 2, arbitrary: fc.string({ unit: character, maxLength: 64 }) },
    { weight: 1, arbitrary: hugeText },
  )
}

/** Nesting past any sane limit, or just past the API's (16 for analytics props, 32 for params). */
const deepJson = fc
  .tuple(
    fc.oneof(fc.integer({ min: 14, max: 40 }), fc.integer({ min: 41, max: 20_000 })),
    fc.constantFrom('[', '{"a":'),
  )
  .map(
    ([depth, open]) =>
      `${open.repeat(depth)}${open === '[' ? '' : '1'}${(open === '[' ? ']' : '}').repeat(depth)}`,
  )

const wrongType = fc.oneof(
  fc.constantFrom('null', 'true', '[]', '{}', '""', '0', '{"__proto__":{"polluted":1}}'),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
)

/** JSON text to put in place of `valid` (at key `name`): bad of its own kind, or of another kind. */
function badJson(valid: unknown, name?: string): fc.Arbitrary<string> {
  const lookAlike = name === undefined ? undefined : lookAlikes[name]
  const ofItsKind =
    typeof valid === 'string'
      ? fc.oneof(badText(valid), ...(lookAlike ? [lookAlike] : [])).map((text) => JSON.stringify(text))
      : typeof valid === 'number'
        ? edgeNumberText
        : valid !== null && typeof valid === 'object'
          ? fc.oneof(
              deepJson,
              fc
                .tuple(badText('key'), badText('value'))
                .map(([key, value]) => `{${JSON.stringify(key)}:${JSON.stringify(value)}}`),
            )
          : wrongType
  return fc.oneof({ weight: 4, arbitrary: ofItsKind }, { weight: 1, arbitrary: wrongType })
}

/** Whole bodies that are not the JSON a route wants. */
function badBodyText(valid: string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom('', '{', '[', '{"a":', 'nul', '\u0000', '\ufeff{}', '{}}', "{'a':1}", '1e400', 'NaN'),
    fc.nat({ max: valid.length }).map((at) => valid.slice(0, at)),
    fc.string({ unit: character, maxLength: 200 }),
    fc.integer({ min: 20, max: 150_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
    fc.integer({ min: 1, max: 3 }).map((copies) => `[${Array(copies).fill(valid).join(',')}]`),
    fc.integer({ min: 33_000, max: 300_000 }).map((length) => JSON.stringify('a'.repeat(length))),
    wrongType,
  )
}

type Path = (string | number)[]

/** Every location inside a JSON value with the value there, the value itself included. */
function locations(value: unknown, at: Path = []): { path: Path; value: unknown }[] {
  const here = { path: at, value }
  if (Array.isArray(value)) return [here, ...value.flatMap((item, i) => locations(item, [...at, i]))]
  if (value && typeof value === 'object') {
    return [here, ...Object.entries(value).flatMap(([key, item]) => locations(item, [...at, key]))]
  }
  return [here]
}

const marker = '__bad_input_marker__'

/** `valid` as JSON text with the value at `path` (not the root) replaced by the JSON text `bad`. */
function replaceAt(valid: unknown, path: Path, bad: string): string {
  const copy = structuredClone(valid)
  let parent = copy as Record<string | number, unknown>
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>
  parent[path.at(-1)!] = marker
  return JSON.stringify(copy).replace(JSON.stringify(marker), bad)
}

/** Percent-encoding that also carries lone surrogates (as their 3-byte WTF-8 form: not UTF-8). */
function encode(value: string, rawPercent = false): string {
  let out = ''
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i)
    const next = value.charCodeAt(i + 1)
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(value.slice(i, i + 2))
      i++
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('')
    } else if (rawPercent && value[i] === '%') {
      // A literal %: "%ZZ" or "%E0%A4%A" then reach the server as malformed escapes.
      out += '%'
    } else {
      out += encodeURIComponent(value[i]!)
    }
  }
  return out
}

type Request = { method: string; url: string; headers: Record<string, string>; body?: string }
type Values = Record<string, string | undefined>

function validValues(operation: Operation): Record<string, string> {
  return Object.fromEntries(operation.parameters.map((p) => [p.name, validParameters[p.name]!]))
}

/**
 * The other valid bodies of a route whose body has variants (a union): each place in each is fed bad
 * input too, so a variant's own fields reach its own handler.
 */
const otherBodies: Record<string, unknown[]> = {
  'post /v1/simulate': [
    {
      projectId: 'app',
      chainId: solana.caipNetworkId,
      from: solanaSigner.toBase58(),
      transaction: solanaTransfer,
    },
  ],
  'post /v1/review': [
    {
      projectId: 'app',
      origin,
      chainId: solana.caipNetworkId,
      from: solanaSigner.toBase58(),
      request: { kind: 'solanaTransaction', transaction: solanaTransfer },
    },
  ],
}

const validBodyOf = (operation: Operation) => validBodies[`${operation.method} ${operation.path}`]

function request(
  base: string,
  operation: Operation,
  values: Values,
  options: { body?: string; preflight?: string; rawPercent?: boolean; extra?: string } = {},
): Request {
  let path = operation.path
  const query: string[] = []
  for (const { name, in: where } of operation.parameters) {
    const value = values[name]
    if (where === 'path') path = path.replace(`{${name}}`, encode(value ?? '', options.rawPercent))
    else if (value !== undefined) query.push(`${name}=${encode(value, options.rawPercent)}`)
  }
  if (options.extra !== undefined) query.push(options.extra)
  const url = `${base}${path}${query.length ? `?${query.join('&')}` : ''}`
  if (options.preflight !== undefined) {
    const method = operation.method.toUpperCase()
    return {
      method: 'OPTIONS',
      url,
      headers: { origin: options.preflight, 'access-control-request-method': method },
    }
  }
  const validBody = validBodyOf(operation)
  const body = options.body ?? (validBody === undefined ? undefined : JSON.stringify(validBody))
  return {
    method: operation.method.toUpperCase(),
    url,
    headers: {
      origin,
      'content-type': 'application/json',
      ...validHeaders[`${operation.method} ${operation.path}`],
    },
    ...(body === undefined ? {} : { body }),
  }
}

/** The valid values with some optional parameters left out: bad input often hides behind a default. */
function validBase(operation: Operation): fc.Arbitrary<Values> {
  const valid = validValues(operation)
  const optional = operation.parameters.filter((p) => !p.required).map((p) => p.name)
  return fc
    .subarray(optional)
    .map((dropped) => ({ ...valid, ...Object.fromEntries(dropped.map((name) => [name, undefined])) }))
}

type Target = { name: string; requests: fc.Arbitrary<Request> }

/**
 * What can be made bad in `operation`, one thing at a time: each parameter (a look-alike, a bad
 * value, absent, given twice), the preflight, the body as a whole, and each location inside the body.
 */
function targets(base: string, operation: Operation): Target[] {
  const list: Target[] = operation.parameters.flatMap(({ name }) => {
    const lookAlike = lookAlikes[name]
    // Look-alikes get a budget of their own: they are what passes a pattern and fails further in.
    return [
      ...(lookAlike ? [parameterTarget(base, operation, name, lookAlike, 'look-alike')] : []),
      parameterTarget(base, operation, name, badText(validParameters[name]!), 'bad text'),
    ]
  })
  if (operation.parameters.length > 0) list.push(preflightTarget(base, operation))
  const validBody = validBodyOf(operation)
  if (validBody === undefined) return list
  list.push({
    name: 'body',
    requests: fc
      .record({ values: validBase(operation), body: badBodyText(JSON.stringify(validBody)) })
      .map(({ values, body }) => request(base, operation, values, { body })),
  })
  const variants = [validBody, ...(otherBodies[`${operation.method} ${operation.path}`] ?? [])]
  for (const [index, variant] of variants.entries())
    for (const { path, value } of locations(variant).slice(1)) {
      const key = path.findLast((step) => typeof step === 'string')
      list.push({
        name: `body${index === 0 ? '' : `(variant ${index})`}.${path.join('.')}`,
        requests: fc
          .record({ values: validBase(operation), bad: badJson(value, key) })
          .map(({ values, bad }) =>
            request(base, operation, values, { body: replaceAt(variant, path, bad) }),
          ),
      })
    }
  return list
}

/** One parameter given `bad` values; the bad-text kind also tries it absent and twice. */
function parameterTarget(
  base: string,
  operation: Operation,
  name: string,
  bad: fc.Arbitrary<string>,
  kind: 'look-alike' | 'bad text',
): Target {
  const inPlace = fc
    .record({ values: validBase(operation), bad, rawPercent: fc.boolean() })
    .map(({ values, bad, rawPercent }) =>
      request(base, operation, { ...values, [name]: bad }, { rawPercent }),
    )
  if (kind === 'look-alike') return { name: `parameter ${name} (${kind})`, requests: inPlace }
  return {
    name: `parameter ${name} (${kind})`,
    requests: fc.oneof(
      { weight: 4, arbitrary: inPlace },
      {
        // Query strings carry no types; absence and repetition are what they have instead.
        weight: 1,
        arbitrary: fc
          .record({ values: validBase(operation), bad, omit: fc.boolean() })
          .map(({ values, bad, omit }) =>
            omit
              ? request(base, operation, { ...values, [name]: undefined })
              : request(base, operation, values, { extra: `${name}=${encode(bad)}` }),
          ),
      },
    ),
  }
}

/** CORS preflights (answered before any route) with one parameter made bad, from various origins. */
function preflightTarget(base: string, operation: Operation): Target {
  const names = operation.parameters.map((p) => p.name)
  return {
    name: 'preflight',
    requests: fc
      .record({
        values: validBase(operation),
        name: fc.constantFrom(...names),
        bad: badText('app'),
        origin: fc.constantFrom(origin, 'https://evil.test', 'null', 'http://localhost:1', ''),
        rawPercent: fc.boolean(),
      })
      .map(({ values, name, bad, origin, rawPercent }) =>
        request(base, operation, { ...values, [name]: bad }, { preflight: origin, rawPercent }),
      ),
  }
}

async function send(req: Request): Promise<{ status: number; text: string }> {
  const response = await fetch(req.url, {
    method: req.method,
    headers: req.headers,
    // A redirect's target (the frame's OAuth return page) is not this API's answer.
    redirect: 'manual',
    ...(req.body === undefined ? {} : { body: req.body }),
  })
  return { status: response.status, text: await response.text() }
}

const show = (value: string) => JSON.stringify(value.length > 300 ? `${value.slice(0, 300)}…` : value)

/** The operations `operations(doc)` lists whose index is `part` modulo `parts`; part 0 also checks valid input. */
export function describeSweep(part: number, parts: number): void {
  let services: Services
  beforeAll(async () => {
    services = await startServices()
  })
  afterAll(async () => {
    if (!services) return
    const { mail, oauthProvider, farcaster } = services
    await Promise.all([mail.stop(), oauthProvider.stop(), farcaster.stop()])
  })
  describe.each(legs)(`every operation of /openapi.json on $name (part ${part + 1} of ${parts})`, (leg) => {
    let api: Awaited<ReturnType<typeof startApi>>
    let close: () => Promise<void>
    let doc: OpenApi
    const logs: string[] = []

    beforeAll(async () => {
      const opened = await leg.open()
      close = opened.close
      const { mail, farcaster } = services
      api = await startApi({
        config: configFor(services),
        database: opened.database,
        indexer: false,
        fetch: fakeNode,
        log: (line) => logs.push(line),
      })
      doc = (await (await fetch(`${api.url}/openapi.json`)).json()) as OpenApi
      // Signed now: the legs before this one take minutes, longer than the API's window.
      validBodies['post /v1/profile/account'] = await nameRegistration('fuzz-body.wf.id')
      const registered = await fetch(`${api.url}/v1/profile/account?projectId=app`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify(await nameRegistration(validParameters.name!)),
      })
      expect(registered.status).toBe(200)
      // A stored sign-in session to read and revoke, and an issued nonce for the session body.
      const post = (path: string, body: unknown) =>
        fetch(`${api.url}${path}?projectId=app`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then((response) => response.json() as Promise<Record<string, string>>)
      const stored = await post('/v1/sessions', {
        origin,
        session: await signInSession((await post('/v1/sessions/nonce', { origin })).nonce!),
      })
      expect(stored.id).toBeDefined()
      validParameters.id = stored.id!
      validBodies['post /v1/sessions/{id}/revoke'] = {
        pci: stored.id,
        signature: createHmac('sha256', Buffer.from(stored.revocationKey!, 'hex'))
          .update(revocationMessage(stored.id!))
          .digest('hex'),
      }
      validBodies['post /v1/sessions'] = {
        origin,
        session: await signInSession((await post('/v1/sessions/nonce', { origin })).nonce!),
      }
      // Logins in progress, codes and sessions, live when the valid-input check sends them.
      const auth = await fuzzFixtures({
        apiUrl: api.url,
        mail,
        origin,
        projectId: 'app',
        farcasterRelayUrl: farcaster.urls.farcaster!,
        frameOrigin: 'https://frame.test',
      })
      Object.assign(validParameters, auth.parameters)
      Object.assign(validBodies, auth.bodies)
      Object.assign(validHeaders, auth.headers)
    })

    afterAll(async () => {
      await api?.stop()
      await close?.()
    })

    // Once, with the first part: the valid input every part starts its bad input from.
    if (part === 0)
      it('has valid input for every parameter and body, and answers it with 2xx', async () => {
        const ops = operations(doc)
        expect(ops.map((op) => `${op.method} ${op.path}`)).toContain('get /v1/wallets')
        const missing = ops.flatMap((op) => [
          ...op.parameters
            .filter((p) => validParameters[p.name] === undefined)
            .map((p) => `${op.path} ${p.name}`),
          ...(op.body && validBodyOf(op) === undefined ? [`${op.method} ${op.path} body`] : []),
        ])
        expect(missing).toEqual([])
        const refused: string[] = []
        for (const op of ops) {
          const { status, text } = await send(request(api.url, op, validValues(op)))
          const accepted = acceptedStatus[`${op.method} ${op.path}`]
          if (accepted !== undefined ? status !== accepted : status < 200 || status >= 300)
            refused.push(`${op.method} ${op.path} -> ${status} ${text}`)
          for (const body of otherBodies[`${op.method} ${op.path}`] ?? []) {
            const variant = await send(request(api.url, op, validValues(op), { body: JSON.stringify(body) }))
            if (variant.status < 200 || variant.status >= 300)
              refused.push(`${op.method} ${op.path} (variant) -> ${variant.status} ${variant.text}`)
          }
        }
        expect(refused).toEqual([])
      })

    it('never answers generated bad input with 5xx', async () => {
      const ops = operations(doc)
      expect(ops.length).toBeGreaterThan(parts)
      for (const op of ops.filter((_, index) => index % parts === part)) {
        for (const target of targets(api.url, op)) {
          await fc.assert(
            fc.asyncProperty(target.requests, async (req) => {
              const { status, text } = await send(req)
              if (status >= 500) {
                throw new Error(
                  `${op.method} ${op.path}, ${target.name}: ${req.method} ${show(req.url)} body ${show(req.body ?? '')} -> ${status} ${show(text)}`,
                )
              }
            }),
            { seed: seed + legs.indexOf(leg), numRuns },
          )
        }
      }
      expect(logs).toEqual([])
      // A part's targets, 30 runs each, on machines shared with other suites: minutes.
    }, 300_000)
  })
}
