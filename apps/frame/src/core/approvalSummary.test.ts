import bs58 from 'bs58'
import { encodeFunctionData, erc20Abi } from 'viem'
import { describe, expect, it } from 'vitest'
import { decodeMessage, formatValue, summarize } from './approvalSummary.js'

const base = { name: 'Base', nativeCurrency: { symbol: 'ETH', decimals: 18 } }
const field = (summary: ReturnType<typeof summarize>, label: string) =>
  summary.fields.find((f) => f.label === label)?.value

describe('decodeMessage', () => {
  it('shows hex that is UTF-8 text as the text', () => {
    expect(decodeMessage('0x48656c6c6f2c20776f726c6421')).toBe('Hello, world!')
    expect(decodeMessage('0xe29883')).toBe('☃')
  })
  it('keeps bytes that are not text as hex', () => {
    expect(decodeMessage('0xdeadbeef00')).toBe('0xdeadbeef00')
    expect(decodeMessage('0x0001')).toBe('0x0001')
  })
  it('shows a message that is not hex as it is', () => {
    expect(decodeMessage('plain words')).toBe('plain words')
  })
})

describe('formatValue', () => {
  it('reads a hex or decimal quantity in whole coins of the network', () => {
    expect(formatValue('0x2386f26fc10000', base)).toBe('0.01 ETH')
    expect(formatValue('1500000000000000000', base)).toBe('1.5 ETH')
    expect(formatValue(undefined, base)).toBe('0 ETH')
  })
})

describe('summarize', () => {
  it('says what personal_sign asks, with the decoded message and the network', () => {
    const summary = summarize({ method: 'personal_sign', params: ['0x676d', '0xabc'] }, base)
    expect(summary).toEqual({
      action: 'Sign a message',
      fields: [
        { name: 'message', label: 'Message', value: 'gm' },
        { name: 'network', label: 'Network', value: 'Base' },
      ],
    })
  })
  it('shows typed data by its domain and primary type', () => {
    const data = {
      domain: { name: 'Walletframe', version: '1', chainId: 8453 },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      message: { contents: 'hi' },
    }
    const summary = summarize({ method: 'eth_signTypedData_v4', params: ['0xabc', JSON.stringify(data)] })
    expect(summary.action).toBe('Sign typed data')
    expect(field(summary, 'Domain')).toBe('name: Walletframe, version: 1, chainId: 8453')
    expect(field(summary, 'Primary type')).toBe('Mail')
    expect(JSON.parse(field(summary, 'Message') ?? '')).toEqual({ contents: 'hi' })
  })
  it('shows a transaction by receiver, value and data', () => {
    const summary = summarize(
      {
        method: 'eth_sendTransaction',
        params: [{ to: '0xdead', value: '0x2386f26fc10000', data: '0x1234' }],
      },
      base,
    )
    expect(summary.action).toBe('Send a transaction')
    expect(summary.fields).toEqual([
      { name: 'to', label: 'To', value: '0xdead' },
      { name: 'function', label: 'Function', value: 'Unknown function', word: 'unknownFunction' },
      { name: 'value', label: 'Value', value: '0.01 ETH' },
      { name: 'data', label: 'Data', value: '0x1234' },
      { name: 'network', label: 'Network', value: 'Base' },
    ])
  })
  it('shows a contract creation and a transfer without data as such', () => {
    const summary = summarize({ method: 'eth_sendTransaction', params: [{ data: '0x' }] })
    expect(field(summary, 'To')).toBe('A new contract')
    expect(field(summary, 'Data')).toBe('None')
  })
  it('lists each call of wallet_sendCalls', () => {
    const summary = summarize({
      method: 'wallet_sendCalls',
      params: [{ calls: [{ to: '0xa', value: '0x1' }, { to: '0xb' }] }],
    })
    expect(field(summary, 'Call 1 to')).toBe('0xa')
    expect(field(summary, 'Call 2 to')).toBe('0xb')
  })
  it('shows the function of each call and its arguments, below its receiver, amounts in the token listed', () => {
    const usdc = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
    const spender = '0x3333333333333333333333333333333333333333'
    const approve = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'approve',
      args: [spender, 2_500_000n],
    })
    const summary = summarize(
      {
        method: 'wallet_sendCalls',
        params: [{ calls: [{ to: usdc, data: approve }, { to: '0xb', data: '0xdeadbeef' }, { to: '0xc' }] }],
      },
      {
        name: 'Base',
        nativeCurrency: { symbol: 'ETH', decimals: 18 },
        tokens: [{ address: usdc, symbol: 'USDC', decimals: 6 }],
      },
    )
    expect(summary.fields.slice(0, 4).map((item) => item.label)).toEqual([
      'Call 1 to',
      'Call 1 function',
      'Call 1 value',
      'Call 1 data',
    ])
    expect(field(summary, 'Call 1 function')).toBe(`approve(spender: ${spender}, amount: 2.5 USDC)`)
    expect(field(summary, 'Call 2 function')).toBe('Unknown function')
    // A plain transfer calls no function.
    expect(field(summary, 'Call 3 function')).toBeUndefined()
  })
  it("decodes a single transaction's call too", () => {
    const to = '0x4444444444444444444444444444444444444444'
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, 7n] })
    const summary = summarize({ method: 'eth_sendTransaction', params: [{ to, data }] })
    // A token the network does not list: its base units, never a guessed symbol.
    expect(field(summary, 'Function')).toBe(`transfer(to: ${to}, amount: 7 (base units))`)
  })
  it('lists each permission of wallet_grantPermissions with its allowance, and the expiry', () => {
    const summary = summarize(
      {
        method: 'wallet_grantPermissions',
        params: [
          {
            expiry: 2_000_000_000,
            permissions: [
              {
                type: 'native-token-transfer',
                data: { ticker: 'ETH' },
                policies: [
                  { type: 'token-allowance', data: { allowance: '0xaa87bee538000' } },
                  { type: 'spend-period', data: { seconds: 3600 } },
                ],
              },
              { type: 'contract-call', data: { address: '0xc', calls: ['swap(uint256)'] }, policies: [] },
            ],
          },
        ],
      },
      { name: 'Base', nativeCurrency: { symbol: 'ETH', decimals: 18 } },
    )
    expect(summary.action).toBe('Let this site send calls without asking, within these limits')
    expect(field(summary, 'Permission 1')).toBe('Send ETH, up to 0.003 ETH every 3600 s')
    expect(field(summary, 'Permission 2')).toBe('Call swap(uint256) on 0xc')
    expect(field(summary, 'Expires')).toBe('2033-05-18T03:33:20.000Z')
  })
  it('says "Sponsored" for the network fee when the wallet says the app pays it, and nothing otherwise', () => {
    const params = [{ calls: [{ to: '0xa' }], capabilities: { paymasterService: { url: 'https://x.test' } } }]
    expect(field(summarize({ method: 'wallet_sendCalls', params, sponsored: true }), 'Network fee')).toBe(
      'Sponsored',
    )
    // A host asking for sponsorship in its parameters is not the wallet saying it is sponsored.
    expect(field(summarize({ method: 'wallet_sendCalls', params }), 'Network fee')).toBeUndefined()
  })
  it('decodes a Solana message from base58', () => {
    const message = bs58.encode(new TextEncoder().encode('gm solana'))
    expect(field(summarize({ method: 'solana_signMessage', params: { message } }), 'Message')).toBe(
      'gm solana',
    )
  })
  it('names each field, with the batch call or permission it belongs to, for the view to word', () => {
    const calls = summarize({
      method: 'wallet_sendCalls',
      params: [{ calls: [{ to: '0xa' }, { to: '0xb', value: '0x1' }] }],
    }).fields
    expect(calls.filter((field) => field.name === 'to').map((field) => [field.call, field.value])).toEqual([
      [1, '0xa'],
      [2, '0xb'],
    ])
    const granted = summarize({
      method: 'wallet_grantPermissions',
      params: [{ expiry: 1, permissions: [{ type: 'native-token-transfer' }, { type: 'contract-call' }] }],
    }).fields
    expect(granted.filter((field) => field.name === 'permission').map((field) => field.number)).toEqual([
      1, 2,
    ])
  })
  it('survives parameters of the wrong shape', () => {
    expect(summarize({ method: 'eth_signTypedData_v4', params: ['0xabc', '{not json'] }).fields).toEqual([
      { name: 'data', label: 'Data', value: '{not json' },
    ])
    expect(summarize({ method: 'personal_sign', params: 'nope' }).fields).toEqual([
      { name: 'message', label: 'Message', value: '' },
    ])
  })
})
