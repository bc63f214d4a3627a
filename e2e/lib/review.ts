// The review policy the review specs' API runs with (project `blocked-review`): the default rules and
// one deny-listed address.
import type { ReviewPolicy } from '@walletframe/protocol'
import { getAddress } from 'viem'

/**
 * On the project's deny list: the review blocks a send to it (the default policy blocks `deny-listed`).
 * Fixed, not random: the worker's API is configured with it before the test runs.
 */
export const denied = getAddress('0x5a1e5a1e5a1e5a1e5a1e5a1e5a1e5a1e5a1e5a1e')

export const reviewPolicy: ReviewPolicy = { denyList: `# e2e: a sanctioned address\n${denied}\n` }
