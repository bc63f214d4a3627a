// What the API keeps after a whole login and wallet creation, read back from every table of its
// database: no one-time code, no auth share (in any encoding), no refresh or access token in clear.
// The route behaviours of /v1/auth/wallet/* are in wallet.test.ts; the per-IP limit in walletLimit.test.ts.
import { randomBytes } from 'node:crypto'
import { type WalletShares, walletSigningInput } from '@walletframe/protocol'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/Database.js'
import { type AuthHarness, newDevice, startAuthHarness } from './testing.js'

let h: AuthHarness
beforeAll(async () => {
  h = await startAuthHarness()
})
afterAll(() => h?.stop())

const q = '?projectId=app'

/**
 * Every text, JSON and binary value of every table of the database's schema, one line per row.
 * (Numbers and timestamps are left out: a six-digit code could match their digits by chance.)
 */
async function textOfEveryRow(db: Db): Promise<string> {
  const rows = async <Row>(statement: ReturnType<typeof sql>) =>
    ((await db.execute(statement)) as unknown as { rows: Row[] }).rows
  const columns = await rows<{ table_name: string; column_name: string }>(
    sql`select table_name, column_name from information_schema.columns
        where table_schema = current_schema() and data_type in ('text', 'character varying', 'jsonb', 'json', 'bytea')`,
  )
  const tables = new Map<string, string[]>()
  for (const { table_name, column_name } of columns)
    tables.set(table_name, [...(tables.get(table_name) ?? []), column_name])
  const lines: string[] = []
  for (const [table, names] of tables) {
    const list = names.map((name) => `coalesce("${name}"::text, '')`).join(` || ' ' || `)
    for (const row of await rows<{ line: string }>(sql.raw(`select ${list} as line from "${table}"`)))
      lines.push(`${table}: ${row.line}`)
  }
  return lines.join('\n')
}

describe('the stored rows after a login and a wallet', () => {
  it('hold no plaintext code, auth share, refresh token or access token', async () => {
    const email = `stored-${Date.now()}@example.test`
    const device = await newDevice()
    const started = (await (
      await h.post(`/v1/auth/email/start${q}`, { email, deviceKey: device.publicKey })
    ).json()) as { attemptId: string }
    const { code } = await h.nextCode(email)
    const verified = await h.post(`/v1/auth/email/verify${q}`, {
      attemptId: started.attemptId,
      otp: code,
      proof: await device.connectProof(started.attemptId),
    })
    const { tokens } = (await verified.json()) as { tokens: { accessToken: string; refreshToken: string } }

    const share = randomBytes(17)
    const recoveryShare = {
      scheme: 'pbkdf2-sha256/aes-256-gcm',
      iterations: 600_000,
      salt: randomBytes(16).toString('base64url'),
      iv: randomBytes(12).toString('base64url'),
      ciphertext: randomBytes(33).toString('base64url'),
    }
    const proof = async (purpose: 'create' | 'shares') => {
      const timestamp = Date.now()
      const input = walletSigningInput(purpose, tokens.accessToken, timestamp)
      return { timestamp, signature: await device.sign(input) }
    }
    const bearer = { authorization: `Bearer ${tokens.accessToken}` }
    const created = await h.post(
      `/v1/auth/wallet/create${q}`,
      {
        addresses: {
          eip155: '0x90F8bf6A479f320ead074411a4B0e7944Ea8c9C1',
          solana: 'GsbwXfJraMomNxBcjYLcG3mxkBUiyWXAB32fGbSMQRdW',
        },
        authShare: share.toString('base64url'),
        recoveryShare,
        proof: await proof('create'),
      },
      bearer,
    )
    expect(created.status).toBe(200)
    // The share comes back to the session that proves its device key: the API can open what it sealed.
    const shares = (await (
      await h.post(`/v1/auth/wallet/shares${q}`, { proof: await proof('shares') }, bearer)
    ).json()) as WalletShares
    expect(shares).toMatchObject({ exists: true, authShare: share.toString('base64url') })

    const stored = await textOfEveryRow(h.database.db)
    // The rows are there (the user, the attempt's HMAC, the sealed share, the session's token digest)…
    expect(stored).toContain(email)
    expect(stored).toContain(recoveryShare.ciphertext)
    // …but none of the secrets, in any encoding the columns could hold them.
    expect(stored).not.toMatch(new RegExp(`(?<![A-Za-z0-9])${code}(?![A-Za-z0-9])`))
    for (const form of [
      share.toString('base64url'),
      share.toString('base64'),
      share.toString('hex'),
      tokens.refreshToken,
      tokens.accessToken,
    ])
      expect(stored).not.toContain(form)
  })
})
