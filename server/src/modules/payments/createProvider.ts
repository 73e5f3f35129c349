// One place that turns the payments configuration into a provider, for the API (app.ts) and the operator's
// commands (admin.ts): the local stand-in in development, Stripe when its keys are set, none otherwise.
import type { PaymentsConfig } from '../../config';
import { LocalPaymentProvider } from './localProvider';
import type { PaymentProvider } from './provider';
import { StripePaymentProvider } from './stripeProvider';

export function createPaymentProvider(config: PaymentsConfig | null | undefined, doFetch?: typeof fetch): PaymentProvider | null {
  if (!config) return null;
  if (config.provider === 'stripe') return new StripePaymentProvider({ secretKey: config.secretKey, webhookSecret: config.webhookSecret, fetch: doFetch });
  if (!config.standInUrl) return null;
  return new LocalPaymentProvider({ baseUrl: config.standInUrl, secretKey: config.secretKey, webhookSecret: config.webhookSecret, fetch: doFetch });
}
