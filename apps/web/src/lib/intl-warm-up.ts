/** The zone most professionals work in; any zone loads the same time-zone data. */
const WARM_UP_TIME_ZONE = 'America/Sao_Paulo';

/**
 * The browser's first Intl formatter of a page loads the locale's data and the time-zone data:
 * 100-200 ms of a phone's main thread (issue 34: the patients list's count, finance's currency
 * formatter built as its module loads, a record's first date, each inside a long task after the
 * first paint). Asked for by main.tsx as the app starts, in tasks of their own that run while the
 * app waits for its chunks and data, before the page's modules run; waiting for an idle moment
 * was too late once the page's files came beside the first load, and doing it inside the start-up
 * made one longer task of both.
 */
export function warmUpIntlSoon(): void {
  setTimeout(() => new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: WARM_UP_TIME_ZONE }).format(0), 0);
  setTimeout(() => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(0), 0);
}
