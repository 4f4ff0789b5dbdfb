import { messages } from '@consultorio/shared';
import { expect, test } from '@playwright/test';
import { registerConfirmedProfessional } from './support/professional';
import { signIn } from './support/session';

test('a confirmation link without a token is reported and not sent to the API', async ({ page }) => {
  const confirmCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/v1/users/registrations/confirm')) confirmCalls.push(request.url());
  });

  await page.goto('/confirm-user-registration');
  await expect(page.getByRole('main').getByText(messages.confirmation.invalidLink)).toBeVisible();
  await expect(page.getByRole('link', { name: messages.confirmation.goNow })).toBeVisible();
  expect(confirmCalls).toEqual([]);
});

test('a page whose files do not come says so in Portuguese on a phone, and trying again opens it', async ({ page }) => {
  const failure = messages.app.loadFailure;
  await page.setViewportSize({ width: 390, height: 844 });
  // The page's own chunk, then the router's (main.tsx): as after a lost connection, or a new
  // version published while the page was open, whose files replaced the old ones.
  for (const chunk of [/\/assets\/register-page-[^/]+\.js$/, /\/assets\/app-[^/]+\.js$/]) {
    await page.route(chunk, (route) => route.abort());
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: failure.title })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(failure.text);
    await page.unroute(chunk);
    await page.getByRole('button', { name: failure.retry }).click();
    await expect(page.getByRole('heading', { name: messages.register.title })).toBeVisible();
  }
});

test("the portal opened without its session asks for the patient's e-mail, not the professional's login", async ({ page }) => {
  await page.goto('/portal');
  await expect(page.getByRole('heading', { name: messages.portal.title, level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: messages.portal.email })).toBeVisible();
  await expect(page).toHaveURL(/\/portal$/);
  // Its 401 is the page's own to show: no "session expired" toast.
  await expect(page.getByText(messages.errors.unauthorized)).toHaveCount(0);
});

test('a protected page visited while signed out lands on the login page', async ({ page }) => {
  await page.goto('/user');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: messages.login.title })).toBeVisible();
});

test('the login page of a first visit logs no error and breaks no content security rule, and is not indexed', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });

  const response = await page.goto('/');
  expect(response?.headers()['x-robots-tag']).toContain('noindex');
  await expect(page.getByRole('heading', { name: messages.login.title })).toBeVisible();
  // Typing runs the form's schemas, where a compiled parser would call Function('').
  await page.getByRole('button', { name: messages.login.submit, exact: true }).click();
  await expect(page.getByText(messages.credentials.usernameRequired)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);

  const robots = await page.request.get('/robots.txt');
  expect(robots.headers()['content-type']).toContain('text/plain');
  expect(await robots.text()).toContain('Disallow: /');
});

test("the login page shown on its own (a first visit) opens the registration through its link, and the router's login page signs in", async ({ page }) => {
  const professional = await registerConfirmedProfessional(page, 'Entrada');
  await page.goto('/');
  await page.getByRole('link', { name: messages.login.registerLink }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { name: messages.register.title })).toBeVisible();
  // Back on the login page, now inside the router.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await signIn(page, professional.username, professional.password);
});
