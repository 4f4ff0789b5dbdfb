/**
 * The answers the server writes into a page's HTML for the calls that page makes first (issue 34:
 * apps/api/src/platform/first-answers.ts writes them, apps/web/src/lib/first-answers.ts reads them).
 */
export interface FirstAnswer {
  status: number;
  body: string;
}

/** The id of the JSON data block that carries them. */
export const FIRST_ANSWERS_ELEMENT_ID = 'first-answers';

/** The block's text: the answers by URL, every '<' escaped so that no answer can end the element. */
export function firstAnswersJson(answers: ReadonlyMap<string, FirstAnswer>): string {
  return JSON.stringify(Object.fromEntries(answers)).replace(/</g, '\\u003c');
}
