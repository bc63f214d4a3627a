// @vitest-environment jsdom
// ApproveTransaction with the review before signing: the request is reviewed by the API (through the
// frame's client, over a fetch stand-in) and the embedded wallet's own queue answers the caller. The
// changes the simulation found are shown; Approve waits for the review; a warning needs the "I
// understand the risk" tick; a blocked request has no Approve and its caller gets 4001 "Action not
// allowed"; a simulation that could not run is said so; an API that is down leaves approving open.
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import type { ReviewResponse, SimulateResponse } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import * as Approvals from '../connectors/embedded/approvals.js'
import { ApproveTransaction } from './ApproveTransaction.js'
import { type Answer, renderIn, reviewFrame, seeFrameDrawn } from './reviewTesting.js'

const account = '0x1111111111111111111111111111111111111111'
const to = '0x000000000000000000000000000000000000dEaD'
const spender = '0x3333333333333333333333333333333333333333'
const usdc = '0x4444444444444444444444444444444444444444'
const native = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const network = 'eip155:31337' as const

seeFrameDrawn()

/** The frame around the view, the API answering `answer` to /v1/review; returns what the host awaits. */
type Waiting = { method: string; params: unknown; network: string }
const evmSend: Waiting = {
  method: 'eth_sendTransaction',
  params: [{ from: account, to, value: '0x2386f26fc10000' }],
  network,
}

async function show(
  answer: Answer | Promise<Answer>,
  request: Waiting = evmSend,
  accounts: string[] = [`${network}:${account}`],
  denyList?: string,
) {
  const approvals = Approvals.create()
  const wallet = {
    answer: (id: number, approved: boolean) => (approved ? approvals.approve(id) : approvals.reject(id)),
    block: (id: number) => approvals.block(id),
  }
  const { frame, asked } = reviewFrame({
    answer,
    accounts,
    denyList,
    core: { pending: approvals },
    frame: { embedded: async () => wallet },
  })
  let sent = 0
  const host = approvals
    .run(request as Parameters<typeof approvals.run>[0], async () => {
      sent += 1
      return '0xhash'
    })
    .catch((error: unknown) => error)
  await renderIn(frame, <ApproveTransaction />)
  return { host, asked, sent: () => sent }
}

const reviewed = (response: ReviewResponse): Answer => ({ status: 200, body: response })
const simulation: SimulateResponse = {
  status: 'success',
  gasUsed: '21000',
  assetChanges: [
    {
      token: { address: native, symbol: 'ETH', decimals: 18 },
      pre: '1000000000000000000',
      post: '990000000000000000',
      diff: '-10000000000000000',
    },
  ],
  approvals: [],
  nftTransfers: [],
  blockNumber: '5',
}

const approve = () => screen.getByTestId('wf-approve-confirm') as HTMLButtonElement

describe('ApproveTransaction', () => {
  it("shows a Solana transaction's SOL and token changes for the Solana account, in SOL's 9 decimals", async () => {
    const solana = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
    const signer = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
    const mint = 'EPjFWdd5AufqSSqeM2qA1xWBaXUE3J3PCA7XbkASbrYn'
    const { asked } = await show(
      reviewed({
        verdict: { level: 'none', findings: [] },
        solanaSimulation: {
          status: 'success',
          unitsConsumed: '150',
          fee: '5000',
          slot: '9',
          accountChanges: [
            { account: signer, pre: '3000000000', post: '2749995000', diff: '-250005000', fee: '5000' },
            {
              account: 'Gh9ZwEmdLJ8DscKNTkTqPbNwLNNBjuSzaG9Vp2KGtKJr',
              pre: '2039280',
              post: '2039280',
              diff: '0',
              token: {
                mint,
                owner: signer,
                symbol: 'USDC',
                decimals: 6,
                pre: '0',
                post: '1500000',
                diff: '1500000',
              },
            },
          ],
        },
      }),
      { method: 'solana_signAndSendTransaction', params: { transaction: 'AQID' }, network: solana },
      [`${network}:${account}`, `${solana}:${signer}`],
    )
    await waitFor(() => expect(screen.getByTestId('wf-review').dataset.status).toBe('reviewed'))
    expect(asked[0]?.body).toMatchObject({
      chainId: solana,
      from: signer,
      request: { kind: 'solanaTransaction', transaction: 'AQID' },
    })
    expect(screen.getAllByTestId('wf-review-change').map((line) => line.textContent)).toEqual([
      '-0.250005 SOL',
      '+1.5 USDC',
    ])
  })

  it('asks the API about the request, waits for it, and shows what it would change before Approve', async () => {
    let arrive: (answer: Answer) => void = () => {}
    const { host, asked, sent } = await show(new Promise<Answer>((resolve) => (arrive = resolve)))
    expect(screen.getByTestId('wf-review').textContent).toBe('Checking what this does…')
    await waitFor(() => expect(screen.getByTestId('wf-guarded').dataset.visibility).toBe('visible'))
    expect(approve().disabled).toBe(true)
    expect(asked).toEqual([
      {
        url: expect.stringMatching(/^https:\/\/api\.test\/v1\/review\?projectId=app&/),
        body: {
          projectId: 'app',
          origin: 'https://dapp.example',
          chainId: network,
          from: account,
          request: { kind: 'calls', calls: [{ to, value: '0x2386f26fc10000' }] },
        },
      },
    ])
    await act(async () =>
      arrive(
        reviewed({
          verdict: { level: 'none', findings: [] },
          simulation: {
            ...simulation,
            assetChanges: [
              ...simulation.assetChanges,
              {
                token: { address: usdc, symbol: 'USDC', decimals: 6 },
                pre: '0',
                post: '1500000',
                diff: '1500000',
              },
            ],
            approvals: [{ kind: 'erc20', token: usdc, spender, amount: '2500000', unlimited: false }],
          },
        }),
      ),
    )
    await waitFor(() => expect(screen.getByTestId('wf-review').dataset.status).toBe('reviewed'))
    expect(screen.getAllByTestId('wf-review-change').map((line) => line.textContent)).toEqual([
      '-0.01 ETH',
      '+1.5 USDC',
      `${spender} may spend 2.5 of USDC`,
    ])
    expect(screen.getByTestId('wf-review-verdict').textContent).toBe('No risks found.')
    expect(approve().disabled).toBe(false)
    await act(async () => fireEvent.click(approve()))
    expect(await host).toBe('0xhash')
    expect(sent()).toBe(1)
  })

  it('keeps Approve off after a warning until the user ticks "I understand the risk"', async () => {
    const { host } = await show(
      reviewed({
        verdict: {
          level: 'warning',
          findings: [
            { rule: 'unlimited-approval', reason: `${spender} may spend all of your ${usdc}, now and later` },
          ],
        },
        simulation: {
          ...simulation,
          assetChanges: [],
          approvals: [
            { kind: 'erc20', token: usdc, spender, amount: (2n ** 256n - 1n).toString(), unlimited: true },
          ],
        },
      }),
    )
    await waitFor(() => expect(screen.getByTestId('wf-review-verdict').dataset.level).toBe('warning'))
    expect(screen.getByTestId('wf-review-finding').textContent).toBe(
      `${spender} may spend all of your ${usdc}, now and later`,
    )
    expect(screen.getByTestId('wf-review-change').dataset.allowance).toBe('Unlimited')
    await waitFor(() => expect(screen.getByTestId('wf-guarded').dataset.visibility).toBe('visible'))
    expect(approve().disabled).toBe(true)
    const tick = screen.getByLabelText('I understand the risk') as HTMLInputElement
    await act(async () => fireEvent.click(tick))
    expect(approve().disabled).toBe(false)
    await act(async () => fireEvent.click(tick))
    expect(approve().disabled).toBe(true)
    await act(async () => fireEvent.click(tick))
    await act(async () => fireEvent.click(approve()))
    expect(await host).toBe('0xhash')
  })

  it('offers no Approve for a blocked request, says why, and answers its caller 4001 "Action not allowed"', async () => {
    const reason = `${to} is on this app's list of addresses you must not send to or approve`
    const { host, sent } = await show(
      reviewed({ verdict: { level: 'blocked', findings: [{ rule: 'deny-listed', reason }] }, simulation }),
    )
    await waitFor(() => expect(screen.getByTestId('wf-review-verdict').dataset.level).toBe('blocked'))
    expect(screen.getByTestId('wf-review-verdict').textContent).toBe(
      "This app's policy does not allow this request.",
    )
    expect(screen.getByTestId('wf-review-finding').textContent).toBe(reason)
    expect(screen.queryByTestId('wf-approve-confirm')).toBeNull()
    expect(screen.queryByTestId('wf-approve-reject')).toBeNull()
    await act(async () => fireEvent.click(screen.getByTestId('wf-review-dismiss')))
    expect(await host).toMatchObject({ code: 4001, message: 'Action not allowed' })
    expect(sent()).toBe(0)
  })

  it('says a simulation that could not run as "Could not simulate", never as no changes', async () => {
    await show(
      reviewed({
        verdict: { level: 'none', findings: [] },
        simulationError: 'The simulation could not run: the node timed out',
      }),
    )
    await waitFor(() => expect(screen.getByTestId('wf-review').dataset.status).toBe('reviewed'))
    expect(screen.getByTestId('wf-review-error').textContent).toBe('Could not simulate: the node timed out')
    expect(screen.queryByTestId('wf-review-no-changes')).toBeNull()
    expect(screen.queryByTestId('wf-review-change')).toBeNull()
  })

  it('says the review is unavailable when the API is down, and still lets the user approve', async () => {
    const { host } = await show(new TypeError('Failed to fetch'))
    await waitFor(() => expect(screen.getByTestId('wf-review').dataset.status).toBe('unavailable'))
    expect(screen.getByTestId('wf-review-error').textContent).toBe(
      'Could not simulate: The Walletframe API did not answer (TypeError)',
    )
    expect(screen.getByTestId('wf-review-unavailable').textContent).toBe(
      'The review is unavailable: check the request yourself before you approve.',
    )
    await waitFor(() => expect(approve().disabled).toBe(false))
    await act(async () => fireEvent.click(approve()))
    expect(await host).toBe('0xhash')
  })
})
