// Stands in for the third-party scheduling service in the end-to-end tests: a server on
// another origin whose script adds a booking link where the page loads it, as the real
// service's embed does. Nothing here is part of the site.
import { createServer } from 'node:http'

// PORT=0 (the test runner's way) takes a free port; the script names it once it is known.
const bookingScript = (origin) => `(() => {
  const here = document.currentScript
  const link = document.createElement('a')
  link.href = '${origin}/sample-token/book'
  link.textContent = 'Book with our scheduler'
  link.dataset.schedulingButton = ''
  here.parentNode.insertBefore(link, here)
})()`

const server = createServer((request, response) => {
  if (request.url === '/sample-token/booking-button.js') {
    response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' })
    response.end(bookingScript(`http://localhost:${server.address().port}`))
  } else if (request.url === '/health') {
    response.end('ok')
  } else {
    response.writeHead(404).end()
  }
}).listen(Number(process.env.PORT ?? 0))
