import { createTransport } from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CaughtMail, start } from './MailCatcher.js'

let catcher: Awaited<ReturnType<typeof start>>
beforeAll(async () => {
  catcher = await start()
})
afterAll(() => catcher?.stop())

function send(to: string, subject: string, text: string) {
  const url = new URL(catcher.smtpUrl)
  return createTransport({
    host: url.hostname,
    port: Number(url.port),
    secure: false,
    ignoreTLS: true,
  }).sendMail({ from: 'Walletframe <no-reply@walletframe.test>', to, subject, text })
}

describe('start', () => {
  it('lists mail delivered over SMTP per recipient, as JSON and as a page', async () => {
    await send('Carol@Example.test', 'Your code', 'Code: 123456')
    await send('dave@example.test', 'Other', 'not for carol')
    const response = await fetch(`${catcher.httpUrl}/messages?to=carol@example.test`)
    expect(response.status).toBe(200)
    const { messages } = (await response.json()) as { messages: CaughtMail[] }
    expect(messages).toHaveLength(1)
    expect(messages[0]).toMatchObject({
      from: 'no-reply@walletframe.test',
      to: ['carol@example.test'],
      subject: 'Your code',
    })
    expect(messages[0]!.text).toContain('Code: 123456')
    const page = await (await fetch(`${catcher.httpUrl}/?to=carol@example.test`)).text()
    expect(page).toContain('Code: 123456')
    expect(page).not.toContain('not for carol')
  })

  it('long-polls for a mail that arrives later, after a given id', async () => {
    const before = catcher.mailsTo('erin@example.test').at(-1)?.id ?? 0
    const polled = fetch(`${catcher.httpUrl}/messages?to=erin@example.test&after=${before}&wait=5000`)
    await send('erin@example.test', 'Later', 'arrived later')
    const { messages } = (await (await polled).json()) as { messages: CaughtMail[] }
    expect(messages.map((mail) => mail.subject)).toEqual(['Later'])
    await expect(
      catcher.next('erin@example.test', { after: messages[0]!.id, timeoutMs: 50 }),
    ).rejects.toThrow(/No mail to erin@example.test/)
  })

  it('asks for a recipient', async () => {
    const response = await fetch(`${catcher.httpUrl}/messages`)
    expect(response.status).toBe(400)
  })
})
