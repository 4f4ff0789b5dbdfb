import { FIRST_ANSWERS_ELEMENT_ID, firstAnswersJson, type FirstAnswer } from '@consultorio/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The page's HTML as the server writes it (apps/api/src/platform/first-answers.ts). */
function writeAnswers(answers: Record<string, FirstAnswer>): void {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = FIRST_ANSWERS_ELEMENT_ID;
  element.textContent = firstAnswersJson(new Map(Object.entries(answers)));
  document.body.append(element);
}

/** The module afresh: it reads the HTML once per page. */
async function freshModule() {
  vi.resetModules();
  return import('./first-answers');
}

const session = { status: 200, body: JSON.stringify({ status: 200, data: { user: { firstName: '</script>Ana' } } }) };

beforeEach(() => document.getElementById(FIRST_ANSWERS_ELEMENT_ID)?.remove());
afterEach(() => vi.restoreAllMocks());

describe("the page's first answers", () => {
  it('answers a GET of exactly its URL once, with its status and body, and removes the element', async () => {
    writeAnswers({ '/v1/users/me': session, '/v1/portal/appointments': { status: 403, body: '{"code":"PORTAL_CONSENT_REQUIRED"}' } });
    const { takeFirstAnswer } = await freshModule();
    const answer = takeFirstAnswer('GET', '/v1/users/me')!;
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('application/json');
    expect(await answer.json()).toEqual(JSON.parse(session.body));
    expect(document.getElementById(FIRST_ANSWERS_ELEMENT_ID)).toBeNull();
    expect(document.body.innerHTML).not.toContain('</script>Ana');
    expect(takeFirstAnswer('GET', '/v1/users/me')).toBeUndefined();
    expect(takeFirstAnswer('GET', '/v1/portal/appointments?x=1')).toBeUndefined();
    expect(takeFirstAnswer('GET', '/v1/portal/appointments')!.status).toBe(403);
  });

  it('drops every answer at the first call that changes something', async () => {
    writeAnswers({ '/v1/users/me': session, '/v1/users/me/stats': session });
    const { takeFirstAnswer } = await freshModule();
    expect(takeFirstAnswer('POST', '/v1/users/users-sessions')).toBeUndefined();
    expect(takeFirstAnswer('GET', '/v1/users/me')).toBeUndefined();
    expect(takeFirstAnswer('GET', '/v1/users/me/stats')).toBeUndefined();
  });

  it('drops them once the first load is over', async () => {
    writeAnswers({ '/v1/users/me': session });
    const { takeFirstAnswer, FIRST_ANSWERS_TTL_MS } = await freshModule();
    vi.spyOn(performance, 'now').mockReturnValue(FIRST_ANSWERS_TTL_MS + 1);
    expect(takeFirstAnswer('GET', '/v1/users/me')).toBeUndefined();
  });

  it('leaves the calls to the server without answers, or with a damaged block', async () => {
    expect((await freshModule()).takeFirstAnswer('GET', '/v1/users/me')).toBeUndefined();
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = FIRST_ANSWERS_ELEMENT_ID;
    element.textContent = '{"/v1/users/me": {"status": "200"}, ';
    document.body.append(element);
    expect((await freshModule()).takeFirstAnswer('GET', '/v1/users/me')).toBeUndefined();
  });
});
