import { afterEach, describe, expect, it } from 'vitest'
import * as Frame from './Frame.js'

const frames: Frame.Frame[] = []
afterEach(() => {
  for (const frame of frames.splice(0)) frame.remove()
  document.body.replaceChildren()
})

function mount() {
  const frame = Frame.create({ document, frameUrl: 'https://frame.test/app/?x=1', projectId: 'my project' })
  document.body.append(frame.element)
  frames.push(frame)
  return frame
}

describe('create', () => {
  it('points the iframe at the frame with the project id and protocol version', () => {
    const url = new URL(mount().element.src)
    expect(url.origin + url.pathname).toBe('https://frame.test/app/')
    expect(url.searchParams.get('projectId')).toBe('my project')
    expect(url.searchParams.get('v')).toBe('1')
    expect(url.searchParams.get('x')).toBe('1')
  })

  it('is full-viewport, on top, transparent, hidden and click-through', () => {
    const { element } = mount()
    const style = element.style
    expect(style.position).toBe('fixed')
    expect(style.zIndex).toBe('999999')
    expect([style.width, style.height]).toEqual(['100%', '100%'])
    // Resets every property a host stylesheet may set (border, margin, background, ...), and
    // color-scheme to normal, so the frame stays transparent on dark pages.
    expect(style.getPropertyValue('all')).toBe('initial')
    // A visibility:hidden box is not hit-tested: clicks go to the page (e2e/foundation.spec.ts).
    expect(style.visibility).toBe('hidden')
    expect(element.title).toBe('Walletframe')
    // Set through the reflecting `allow` property: jsdom does not reflect it to the attribute (browsers
    // do; e2e/regimes.spec.ts reads the attribute in Chromium), so read the property back here.
    expect(element.allow).toBe('clipboard-write; publickey-credentials-get *; publickey-credentials-create *')
  })
})

describe('show', () => {
  it('makes the frame visible and interactive and moves focus into it', () => {
    const frame = mount()
    frame.show()
    expect(frame.element.style.visibility).toBe('visible')
    expect(document.activeElement).toBe(frame.element)
  })
})

describe('hide', () => {
  it('hides the frame and gives focus back to the element that had it', () => {
    const button = document.createElement('button')
    document.body.append(button)
    button.focus()
    const frame = mount()
    frame.show()
    frame.show()
    frame.hide()
    expect(frame.element.style.visibility).toBe('hidden')
    expect(document.activeElement).toBe(button)
  })

  it('leaves focus alone when the host moved it elsewhere while open', () => {
    const [first, second] = [document.createElement('button'), document.createElement('input')]
    document.body.append(first, second)
    first.focus()
    const frame = mount()
    frame.show()
    second.focus()
    frame.hide()
    expect(document.activeElement).toBe(second)
  })
})
