// The approval window. Where the browser has no IntersectionObserver v2 (Firefox, Safari) the frame
// cannot tell whether the host page covers, fades or transforms it, so the embedded wallet's Approve
// moves to a popup on the frame origin: a top-level window the host page can neither cover nor
// restyle. The frame hands it what the request asks; the popup hands back the user's answer. Both
// sides take messages only from the other window, at the frame's own origin.
import { ReviewResponse } from '@walletframe/protocol'
import * as z from 'zod/mini'
import * as Popup from '../lib/popup.js'
import type { Locale } from '../locale/locales.js'
import { fieldNames, fieldWords } from './approvalFields.js'
import type { Summary } from './approvalSummary.js'
import type * as Review from './review.js'

export const approvalPath = '/approve'
const channel = 'walletframe:approval'
const windowName = 'walletframe-approval'

const text = (max: number) => z.string().check(z.maxLength(max))

/** What the popup says to the frame that opened it. */
export const PopupMessage = z.discriminatedUnion('type', [
  z.object({ channel: z.literal(channel), type: z.literal('ready') }),
  z.object({ channel: z.literal(channel), type: z.literal('answer'), approve: z.boolean() }),
])
export type PopupMessage = z.infer<typeof PopupMessage>

/**
 * The request's review as the frame has it, for the popup to show the same: the changes, the fee, the
 * findings and the verdict, the warning's tick (asked in the popup), no Approve for a blocked request.
 */
export const ShownReview = z.object({
  state: z.discriminatedUnion('status', [
    z.object({ status: z.literal('none') }),
    z.object({ status: z.literal('checking') }),
    z.object({
      status: z.literal('unavailable'),
      reason: text(2000),
      denied: z.array(text(200)).check(z.maxLength(100)),
    }),
    z.object({ status: z.literal('reviewed'), review: ReviewResponse }),
  ]),
  /** The account whose balances the changes are. */
  from: z.optional(text(100)),
  sponsored: z.optional(z.boolean()),
})
export type ShownReview = z.infer<typeof ShownReview>

/** What the frame shows in the popup: the request as ApproveTransaction summarises it, and its review. */
export const ApprovalRequest = z.object({
  channel: z.literal(channel),
  type: z.literal('request'),
  appName: text(200),
  summary: z.object({
    action: text(200),
    // A batch's calls carry five fields each (at most 20 calls), and the network and fee follow.
    // Each with what it is, so that the window words it in its language as the frame does.
    fields: z
      .array(
        z.object({
          label: text(100),
          value: text(100_000),
          name: z.optional(z.enum(fieldNames)),
          number: z.optional(z.number()),
          call: z.optional(z.number()),
          word: z.optional(z.enum(fieldWords)),
        }),
      )
      .check(z.maxLength(120)),
  }),
  review: z.optional(ShownReview),
})
export type ApprovalRequest = z.infer<typeof ApprovalRequest>

export type Outcome = 'approved' | 'rejected' | 'closed'

export type Opened = {
  /** The user's answer, or 'closed' when the popup went away without one. */
  outcome: Promise<Outcome>
  /** Closes the popup (the request ended elsewhere); the outcome becomes 'closed'. */
  close(): void
}

export declare namespace ask {
  type Options = {
    /** The frame's origin (location.origin): the popup's, and the only one heard. */
    origin: string
    /** The frame's language, for the window to speak it. */
    locale: Locale
    /** Opens the popup; the default is window.open. */
    open?: (url: string, name: string) => Popup.Popup | null
    pollMs?: number
  }
}

/**
 * Opens the approval window now — call it in the click handler itself: a browser blocks
 * window.open once an await has passed the user's gesture. Undefined when the browser blocked it.
 */
export function ask(
  request: {
    appName: string
    summary: Summary
    review?: { state: Review.State; from?: string | undefined; sponsored?: boolean | undefined }
  },
  { origin, locale, open = Popup.open, pollMs = 250 }: ask.Options,
): Opened | undefined {
  const popup = open(Popup.localized(new URL(approvalPath, origin).href, locale), windowName)
  if (!popup) return undefined
  let finish!: (outcome: Outcome) => void
  const outcome = new Promise<Outcome>((resolve) => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== (popup as unknown)) return
      const message = z.safeParse(PopupMessage, event.data)
      if (!message.success) return
      if (message.data.type === 'answer') return finish(message.data.approve ? 'approved' : 'rejected')
      const shown: ApprovalRequest = {
        channel,
        type: 'request',
        appName: request.appName,
        summary: { action: request.summary.action, fields: [...request.summary.fields] },
        ...(request.review && {
          review: {
            state: request.review.state,
            ...(request.review.from && { from: request.review.from }),
            ...(request.review.sponsored && { sponsored: true }),
          } as ShownReview,
        }),
      }
      ;(event.source as Window).postMessage(shown, origin)
    }
    const timer = setInterval(() => {
      if (popup.closed) finish('closed')
    }, pollMs)
    finish = (result) => {
      window.removeEventListener('message', onMessage)
      clearInterval(timer)
      resolve(result)
    }
    window.addEventListener('message', onMessage)
  })
  popup.focus()
  return {
    outcome,
    close() {
      finish('closed')
      popup.close()
    },
  }
}

/** The popup's side: says it is ready, then waits for what to show. */
export const ready: PopupMessage = { channel, type: 'ready' }
export const answer = (approve: boolean): PopupMessage => ({ channel, type: 'answer', approve })
