/** The zone most professionals work in; any zone loads the same time-zone data. */
const WARM_UP_TIME_ZONE = 'America/Sao_Paulo';

function formatOnce(): void {
  new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: WARM_UP_TIME_ZONE }).format(0);
  new Intl.NumberFormat('pt-BR').format(0);
}

/**
 * The browser's first Intl formatter of a page loads the locale's data and the time-zone data:
 * 100-200 ms of a phone's main thread (issue 34: the patients list's count, a form's first date,
 * each inside the render that first showed one). Done while the app waits for its chunks and
 * data instead, when the main thread is idle, so that no render pays for it.
 */
export function warmUpIntlWhenIdle(): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(formatOnce);
  else setTimeout(formatOnce, 0);
}
