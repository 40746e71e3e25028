// The floor of the comparison in `npm run bench`: Node's own http server sending one
// HTML page held in memory, gzipped per request as remix-serve does, and nothing else.
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { gzip } from 'node:zlib'

const [htmlPath, port] = process.argv.slice(2)
const html = readFileSync(htmlPath)

createServer((request, response) => {
  if (!/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html)
    return
  }
  gzip(html, (error, body) => {
    if (error) response.writeHead(500).end()
    else response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Encoding': 'gzip' }).end(body)
  })
}).listen(Number(port), '127.0.0.1')

process.on('SIGTERM', () => process.exit(0))
