// `npm run admin` beside `npm start` reaches the payment provider `npm start` gives the API (scripts/lib/suite.mjs,
// adminEnv). Run by `npm test`; starts nothing.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { root } from '../lib/apps.mjs';
import { LOCAL_PAYMENTS, adminEnv, apiEnv, resolveSuiteConfig } from '../lib/suite.mjs';

const PAYMENT_KEYS = ['PAYMENTS_STAND_IN_URL', 'PAYMENTS_SECRET_KEY', 'PAYMENTS_WEBHOOK_SECRET', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'];
const payments = (env) => Object.fromEntries(PAYMENT_KEYS.filter((key) => env[key] !== undefined).map((key) => [key, env[key]]));

/** The environment each process ends up with: the suite's API (as startSuite spawns it) and the admin command. */
const startsApiWith = (env) => ({ ...env, ...apiEnv(resolveSuiteConfig(env), env) });
const runsAdminWith = (env) => ({ ...env, ...adminEnv(env) });

test('beside a default npm start, admin gets the local stand-in the API gets, and the same data folder', () => {
  const env = {};
  assert.deepEqual(payments(runsAdminWith(env)), {
    PAYMENTS_STAND_IN_URL: 'http://localhost:3003',
    PAYMENTS_SECRET_KEY: LOCAL_PAYMENTS.secretKey,
    PAYMENTS_WEBHOOK_SECRET: LOCAL_PAYMENTS.webhookSecret,
  });
  assert.deepEqual(payments(runsAdminWith(env)), payments(startsApiWith(env)));
  assert.equal(runsAdminWith(env).DATA_DIR, path.join(root, 'data'));
});

test('whatever moves the stand-in or the data for npm start moves it for admin too', () => {
  for (const env of [
    { API_PORT: '4100' },
    { PAYMENTS_PORT: '4999' },
    { API_PORT: '4100', PAYMENTS_PORT: '3003', PUBLIC_HOST: '127.0.0.1' },
    { DATA_DIR: '/tmp/sciexperts-elsewhere' },
  ]) {
    const admin = runsAdminWith(env);
    assert.deepEqual(payments(admin), payments(startsApiWith(env)), JSON.stringify(env));
    assert.equal(admin.DATA_DIR, startsApiWith(env).DATA_DIR, JSON.stringify(env));
  }
  assert.equal(runsAdminWith({ API_PORT: '4100' }).PAYMENTS_STAND_IN_URL, 'http://localhost:4103');
  assert.equal(runsAdminWith({ PAYMENTS_PORT: '4999' }).PAYMENTS_STAND_IN_URL, 'http://localhost:4999');
});

test('with Stripe configured or the stand-ins off, admin adds no stand-in, as npm start gives the API none', () => {
  const stripe = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
  assert.deepEqual(payments(runsAdminWith(stripe)), stripe);
  assert.deepEqual(payments(runsAdminWith(stripe)), payments(startsApiWith(stripe)));
  assert.deepEqual(payments(runsAdminWith({ DEV_STAND_INS: 'false' })), {});
  assert.deepEqual(payments(startsApiWith({ DEV_STAND_INS: 'false' })), {});
});

test('a deployment runs admin with its own environment: nothing is added, not even its data folder', () => {
  for (const env of [{ NODE_ENV: 'production' }, { SCIEXPERTS_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }]) {
    assert.deepEqual(adminEnv(env), {});
  }
});

test('an environment npm start refuses, admin refuses with the same message', () => {
  const env = { PAYMENTS_PORT: '3000' };
  assert.throws(() => resolveSuiteConfig(env), /payments stand-in and server are both set to port 3000/);
  assert.throws(() => adminEnv(env), /payments stand-in and server are both set to port 3000/);
});
