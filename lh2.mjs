import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
const result = await lighthouse(process.argv[2], { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'] });
const { categories, audits } = result.lhr;
console.log('perf', categories.performance.score, 'a11y', categories.accessibility.score, 'bp', categories['best-practices'].score, 'TBT', audits['total-blocking-time'].numericValue, 'LCP', audits['largest-contentful-paint'].numericValue);
for (const ref of [...categories.accessibility.auditRefs, ...categories['best-practices'].auditRefs]) { const a = audits[ref.id]; if (a.score !== null && a.score < 1) console.log('FAIL', ref.id, a.title, JSON.stringify(a.details?.items?.slice(0, 2))?.slice(0, 400)); }
const lt = audits['long-tasks']?.details?.items ?? []; console.log('long tasks', lt.slice(0, 8).map((t) => `${t.url?.slice(-40)} ${Math.round(t.duration)}ms`));
await chrome.kill();
