// The registry's rules that need no database: version ranges, the compatibility gate, and when a canary is failing.
import { GATED_SINGLETONS, RELEASE_LIMITS, type SharedRequirement } from '@sciexperts/shared/contracts';

type Triple = [number, number, number];

function parseVersion(text: string): Triple | null {
  const m = /^v?(\d+)\.(\d+)\.(\d+)/.exec(text.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

function compare(a: Triple, b: Triple): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/** One comparator of a range ('^19.3.1', '~7.18.0', '>=1.2.0', '1.2.x', '*'), as a test of a version. */
function comparator(part: string): ((v: Triple) => boolean) | null {
  const m = /^(\^|~|>=|<=|>|<|=)?\s*v?(\*|x|\d+)(?:\.(\*|x|\d+))?(?:\.(\*|x|\d+))?(?:-[0-9A-Za-z.-]+)?$/.exec(part.trim());
  if (!m) return null;
  const op = m[1] ?? '';
  const wild = (s: string | undefined) => s === undefined || s === '*' || s === 'x';
  if (wild(m[2])) return () => true;
  const major = Number(m[2]);
  if (wild(m[3])) return op === '' || op === '^' || op === '~' || op === '=' ? (v) => v[0] === major : null;
  const minor = Number(m[3]);
  if (wild(m[4])) return op === '' || op === '~' || op === '=' ? (v) => v[0] === major && v[1] === minor : op === '^' ? (v) => v[0] === major && v[1] >= minor : null;
  const base: Triple = [major, minor, Number(m[4])];
  switch (op) {
    case '':
    case '=':
      return (v) => compare(v, base) === 0;
    case '>=':
      return (v) => compare(v, base) >= 0;
    case '>':
      return (v) => compare(v, base) > 0;
    case '<=':
      return (v) => compare(v, base) <= 0;
    case '<':
      return (v) => compare(v, base) < 0;
    case '~':
      return (v) => compare(v, base) >= 0 && v[0] === major && v[1] === minor;
    default:
      // '^': the left-most non-zero part stays.
      if (major > 0) return (v) => compare(v, base) >= 0 && v[0] === major;
      if (minor > 0) return (v) => compare(v, base) >= 0 && v[0] === 0 && v[1] === minor;
      return (v) => compare(v, base) === 0;
  }
}

/**
 * Whether `version` satisfies the npm range `range` (alternatives with ||, comparators joined by spaces, ^ ~ >= etc.,
 * x-ranges). A range it cannot read is not satisfied: the gate refuses what it cannot check.
 */
export function satisfies(version: string, range: string): boolean {
  const v = parseVersion(version);
  if (!v) return false;
  return range.split('||').some((alternative) => {
    const parts = alternative.trim().split(/\s+/).filter(Boolean);
    if (parts.length === 0) return true;
    const tests = parts.map(comparator);
    return tests.every((test) => test !== null && test(v));
  });
}

/** What the live shell provides: the shared singletons' versions, its federation runtime and its exposes contract. */
export interface ShellProfile {
  shared: Record<string, string>;
  runtimeVersion: string;
  exposesHash: string;
}

export interface GateInput {
  shared: SharedRequirement[];
  runtimeVersion: string;
  exposesHash: string;
}

/** The gate's reasons to refuse a release (empty: the shell can run it). */
export function gateReasons(release: GateInput, shell: ShellProfile): string[] {
  const reasons: string[] = [];
  for (const name of GATED_SINGLETONS) {
    const wanted = release.shared.find((s) => s.name === name);
    if (!wanted) continue;
    const provided = shell.shared[name];
    if (provided === undefined) reasons.push(`${name}: the release needs ${wanted.requiredVersion}, the shell provides none`);
    else if (!satisfies(provided, wanted.requiredVersion)) reasons.push(`${name}: the release needs ${wanted.requiredVersion}, the shell provides ${provided}`);
  }
  const built = parseVersion(release.runtimeVersion);
  const live = parseVersion(shell.runtimeVersion);
  if (!built || !live || built[0] !== live[0] || built[1] !== live[1]) {
    reasons.push(`federation runtime: the release was built with ${release.runtimeVersion}, the shell runs ${shell.runtimeVersion} (another minor version)`);
  }
  if (release.exposesHash !== shell.exposesHash) {
    reasons.push(`exposes contract: the release was built against ${release.exposesHash.slice(0, 12)}, the shell and the other remotes use ${shell.exposesHash.slice(0, 12)}`);
  }
  return reasons;
}

export interface VersionFigures {
  pageLoads: number;
  errors: number;
}

const rate = (f: VersionFigures) => (f.pageLoads === 0 ? 0 : f.errors / f.pageLoads);

/**
 * A canary is rolled back when, over at least `minLoads` page loads, its error rate exceeds the live version's by more
 * than `margin`. Returns the sentence that says so, or null while it is healthy or not yet judged.
 */
export function canaryVerdict(
  canary: VersionFigures,
  live: VersionFigures,
  options: { minLoads?: number; margin?: number } = {},
): string | null {
  const minLoads = options.minLoads ?? RELEASE_LIMITS.canaryMinLoads;
  const margin = options.margin ?? RELEASE_LIMITS.canaryErrorMargin;
  if (canary.pageLoads < minLoads) return null;
  if (rate(canary) - rate(live) <= margin) return null;
  const pct = (f: VersionFigures) => `${(rate(f) * 100).toFixed(1)} %`;
  return `error rate ${pct(canary)} (${canary.errors} errors in ${canary.pageLoads} page loads) against live ${pct(live)} (${live.errors} in ${live.pageLoads}); the margin is ${(margin * 100).toFixed(1)} points`;
}
