/* global document, requestAnimationFrame -- used inside page scripts that run in the browser */
// Interaction to Next Paint on the home page (issue 46): how long the page takes to paint after a person opens the
// header's "Solutions" menu, and after each key typed in the hero's search, on a CPU slowed 4× as Lighthouse's phone
// is. Measured in the page by the web-vitals library (its attribution build, which also says where the time went:
// waiting for the main thread, the handlers, or the paint after them), on a page that has hydrated, islands and all.
// `npm run bench` calls measureInp(); alone, against a running site: node scripts/lib/inpBench.mjs http://localhost:8080
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
// The IIFE build is not in the package's exports map: read it beside the attribution build that is.
const webVitals = fs.readFileSync(path.join(path.dirname(require.resolve('web-vitals/attribution')), 'web-vitals.attribution.iife.js'), 'utf8');

/** Every change of the page's INP, newest last, with its attribution; durationThreshold 0 keeps even short ones. */
const RECORDER = `${webVitals}
window.__inp = [];
webVitals.onINP((metric) => {
  const a = metric.attribution;
  window.__inp.push({ value: metric.value, target: a.interactionTarget, type: a.interactionType, inputDelay: a.inputDelay, processing: a.processingDuration, presentation: a.presentationDelay });
}, { reportAllChanges: true, durationThreshold: 0 });`;

export const INP_GOAL_MS = 100;
const CPU_SLOWDOWN = 4;

/**
 * A click at the element's centre through the mouse alone. Playwright's `locator.click()` checks its target from
 * listeners it adds to the page, which run inside the very event being measured (its own scripts showed in the
 * interaction's profile), so the element is found and settled first, and then only the input is sent.
 */
async function clickCentre(page, locator) {
  await locator.waitFor({ state: 'visible' });
  const box = await locator.boundingBox();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** What a person does, once the page is hydrated. */
export const INTERACTIONS = [
  {
    label: 'opening the Solutions menu',
    act: async (page) => {
      await clickCentre(page, page.getByRole('banner').getByRole('button', { name: 'Solutions' }));
      await page.waitForFunction(() => document.querySelector('header button[aria-expanded="true"]') !== null);
    },
  },
  {
    label: 'typing in the search',
    act: async (page) => {
      await clickCentre(page, page.getByRole('search', { name: 'Find an expert by subject' }).getByRole('searchbox'));
      await page.keyboard.type('biostatistics', { delay: 60 });
    },
  },
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/**
 * One load of `url` per run and interaction, each in a fresh context, slowed 4×. Answers, per interaction, the median
 * INP over the runs (ms; 0 when no interaction took the Event Timing API's minimum of 16 ms) and the slowest run's
 * attribution.
 */
export async function measureInp(browser, url, { runs = 3, onProgress = () => undefined } = {}) {
  const results = [];
  for (const interaction of INTERACTIONS) {
    const values = [];
    let worst = null;
    for (let run = 0; run < runs; run++) {
      onProgress(`INP of ${interaction.label}, run ${run + 1} of ${runs}…`);
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      try {
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        await page.addInitScript({ content: RECORDER });
        await page.goto(url, { waitUntil: 'load' });
        // Hydrated as a whole: the page, then each island (decision 0020), which the page starts loading once idle.
        // Before then a click on an island is held and replayed, which the Event Timing API would not time.
        await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated') && document.querySelector('[data-island]:not([data-island-hydrated])') === null, null, { timeout: 60_000 });
        await interaction.act(page);
        // The Event Timing entries of the last interaction arrive after its next paint: let two frames pass.
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 200)))));
        const reports = await page.evaluate(() => window.__inp);
        const last = reports.at(-1) ?? { value: 0, target: '(no interaction of 16 ms or more)' };
        values.push(last.value);
        if (!worst || last.value > worst.value) worst = last;
      } finally {
        await context.close();
      }
    }
    results.push({ label: interaction.label, medianMs: Math.round(median(values)), runsMs: values.map(Math.round), worst });
  }
  return results;
}

/** `npm run bench` rows: one per interaction, its median beside the goal, and where the slowest run's time went. */
export function inpRows(results) {
  return results.map((r) => {
    const w = r.worst;
    const where = w && w.value > 0 ? `; slowest ${Math.round(w.value)} ms on ${w.target} (${w.type}): waiting ${Math.round(w.inputDelay)}, handlers ${Math.round(w.processing)}, paint ${Math.round(w.presentation)} ms` : '';
    return { group: 'INP', metric: `/ ${r.label}, median of ${r.runsMs.length} at ${CPU_SLOWDOWN}× CPU (runs ${r.runsMs.join(', ')}${where})`, value: r.medianMs, unit: 'ms', goal: `< ${INP_GOAL_MS} ms`, met: r.medianMs < INP_GOAL_MS };
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const site = process.argv[2] ?? 'http://localhost:8080';
  const [{ chromium }, { ensureChromium }] = await Promise.all([import('@playwright/test'), import('./chromium.mjs')]);
  const executablePath = ensureChromium();
  if (!executablePath) process.exit(1);
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  try {
    for (const row of inpRows(await measureInp(browser, `${site}/`, { onProgress: (m) => process.stderr.write(`${m}\n`) }))) console.log(`${row.metric}: ${row.value} ${row.unit} (goal ${row.goal}) ${row.met ? 'met' : 'MISSED'}`);
  } finally {
    await browser.close();
  }
}
