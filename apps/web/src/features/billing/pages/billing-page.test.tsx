import { messages, type PlanList, type SubscriptionData } from '@consultorio/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { BillingPage } from './billing-page';

const trial: SubscriptionData = {
  userSubscription: { dueDate: '2099-03-01', cancellationDate: null, isTrial: true, priceCents: 4990, coupon: null, paidOnline: false },
  plan: {
    id: '3f0c2a8e-1b7d-4c59-9e2a-5d6f7a8b9c0d',
    name: 'Essencial',
    description: 'Para começar',
    period: 'monthly',
    patientsLimit: 50,
    priceCents: 4990,
  },
  patientsUsed: 3,
};

const upgraded: SubscriptionData = {
  userSubscription: { dueDate: '2099-04-01', cancellationDate: null, isTrial: false, priceCents: 0, coupon: null, paidOnline: false },
  plan: { ...trial.plan!, name: 'Profissional', patientsLimit: 200 },
  patientsUsed: 3,
};

const plans: PlanList = {
  plans: [
    trial.plan!,
    { id: '4f0c2a8e-1b7d-4c59-9e2a-5d6f7a8b9c0d', name: 'Profissional', description: 'Agenda cheia', period: 'monthly', patientsLimit: 300, priceCents: 9990 },
    { id: '5f0c2a8e-1b7d-4c59-9e2a-5d6f7a8b9c0d', name: 'Clínica anual', description: '', period: 'annual', patientsLimit: 2000, priceCents: 99900 },
  ],
  currentPlanId: trial.plan!.id,
  checkoutAvailable: false,
  billingEmail: 'financeiro@example.com',
};

/** The subscription on its route, the plans on theirs. */
const answerGet = (url: string, subscription: SubscriptionData, list: PlanList = plans) =>
  url.includes('/subscriptions/plans') ? { status: 200, data: list } : { status: 200, data: subscription };

/** 'Sua assinatura' (plan names also show in the plans list). */
const card = async () => within(await screen.findByRole('region', { name: messages.billing.subscription }));

const couponInput = () => screen.getByRole<HTMLInputElement>('textbox', { name: messages.billing.coupon });
const applyButton = () => screen.getByRole('button', { name: messages.billing.applyCoupon });
const normalize = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

describe('BillingPage', () => {
  it('shows the plan, price, due date, usage and status', async () => {
    mockApi((call) => answerGet(call.url, trial));
    renderWithProviders(<BillingPage />);
    expect(await (await card()).findByText('Essencial')).toBeDefined();
    expect(screen.getByText(messages.billing.statuses.trial)).toBeDefined();
    expect(screen.getByText(messages.billing.periods.monthly)).toBeDefined();
    expect(screen.getByText((_, element) => element?.tagName === 'P' && normalize(element.textContent) === 'R$ 49,90 / mês')).toBeDefined();
    expect(screen.getByText('01/03/2099')).toBeDefined();
    expect(screen.getByText(messages.billing.patientsUsage(3, 50))).toBeDefined();
  });

  it('says so when there is no subscription', async () => {
    mockApi((call) => answerGet(call.url, { userSubscription: null, plan: null, patientsUsed: 0 }, { ...plans, currentPlanId: null }));
    renderWithProviders(<BillingPage />);
    expect(await screen.findByText(messages.billing.noSubscription)).toBeDefined();
    expect(screen.getByText(messages.billing.statuses.none)).toBeDefined();
  });

  it('refuses a blank coupon without calling the server', async () => {
    const calls = mockApi((call) => answerGet(call.url, trial));
    renderWithProviders(<BillingPage />);
    await (await card()).findByText('Essencial');
    fireEvent.change(couponInput(), { target: { value: '   ' } });
    fireEvent.click(applyButton());
    expect(await screen.findByText(messages.validation.couponRequired)).toBeDefined();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('keeps the code after a refusal and clears it after a success, updating the plan', async () => {
    let accept = false;
    const calls = mockApi((call) => {
      if (call.method === 'GET') return answerGet(call.url, trial);
      return accept
        ? { status: 200, data: upgraded, message: messages.billing.couponApplied }
        : { status: 400, message: messages.errors.couponInvalid };
    });
    renderWithProviders(<BillingPage />);
    await (await card()).findByText('Essencial');

    fireEvent.change(couponInput(), { target: { value: 'NAOEXISTE' } });
    fireEvent.click(applyButton());
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    await waitFor(() => expect(applyButton()).toHaveProperty('disabled', false));
    expect(couponInput().value).toBe('NAOEXISTE');

    accept = true;
    fireEvent.change(couponInput(), { target: { value: ' bemvindo30 ' } });
    fireEvent.click(applyButton());
    expect(await (await card()).findByText('Profissional')).toBeDefined();
    expect(screen.getByText(messages.billing.statuses.active)).toBeDefined();
    await waitFor(() => expect(couponInput().value).toBe(''));
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts[1]?.url).toContain('/v1/users/me/subscriptions/coupon');
    expect(posts[1]?.body).toEqual({ couponCode: 'bemvindo30' });
  });

  it('lists the plans with the current one, and without online checkout points each button to the billing contact', async () => {
    mockApi((call) => answerGet(call.url, trial));
    renderWithProviders(<BillingPage />);
    const current = await screen.findByRole('region', { name: 'Essencial' });
    expect(current.textContent).toContain(messages.billing.currentPlan);
    expect(screen.getByText(messages.billing.contactBilling('financeiro@example.com'))).toBeDefined();
    const change = screen.getByRole('link', { name: messages.billing.changePlanLabel('Profissional') });
    expect(change.getAttribute('href')).toBe(`mailto:financeiro@example.com?subject=${encodeURIComponent('Faturamento: Profissional')}`);
    expect(normalize(screen.getByRole('region', { name: 'Clínica anual' }).textContent)).toContain('R$ 999,00/ano');
  });

  it('says what a coupon of free days really does: no charge until the due date, then the price', async () => {
    const withCoupon: SubscriptionData = {
      ...upgraded,
      userSubscription: { ...upgraded.userSubscription!, priceCents: 9990, coupon: { code: 'BEMVINDO30', days: 30, percentOff: null } },
      plan: { ...upgraded.plan!, priceCents: 9990 },
    };
    mockApi((call) => answerGet(call.url, withCoupon));
    renderWithProviders(<BillingPage />);
    expect(await screen.findByText(messages.billing.couponDays('BEMVINDO30', 30, 'Profissional', '01/04/2099'))).toBeDefined();
    expect(screen.getByText((_, element) => element?.tagName === 'P' && normalize(element.textContent) === normalize(messages.billing.couponAfter('R$ 99,90 / mês')))).toBeDefined();
  });
});
