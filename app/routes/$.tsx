// The catch-all: any URL no other route claims answers 404, rendered by the
// root ErrorBoundary inside the normal header and footer.
export function loader() {
  throw new Response('Not Found', { status: 404 })
}

export function action() {
  throw new Response('Not Found', { status: 404 })
}

export default function NotFoundRoute() {
  return null
}
