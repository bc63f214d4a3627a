// Clickjacking guard: a button that approves a signature or a transaction works only while the
// browser confirms the user sees it as drawn — not covered by host content, not faded, not
// transformed beyond a move (IntersectionObserver v2 `trackVisibility`,
// https://w3c.github.io/IntersectionObserver/v2/). The host page controls the iframe's box and what
// lies over it; only the browser can tell the frame whether it is really seen. Browsers without v2
// (Firefox, Safari) answer 'unsupported' and the button stays as it is.
import { type RefObject, useEffect, useState } from 'react'

/** 'pending' until the browser's first report (~100 ms after the element appears). */
export type Visibility = 'visible' | 'obscured' | 'pending' | 'unsupported'

/** The shortest delay v2 allows between visibility checks (ms). */
const delayMs = 100

export function isSupported(): boolean {
  return (
    typeof IntersectionObserverEntry !== 'undefined' && 'isVisible' in IntersectionObserverEntry.prototype
  )
}

export function useUnobscured(ref: RefObject<HTMLElement | null>): Visibility {
  const supported = isSupported()
  const [visibility, setVisibility] = useState<Visibility>(supported ? 'pending' : 'unsupported')
  useEffect(() => {
    const element = ref.current
    if (!supported || !element) return
    const observer = new IntersectionObserver(
      (entries) => {
        const last = entries.at(-1) as (IntersectionObserverEntry & { isVisible?: boolean }) | undefined
        if (last) setVisibility(last.isVisible === true ? 'visible' : 'obscured')
      },
      // trackVisibility and delay are v2 options, not yet in TypeScript's DOM types.
      { threshold: 1, trackVisibility: true, delay: delayMs } as IntersectionObserverInit,
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref, supported])
  return visibility
}
