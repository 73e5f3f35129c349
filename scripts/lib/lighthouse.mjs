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
    const { categories, audits, runtimeError } = result.lhr;
    // A run that could not load the page (Lighthouse scores it 0) says nothing about the page's speed.
    if (runtimeError || categories.performance.score === null) return { failed: runtimeError?.message ?? 'no score' };
    // The accessibility audits that failed, by id, with the elements they name: a score under 100 says which.
    const accessibilityFailures = categories.accessibility.auditRefs
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
      .map((ref) => {
        const items = audits[ref.id].details?.items ?? [];
        const nodes = items.map((item) => item.node?.selector).filter(Boolean).slice(0, 3);
        return nodes.length > 0 ? `${ref.id} (${nodes.join(', ')})` : ref.id;
      });
    return {
      performance: Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
      accessibilityFailures,
      bestPractices: Math.round(categories['best-practices'].score * 100),
      lcp: audits['largest-contentful-paint'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
      benchmarkIndex: result.lhr.environment.benchmarkIndex,
    };
  } finally {
    await chrome.kill();
  }
}

/** Lighthouse's own advice for a score that varies from run to run: run it several times and take the median. */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

async function medianAudit(lighthouse, chromeLauncher, chromiumPath, url, onProgress) {
  const runs = [];
  // A failed run is run again, at most twice in all, and said so.
  for (let attempt = 0; runs.length < RUNS && attempt < RUNS + 2; attempt += 1) {
    const run = await audit(lighthouse, chromeLauncher, chromiumPath, url);
    if (run.failed) onProgress(`  a Lighthouse run of ${url} failed (${run.failed}); running it again`);
    else runs.push(run);
  }
  if (runs.length === 0) throw new Error(`Lighthouse could not measure ${url}`);
  // Each figure's own median (one run's LCP can jump while its score does not), with every run's value kept.
  const median = (key) => [...runs.map((run) => run[key])].sort((a, b) => a - b)[Math.floor(runs.length / 2)];
  const all = (key, format = (v) => v) => runs.map((run) => format(run[key]));
  return {
    performance: median('performance'),
    accessibility: Math.min(...all('accessibility')),
    accessibilityFailures: [...new Set(runs.flatMap((run) => run.accessibilityFailures))],
    bestPractices: median('bestPractices'),
    lcp: median('lcp'),
    tbt: median('tbt'),
    cls: median('cls'),
    runs: { performance: all('performance'), lcp: all('lcp', Math.round), tbt: all('tbt', Math.round) },
    benchmarkIndexes: all('benchmarkIndex'),
  };
}

/** '95 (runs: 87, 95, 96)' */
const withRuns = (value, runs) => (runs.length > 1 ? `${value} (runs: ${runs.join(', ')})` : `${value}`);

export async function runLighthouse({ chromiumPath, pages, onProgress = () => undefined }) {
  if (!available()) return [{ group: 'lighthouse', metric: 'all pages', value: 'not measured: lighthouse is not installed', unit: '' }];
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const rows = [];
  const benchmarkIndexes = [];
  for (const [index, page] of pages.entries()) {
    onProgress(`Lighthouse ${index + 1}/${pages.length}: ${page.label}, ${RUNS} runs${page.single ? ', then as many of the single bundle' : ''}…`);
    const federated = await medianAudit(lighthouse, chromeLauncher, chromiumPath, page.federated, onProgress);
    benchmarkIndexes.push(...federated.benchmarkIndexes);
    const label = page.label;
    rows.push({
      group: 'lighthouse',
      metric: `${label} performance (median)`,
      value: withRuns(federated.performance, federated.runs.performance),
      unit: '',
      goal: '100',
      met: federated.performance === 100,
    });
    // Accessibility: the worst run, since one failing run means a visitor can meet the failure.
    const failures = federated.accessibilityFailures.length > 0 ? ` (failed: ${federated.accessibilityFailures.join('; ')})` : '';
    rows.push({ group: 'lighthouse', metric: `${label} accessibility (lowest run)`, value: `${federated.accessibility}${failures}`, unit: '', goal: '100', met: federated.accessibility === 100 });
    rows.push({ group: 'lighthouse', metric: `${label} best practices`, value: federated.bestPractices, unit: '' });
    rows.push({ group: 'lighthouse', metric: `${label} LCP (median)`, value: withRuns(Math.round(federated.lcp), federated.runs.lcp), unit: 'ms', goal: '< 1800 ms', met: federated.lcp < 1800 });
    rows.push({ group: 'lighthouse', metric: `${label} TBT (median)`, value: withRuns(Math.round(federated.tbt), federated.runs.tbt), unit: 'ms', goal: '< 100 ms', met: federated.tbt < 100 });
    rows.push({ group: 'lighthouse', metric: `${label} CLS`, value: federated.cls.toFixed(3), unit: '', goal: '< 0.02', met: federated.cls < 0.02 });
    // The single-bundle build has the same pages for the marketing screens only.
    if (!page.single) continue;
    const single = await medianAudit(lighthouse, chromeLauncher, chromiumPath, page.single, onProgress);
    rows.push({ group: 'composition', metric: `${label} LCP federated / single`, value: (federated.lcp / single.lcp).toFixed(2), unit: '×' });
    rows.push({ group: 'composition', metric: `${label} TBT federated / single`, value: single.tbt > 0 ? `${(federated.tbt / single.tbt).toFixed(2)} × (single bundle: ${Math.round(single.tbt)} ms, performance ${single.performance})` : `${Math.round(federated.tbt)} ms vs 0 ms`, unit: '' });
  }
  // Lighthouse's phone is the host's CPU slowed down 4×, so its blocking time follows the host: a slower machine turns
  // more of the page's tasks into long ones. Its own measure of the host, beside the figures, says which machine ran them.
  if (benchmarkIndexes.length > 0) {
    const sorted = [...benchmarkIndexes].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    rows.push({ group: 'lighthouse', metric: `host CPU, Lighthouse's benchmarkIndex (median; lowest · highest of ${sorted.length} runs)`, value: `${Math.round(median)} (${Math.round(sorted[0])} · ${Math.round(sorted[sorted.length - 1])})`, unit: '' });
  }
  return rows;
}
