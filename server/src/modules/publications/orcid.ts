import type { Publication } from '@sciexperts/shared/contracts';

// ORCID's works JSON (v3.0) mapped to the product's Publication: the one rule of this domain.

type Valued = { value?: unknown } | null | undefined;
interface OrcidWorkSummary {
  title?: { title?: Valued } | null;
  type?: unknown;
  url?: Valued;
  'publication-date'?: { year?: Valued; month?: Valued; day?: Valued } | null;
  'external-ids'?: { 'external-id'?: Array<{ 'external-id-type'?: unknown; 'external-id-value'?: unknown; 'external-id-url'?: Valued }> } | null;
}
export interface OrcidWorks {
  group?: Array<{ 'work-summary'?: OrcidWorkSummary[] }>;
}

const valueOf = (v: Valued): string | null => (v && typeof v.value === 'string' && v.value.trim() !== '' ? v.value : null);
const part = (v: Valued) => {
  const s = valueOf(v);
  return s === null ? null : { value: s };
};

/** ORCID groups duplicate works; the first summary of each group is the preferred one. */
export function mapOrcidWorks(body: OrcidWorks): Publication[] {
  const out: Publication[] = [];
  for (const group of body.group ?? []) {
    const w = group['work-summary']?.[0];
    if (!w) continue;
    const title = valueOf(w.title?.title);
    if (!title) continue;
    let url = valueOf(w.url);
    if (!url) {
      const doi = w['external-ids']?.['external-id']?.find((e) => e['external-id-type'] === 'doi');
      url = valueOf(doi?.['external-id-url']) ?? (typeof doi?.['external-id-value'] === 'string' ? `https://doi.org/${doi['external-id-value']}` : null);
    }
    const date = w['publication-date'];
    out.push({
      title: title.slice(0, 1000),
      url: url && /^https?:\/\//i.test(url) ? url.slice(0, 2000) : null,
      type: typeof w.type === 'string' ? w.type : null,
      publicationDate: date ? { year: part(date.year), month: part(date.month), day: part(date.day) } : null,
    });
  }
  return out;
}
