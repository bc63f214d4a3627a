// Sponsorship charges on PGlite and, when reachable, the PostgreSQL server, where two pools on one
// schema stand for two API processes: an included operation gives back all but its actual cost, an
// expired one all of it, and two settles at once refund once.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sharedBackends } from '../internal/testing.js'
import type * as Database from './Database.js'
import { sponsorshipCharges } from './schema.js'
import * as Sponsorship from './sponsorship.js'
import * as SponsorshipCharges from './sponsorshipCharges.js'

const legs = await sharedBackends('sponsorship_charges')

const paymaster = '0x00000000000000000000000000000000000000aa'
const budget = 10n ** 18n
const maxCost = 4_000_000n
let serial = 0
/** A fresh project's key and a charge of `maxCost` for one of its operations, charged to its budget. */
async function charged(db: Database.Db, validUntil: Date | undefined = new Date(Date.now() + 600_000)) {
  serial += 1
  const key = { projectId: `p${serial}-${Math.random().toString(36).slice(2)}`, chainId: 'eip155:1' }
  const charge: SponsorshipCharges.Charge = {
    ...key,
    userOpHash: `0x${serial.toString(16).padStart(64, '0')}`,
    paymaster,
    maxCostWei: maxCost,
    validUntil,
  }
  expect(await Sponsorship.charge(db, key, maxCost, budget)).toBe(true)
  await SponsorshipCharges.record(db, charge)
  return { key, charge }
}

const statusOf = async (db: Database.Db, userOpHash: string) =>
  (
    await db
      .select({ status: sponsorshipCharges.status, actual: sponsorshipCharges.actualCostWei })
      .from(sponsorshipCharges)
      .where(eq(sponsorshipCharges.userOpHash, userOpHash))
  )[0]

describe.each(legs)('sponsorship charges on $name', (leg) => {
  let first: Database.Db
  let second: Database.Db
  let close: (() => Promise<void>) | undefined
  beforeAll(async () => {
    const opened = await leg.open()
    close = opened.close
    await opened.first.migrate()
    first = opened.first.db
    second = opened.second.db
  })
  afterAll(() => close?.())

  describe('settle', () => {
    it('gives back the charge less the actual cost, once', async () => {
      const { key, charge } = await charged(first)
      const inclusion = { userOpHash: charge.userOpHash, paymaster, actualGasCost: 1_234_567n }
      expect(await SponsorshipCharges.settle(first, 'eip155:1', inclusion)).toBe(maxCost - 1_234_567n)
      expect(await Sponsorship.spent(first, key)).toBe(1_234_567n)
      expect(await statusOf(first, charge.userOpHash)).toEqual({ status: 'settled', actual: '1234567' })
      expect(await SponsorshipCharges.settle(first, 'eip155:1', inclusion)).toBeUndefined()
      expect(await Sponsorship.spent(first, key)).toBe(1_234_567n)
    })

    it('leaves a charge of another paymaster or chain pending', async () => {
      const { key, charge } = await charged(first)
      const other = { userOpHash: charge.userOpHash, paymaster: `0x${'bb'.repeat(20)}`, actualGasCost: 1n }
      expect(await SponsorshipCharges.settle(first, 'eip155:1', other)).toBeUndefined()
      expect(await SponsorshipCharges.settle(first, 'eip155:8453', { ...other, paymaster })).toBeUndefined()
      expect(await Sponsorship.spent(first, key)).toBe(maxCost)
      expect((await statusOf(first, charge.userOpHash))?.status).toBe('pending')
    })

    it('refunds once when two processes settle the same charges at the same time', async () => {
      const settled = await Promise.all(Array.from({ length: 5 }, () => charged(first)))
      const results = await Promise.all(
        settled.flatMap(({ charge }) =>
          [first, second].map((db) =>
            SponsorshipCharges.settle(db, 'eip155:1', {
              userOpHash: charge.userOpHash,
              paymaster,
              actualGasCost: 1_000n,
            }),
          ),
        ),
      )
      expect(results.filter((refund) => refund !== undefined)).toEqual(Array(5).fill(maxCost - 1_000n))
      for (const { key } of settled) expect(await Sponsorship.spent(first, key)).toBe(1_000n)
    })
  })

  describe('expire', () => {
    it('refunds in full a charge whose signature ended unseen, and keeps one still valid', async () => {
      const seen = new Date()
      const expired = await charged(first, new Date(seen.getTime() - 1_000))
      const valid = await charged(first, new Date(seen.getTime() + 60_000))
      const endless = await charged(first, undefined)
      expect(await SponsorshipCharges.expire(first, 'eip155:1', seen)).toBeGreaterThanOrEqual(1)
      expect(await Sponsorship.spent(first, expired.key)).toBe(0n)
      expect(await statusOf(first, expired.charge.userOpHash)).toEqual({ status: 'settled', actual: '0' })
      expect(await Sponsorship.spent(first, valid.key)).toBe(maxCost)
      expect(await Sponsorship.spent(first, endless.key)).toBe(maxCost)
    })

    it('refunds once when two processes expire at the same time', async () => {
      const seen = new Date()
      const expired = await Promise.all(
        Array.from({ length: 4 }, () => charged(first, new Date(seen.getTime() - 1_000))),
      )
      const counts = await Promise.all([
        SponsorshipCharges.expire(first, 'eip155:1', seen),
        SponsorshipCharges.expire(second, 'eip155:1', seen),
      ])
      expect(counts[0] + counts[1]).toBe(4)
      for (const { key } of expired) expect(await Sponsorship.spent(first, key)).toBe(0n)
    })
  })

  describe('record', () => {
    it('adds up two charges of one operation, and settles them together', async () => {
      const { key, charge } = await charged(first)
      expect(await Sponsorship.charge(first, key, maxCost, budget)).toBe(true)
      await SponsorshipCharges.record(first, charge)
      expect(await Sponsorship.spent(first, key)).toBe(2n * maxCost)
      await SponsorshipCharges.settle(first, 'eip155:1', {
        userOpHash: charge.userOpHash,
        paymaster,
        actualGasCost: 7n,
      })
      expect(await Sponsorship.spent(first, key)).toBe(7n)
    })

    it('gives a charge for an operation already settled straight back', async () => {
      const { key, charge } = await charged(first)
      await SponsorshipCharges.settle(first, 'eip155:1', {
        userOpHash: charge.userOpHash,
        paymaster,
        actualGasCost: 7n,
      })
      expect(await Sponsorship.charge(first, key, maxCost, budget)).toBe(true)
      await SponsorshipCharges.record(first, charge)
      expect(await Sponsorship.spent(first, key)).toBe(7n)
    })
  })
})
