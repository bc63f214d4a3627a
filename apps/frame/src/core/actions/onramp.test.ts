import type { OnrampOptions, OnrampQuoteResponse, OnrampReturn } from '@walletframe/protocol'
import { evmNetwork } from '@walletframe/protocol/testing'
import { describe, expect, it, vi } from 'vitest'
import type { Popup } from '../../lib/popup.js'
import { coreWith } from '../../testing.js'
import { onrampMessages } from '../onrampMessages.js'
import * as Navigation from './navigation.js'
import * as Onramp from './onramp.js'

const options: OnrampOptions = {
  purchaseCurrencies: [
    {
      id: 'USDC',
      name: 'USD Coin',
      symbol: 'USDC',
      networks: [
        { name: 'base', display_name: 'Base', chain_id: 'eip155:8453', contract_address: '0xabc' },
        { name: 'ethereum', display_name: 'Ethereum', chain_id: 'eip155:1', contract_address: '0xdef' },
      ],
    },
    {
      id: 'ETH',
      name: 'Ether',
      symbol: 'ETH',
      networks: [{ name: 'base', display_name: 'Base', chain_id: 'eip155:8453', contract_address: '' }],
    },
    {
      id: 'SOL',
      name: 'Solana',
      symbol: 'SOL',
      networks: [{ name: 'solana', display_name: 'Solana', chain_id: 'solana:abc', contract_address: '' }],
    },
  ],
  paymentCurrencies: [
    {
      id: 'USD',
      payment_method_limits: [
        { id: 'card', min: '10', max: '7500' },
        { id: 'bank_account', min: '10', max: '25000' },
      ],
    },
  ],
}

describe('offersOn', () => {
  it('lists what is delivered on the network, its native currency first', () => {
    const offers = Onramp.offersOn(options, 'eip155:8453', 'ETH')
    expect(offers.map((offer) => [offer.currency.id, offer.network.name])).toEqual([
      ['ETH', 'base'],
      ['USDC', 'base'],
    ])
    expect(Onramp.offersOn(options, 'eip155:10', 'ETH')).toEqual([])
  })
})

describe('checkAmount', () => {
  const card = Onramp.limitOf(options, 'USD', 'card')
  const bank = Onramp.limitOf(options, 'USD', 'bank_account')

  it('accepts a fiat amount within the method limits, normalised', () => {
    expect(Onramp.checkAmount(' 100.50 ', card, 'USD')).toEqual({ status: 'ok', amount: '100.5' })
    expect(Onramp.checkAmount('10', card, 'USD')).toEqual({ status: 'ok', amount: '10' })
    expect(Onramp.checkAmount('25000', bank, 'USD')).toEqual({ status: 'ok', amount: '25000' })
  })

  it('says "Please enter a valid amount" for anything but a positive amount with at most 2 decimals', () => {
    for (const typed of ['abc', '-5', '0', '1e3', '10.001', '1,5'])
      expect(Onramp.checkAmount(typed, card, 'USD')).toEqual({
        status: 'invalid',
        message: onrampMessages.enterValidAmount,
      })
    expect(Onramp.checkAmount('  ', card, 'USD')).toEqual({ status: 'empty' })
  })

  it('names the limits of the payment method when outside them (card 10–7500, bank 10–25000)', () => {
    expect(Onramp.checkAmount('7500.01', card, 'USD')).toEqual({
      status: 'invalid',
      message: 'Enter an amount between 10 and 7500 USD',
    })
    expect(Onramp.checkAmount('9.99', bank, 'USD')).toMatchObject({ status: 'invalid' })
    expect(Onramp.checkAmount('20000', bank, 'USD')).toMatchObject({ status: 'ok' })
  })
})

const [ethOnBase] = Onramp.offersOn(options, 'eip155:8453', 'ETH') as [Onramp.Offer]
const order: Onramp.Order = { offer: ethOnBase, amount: '100', paymentCurrency: 'USD', paymentMethod: 'card' }
const quote = (source: 'provider' | 'mock'): OnrampQuoteResponse => ({
  purchaseAmount: { value: '0.0325', currency: 'ETH' },
  paymentSubtotal: { value: '97.75', currency: 'USD' },
  paymentTotal: { value: '100.00', currency: 'USD' },
  networkFee: { value: '0.25', currency: 'USD' },
  coinbaseFee: { value: '2.00', currency: 'USD' },
  quoteId: source === 'mock' ? 'mock-1' : 'q-1',
  source,
})

describe('quoteRequest and checkoutRequest', () => {
  it('asks for the offer on its network with the payment chosen', () => {
    expect(Onramp.quoteRequest(order)).toEqual({
      purchaseCurrency: 'ETH',
      paymentCurrency: 'USD',
      amount: '100',
      network: 'base',
      paymentMethod: 'card',
    })
  })

  it("presets the checkout for the address, and passes on only the provider's own quote", () => {
    const request = Onramp.checkoutRequest(
      order,
      '0x1',
      quote('provider'),
      'https://frame.test/onramp/return',
    )
    expect(request).toEqual({
      destinationWallets: [{ address: '0x1', blockchains: ['base'], assets: ['ETH'] }],
      defaultNetwork: 'base',
      partnerUserId: '0x1',
      defaultExperience: 'buy',
      presetFiatAmount: 100,
      presetCryptoAmount: 0.0325,
      defaultAsset: 'ETH',
      fiatCurrency: 'USD',
      defaultPaymentMethod: 'card',
      quoteId: 'q-1',
      redirectUrl: 'https://frame.test/onramp/return',
    })
    expect(Onramp.checkoutRequest(order, '0x1', quote('mock'), 'https://f.test/r')).not.toHaveProperty(
      'quoteId',
    )
  })
})

/** A popup as the browser gives it: closed once the user closes it. */
function fakePopup(): Popup & { replace: ReturnType<typeof vi.fn> } {
  const replace = vi.fn()
  const popup = {
    closed: false,
    close: vi.fn(() => {
      popup.closed = true
    }),
    focus: vi.fn(),
    location: { replace },
    replace,
  }
  return popup
}

function setup(options: { blocked?: boolean; report?: unknown; url?: () => Promise<string> } = {}) {
  const core = coreWith([evmNetwork(8453, 'Base')])
  Navigation.open(core, 'WalletBuy')
  const popup = fakePopup()
  const statuses: Onramp.CheckoutStatus[] = []
  const deps: Onramp.Deps = {
    ...core,
    checkoutUrl: vi.fn(options.url ?? (async () => 'http://onramp.test/checkout?sessionToken=t')),
    open: vi.fn(() => (options.blocked ? null : popup)),
    watch: vi.fn(async () => options.report),
    purchased: vi.fn(),
    onStatus: (status) => statuses.push(status),
  }
  return { core, deps, popup, statuses }
}

const request = Onramp.checkoutRequest(order, '0x1', undefined, 'https://frame.test/onramp/return')
const paid: OnrampReturn = {
  status: 'success',
  orderId: 'o-1',
  network: 'eip155:8453',
  transactionHash: '0xabc',
}

describe('checkout', () => {
  it('opens the popup before it awaits anything, then sends it to the checkout URL', async () => {
    let answer: (url: string) => void = () => {}
    const { deps, popup } = setup({ url: () => new Promise((resolve) => (answer = resolve)), report: paid })
    const done = Onramp.checkout(deps, request)
    // Still inside the click: the popup is open and the URL not known yet.
    expect(deps.open).toHaveBeenCalledWith('about:blank')
    expect(popup.replace).not.toHaveBeenCalled()
    answer('http://onramp.test/checkout?sessionToken=t')
    await done
    expect(popup.replace).toHaveBeenCalledWith('http://onramp.test/checkout?sessionToken=t')
    expect(deps.checkoutUrl).toHaveBeenCalledWith(request)
  })

  it('after a paid checkout: a success toast, the purchases view, and the queries read again', async () => {
    const { core, deps, statuses } = setup({ report: { type: 'walletframe:onramp-return', ...paid } })
    await Onramp.checkout(deps, request)
    expect(Navigation.current(core)).toBe('OnRampActivity')
    expect(core.toasts.get()).toMatchObject({ message: onrampMessages.purchaseComplete, variant: 'success' })
    expect(deps.purchased).toHaveBeenCalledWith(paid)
    expect(statuses.map((status) => status.status)).toEqual(['opening', 'waiting', 'idle'])
  })

  it('offers "Continue" with the URL when the browser blocked the popup, which opens it in its own click', async () => {
    const { deps, statuses } = setup({ blocked: true })
    await Onramp.checkout(deps, request)
    expect(statuses.at(-1)).toEqual({ status: 'blocked', url: 'http://onramp.test/checkout?sessionToken=t' })

    const retry = setup({ report: paid })
    await Onramp.resume(retry.deps, 'http://onramp.test/checkout?sessionToken=t')
    expect(retry.deps.open).toHaveBeenCalledWith('http://onramp.test/checkout?sessionToken=t')
    expect(retry.deps.purchased).toHaveBeenCalled()
  })

  it('says so when the popup was closed before paying, and when the purchase failed', async () => {
    const closed = setup({ report: undefined })
    await Onramp.checkout(closed.deps, request)
    expect(closed.statuses.at(-1)).toEqual({ status: 'failed', message: onrampMessages.popupClosed })
    expect(Navigation.current(closed.core)).toBe('WalletBuy')

    const failed = setup({ report: { status: 'failed', orderId: 'o-2' } })
    await Onramp.checkout(failed.deps, request)
    expect(failed.core.toasts.get()).toMatchObject({
      message: onrampMessages.purchaseFailed,
      variant: 'error',
    })
    expect(failed.deps.purchased).not.toHaveBeenCalled()
  })

  it('closes the popup and reports when the API gives no checkout URL', async () => {
    const { deps, popup, statuses } = setup({
      url: async () => {
        throw new Error('The on-ramp provider is unavailable')
      },
    })
    await Onramp.checkout(deps, request)
    expect(popup.closed).toBe(true)
    expect(statuses.at(-1)).toMatchObject({ status: 'failed' })
    expect((statuses.at(-1) as { message: string }).message).toContain('unavailable')
  })
})
