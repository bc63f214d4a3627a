import { evmNetwork } from '@walletframe/protocol/testing'
import { describe, expect, it } from 'vitest'
import * as Prices from '../chains/Prices.js'
import { authorisationWords } from './authorisationWords.js'
import { authorisationOf } from './rules/typedData.js'

const weth = '0x4200000000000000000000000000000000000006'
const usdc = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
const network = {
  ...evmNetwork(8453, 'Base'),
  tokens: [
    { address: usdc, symbol: 'USDC', name: 'USD Coin', decimals: 6, priceUsd: 1 },
    { address: weth, symbol: 'WETH', name: 'Wrapped Ether', decimals: 18, priceUsd: 3000 },
  ],
}
const context = { network, prices: Prices.fromNetworks([network]) }
const seller = '0x6E3B1f3D6A9e3e7d7a1A2E3c4B5D6f7A8b9C0d1E'
const collection = '0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D'
const feeRecipient = '0x0000a26b00c1F0DF003000390027140000fAa719'
const seaport = '0x0000000000000068F116a894984e2DB1123eB395'

/** An NFT listing as Seaport 1.6 has a marketplace sign it: the NFT for ETH, a 2.5 % fee to the marketplace. */
const listing = {
  domain: { name: 'Seaport', version: '1.6', chainId: 8453, verifyingContract: seaport },
  primaryType: 'OrderComponents',
  message: {
    offerer: seller,
    zone: '0x0000000000000000000000000000000000000000',
    offer: [
      { itemType: 2, token: collection, identifierOrCriteria: '8520', startAmount: '1', endAmount: '1' },
    ],
    consideration: [
      {
        itemType: 0,
        token: '0x0000000000000000000000000000000000000000',
        identifierOrCriteria: '0',
        startAmount: '975000000000000000',
        endAmount: '975000000000000000',
        recipient: seller,
      },
      {
        itemType: 0,
        token: '0x0000000000000000000000000000000000000000',
        identifierOrCriteria: '0',
        startAmount: '25000000000000000',
        endAmount: '25000000000000000',
        recipient: feeRecipient,
      },
    ],
    orderType: 0,
    startTime: '1764000000',
    endTime: '1766592000',
    zoneHash: `0x${'0'.repeat(64)}`,
    salt: '24446860302761739304752683030156737591518664810215442929808784621098726351597',
    conduitKey: '0x0000007b02230091a7ed01230072f7006a004d60a8d4e71d599b8104250f0000',
    counter: '0',
  },
}

describe('authorisationWords', () => {
  it('says what a Seaport listing gives, gets, pays to others, and until when', () => {
    expect(authorisationWords(authorisationOf(listing), context)).toEqual([
      `You give: NFT #8520 of ${collection}`,
      'You get: 0.975 ETH',
      `${feeRecipient} gets: 0.025 ETH`,
      'The order can be filled until 2025-12-24T16:00:00.000Z',
    ])
  })

  it('says "You get: nothing" for an order that pays its offerer nothing (a give-away)', () => {
    const giveaway = {
      ...listing,
      message: {
        ...listing.message,
        offer: [
          {
            itemType: 1,
            token: usdc,
            identifierOrCriteria: '0',
            startAmount: '5000000000',
            endAmount: '5000000000',
          },
        ],
        consideration: [{ ...listing.message.consideration[1]!, recipient: feeRecipient }],
      },
    }
    const words = authorisationWords(authorisationOf(giveaway), context)
    expect(words.slice(0, 2)).toEqual(['You give: 5000 USDC', 'You get: nothing'])
  })

  it('says a Dutch auction from its start to its end amount, and a collection offer as any NFT from a list', () => {
    const offer = {
      ...listing,
      message: {
        ...listing.message,
        offerer: seller,
        offer: [
          {
            itemType: 1,
            token: weth,
            identifierOrCriteria: '0',
            startAmount: '2000000000000000000',
            endAmount: '1000000000000000000',
          },
        ],
        consideration: [
          {
            itemType: 4,
            token: collection,
            identifierOrCriteria: `0x${'ab'.repeat(32)}`,
            startAmount: '1',
            endAmount: '1',
            recipient: seller,
          },
        ],
        endTime: '115792089237316195423570985008687907853269984665640564039457584007913129639935',
      },
    }
    expect(authorisationWords(authorisationOf(offer), context)).toEqual([
      'You give: 2 WETH falling or rising to 1 WETH',
      `You get: any NFT of ${collection} from a list`,
      'The order can be filled with no end date',
    ])
  })

  it('leaves an order with an item it cannot read unread, rather than half said', () => {
    const broken = {
      ...listing,
      message: { ...listing.message, offer: [{ itemType: 9, token: collection }] },
    }
    expect(authorisationOf(broken)).toEqual({ kind: 'unknown' })
    expect(authorisationWords(authorisationOf(broken), context)).toEqual([])
  })

  it('says what an ERC-7715 grant lets the session do, its limits and its expiry', () => {
    const grant = {
      domain: { name: 'Walletframe Session', version: '1', chainId: 8453 },
      primaryType: 'PermissionRequest',
      message: {
        chainId: '0x2105',
        expiry: 1767225600,
        signer: { type: 'account', data: { address: '0x1111111111111111111111111111111111111111' } },
        permissions: [
          {
            type: 'native-token-transfer',
            data: { ticker: 'ETH' },
            policies: [
              { type: 'token-allowance', data: { allowance: '0x2386f26fc10000' } },
              { type: 'spend-period', data: { seconds: 86400 } },
            ],
          },
          {
            type: 'erc20-token-transfer',
            data: { address: usdc, ticker: 'USDC' },
            policies: [{ type: 'token-allowance', data: { allowance: '0x2faf080' } }],
          },
          { type: 'contract-call', data: { address: collection, calls: ['mint(uint256)'] }, policies: [] },
        ],
      },
    }
    expect(authorisationWords(authorisationOf(grant), context)).toEqual([
      'A session (0x1111111111111111111111111111111111111111) may act for this account without asking:',
      'Send ETH, up to 0.01 ETH every 86400 s',
      `Transfer or approve ${usdc}, up to 50 USDC`,
      `Call mint(uint256) on ${collection}`,
      'Until 2026-01-01T00:00:00.000Z',
    ])
  })

  it('says an unlimited Permit2 allowance as unlimited, with the token it knows', () => {
    const permit2 = {
      domain: {
        name: 'Permit2',
        chainId: 8453,
        verifyingContract: '0x000000000022D473030F116dDEE9F6B43aC78BA3',
      },
      primaryType: 'PermitSingle',
      message: {
        details: { token: usdc, amount: String(2n ** 160n - 1n), expiration: '0', nonce: '0' },
        spender: seller,
        sigDeadline: '1767225600',
      },
    }
    expect(authorisationWords(authorisationOf(permit2), context)).toEqual([
      `${seller} may move an unlimited amount of USDC through Permit2`,
      'Signature valid until 2026-01-01T00:00:00.000Z',
    ])
  })
})
