// A local SMTP catcher: accepts every message sent to it (no TLS, no auth — loopback only) and lists
// them per recipient over HTTP, so tests and people read the codes and links the API mails.
// GET /messages?to=ADDRESS[&after=ID][&wait=MS] -> JSON (newest last; `wait` long-polls for a new one),
// GET /?to=ADDRESS -> the same as a page a person reads.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export type CaughtMail = {
  /** Increasing from 1 in the order mails arrived. */
  id: number
  from: string
  /** Envelope recipients, lowercased. */
  to: string[]
  subject: string
  text: string
  html: string
  /** ISO 8601, when the catcher received it. */
  receivedAt: string
}

export declare namespace start {
  type Options = {
    /** Interface to bind; only loopback is meant to be used. */
    host?: '127.0.0.1'
    /** SMTP port; 0 (the default) picks a free one. */
    smtpPort?: number
    /** HTTP port; 0 (the default) picks a free one. */
    httpPort?: number
    /** Mails kept at most (the oldest are dropped first). */
    maxMails?: number
  }
  type ReturnType = {
    /** `smtp://127.0.0.1:PORT`: what a mailer is configured with. */
    smtpUrl: string
    /** `http://127.0.0.1:PORT`: the listing. */
    httpUrl: string
    /** The mails sent to `address`, oldest first. */
    mailsTo(address: string): CaughtMail[]
    /** Resolves with the first mail to `address` after id `after` (default: any), or rejects after `timeoutMs`. */
    next(address: string, options?: { after?: number; timeoutMs?: number }): Promise<CaughtMail>
    stop(): Promise<void>
  }
}

/** Longest long-poll a client may ask for. */
const maxWaitMs = 30_000

export async function start(options: start.Options = {}): Promise<start.ReturnType> {
  const host = options.host ?? '127.0.0.1'
  const maxMails = options.maxMails ?? 1_000
  const mails: CaughtMail[] = []
  const waiters = new Set<{ address: string; after: number; resolve(mail: CaughtMail): void }>()
  let lastId = 0

  const smtp = new SMTPServer({
    // No certificate here; clients are told not to upgrade (nodemailer `ignoreTLS`).
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    // Large enough for any mail the API sends; keeps a runaway client from filling memory.
    size: 1024 * 1024,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail: CaughtMail = {
            id: ++lastId,
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            receivedAt: new Date().toISOString(),
          }
          mails.push(mail)
          if (mails.length > maxMails) mails.shift()
          for (const waiter of waiters) {
            if (mail.to.includes(waiter.address) && mail.id > waiter.after) waiter.resolve(mail)
          }
          callback()
        })
        .catch((error: Error) => callback(error))
    },
  })

  const mailsTo = (address: string) => mails.filter((mail) => mail.to.includes(address.toLowerCase()))

  function next(address: string, { after = 0, timeoutMs = 10_000 } = {}): Promise<CaughtMail> {
    const to = address.toLowerCase()
    const found = mailsTo(to).find((mail) => mail.id > after)
    if (found) return Promise.resolve(found)
    return new Promise((resolve, reject) => {
      const waiter = {
        address: to,
        after,
        resolve(mail: CaughtMail) {
          clearTimeout(timer)
          waiters.delete(waiter)
          resolve(mail)
        },
      }
      const timer = setTimeout(() => {
        waiters.delete(waiter)
        reject(new Error(`No mail to ${address} within ${timeoutMs} ms`))
      }, timeoutMs)
      waiters.add(waiter)
    })
  }

  const http: Server = createServer((request, response) => {
    serve(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500).end()
    })
  })

  async function serve(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://localhost')
    const to = url.searchParams.get('to')?.trim().toLowerCase() ?? ''
    response.setHeader('access-control-allow-origin', '*')
    if (request.method !== 'GET' || (url.pathname !== '/messages' && url.pathname !== '/')) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}')
      return
    }
    if (url.pathname === '/') {
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(page(to, to ? mailsTo(to) : mails))
      return
    }
    if (!to) {
      response
        .writeHead(400, { 'content-type': 'application/json' })
        .end('{"error":"Query parameter `to` (an email address) is required"}')
      return
    }
    const after = Number(url.searchParams.get('after') ?? 0) || 0
    const wait = Math.min(maxWaitMs, Number(url.searchParams.get('wait') ?? 0) || 0)
    if (wait > 0 && !mailsTo(to).some((mail) => mail.id > after)) {
      await next(to, { after, timeoutMs: wait }).catch(() => undefined)
    }
    const list = mailsTo(to).filter((mail) => mail.id > after)
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ messages: list }))
  }

  await new Promise<void>((resolve, reject) => {
    smtp.server.once('error', reject)
    smtp.listen(options.smtpPort ?? 0, host, () => resolve())
  })
  // Errors after start (a client dropping mid-session) must not take the process down.
  smtp.on('error', () => {})
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(options.httpPort ?? 0, host, () => resolve())
  })
  const smtpPort = (smtp.server.address() as AddressInfo).port
  const httpPort = (http.address() as AddressInfo).port

  return {
    smtpUrl: `smtp://${host}:${smtpPort}`,
    httpUrl: `http://${host}:${httpPort}`,
    mailsTo,
    next,
    async stop() {
      await Promise.all([
        new Promise<void>((resolve) => smtp.close(() => resolve())),
        new Promise<void>((resolve) => {
          http.closeAllConnections()
          http.close(() => resolve())
        }),
      ])
    },
  }
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

function page(to: string, list: CaughtMail[]): string {
  const items = list
    .slice()
    .reverse()
    .map(
      (mail) =>
        `<article><h2>${escapeHtml(mail.subject)}</h2><p><small>#${mail.id} ${escapeHtml(mail.receivedAt)} — to ${escapeHtml(mail.to.join(', '))}</small></p><pre>${escapeHtml(mail.text)}</pre></article>`,
    )
    .join('\n')
  return `<!doctype html><meta charset="utf-8"><title>Devstack mail${to ? ` — ${escapeHtml(to)}` : ''}</title>
<style>body{font:14px system-ui;margin:2rem;max-width:48rem}pre{white-space:pre-wrap;background:#f4f4f5;padding:1rem}</style>
<h1>Mail caught by the devstack</h1>
<form><input name="to" value="${escapeHtml(to)}" placeholder="address" size="40"> <button>Show</button></form>
${items || '<p>No mail yet.</p>'}`
}
