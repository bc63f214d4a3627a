import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { looseObject } from './looseObject.js'
import * as z from './zod.js'

const shapes = {
  'optional fields': { optional: z.optional(z.boolean()), bundler_url: z.optional(z.string()) },
  'required fields': {
    context: z.string(),
    nonce: z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/, 'Expected a hex quantity (0x…)')),
    factory: z.optional(z.nullable(z.string())),
  },
}

/** Keys an object's prototype answers to: a copy that looks keys up with `in` or assigns them blindly trips on these. */
const prototypeKeys = fc.constantFrom('__proto__', 'toString', 'valueOf', 'constructor', 'hasOwnProperty')

/** Anything, and objects with the shapes' keys (right, wrong or undefined) among others. */
const input = fc.oneof(
  fc.anything(),
  fc
    .tuple(
      fc.dictionary(fc.oneof(fc.string(), prototypeKeys), fc.anything()),
      fc.record(
        {
          optional: fc.constantFrom(true, 'yes', undefined),
          bundler_url: fc.constantFrom('http://127.0.0.1:4337', 1),
          context: fc.constantFrom('0x01', 2, undefined),
          nonce: fc.constantFrom('0x0', '12', '0x'),
          factory: fc.constantFrom(null, undefined, '0xab', 3),
        },
        { requiredKeys: [] },
      ),
    )
    .map(([others, known]) => ({ ...others, ...known })),
)

describe('looseObject', () => {
  for (const [name, shape] of Object.entries(shapes))
    it(`answers as z.looseObject does: ${name}`, () => {
      const ours = looseObject(shape)
      const zods = z.looseObject(shape)
      fc.assert(
        fc.property(input, fc.boolean(), (value, reportInput) => {
          expect(z.safeParse(ours, value, { reportInput })).toStrictEqual(
            z.safeParse(zods, value, { reportInput }),
          )
        }),
        { numRuns: 500 },
      )
    })

  it('drops a sent __proto__ key, as zod does, and never takes it as the prototype', () => {
    const schema = looseObject(shapes['required fields'])
    const sent = JSON.parse('{"context":"0x01","nonce":"0x0","__proto__":{"polluted":true},"extra":1}')
    const parsed = z.parse(schema, sent)
    expect(parsed).toStrictEqual(z.parse(z.looseObject(shapes['required fields']), sent))
    expect(Object.hasOwn(parsed, '__proto__')).toBe(false)
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype)
    expect(parsed).toStrictEqual({ context: '0x01', nonce: '0x0', extra: 1 })
  })

  it('keeps the keys it does not know, and checks those it does', () => {
    const schema = looseObject(shapes['required fields'])
    const operation = { context: '0x01', nonce: '0x1', signature: '0xdead', paymaster: null }
    expect(z.parse(schema, operation)).toStrictEqual(operation)
    expect(z.safeParse(schema, { ...operation, nonce: '1' }).error?.issues).toEqual([
      expect.objectContaining({ path: ['nonce'], message: 'Expected a hex quantity (0x…)' }),
    ])
  })
})
