import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { apiServer } from '../../testing/api-server';
import StripeCardForm from './stripe-card-form';
import { pkg, purchase } from './purchase-test-data';

// Stripe is the outside world (docs/architecture/tests.md#tests): Stripe.js is a script from
// Stripe's servers, which jsdom cannot load, so it and its Elements are replaced by a card that
// is always accepted. Nothing of ours is replaced; the server is the fake API (testing/api-server.ts), answering as it would.
const stripe = { confirmCardPayment: vi.fn(async () => ({ paymentIntent: { status: 'succeeded' } })) };
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: async () => stripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: React.ReactNode }) => children,
  CardElement: () => <div data-testid="card-element" />,
  useStripe: () => stripe,
  useElements: () => ({ getElement: () => ({}) }),
}));

afterEach(() => {
  cleanup();
});


describe('StripeCardForm', () => {
  it('asks for one payment intent when Öde is pressed twice in one task', async () => {
    const posts: string[] = [];
    apiServer.use(
      http.post('/api/purchase/create-payment-intent', () => {
        posts.push('/api/purchase/create-payment-intent');
        return HttpResponse.json({ completed: false, paymentIntentId: 'pi_1', clientSecret: 'pi_1_secret' });
      }),
      http.post('/api/purchase/complete-payment', () => {
        posts.push('/api/purchase/complete-payment');
        return HttpResponse.json({ message: 'ok', purchase });
      }),
    );
    const onPaid = vi.fn();
    const qc = new QueryClient();
    render(<QueryClientProvider client={qc}><StripeCardForm pkg={pkg} publishableKey="pk_test_1" onPaid={onPaid} /></QueryClientProvider>);
    const pay = screen.getByRole('button', { name: '₺499,00 Öde' });
    act(() => {
      pay.click();
      pay.click();
    });
    await waitFor(() => expect(onPaid).toHaveBeenCalled());
    expect(posts).toEqual(['/api/purchase/create-payment-intent', '/api/purchase/complete-payment']);
    expect(stripe.confirmCardPayment).toHaveBeenCalledTimes(1);
  });
});
