// The frame as an operator deploys it by copying dist/ to a CDN that sends no headers of ours: the
// policy shipped in index.html still holds (every other spec serves the frame with its headers too,
// so the two policies together are what the frame runs under there).
import { frameHeaders, metaContentSecurityPolicy } from '../apps/frame/deploy/headers.js'
import { frameDist } from '../scripts/build-apps.js'
import { type Served, serveStatic } from '../scripts/serveStatic.js'
import { expect, test } from './lib/fixtures.js'

let bare: Served
test.beforeAll(async () => {
  bare = await serveStatic({ root: frameDist })
})
test.afterAll(async () => {
  await bare?.close()
})

test('the built frame carries its policy without any header: an injected inline script does not run', async ({
  page,
}) => {
  const response = await page.goto(bare.url)
  expect(response?.headers()['content-security-policy']).toBeUndefined()
  await expect(page.locator('meta[http-equiv="Content-Security-Policy"]')).toHaveAttribute(
    'content',
    metaContentSecurityPolicy,
  )
  const outcome = await page.evaluate(
    () =>
      new Promise<{ ran: boolean; violated: string }>((resolve) => {
        document.addEventListener('securitypolicyviolation', (event) =>
          resolve({ ran: 'injected' in window, violated: event.effectiveDirective }),
        )
        const script = document.createElement('script')
        script.textContent = 'window.injected = true'
        document.head.append(script)
      }),
  )
  expect(outcome).toEqual({ ran: false, violated: 'script-src-elem' })
})

test('the build ships the headers files the common CDNs read, with the full policy', async ({ request }) => {
  const headers = await (await request.get(`${bare.url}_headers`)).text()
  expect(headers).toContain(`Content-Security-Policy: ${frameHeaders['content-security-policy']}`)
  expect(headers).toContain('frame-ancestors *')
  const vercel = (await (await request.get(`${bare.url}vercel.json`)).json()) as {
    headers: { source: string; headers: { key: string; value: string }[] }[]
  }
  expect(vercel.headers[0]?.headers).toContainEqual({
    key: 'Content-Security-Policy',
    value: frameHeaders['content-security-policy'],
  })
})
