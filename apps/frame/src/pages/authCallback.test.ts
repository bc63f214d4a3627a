// @vitest-environment jsdom
// The popup's last page, as its own entry runs it: it finishes at the API only the login this window's
// storage holds the hand-over of, closes itself once the attempt is finished, and says what went wrong
// otherwise (a link someone sent finishes nothing).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as SocialPopup from '../lib/socialPopup.js'
import { rememberedKey } from '../locale/pageLocale.js'
import { run } from './authCallback.js'

const apiUrl = 'https://api.example'
const attemptId = 'A'.repeat(22)
const binding = 'b'.repeat(43)
const completion = 'c'.repeat(43)
const pending = { attemptId, binding, projectId: 'project-1', sdk: { type: 'walletframe', version: '1.0.0' } }

/** The API and the frame's config as the page reaches them: every call recorded, the answers given. */
function serve(complete: () => Response) {
  const calls: { url: string; init: RequestInit | undefined }[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL, init?: RequestInit) => {
      const url = String(input)
      calls.push({ url, init })
      if (url.endsWith('/frame-config.json')) return Response.json({ apiUrl })
      if (url.startsWith(`${apiUrl}/v1/auth/social/complete`)) return complete()
      return new Response(null, { status: 404 })
    }),
  )
  return calls
}

const text = (testId: string) => document.querySelector(`[data-testid="${testId}"]`)?.textContent
let close: ReturnType<typeof vi.spyOn>

beforeEach(() => {
  close = vi.spyOn(window, 'close').mockImplementation(() => {})
  history.replaceState(null, '', `/auth/callback?status=returned&completion=${completion}&provider=google`)
})

afterEach(() => {
  sessionStorage.clear()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  document.body.replaceChildren()
})

describe('/auth/callback', () => {
  it("presents the completion secret with this window's binding secret, then closes", async () => {
    sessionStorage.setItem(SocialPopup.storageKey, JSON.stringify(pending))
    const calls = serve(() => Response.json({ status: 'ready' }))
    await run(document.body)
    const call = calls.find(({ url }) => url.includes('/v1/auth/social/complete'))
    expect(new URL(call?.url as string).searchParams.get('projectId')).toBe('project-1')
    expect(JSON.parse(call?.init?.body as string)).toEqual({ attemptId, completion, binding })
    expect(text('wf-auth-callback')).toContain('Signed in')
    expect(close).toHaveBeenCalledOnce()
    // The hand-over is spent, and the secret has left the address bar.
    expect(sessionStorage.getItem(SocialPopup.storageKey)).toBeNull()
    expect(location.search).toBe('')
  })

  it('posts nothing in a window that holds no hand-over (a provider link someone sent)', async () => {
    const calls = serve(() => Response.json({ status: 'ready' }))
    await run(document.body)
    expect(calls).toEqual([])
    expect(text('wf-auth-callback-unbound')).toContain('was not started in this window')
    expect(close).not.toHaveBeenCalled()
  })

  it("shows the API's refusal and stays open", async () => {
    sessionStorage.setItem(SocialPopup.storageKey, JSON.stringify(pending))
    serve(() =>
      Response.json({ error: 'This login was used already', code: 'ATTEMPT_USED' }, { status: 409 }),
    )
    await run(document.body)
    expect(text('wf-auth-callback-error')).toBe('This login was used already')
    expect(close).not.toHaveBeenCalled()
  })

  it('speaks the language its tab was opened in: the social page remembered it across the provider', async () => {
    // A fresh page: the language is settled once per page.
    vi.resetModules()
    sessionStorage.setItem(rememberedKey, 'de')
    sessionStorage.setItem(SocialPopup.storageKey, JSON.stringify(pending))
    serve(() => Response.json({ status: 'ready' }))
    const fresh = await import('./authCallback.js')
    await fresh.run(document.body)
    expect(text('wf-auth-callback')).toContain('Angemeldet')
    expect(text('wf-auth-callback')).toContain('Du kannst dieses Fenster schließen')
    // Read aloud in German too.
    expect(document.documentElement.lang).toBe('de')
    expect(close).toHaveBeenCalledOnce()
  })

  it('closes at once when the provider refused the login, posting nothing', async () => {
    sessionStorage.setItem(SocialPopup.storageKey, JSON.stringify(pending))
    history.replaceState(null, '', '/auth/callback?status=failed&error=SOCIAL_LOGIN_FAILED')
    const calls = serve(() => Response.json({ status: 'ready' }))
    await run(document.body)
    expect(calls).toEqual([])
    expect(text('wf-auth-callback')).toContain('did not complete')
    expect(close).toHaveBeenCalledOnce()
  })
})
