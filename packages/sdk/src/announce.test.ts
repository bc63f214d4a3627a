import { describe, expect, it } from 'vitest'
import { announce, info } from './announce.js'

describe('announce', () => {
  it('announces now and again on every eip6963:requestProvider until stopped', () => {
    const provider = { isWalletframe: true }
    const seen: CustomEvent[] = []
    const listener = (event: Event) => seen.push(event as CustomEvent)
    window.addEventListener('eip6963:announceProvider', listener)
    const stop = announce({ window, uuid: '6f1d0c1e-0000-4000-8000-000000000000', provider })
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    stop()
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    window.removeEventListener('eip6963:announceProvider', listener)
    expect(seen).toHaveLength(2)
    const detail = seen[0]?.detail
    expect(detail.provider).toBe(provider)
    expect(detail.info).toEqual({ uuid: '6f1d0c1e-0000-4000-8000-000000000000', ...info })
    expect(Object.isFrozen(detail)).toBe(true)
    expect(Object.isFrozen(detail.info)).toBe(true)
  })

  it('describes Walletframe with an rdns and a data-URI icon', () => {
    expect(info).toMatchObject({ name: 'Walletframe', rdns: 'app.walletframe' })
    expect(info.icon.startsWith('data:image/svg+xml,')).toBe(true)
    // A raw # would end the URI at a fragment.
    expect(info.icon.includes('#')).toBe(false)
  })
})
