// The stand-in for a wallet registry's image service and a token icon host: GET /wallets/<id>.svg and
// GET /tokens/<symbol>.svg. The API reads these as it would the real ones.
import { createServer, type Server } from 'node:http'
import { listenLocal } from '../internal/listenLocal.js'
import { svg, tokenMarks, walletMarks } from './artwork.js'

export type ImagesServer = {
  url: string
  stop(): Promise<void>
}

export async function start(): Promise<ImagesServer> {
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname
    const wallet = /^\/wallets\/([a-z0-9-]+)\.svg$/.exec(path)?.[1]
    const token = /^\/tokens\/([A-Z0-9]+)\.svg$/.exec(path)?.[1]
    const wantedWallet = wallet === undefined ? undefined : walletMarks[wallet]
    const wantedToken = token === undefined ? undefined : tokenMarks[token]
    if (request.method === 'GET' && wantedWallet) {
      response.writeHead(200, { 'content-type': 'image/svg+xml' }).end(svg(wantedWallet))
      return
    }
    if (request.method === 'GET' && wantedToken) {
      response.writeHead(200, { 'content-type': 'image/svg+xml' }).end(svg(wantedToken, true))
      return
    }
    response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}')
  })
  return listenLocal(server)
}
