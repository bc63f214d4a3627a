// The frame's runtime configuration (`/frame-config.json` beside the static frame files): which
// host origins each project may embed the frame from, where the API is, and the networks it knows.
// The API's project config replaces the origin list once a project is served from there.
import * as z from './internal/zod.js'
import { NetworkEntries } from './networks/NetworkEntry.js'

export const FrameProject = z.object({
  projectId: z.string().check(z.minLength(1)),
  /** Exact origins (`https://app.example`) allowed to host the frame. */
  allowedOrigins: z._default(z.array(z.string()), []),
})
export type FrameProject = z.infer<typeof FrameProject>

/** WalletConnect (mobile wallets by QR or deep link). Absent: the frame offers no WalletConnect. */
export const FrameWalletConnect = z.object({
  /** WalletConnect Cloud project id (any id with a local relay). */
  projectId: z.string().check(z.minLength(1)),
  /** Relay WebSocket URL; absent means WalletConnect's public relay. */
  relayUrl: z.optional(z.url()),
  /**
   * Register each proposal and request with WalletConnect's Verify API (a hidden iframe on
   * verify.walletconnect.org). Defaults to on with the public relay and off with a custom relay,
   * whose wallets cannot check an attestation that service issued.
   */
  verify: z.optional(z.boolean()),
})
export type FrameWalletConnect = z.infer<typeof FrameWalletConnect>

/**
 * The API's pass key: an Ed25519 public key, 32 bytes base64url (api/factorPass.ts has the passes; the
 * key is here so the boot's config schema carries none of them).
 */
export const PassPublicKey = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, '32 bytes, base64url'))
export type PassPublicKey = z.infer<typeof PassPublicKey>

export const FrameConfig = z
  .object({
    /** Base URL of the Walletframe API; absent when the frame runs without one. */
    apiUrl: z.optional(z.url()),
    /** In development any http://localhost or 127.0.0.1 origin may host the frame. */
    development: z._default(z.boolean(), false),
    projects: z._default(z.array(FrameProject), []),
    /**
     * The networks the frame offers: built-in CAIP-2 ids (`"eip155:8453"`), ids with the fields to
     * change, or whole networks (NetworkEntry), parsed to full networks. May be empty with an apiUrl,
     * whose project config names a project's networks. Built-in networks keep their public RPC URLs;
     * `replaceDefaultRpcUrls` from `@walletframe/protocol/networks` moves them to the API's proxy.
     */
    networks: z._default(NetworkEntries, []),
    walletConnect: z.optional(FrameWalletConnect),
    /**
     * The API's Ed25519 public key (base64url) its passes for sensitive actions are signed with: the
     * embedded wallet's Worker reveals keys, seals a recovery kit or signs a send over the user's
     * threshold only with such a pass. Absent: the Worker allows none of these.
     */
    passKey: z.optional(PassPublicKey),
  })
  .check(
    z.superRefine((config, ctx) => {
      if (!config.apiUrl && config.networks.length === 0)
        ctx.addIssue({
          code: 'custom',
          message: 'give at least one network (or an apiUrl, whose project config names them)',
          path: ['networks'],
          input: config.networks,
        })
    }),
  )
export type FrameConfig = z.infer<typeof FrameConfig>
export type FrameConfigInput = z.input<typeof FrameConfig>
