import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { capabilitiesNeedAddress, SendCallsRequest } from '../walletCalls.js'
import { tuple } from './tuple.js'
import * as z from './zod.js'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const chainIds = z.array(z.string().check(z.regex(/^0x[0-9a-fA-F]+$/, 'Expected a chain id in hex (0x…)')))

/** Item lists as the wallet methods' parameters have them: one request; required then optional; none optional. */
const cases = {
  'one request, zod wording': [SendCallsRequest] as const,
  'an address and optional chain ids': [
    z.string(capabilitiesNeedAddress).check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'Invalid address')),
    z.optional(chainIds),
  ] as const,
  'three required and an optional unknown': [
    z.string(),
    z.boolean(),
    chainIds,
    z.optional(z.unknown()),
  ] as const,
}

/** Anything, and arrays of values each item above accepts or refuses, at every length around theirs. */
const input = fc.oneof(
  fc.anything(),
  fc.array(
    fc.oneof(
      fc.constantFrom(address, '0x12', '', true, undefined, null, ['0x1', '0x2105'], ['8453'], [1]),
      fc.constant({
        version: '2.0.0',
        chainId: '0x1',
        atomicRequired: true,
        calls: [{ to: address, data: '0x' }],
      }),
      fc.record({
        version: fc.constantFrom('2.0.0', '1.0'),
        chainId: fc.constantFrom('0x1', 1),
        calls: fc.array(fc.anything()),
      }),
      fc.anything(),
    ),
    { maxLength: 5 },
  ),
)

describe('tuple', () => {
  for (const [name, items] of Object.entries(cases))
    for (const message of [undefined, capabilitiesNeedAddress])
      it(`answers as z.tuple does: ${name}, ${message ? 'own message' : "zod's messages"}`, () => {
        const ours = tuple(items, message)
        const zods = z.tuple(items, message)
        fc.assert(
          fc.property(input, fc.boolean(), (value, reportInput) => {
            expect(z.safeParse(ours, value, { reportInput })).toStrictEqual(
              z.safeParse(zods, value, { reportInput }),
            )
          }),
          { numRuns: 500 },
        )
      })

  it('says what the tuple is missing in its own words, or zod’s', () => {
    const [first] = cases['one request, zod wording']
    expect(z.safeParse(tuple([first]), {}).error?.issues[0]?.message).toBe(
      'Invalid input: expected tuple, received object',
    )
    expect(z.safeParse(tuple([first], 'Expected [request]'), []).error?.issues[0]?.message).toBe(
      'Expected [request]',
    )
  })

  it("puts an item's issue under its index", () => {
    const result = z.safeParse(tuple(cases['an address and optional chain ids']), [address, ['8453']])
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: [1, 0], message: 'Expected a chain id in hex (0x…)' }),
    ])
  })

  it('leaves an absent optional item out, and keeps one sent as undefined', () => {
    const items = cases['an address and optional chain ids']
    expect(z.parse(tuple(items), [address])).toStrictEqual([address])
    expect(z.parse(tuple(items), [address, undefined])).toStrictEqual([address, undefined])
  })
})
