import { describe, expect, it, vi } from 'vitest'
import { ask, bundlers } from './bundlerStatus.js'

const proxy = 'https://api.example/v1/bundler?chainId=eip155%3A1&projectId=p1'
const opHash = `0x${'a'.repeat(64)}`
const userOperation = {
  success: true,
  logs: [{ address: '0x1111111111111111111111111111111111111111', data: '0x', topics: ['0x01'] }],
  receipt: {
    status: '0x1',
    blockHash: `0x${'b'.repeat(64)}`,
    blockNumber: '0x5',
    gasUsed: '0x5208',
    transactionHash: `0x${'c'.repeat(64)}`,
    logs: [],
  },
}

describe('bundlers', () => {
  it("asks the API's proxy under the session's bundler_name, then its bundler_url", () => {
    expect(
      bundlers(
        { bundler_name: 'pimlico', bundler_url: 'https://bundler.wallet.example/rpc' },
        { bundlerUrl: proxy },
      ),
    ).toEqual([`${proxy}&bundler=pimlico`, 'https://bundler.wallet.example/rpc'])
  })

  it('asks none where the session names no bundler, or only what is usable', () => {
    expect(bundlers(undefined, { bundlerUrl: proxy })).toEqual([])
    expect(bundlers({ capabilities: '{}' }, { bundlerUrl: proxy })).toEqual([])
    // A name needs the network's proxy; a URL must be a web one.
    expect(bundlers({ bundler_name: 'pimlico' }, {})).toEqual([])
    expect(bundlers({ bundler_url: 'javascript:alert(1)' }, { bundlerUrl: proxy })).toEqual([])
    expect(bundlers({ bundler_url: 'not a url' }, undefined)).toEqual([])
    expect(bundlers({ bundler_url: 42 }, undefined)).toEqual([])
  })
})

describe('ask', () => {
  const chainId = '0x1'

  it('reports the UserOperation the bundler has a receipt for as confirmed (200), and pending (100) before', async () => {
    const call = vi.fn(async () => userOperation as unknown)
    expect(await ask(['https://b.example'], [opHash], { call, chainId })).toEqual({
      version: '2.0.0',
      id: opHash,
      chainId,
      status: 200,
      atomic: true,
      receipts: [
        {
          logs: userOperation.logs,
          status: '0x1',
          blockHash: userOperation.receipt.blockHash,
          blockNumber: '0x5',
          gasUsed: '0x5208',
          transactionHash: userOperation.receipt.transactionHash,
        },
      ],
    })
    expect(call).toHaveBeenCalledWith('https://b.example', 'eth_getUserOperationReceipt', [opHash])
    call.mockResolvedValueOnce(null)
    expect(await ask(['https://b.example'], [opHash], { call, chainId })).toEqual({
      version: '2.0.0',
      id: opHash,
      chainId,
      status: 100,
      atomic: true,
    })
  })

  it('goes on to the next bundler when one fails or answers nonsense; undefined when none answers', async () => {
    const call = vi
      .fn<(url: string) => Promise<unknown>>()
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValueOnce({ success: true, receipt: { status: 7 }, logs: 'x' })
      .mockResolvedValueOnce(userOperation)
    const status = await ask(['https://a.example', 'https://b.example', 'https://c.example'], [opHash], {
      call,
      chainId,
    })
    expect(status?.status).toBe(200)
    expect(call.mock.calls.map(([url]) => url)).toEqual([
      'https://a.example',
      'https://b.example',
      'https://c.example',
    ])
    expect(
      await ask(['https://a.example'], [opHash], {
        call: async () => ({ success: true, receipt: {} }),
        chainId,
      }),
    ).toBeUndefined()
    expect(await ask([], [opHash], { call, chainId })).toBeUndefined()
  })

  it('refuses a request without a batch id (-32602) before asking anyone', async () => {
    const call = vi.fn()
    for (const params of [undefined, [], [''], [42]])
      await expect(ask(['https://b.example'], params, { call, chainId })).rejects.toMatchObject({
        code: -32602,
      })
    expect(call).not.toHaveBeenCalled()
  })
})
