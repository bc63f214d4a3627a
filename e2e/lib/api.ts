// The Walletframe API for the specs that show chain data (balances, history, NFTs, identity): one per
// kind of spec in a worker (chains.ts), on that kind's devnets, embedded PostgreSQL in memory, the indexer following the chains.
// The frame then takes its networks from the API's project config, RPC through the API's proxy.
import { randomBytes } from 'node:crypto'
import { passPublicKey, startApi } from '@walletframe/api'
import { imageSettings, loginSettings } from '@walletframe/devstack'
import type { ChainsFile, ReviewPolicy } from '@walletframe/protocol'
import { test as chainsTest, serversKey } from './chains.js'
import { serviceStartTimeout } from './services.js'
import { projectId, type Stack } from './stack.js'

export type Api = {
  readonly url: string
  readonly app: Awaited<ReturnType<typeof startApi>>
  /** The API's pass key, as the frame's configuration names it. */
  readonly passKey: string
}

/**
 * The project's gas sponsorship in a worker that sets it: the fixture contracts it sponsors calls to
 * (by their name in the chains file; the same addresses on both devnets) and its budget per network.
 */
export type E2eSponsorship = {
  contracts: string[]
  budgetWei: string
  /** Whether it also sponsors the smart account's own grant and revoke of smart sessions. */
  sessionGrants?: boolean
}

export const test = chainsTest.extend<{ api: Api }, object>({
  withApi: true,
  api: [
    async ({ stack, chains, services, serverOptions }, use) => {
      const { emailCooldownSeconds, sponsorship, review } = serverOptions
      const api = await services.get(
        `api ${serversKey(serverOptions)}`,
        () => startE2eApi(stack, chains, { emailCooldownSeconds, sponsorship, review }),
        (started) => started.app.stop(),
      )
      stack.setApiUrl(api.url, api.passKey)
      await use(api)
      stack.setApiUrl(undefined)
    },
    { timeout: serviceStartTimeout },
  ],
  // Pages load once the API serves: the frame reads its config when the page opens.
  page: async ({ page, api: _api }, use) => {
    await use(page)
  },
})

/**
 * Starts an API as the `api` fixture does (its own in-memory database, the worker's devnets and mail
 * catcher); a spec that stops its API mid-test starts one of its own with this, leaving the worker's.
 */
/** A limit per IP that a whole run of specs from one address never reaches. */
const roomy = { capacity: 10_000, refillPerSecond: 100 }

export async function startE2eApi(
  stack: Pick<Stack, 'demo' | 'foreign' | 'frame'>,
  chains: ChainsFile,
  options: {
    emailCooldownSeconds: number
    sponsorship?: E2eSponsorship | undefined
    review?: ReviewPolicy | undefined
  },
): Promise<Api> {
  const { emailCooldownSeconds, sponsorship, review } = options
  const contracts = chains.networks[0]?.contracts ?? {}
  const secret = randomBytes(32).toString('hex')
  const api = await startApi({
    config: {
      ...chains,
      // The foreign site is a second host site of the project here: the embedded wallet on
      // another site (another storage partition) reaches the same wallet.
      projects: [
        {
          id: projectId,
          name: 'e2e',
          allowedOrigins: [stack.demo.origin, stack.foreign.origin],
          ...(sponsorship && {
            sponsorship: {
              enabled: true,
              allowedContracts: sponsorship.contracts.map((name) => contracts[name] as string),
              budgetWei: sponsorship.budgetWei,
              ...(sponsorship.sessionGrants && { sessionGrants: true }),
            },
          }),
          ...(review && { review }),
        },
      ],
      options: {
        frameOrigins: [stack.frame.origin],
        // The devnets mine a block per transaction and never reorg: index up to the head, so
        // a transaction a spec sends shows in Activity without waiting for later blocks. The
        // indexer hears each block over the devnets' WebSocket URLs, so its poll stays at the default.
        reorgSafeDepth: 0,
        // Email and social login against the worker's mail catcher and OAuth stand-in.
        auth: {
          secret,
          ...loginSettings(chains.services),
          emailCooldownSeconds,
          // Every user of a worker's specs logs in from 127.0.0.1, one client IP for the whole run:
          // the limits per IP would refuse the later specs' users — the passkey calls' (30, then one
          // per 10 s) their passkeys, the wallet calls' (60, then one per 5 s; a passkey wallet made
          // and opened elsewhere takes six) their wallets, the email and social starts' their logins.
          // The API's unit tests hold those limits (passkeyRoutes.test.ts, walletLimit.test.ts,
          // loginLimits.test.ts).
          passkeyCallsPerIp: roomy,
          walletCallsPerIp: roomy,
          emailStartsPerIp: roomy,
          socialStartsPerIp: roomy,
        },
        // Wallet logos and token icons from the devstack's stand-in image server and token list.
        images: imageSettings(chains),
      },
    },
    databaseUrl: undefined,
  })
  return { url: api.url, app: api, passKey: passPublicKey(secret) }
}

export { expect } from '@playwright/test'
