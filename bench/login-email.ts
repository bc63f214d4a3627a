// Email login with the embedded wallet in Chromium (frame cross-site, partitioned storage): "Continue
// with email" clicked -> the code read from the mail catcher (part of the path, as a person reads
// their mail) and typed -> code accepted -> connected (the host's state). The robot types the code and
// the recovery password as soon as each is asked for. Two passes over the same users: a first login
// (a new wallet: the Worker makes it and encrypts the recovery share, PBKDF2 600,000 rounds) and a
// login after sign-out on the same device (device known: no approval mail; the wallet recovered with
// the password). Times are taken in the pages (the click in the frame, the state in the host).
// Usage: npx tsx bench/login-email.ts [runs=10]
import { codeOf, enterCode, enterPassword, nextMail } from '../e2e/lib/emailLogin.js'
import { type HostPage, startLoginBench, summary } from './internal/loginStack.js'

const runs = Number(process.argv[2] ?? 10)
/** The API sends one code per address per 30 s; the second pass waits it out per address. */
const cooldownMs = 31_000

type Run = { total: number; start: number; afterCode: number; startedAt: number; lastMail: number }

async function login(host: HostPage, mailUrl: string, email: string, after: number): Promise<Run> {
  const { page, modal } = host
  await host.resetState()
  await host.forget()
  await page.getByTestId('open').click()
  await modal.getByTestId('wf-email-input').fill(email)
  await modal.getByTestId('wf-email-submit').click()
  const mail = await nextMail(mailUrl, email, after)
  await host.seenAt('wf-email-code')
  await enterCode(modal, codeOf(mail))
  await host.seenAt('wf-recovery-password')
  await enterPassword(modal)
  const connected = await host.stateAt('connected')
  const clicked = await host.clickedAt('wf-email-submit')
  const codeIn = await host.clickedAt('wf-email-code-submit')
  const asked = await host.seenAt('wf-recovery-password')
  const typed = await host.clickedAt('wf-recovery-password-submit')
  await host.resetState()
  await page.getByTestId('disconnect').click()
  await host.stateAt('disconnected')
  return {
    total: connected - clicked,
    start: (await host.seenAt('wf-email-code')) - clicked,
    // Machine time after the code: the robot's typing of the password left out.
    afterCode: asked - codeIn + (connected - typed),
    startedAt: clicked,
    lastMail: mail.id,
  }
}

const bench = await startLoginBench()
try {
  const host = await bench.open()
  const stamp = Date.now()
  const emails = Array.from({ length: runs }, (_, i) => `bench-${stamp}-${i}@example.test`)
  const first: Run[] = []
  for (const email of emails) first.push(await login(host, bench.mailUrl, email, 0))
  const again: Run[] = []
  for (const [i, email] of emails.entries()) {
    const previous = first[i] as Run
    const wait = previous.startedAt + cooldownMs - Date.now()
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    again.push(await login(host, bench.mailUrl, email, previous.lastMail))
  }
  const row = (what: string, values: number[]) =>
    console.log(`| ${what}, median / p95 (min–max) of ${runs} | ${summary(values)} | bench/login-email.ts |`)
  console.log('| what | figure | script |')
  console.log('|---|---|---|')
  row(
    'email login, new wallet: "Continue with email" -> code read from the catcher and typed -> connected',
    first.map((r) => r.total),
  )
  row(
    '  of which start -> code entry shown (API, SMTP)',
    first.map((r) => r.start),
  )
  row(
    '  of which code accepted -> connected, password typing left out (session, wallet made in the Worker)',
    first.map((r) => r.afterCode),
  )
  row(
    'email login after sign-out, same device: click -> connected',
    again.map((r) => r.total),
  )
  row(
    '  of which code accepted -> connected, password typing left out (wallet recovered in the Worker)',
    again.map((r) => r.afterCode),
  )
} finally {
  await bench.close()
}
