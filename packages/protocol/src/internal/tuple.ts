// Positional JSON-RPC parameters (`[request]`, `[address, chainIds?]`) checked as zod's `z.tuple`
// checks them — the same inputs pass, with the same issues and messages — but built from the pipe
// and transform the frame's boot code already bundles. zod's tuple lives in its schema module, which
// the frame loads with its first paint, and a module is never split across chunks: wallet methods
// that only lazily loaded code parses must not make that first load heavier.
import * as z from './zod.js'

/**
 * `items` by position, by zod's rules for a tuple without a rest item: an array shorter than the
 * required items fails with that one issue; a longer one than all items gets an issue and its items
 * are still checked (`message`, when given, words the tuple's own issues); each item's issues come
 * under its index. Items after the last required one may be absent, and are then left out.
 */
export function tuple<const Items extends readonly [z.core.$ZodType, ...z.core.$ZodType[]]>(
  items: Items,
  message?: string,
) {
  // An item whose input may be absent (optional, or with a default) may end the array; one whose
  // output may be absent may be left out of the answer.
  const required = 1 + items.findLastIndex((item) => item._zod.optin === undefined)
  const optionalOut = 1 + items.findLastIndex((item) => item._zod.optout !== 'optional')
  return z.pipe(
    z.unknown(),
    z.transform((input, ctx): z.core.$InferTupleOutputType<Items, null> => {
      // The issue's fields in zod's order, so that the error's text is zod's too; without `message`,
      // zod words the issue (its locale, from these fields).
      const own = message === undefined ? {} : { path: [], message }
      if (!Array.isArray(input)) {
        ctx.issues.push({ input, expected: 'tuple', code: 'invalid_type', ...own })
        return z.NEVER
      }
      const size = { inclusive: true, input, origin: 'array', ...own } as const
      if (input.length < required) {
        ctx.issues.push({ code: 'too_small', minimum: required, ...size })
        return z.NEVER
      }
      if (input.length > items.length) ctx.issues.push({ code: 'too_big', maximum: items.length, ...size })
      const output: unknown[] = []
      for (const [index, item] of items.entries()) {
        const absent = index >= input.length
        if (absent && index >= optionalOut && item._zod.optin === 'optional') break
        // The item's issues keep their input: the caller's parse reports or drops it, as it asked.
        const result = z.safeParse(item, input[index], { reportInput: true })
        if (!result.success) {
          // An absent item the answer may go without ends it, its issues unsaid.
          if (absent && index >= optionalOut) break
          // (A finalized issue's type leaves `input` out; it is there, as reportInput asked.)
          for (const issue of result.error.issues)
            ctx.issues.push({ ...issue, path: [index, ...issue.path] } as z.core.$ZodRawIssue)
        }
        output.push(result.data)
      }
      // Absent items at the end that came out undefined are left out.
      while (
        output.length > input.length &&
        items[output.length - 1]?._zod.optout === 'optional' &&
        output.at(-1) === undefined
      )
        output.pop()
      return output as z.core.$InferTupleOutputType<Items, null>
    }),
  )
}
