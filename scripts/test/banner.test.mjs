// The start banner tells a new developer where the operators' side is (issue 47): the console at /admin, how an
// operator account is made, and the dispute command. Run by `npm test`; starts nothing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { suiteBanner } from '../lib/banner.mjs';
import { resolveSuiteConfig } from '../lib/suite.mjs';

test("names the operators' console, create-operator and resolve", () => {
  const config = resolveSuiteConfig({});
  const banner = suiteBanner(config);
  const lines = banner.split('\n');
  const from = lines.findIndex((l) => l.trimStart().startsWith('operators'));
  assert.ok(from > 0, banner);
  const operators = lines.slice(from, from + 4).join('\n');
  assert.match(operators, new RegExp(`${config.siteOrigin}/admin\\b`));
  assert.match(operators, /npm run admin -- create-operator <email> operator\|finance\|support/);
  assert.match(operators, /npm run admin -- resolve <milestoneId> release\|refund/);
});
