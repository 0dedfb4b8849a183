import { http } from 'msw'

interface FetchHandler {
  fetch(request: Request): Promise<Response>
}

/**
 * MSW handlers that hand every platform request on `origin` to the mock platform itself, so
 * tests run against the real contract implementation rather than canned answers.
 */
export function platformHandlers(platform: FetchHandler, origin: string) {
  const forward = ({ request }: { request: Request }) => platform.fetch(request)
  return [
    http.all(`${origin}/api/*`, forward),
    http.all(`${origin}/auth`, forward),
    http.all(`${origin}/auth/*`, forward),
    http.all(`${origin}/fixtures/*`, forward),
  ]
}
