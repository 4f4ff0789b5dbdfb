import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type BrowserContextOptions, type Locator, type Page } from '@playwright/test';

/**
 * axe's default rules (WCAG 2.x A and AA, which the specification asks for, and axe's best
 * practices), plus label in name (WCAG 2.5.3: a control's accessible name contains its visible
 * text), which axe ships as experimental and so leaves off unless asked.
 */
const RULES_ENABLED_BEYOND_DEFAULTS = { 'label-content-name-mismatch': { enabled: true } };
const FAILING_IMPACTS = new Set(['serious', 'critical']);
const AXE_CORE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
/**
 * What AxeBuilder injects before each analysis: nothing, because every page of an audited
 * context already has axe-core (injecting its 550 KB twice per analysis took most of the time).
 */
const AXE_ALREADY_LOADED = "if (!window.axe) throw new Error('axe-core is loaded by auditedPage()')";

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/**
 * A page whose documents all carry axe-core from their first script on, with the system's
 * reduced motion (the theme then skips transitions, so nothing is measured half-faded).
 */
export async function auditedPage(browser: Browser, options: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext({ reducedMotion: 'reduce', ...options });
  await context.addInitScript({ path: AXE_CORE_PATH });
  return context.newPage();
}

/**
 * Opens `url` through the app's router when the app is already loaded (as a click on a link
 * would, without reloading its JavaScript), else loads it.
 */
export async function visit(page: Page, url: string): Promise<void> {
  if (!page.url().startsWith('http')) {
    await page.goto(url);
    return;
  }
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

/**
 * axe's serious and critical findings in `selector` of a page opened without auditedPage() (axe-core
 * is injected for the call), one line each: the rule and the elements.
 */
export async function seriousViolations(page: Page, selector = 'main'): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include(selector).options({ rules: RULES_ENABLED_BEYOND_DEFAULTS }).analyze();
  return violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** Waits for the screen's own content and for its data (no loader left). */
export async function ready(page: Page, content: Locator): Promise<void> {
  await expect(content).toBeVisible();
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
}

export function dialog(page: Page, name: string | RegExp): Locator {
  return page.getByRole('dialog', { name });
}

/** Closes the topmost dialog with Escape, as a keyboard user would. */
export async function closeWithEscape(page: Page, dialog: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/**
 * Waits until the page's finite animations have ended, so that axe measures colours at full
 * opacity. Endless ones (loaders) are left alone.
 */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/**
 * Walks screens with axe-core and collects, rather than stops at, what fails: every serious or
 * critical violation of the rules above, and at phone width any screen wider than the viewport.
 * `assertClean` fails the test with the whole list, screen by screen.
 */
export class AccessibilityAudit {
  private readonly problems: string[] = [];

  constructor(private readonly page: Page) {}

  /** Checks the screen as it is now; `scope` limits axe to an open dialog (the page behind was checked on its own). */
  async check(screen: string, scope?: Locator): Promise<void> {
    await test.step(`axe: ${screen}`, async () => {
      await settle(this.page);
      const violations = await this.analyze(scope);
      for (const violation of violations.filter((found) => FAILING_IMPACTS.has(found.impact ?? ''))) {
        const nodes = violation.nodes.map((node) => {
          const reasons = (node.failureSummary ?? '').split('\n').slice(1).map((line) => line.trim()).filter(Boolean);
          return `      ${node.target.join(' ')}\n        ${reasons.join('; ')}`;
        });
        this.problems.push(`${screen} — [${violation.impact}] ${violation.id}: ${violation.help}\n${nodes.join('\n')}`);
      }
      await this.checkWidth(screen);
    });
  }

  /** Waits for the dialog named `name` (and for `content` in it, when given), checks it and answers it. */
  async checkDialog(name: string | RegExp, screen: string, content?: (dialog: Locator) => Locator): Promise<Locator> {
    const shown = dialog(this.page, name);
    await ready(this.page, content ? content(shown) : shown);
    await this.check(screen, shown);
    return shown;
  }

  /**
   * Legacy mode runs axe in the page itself: the default opens a blank page to merge the
   * frames' results at every call, which took most of the time (the app has no iframes).
   */
  private async analyze(scope?: Locator) {
    // One options object: AxeBuilder's `options()` replaces whatever `withTags()` or `disableRules()` set before it.
    const builder = new AxeBuilder({ page: this.page, axeSource: AXE_ALREADY_LOADED })
      .setLegacyMode()
      .options({ resultTypes: ['violations'], rules: RULES_ENABLED_BEYOND_DEFAULTS });
    if (!scope) return (await builder.analyze()).violations;
    await scope.evaluate((element) => element.setAttribute('data-axe-scope', ''));
    try {
      return (await builder.include('[data-axe-scope]').analyze()).violations;
    } finally {
      await scope.evaluate((element) => element.removeAttribute('data-axe-scope'));
    }
  }

  /** At phone width nothing may make the page scroll sideways. */
  private async checkWidth(screen: string): Promise<void> {
    const viewport = this.page.viewportSize();
    if (!viewport || viewport.width > PHONE.width) return;
    const scrollWidth = await this.page.evaluate(() => document.documentElement.scrollWidth);
    if (scrollWidth > viewport.width) {
      const widest = await this.page.evaluate((limit) => {
        const offenders = [...document.querySelectorAll<HTMLElement>('body *')].filter((element) => element.getBoundingClientRect().right > limit + 1);
        return offenders.slice(-3).map((element) => [element.tagName.toLowerCase(), ...element.classList].join('.'));
      }, viewport.width);
      this.problems.push(`${screen} — ${scrollWidth} px wide at ${viewport.width} px (widest: ${widest.join(', ')})`);
    }
  }

  assertClean(): void {
    expect(this.problems.length, `accessibility problems:\n\n${this.problems.join('\n\n')}\n`).toBe(0);
  }
}
