// An object whose known keys are checked and whose other keys are kept as sent, as zod's
// `z.looseObject` does — the same inputs pass, with the same issues and messages — but built from
// the object, pipe and transform the frame's boot code already bundles, so that wallet-call shapes
// only lazily loaded code parses add nothing to the frame's first load (zod's schema module sits in
// it, whole).
import * as z from './zod.js'

/** `shape`'s keys parsed as `z.object(shape)` parses them; every other key of the input kept as is. */
export function looseObject<const Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  const known = z.object(shape)
  return z.pipe(
    z.unknown(),
    z.transform((input, ctx): z.infer<z.ZodMiniObject<Shape, z.core.$loose>> => {
      // The known keys' issues keep their input: the caller's parse reports or drops it, as it asked.
      const result = z.safeParse(known, input, { reportInput: true })
      if (!result.success) {
        // (A finalized issue's type leaves `input` out; it is there, as reportInput asked.)
        ctx.issues.push(...(result.error.issues as z.core.$ZodRawIssue[]))
        return z.NEVER
      }
      // The other keys are copied as zod copies them: enumerable string keys, inherited ones too,
      // and never a `__proto__` key — assigning it would swap the result's prototype, and keeping it
      // as an own key would hand a later spread or merge the same trap.
      const output: Record<string, unknown> = { ...result.data }
      const source = input as Record<string, unknown>
      for (const key in source)
        if (!Object.hasOwn(shape, key) && key !== '__proto__') output[key] = source[key]
      return output as typeof result.data
    }),
  )
}
