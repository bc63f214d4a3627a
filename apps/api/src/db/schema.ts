// The API's tables. Everything durable lives here so API processes stay stateless: projects,
// analytics events and the indexed chain history with one cursor per chain.
import type { ReviewPolicy, SponsorshipPolicy } from '@walletframe/protocol'
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

// No foreign keys: drizzle-kit writes them schema-qualified ("public".…), which would tie the
// migrations to one schema; the tests run each file in its own schema.

export const projects = pgTable('projects', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** Exact origins (scheme://host[:port]) allowed to call from a browser. */
  allowedOrigins: jsonb('allowed_origins').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  analyticsEnabled: boolean('analytics_enabled').notNull().default(true),
  /** Its gas sponsorship (ERC-7677 paymaster) policy; none: the project sponsors nothing. */
  sponsorship: jsonb('sponsorship').$type<SponsorshipPolicy>(),
  /** What the review before signing blocks, its deny list; none: the defaults (ReviewPolicy). */
  review: jsonb('review').$type<ReviewPolicy>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    projectId: text('project_id').notNull(),
    eventId: text('event_id').notNull(),
    url: text('url').notNull(),
    domain: text('domain').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    props: jsonb('props').$type<Record<string, unknown>>().notNull(),
    origin: text('origin'),
    sdkType: text('sdk_type'),
    sdkVersion: text('sdk_version'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // SDKs retry on network errors with the same eventId; the unique index makes a retry a no-op.
  (table) => [uniqueIndex('analytics_events_project_event').on(table.projectId, table.eventId)],
)

/** How far the indexer got on each chain; the hash lets it notice a reorg below the safe depth. */
export const indexerCursors = pgTable('indexer_cursors', {
  chainId: text('chain_id').primaryKey(),
  blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
  blockHash: text('block_hash').notNull(),
  /** Block 0's hash: a devnet restarted under the same chain id has a new one, and old rows must go. */
  genesisHash: text('genesis_hash'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export const chainTransactions = pgTable(
  'chain_transactions',
  {
    chainId: text('chain_id').notNull(),
    hash: text('hash').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    txIndex: integer('tx_index').notNull(),
    fromAddress: text('from_address').notNull(),
    /** Null for contract creation. */
    toAddress: text('to_address'),
    value: numeric('value', { precision: 78, scale: 0 }).notNull(),
    nonce: integer('nonce').notNull(),
    success: boolean('success').notNull(),
    minedAt: timestamp('mined_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.chainId, table.hash] }),
    index('chain_transactions_block').on(table.chainId, table.blockNumber),
  ],
)

/** Value movements inside a transaction: the native value (logIndex -1) and Transfer logs. */
export const tokenTransfers = pgTable(
  'token_transfers',
  {
    chainId: text('chain_id').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    standard: text('standard', { enum: ['native', 'erc20', 'erc721'] }).notNull(),
    /** Token contract; null for native. */
    contract: text('contract'),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    /** Raw amount (ERC20 / native) or 1 (ERC721). */
    amount: numeric('amount', { precision: 78, scale: 0 }).notNull(),
    tokenId: numeric('token_id', { precision: 78, scale: 0 }),
  },
  (table) => [
    primaryKey({ columns: [table.chainId, table.txHash, table.logIndex] }),
    index('token_transfers_block').on(table.chainId, table.blockNumber),
  ],
)

/** One row per (address, transaction) it took part in: the history endpoint's index. */
export const accountActivity = pgTable(
  'account_activity',
  {
    address: text('address').notNull(),
    chainId: text('chain_id').notNull(),
    txHash: text('tx_hash').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    txIndex: integer('tx_index').notNull(),
    minedAt: timestamp('mined_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.address, table.chainId, table.txHash] }),
    // Keyset pagination walks (minedAt, chainId, blockNumber, txIndex) downwards.
    index('account_activity_page').on(
      table.address,
      table.minedAt.desc(),
      table.chainId.desc(),
      table.blockNumber.desc(),
      table.txIndex.desc(),
    ),
    index('account_activity_block').on(table.chainId, table.blockNumber),
  ],
)

/**
 * Which process indexes each chain. The holder renews `expiresAt` every round; another process takes
 * the row over once it has expired (the holder died or hangs) or was deleted (the holder stopped).
 */
export const indexerLeases = pgTable('indexer_leases', {
  chainId: text('chain_id').primaryKey(),
  /** host:pid:random of the holding indexer. */
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
})

/**
 * Rate-limit state shared by the API processes (limits/postgres.ts), one row per key, as GCRA keeps
 * it: the time the bucket is full again. A row whose `tat` has passed means a full bucket, so expired
 * rows can be deleted at any time. The migration creates it UNLOGGED (drizzle-kit cannot say so):
 * no WAL and no commit flush per request, and a crash merely refills every bucket.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  /** Theoretical arrival time: each granted token moves it 1/refillPerSecond into the future. */
  tat: timestamp('tat', { withTimezone: true }).notNull(),
  /** Tokens the latest take was granted: its answer (RETURNING sees only the new row before PG 18). */
  granted: integer('granted').notNull(),
})

/**
 * Registered names (`label.zone`), one row each: unique per zone because `name` holds the zone.
 * `messageHash` is keccak256 of the signed message and its signer: a replayed registration (the same
 * body sent again, or with its ECDSA signature made malleable) finds it taken.
 */
export const names = pgTable(
  'names',
  {
    name: text('name').primaryKey(),
    zone: text('zone').notNull(),
    /** ENSIP-11 coin type the address was registered on. */
    coinType: bigint('coin_type', { mode: 'number' }).notNull(),
    /** EIP-55 checksummed. */
    address: text('address').notNull(),
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    messageHash: text('message_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('names_message_hash').on(table.messageHash),
    index('names_address').on(table.address, table.createdAt),
  ],
)

/**
 * Sign-in nonces (SIWE / SIWS): issued to the frame for one project and one host origin, spent by the
 * session that uses them (`usedAt`), refused after `expiresAt`.
 */
export const signInNonces = pgTable(
  'sign_in_nonces',
  {
    nonce: text('nonce').primaryKey(),
    projectId: text('project_id').notNull(),
    origin: text('origin').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('sign_in_nonces_expires_at').on(table.expiresAt)],
)

/**
 * Stored sign-in sessions: what the account signed, for whom, and whether it still holds. The
 * revocation key lets the frame that created a session end it; leaked, it ends sessions and nothing
 * more, so it is kept as is (the MAC is checked by recomputing it).
 */
export const signInSessions = pgTable(
  'sign_in_sessions',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id').notNull(),
    origin: text('origin').notNull(),
    chainId: text('chain_id').notNull(),
    address: text('address').notNull(),
    domain: text('domain').notNull(),
    uri: text('uri').notNull(),
    nonce: text('nonce').notNull(),
    message: text('message').notNull(),
    signature: text('signature').notNull(),
    cacao: jsonb('cacao'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revocationKey: text('revocation_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('sign_in_sessions_nonce').on(table.nonce),
    index('sign_in_sessions_account').on(table.projectId, table.address),
  ],
)

/**
 * Embedded-wallet users (email and social login). `email` is a verified address, lowercased: one user
 * per address, so an email login and a social login vouching for the same address reach one wallet.
 */
export const authUsers = pgTable(
  'auth_users',
  {
    id: text('id').primaryKey(),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('auth_users_email').on(table.email)],
)

/** A social account of a user, keyed by (provider, subject) — never by the address it shows. */
export const authIdentities = pgTable(
  'auth_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: text('user_id').notNull(),
    /** What the provider said at the latest login, verified or not (only a verified one is linked). */
    email: text('email'),
    emailVerified: boolean('email_verified').notNull().default(false),
    userName: text('user_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.subject] }),
    index('auth_identities_user').on(table.userId),
  ],
)

/** Devices (device-key thumbprints, RFC 7638) that completed a login: an email login from another asks the mailbox first. */
export const authDevices = pgTable(
  'auth_devices',
  {
    userId: text('user_id').notNull(),
    thumbprint: text('thumbprint').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.thumbprint] })],
)

/**
 * Login attempts (email, social) and email updates, from start to CONNECT. Secrets are stored as
 * digests only: the code as an HMAC, the approval token and the OAuth `state` as SHA-256; the PKCE
 * verifier (useless without the provider's code) is cleared once exchanged.
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: text('id').primaryKey(),
    kind: text('kind', {
      enum: [
        'email',
        'social',
        'email_update',
        'farcaster',
        'passkey_register',
        'passkey_login',
        'passkey_add',
        'passkey_factor',
      ],
    }).notNull(),
    /** email: VERIFY_DEVICE | VERIFY_OTP | CONNECT; email_update: VERIFY_PRIMARY_OTP | VERIFY_SECONDARY_OTP | DONE; social: pending | returned | ready | connected | reauthenticated | failed; farcaster: pending | ready | connected | reauthenticated | failed; passkey_register, passkey_login, passkey_add and passkey_factor: pending | connected. */
    step: text('step').notNull(),
    projectId: text('project_id').notNull(),
    /** Where the device-approval link and the OAuth popup's return page live. */
    frameOrigin: text('frame_origin').notNull(),
    /** The address the codes go to (email: the login's; email_update: the new one), lowercased. */
    email: text('email'),
    provider: text('provider'),
    deviceKey: jsonb('device_key').$type<{ kty: 'EC'; crv: 'P-256'; x: string; y: string }>(),
    deviceThumbprint: text('device_thumbprint'),
    approvalHash: text('approval_hash'),
    codeHmac: text('code_hmac'),
    /** Bumped by every code sent: the tries limit is per code. */
    codeGeneration: integer('code_generation').notNull().default(0),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    stateHash: text('state_hash'),
    codeVerifier: text('code_verifier'),
    /** farcaster: the SIWF nonce; passkey_*: the WebAuthn challenge (base64url), cleared when spent. */
    nonce: text('nonce'),
    /** farcaster: the relay channel's bearer token, the API's alone (the frame gets the channel URL). */
    channelToken: text('channel_token'),
    /** social: SHA-256 of the secret the starting frame gave its popup; the popup presents it to finish. */
    bindingChallenge: text('binding_challenge'),
    /** social: SHA-256 of the secret the provider's return put in the popup's address (step `returned`). */
    completionHash: text('completion_hash'),
    userId: text('user_id'),
    userName: text('user_name'),
    error: jsonb('error').$type<{ code: string; message: string }>(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('auth_attempts_approval').on(table.approvalHash),
    uniqueIndex('auth_attempts_state').on(table.stateHash),
    index('auth_attempts_email').on(table.email),
    index('auth_attempts_expires').on(table.expiresAt),
  ],
)

/**
 * Passkeys (WebAuthn credentials) verified at registration: the public key (COSE, base64url) that
 * checks each assertion, the relying party it is scoped to, and the signature counter, raised by one
 * conditional UPDATE per login so a cloned authenticator replaying an old count is refused everywhere.
 */
export const authPasskeys = pgTable(
  'auth_passkeys',
  {
    /** The credential id, base64url. */
    credentialId: text('credential_id').primaryKey(),
    userId: text('user_id').notNull(),
    rpId: text('rp_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** singleDevice or multiDevice (a synced passkey). */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    /** What the user's passkey list shows ("Chrome on Linux"), from a fixed list, never the request's own text. */
    name: text('name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [index('auth_passkeys_user').on(table.userId)],
)

/**
 * A passkey's copy of its user's recovery share, encrypted in the frame under a key derived from the
 * passkey's PRF output: the API keeps the ciphertext, the credential and the HKDF salt, and can open none.
 * It goes with its passkey (removed in the same statement).
 */
export const authPrfShares = pgTable(
  'auth_prf_shares',
  {
    credentialId: text('credential_id').primaryKey(),
    userId: text('user_id').notNull(),
    salt: text('salt').notNull(),
    iv: text('iv').notNull(),
    ciphertext: text('ciphertext').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('auth_prf_shares_user').on(table.userId)],
)

/**
 * Device-key proofs already spent (SHA-256 of what was signed), kept until they are too old to be
 * accepted anyway: a proof replayed within its time window is refused, in every process.
 */
export const authSpentProofs = pgTable(
  'auth_spent_proofs',
  {
    digest: text('digest').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('auth_spent_proofs_expires').on(table.expiresAt)],
)

/** A login's session: one per login, bound to the device key that must sign each refresh. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    authProvider: text('auth_provider').notNull(),
    deviceKey: jsonb('device_key').$type<{ kty: 'EC'; crv: 'P-256'; x: string; y: string }>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** When this session passed the user's second factor (auth/totp.ts); the auth share waits for it. */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('auth_sessions_user').on(table.userId)],
)

/** Refresh tokens (SHA-256), one family per session: a used one presented again revokes the session. */
export const authRefreshTokens = pgTable(
  'auth_refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: text('session_id').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('auth_refresh_tokens_session').on(table.sessionId)],
)

/**
 * An embedded wallet's shares at the API (one wallet per user). `authShare` is sealed with the
 * envelope key (AES-256-GCM, the user id as associated data, so a row copied to another user does
 * not open); `recoveryShare` is the frame's ciphertext under the user's password, which the API never sees.
 */
export const authWallets = pgTable('auth_wallets', {
  userId: text('user_id').primaryKey(),
  evmAddress: text('evm_address').notNull(),
  solanaAddress: text('solana_address').notNull(),
  authShare: text('auth_share').notNull(),
  /** Which envelope key sealed `authShare` (for rotation). */
  envelopeKeyId: text('envelope_key_id').notNull(),
  /**
   * The recovery share under the user's recovery password; null for a wallet a PRF passkey alone
   * protects (its copy is in auth_prf_shares) until the user adds a password.
   */
  recoveryShare: jsonb('recovery_share').$type<{
    scheme: string
    iterations: number
    salt: string
    iv: string
    ciphertext: string
  }>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * A user's TOTP factor (auth/totp.ts): pending from start until a first code confirms it, then enabled.
 * The secret is sealed like the auth share. The tries are counted here, in the database, so every API
 * process sees the same count and the same lock.
 */
export const authTotp = pgTable('auth_totp', {
  userId: text('user_id').primaryKey(),
  /** The base32 secret, sealed (envelope.ts) with the user id as associated data. */
  secret: text('secret').notNull(),
  envelopeKeyId: text('envelope_key_id').notNull(),
  /** Null while pending. */
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The 30 s step of the last code accepted: a code of that step or an earlier one is refused (no replay). */
  lastStep: bigint('last_step', { mode: 'number' }),
  /** Wrong codes in a row; the fifth sets `lockedUntil`. */
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  /**
   * Sends of more native coin than this (wei, decimal) need a fresh code (factorPass.ts); null: none
   * does. It goes with the factor: turning the factor off drops it.
   */
  sendThresholdWei: text('send_threshold_wei'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** The recovery codes of an enabled factor: HMACs only, each spent once (`usedAt`). */
export const authTotpRecoveryCodes = pgTable(
  'auth_totp_recovery_codes',
  {
    digest: text('digest').primaryKey(),
    userId: text('user_id').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('auth_totp_recovery_codes_user').on(table.userId)],
)

/**
 * A user who chose a passkey as their second factor (auth/passkeyFactor.ts), with or without the
 * authenticator app: while the row is there, the sensitive actions ask for a fresh factor, which any
 * of their passkeys answers. Turning it on takes a passkey's assertion; turning it off, a fresh factor.
 */
export const authPasskeyFactor = pgTable('auth_passkey_factor', {
  userId: text('user_id').primaryKey(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }).notNull(),
  /**
   * The send threshold of a user whose only factor is the passkey (wei, decimal; null: none). With the
   * authenticator app on too, the app's row holds it. It goes with the choice: turning it off drops it.
   */
  sendThresholdWei: text('send_threshold_wei'),
})

/**
 * Gas sponsored so far per project and network, in wei of the network's coin: what the paymaster
 * proxy has signed for at most. One row per pair, raised in one conditional statement, so API
 * processes on one database never together sign past a project's budget.
 */
export const sponsorshipSpend = pgTable(
  'sponsorship_spend',
  {
    projectId: text('project_id').notNull(),
    chainId: text('chain_id').notNull(),
    spentWei: numeric('spent_wei', { precision: 78, scale: 0 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.chainId] })],
)

/**
 * Each sponsored operation's charge: what sponsorship_spend was charged when the paymaster signed (its
 * most possible cost), until the chain says what it really cost. The indexer settles it: the charge
 * less the actual gas cost goes back to the budget once the operation is included, all of it once the
 * signature's validUntil has passed without inclusion. Keyed by chain and UserOperation hash, which
 * the EntryPoint's UserOperationEvent carries.
 */
export const sponsorshipCharges = pgTable(
  'sponsorship_charges',
  {
    chainId: text('chain_id').notNull(),
    userOpHash: text('user_op_hash').notNull(),
    projectId: text('project_id').notNull(),
    /** The paymaster that signed, lowercase; the event names it too. */
    paymaster: text('paymaster').notNull(),
    maxCostWei: numeric('max_cost_wei', { precision: 78, scale: 0 }).notNull(),
    /** The signature's end; null when it has none (then only inclusion settles the charge). */
    validUntil: timestamp('valid_until', { withTimezone: true }),
    /** pending until settled; settled once refunded (actualCostWei then says what it cost, 0 if never included). */
    status: text('status', { enum: ['pending', 'settled'] })
      .notNull()
      .default('pending'),
    actualCostWei: numeric('actual_cost_wei', { precision: 78, scale: 0 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.chainId, table.userOpHash] }),
    // The reconciler's expiry sweep reads the pending charges of one chain.
    index('sponsorship_charges_pending').on(table.chainId, table.validUntil).where(sql`status = 'pending'`),
  ],
)
