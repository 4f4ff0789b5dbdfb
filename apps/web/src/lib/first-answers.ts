/**
 * The answers the server wrote into the page's HTML for the calls the page makes first (issue 34:
 * on a phone each call after the JavaScript has loaded is a round trip more before anything is
 * drawn; apps/api/src/platform/first-answers.ts). Each is taken once, by a GET of exactly its
 * URL, during the first load only; a call that changes something (a login, a save) drops them all.
 */
import { FIRST_ANSWERS_ELEMENT_ID, type FirstAnswer } from '@consultorio/shared';

/** After this long the page has loaded: what the HTML carried is no longer fresh. */
export const FIRST_ANSWERS_TTL_MS = 15_000;

let answers: Map<string, FirstAnswer> | undefined;

function isFirstAnswer(value: unknown): value is FirstAnswer {
  const candidate = value as Partial<FirstAnswer> | null;
  return typeof candidate?.status === 'number' && typeof candidate.body === 'string';
}

/** The answers of the page's HTML, read once; the element is removed (nothing reads it twice). */
function loadedAnswers(): Map<string, FirstAnswer> {
  if (answers) return answers;
  answers = new Map();
  const element = typeof document === 'undefined' ? null : document.getElementById(FIRST_ANSWERS_ELEMENT_ID);
  if (!element) return answers;
  element.remove();
  try {
    const parsed: unknown = JSON.parse(element.textContent || '{}');
    for (const [url, answer] of Object.entries(parsed as Record<string, unknown>)) {
      if (isFirstAnswer(answer)) answers.set(url, answer);
    }
  } catch {
    // A damaged block: the page asks the server itself.
  }
  return answers;
}

/** The HTML's answer to this call, as a Response, once; undefined when the page must ask the server. */
export function takeFirstAnswer(method: string, url: string): Response | undefined {
  const loaded = loadedAnswers();
  if (loaded.size === 0) return undefined;
  if (method !== 'GET' || performance.now() > FIRST_ANSWERS_TTL_MS) {
    loaded.clear();
    return undefined;
  }
  const answer = loaded.get(url);
  if (!answer) return undefined;
  loaded.delete(url);
  return new Response(answer.body, { status: answer.status, headers: { 'content-type': 'application/json; charset=utf-8' } });
}
