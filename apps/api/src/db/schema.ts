// The API's tables. Everything durable lives here so API processes stay stateless: projects,
// analytics events and the indexed chain history with one cursor per chain.
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
