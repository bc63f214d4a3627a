// The local on-ramp against the devstack's chains: its options and quotes, and a checkout that,
// paid, delivers ETH, USDC and SOL on chain from the provider's hot wallet and returns to the wallet.
import { Connection, Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js'
import { OnrampOptions, OnrampQuote, OnrampReturn, OnrampSession } from '@walletframe/protocol'
import { type Address, createPublicClient, erc20Abi, http, parseEther, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDevstack } from '../Devstack.js'
import { type OnrampServer, start } from './Server.js'

let stack: Awaited<ReturnType<typeof startDevstack>>
let onramp: OnrampServer

beforeAll(async () => {
  stack = await startDevstack({ relay: false, onramp: false, quiet: true })
  onramp = await start({ networks: stack.chainsFile.networks })
}, 60_000)

afterAll(async () => {
  await onramp?.stop()
  await stack?.stop()
})

const base = () => stack.chainsFile.networks.find((network) => network.id === 8453)!
const solana = () => stack.chainsFile.networks.find((network) => network.chainNamespace === 'solana')!
const client = () => createPublicClient({ transport: http(base().rpcUrls.default.http[0]) })

const post = (path: string, body: unknown) =>
  fetch(`${onramp.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

/** Opens a checkout session for `address` and pays it as the page's form would. */
async function buy(address: string, product: string, amount: string, method = 'card') {
  const session = OnrampSession.parse(
    await (
      await post('/v1/sessions', {
        destinationWallets: [{ address }],
        partnerUserId: address,
        defaultExperience: 'buy',
        redirectUrl: 'http://frame.test/onramp/return',
      })
    ).json(),
  )
  const page = await (await fetch(session.url)).text()
  expect(page).toContain('data-testid="checkout-pay"')
  return fetch(`${onramp.url}/checkout/pay`, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({ sessionToken: session.token, product, amount, fiat: 'USD', method }),
  })
}

function returned(response: Response): OnrampReturn {
  expect(response.status).toBe(303)
  const location = new URL(response.headers.get('location')!)
  expect(location.origin + location.pathname).toBe('http://frame.test/onramp/return')
  return OnrampReturn.parse(Object.fromEntries(location.searchParams))
}

describe('GET /v1/options', () => {
  it('sells native currencies and USDC on the devnets for USD and EUR: card 10–7,500, bank 10–25,000', async () => {
    const options = OnrampOptions.parse(await (await fetch(`${onramp.url}/v1/options`)).json())
    const eth = options.purchaseCurrencies.find((currency) => currency.id === 'ETH')
    expect(eth?.networks.map((network) => network.chain_id).sort()).toEqual(['eip155:1', 'eip155:8453'])
    const usdc = options.purchaseCurrencies.find((currency) => currency.id === 'USDC')
    expect(usdc?.networks.find((network) => network.name === 'base')?.contract_address).toBe(
      base().tokens.find((token) => token.symbol === 'USDC')!.address,
    )
    expect(options.purchaseCurrencies.find((currency) => currency.id === 'SOL')?.networks[0]?.chain_id).toBe(
      solana().caipNetworkId,
    )
    for (const id of ['USD', 'EUR'])
      expect(options.paymentCurrencies.find((currency) => currency.id === id)?.payment_method_limits).toEqual(
        [
          { id: 'card', min: '10', max: '7500' },
          { id: 'bank_account', min: '10', max: '25000' },
        ],
      )
  })
})

describe('POST /v1/quote', () => {
  it('charges 2 % by card and 1 % by bank account, and the parts add up to the total', async () => {
    for (const [method, rate] of [
      ['card', 0.02],
      ['bank_account', 0.01],
    ] as const) {
      const response = await post('/v1/quote', {
        purchaseCurrency: 'USDC',
        paymentCurrency: 'USD',
        amount: '200',
        network: 'base',
        paymentMethod: method,
      })
      expect(response.status).toBe(200)
      const quote = OnrampQuote.parse(await response.json())
      expect(Number(quote.coinbaseFee.value)).toBeCloseTo(200 * rate, 2)
      const parts = [quote.paymentSubtotal, quote.networkFee, quote.coinbaseFee].map((part) =>
        Number(part.value),
      )
      expect(parts.reduce((sum, part) => sum + part, 0)).toBeCloseTo(200, 2)
      // USDC at 1 USD: the subtotal buys as many.
      expect(quote.purchaseAmount).toEqual({ value: `${quote.paymentSubtotal.value}0000`, currency: 'USDC' })
    }
  })

  it('refuses an amount outside the payment method limits and an asset it does not sell there', async () => {
    const outside = await post('/v1/quote', {
      purchaseCurrency: 'ETH',
      paymentCurrency: 'USD',
      amount: '7500.01',
      network: 'base',
    })
    expect(outside.status).toBe(400)
    expect(await outside.json()).toMatchObject({ code: 'AMOUNT_OUT_OF_LIMITS' })
    const elsewhere = await post('/v1/quote', {
      purchaseCurrency: 'SOL',
      paymentCurrency: 'USD',
      amount: '50',
      network: 'base',
    })
    expect(elsewhere.status).toBe(400)
  })
})

describe('checkout', () => {
  it('delivers ETH on the devnet when paid and returns to the wallet with the transaction', async () => {
    const buyer = privateKeyToAccount(generatePrivateKey()).address
    const result = returned(await buy(buyer, 'ETH@base', '100'))
    expect(result).toMatchObject({ status: 'success', network: 'eip155:8453' })
    const receipt = await client().getTransactionReceipt({ hash: result.transactionHash as Address })
    expect(receipt.from.toLowerCase()).toBe(onramp.fundingAddresses['eip155:8453']![0]!.toLowerCase())
    // 100 USD − 2 % − 0.25 network fee = 97.75 USD at 3000 USD per ETH, rounded down to 8 places.
    expect(await client().getBalance({ address: buyer })).toBe(parseEther('0.03258333'))
    expect(onramp.orders().at(-1)).toMatchObject({
      walletAddress: buyer,
      asset: 'ETH',
      paymentTotal: '100.00',
    })
  })

  it('delivers the fixture USDC', async () => {
    const buyer = privateKeyToAccount(generatePrivateKey()).address
    returned(await buy(buyer, 'USDC@base', '50', 'bank_account'))
    const usdc = base().tokens.find((token) => token.symbol === 'USDC')!.address as Address
    const balance = await client().readContract({
      address: usdc,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [buyer],
    })
    // 50 − 1 % − 0.25.
    expect(balance).toBe(parseUnits('49.25', 6))
  })

  it('delivers SOL on the Solana RPC', async () => {
    const buyer = Keypair.generate().publicKey
    const result = returned(await buy(buyer.toBase58(), 'SOL@solana-devnet-local', '30'))
    expect(result.network).toBe(solana().caipNetworkId)
    const connection = new Connection(solana().rpcUrls.default.http[0]!, 'confirmed')
    // 30 − 2 % − 0.01 = 29.39 USD at 150 USD per SOL.
    expect(await connection.getBalance(buyer)).toBe(Math.round(0.19593333 * LAMPORTS_PER_SOL))
  })

  it('shows the limit on the page instead of paying an amount outside it', async () => {
    const buyer = privateKeyToAccount(generatePrivateKey()).address
    const response = await buy(buyer, 'ETH@base', '5')
    expect(response.status).toBe(400)
    expect(await response.text()).toContain('Pay between 10 and 7500 USD by card')
    expect(await client().getBalance({ address: buyer })).toBe(0n)
  })

  it('refuses a session for a wallet it cannot deliver to, and an unknown session', async () => {
    const session = await post('/v1/sessions', {
      destinationWallets: [{ address: 'not-an-address' }],
      partnerUserId: 'someone',
    })
    expect(session.status).toBe(400)
    expect((await fetch(`${onramp.url}/checkout?sessionToken=nope`)).status).toBe(404)
  })
})
