import { messages, type SubscriptionData } from '@consultorio/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { BillingPage } from './billing-page';

const trial: SubscriptionData = {
  userSubscription: { dueDate: '2099-03-01', cancellationDate: null, isTrial: true, priceCents: 4990 },
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
  userSubscription: { dueDate: '2099-04-01', cancellationDate: null, isTrial: false, priceCents: 0 },
  plan: { ...trial.plan!, name: 'Profissional', patientsLimit: 200 },
  patientsUsed: 3,
};

const couponInput = () => screen.getByRole<HTMLInputElement>('textbox', { name: messages.billing.coupon });
const applyButton = () => screen.getByRole('button', { name: messages.billing.applyCoupon });
const normalize = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

describe('BillingPage', () => {
  it('shows the plan, price, due date, usage and status', async () => {
    mockApi(() => ({ status: 200, data: trial }));
    renderWithProviders(<BillingPage />);
    expect(await screen.findByText('Essencial')).toBeDefined();
    expect(screen.getByText(messages.billing.statuses.trial)).toBeDefined();
    expect(screen.getByText(messages.billing.periods.monthly)).toBeDefined();
    expect(screen.getByText((_, element) => element?.tagName === 'P' && normalize(element.textContent) === 'R$ 49,90 / mês')).toBeDefined();
    expect(screen.getByText('01/03/2099')).toBeDefined();
    expect(screen.getByText(messages.billing.patientsUsage(3, 50))).toBeDefined();
  });

  it('says so when there is no subscription', async () => {
    mockApi(() => ({ status: 200, data: { userSubscription: null, plan: null, patientsUsed: 0 } }));
    renderWithProviders(<BillingPage />);
    expect(await screen.findByText(messages.billing.noSubscription)).toBeDefined();
    expect(screen.getByText(messages.billing.statuses.none)).toBeDefined();
  });

  it('refuses a blank coupon without calling the server', async () => {
    const calls = mockApi(() => ({ status: 200, data: trial }));
    renderWithProviders(<BillingPage />);
    await screen.findByText('Essencial');
    fireEvent.change(couponInput(), { target: { value: '   ' } });
    fireEvent.click(applyButton());
    expect(await screen.findByText(messages.validation.couponRequired)).toBeDefined();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('keeps the code after a refusal and clears it after a success, updating the plan', async () => {
    let accept = false;
    const calls = mockApi((call) => {
      if (call.method === 'GET') return { status: 200, data: trial };
      return accept
        ? { status: 200, data: upgraded, message: messages.billing.couponApplied }
        : { status: 400, message: messages.errors.couponInvalid };
    });
    renderWithProviders(<BillingPage />);
    await screen.findByText('Essencial');

    fireEvent.change(couponInput(), { target: { value: 'NAOEXISTE' } });
    fireEvent.click(applyButton());
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    await waitFor(() => expect(applyButton()).toHaveProperty('disabled', false));
    expect(couponInput().value).toBe('NAOEXISTE');

    accept = true;
    fireEvent.change(couponInput(), { target: { value: ' bemvindo30 ' } });
    fireEvent.click(applyButton());
    expect(await screen.findByText('Profissional')).toBeDefined();
    expect(screen.getByText(messages.billing.statuses.active)).toBeDefined();
    await waitFor(() => expect(couponInput().value).toBe(''));
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts[1]?.url).toContain('/v1/users/me/subscriptions/coupon');
    expect(posts[1]?.body).toEqual({ couponCode: 'bemvindo30' });
  });
});
