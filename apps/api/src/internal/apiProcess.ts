// One API process as a deployment runs several: startApi with the options given as JSON in argv[2],
// then `listening on URL` on stdout. For the multi-process test and the scale bench, which start it as a
// child with an IPC channel: it answers the message 'status' with { pid, status } (the indexer's), and
// stops cleanly on SIGTERM or SIGINT.
//   node --import tsx apps/api/src/internal/apiProcess.ts '{"configPath":"…","databaseUrl":"…","dbSchema":"…"}'
import { startApi } from '../startApi.js'

export type StatusMessage = { pid: number; status: ReturnType<startApi.ReturnType['indexer']['status']> }

const options = JSON.parse(process.argv[2] ?? '{}') as startApi.Options
const api = await startApi({ port: 0, ...options })
console.log(`listening on ${api.url}`)

process.on('message', (message) => {
  if (message === 'status') {
    const answer: StatusMessage = { pid: process.pid, status: api.indexer.status() }
    process.send?.(answer)
  }
})
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    // The IPC channel would keep the process alive after the server closed.
    void api.stop().then(() => process.exit(0))
  })
}
