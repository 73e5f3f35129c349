// Lighthouse 12.8 (mobile preset) against Debian chromium, when lighthouse is installed.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

function available() {
  try {
    require.resolve('lighthouse');
    require.resolve('chrome-launcher');
    return true;
  } catch {
    return false;
  }
}

async function audit(lighthouse, chromeLauncher, chromiumPath, url) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'] });
    const { categories, audits } = result.lhr;
    return {
      performance: Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
      bestPractices: Math.round(categories['best-practices'].score * 100),
      lcp: audits['largest-contentful-paint'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
    };
  } finally {
    await chrome.kill();
  }
}

export async function runLighthouse({ chromiumPath, pages, onProgress = () => undefined }) {
  if (!available()) return [{ group: 'lighthouse', metric: 'all pages', value: 'not measured: lighthouse is not installed', unit: '' }];
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const rows = [];
  for (const [index, page] of pages.entries()) {
    onProgress(`Lighthouse ${index + 1}/${pages.length}: ${page.label}${page.single ? ' (federated, then single bundle)' : ''}…`);
    const federated = await audit(lighthouse, chromeLauncher, chromiumPath, page.federated);
    const label = page.label;
    rows.push({ group: 'lighthouse', metric: `${label} performance`, value: federated.performance, unit: '', goal: '≥ 95', met: federated.performance >= 95 });
    rows.push({ group: 'lighthouse', metric: `${label} accessibility`, value: federated.accessibility, unit: '', goal: '100', met: federated.accessibility === 100 });
    rows.push({ group: 'lighthouse', metric: `${label} best practices`, value: federated.bestPractices, unit: '' });
    rows.push({ group: 'lighthouse', metric: `${label} LCP`, value: Math.round(federated.lcp), unit: 'ms', goal: '< 1800 ms', met: federated.lcp < 1800 });
    rows.push({ group: 'lighthouse', metric: `${label} TBT`, value: Math.round(federated.tbt), unit: 'ms', goal: '< 150 ms', met: federated.tbt < 150 });
    rows.push({ group: 'lighthouse', metric: `${label} CLS`, value: federated.cls.toFixed(3), unit: '', goal: '< 0.02', met: federated.cls < 0.02 });
    // The single-bundle build has the same pages for the marketing screens only.
    if (!page.single) continue;
    const single = await audit(lighthouse, chromeLauncher, chromiumPath, page.single);
    rows.push({ group: 'composition', metric: `${label} LCP federated / single`, value: (federated.lcp / single.lcp).toFixed(2), unit: '×' });
    rows.push({ group: 'composition', metric: `${label} TBT federated / single`, value: single.tbt > 0 ? (federated.tbt / single.tbt).toFixed(2) : `${Math.round(federated.tbt)} ms vs 0 ms`, unit: single.tbt > 0 ? '×' : '' });
  }
  return rows;
}
