import { useLocation } from '@sciexperts/shared/router';
import { formatLongDate } from '@sciexperts/shared';
import { findLegalDocumentByPath, legalDocuments, type LegalDocument } from '../content/legal';
import { type DocSection } from '../content/richText';
import { absoluteUrl, PageMeta } from '../head/PageMeta';
import { RichSections } from '../ui/RichText';
import { TableOfContents } from '../ui/TableOfContents';
import { InPageNotFound } from './InPageNotFound';
import styles from './Page.module.css';

/** /privacy-policy, /terms (also /user-agreement) and /cookie-policy: the document is chosen by the path. */
export function LegalPage() {
  const { pathname } = useLocation();
  const document = findLegalDocumentByPath(pathname);
  if (!document) {
    return <InPageNotFound what="Document" suggestionsTitle="Our policies" suggestions={legalDocuments.map((candidate) => ({ label: candidate.title, path: candidate.path }))} />;
  }
  return <LegalDocumentBody document={document} />;
}

function LegalDocumentBody({ document }: { document: LegalDocument }) {
  const sections = [...document.sections, versionsSection(document)];
  return (
    <>
      <PageMeta
        title={document.title}
        description={document.description}
        path={document.path}
        structuredData={{
          '@context': 'https://schema.org',
          '@type': 'WebPage',
          name: document.title,
          description: document.description,
          url: absoluteUrl(document.path),
          version: document.version,
          datePublished: document.history[0]?.date ?? document.effectiveDate,
          dateModified: document.effectiveDate,
        }}
      />
      <article aria-labelledby="legal-title">
        <div className={styles.intro}>
          <div className={styles.introInner}>
            <p className={styles.eyebrow}>Legal</p>
            <h1 id="legal-title" className={styles.title}>
              {document.title}
            </h1>
            <ul className={styles.byline} aria-label="Version">
              <li>Version {document.version}</li>
              <li>
                Effective <time dateTime={document.effectiveDate}>{formatLongDate(document.effectiveDate)}</time>
              </li>
            </ul>
            <p className={styles.lead}>{document.summary}</p>
          </div>
        </div>
        <div className={styles.body}>
          <div className={styles.wide}>
            <TableOfContents entries={sections.map((section) => ({ id: section.id, label: section.heading }))} />
          </div>
          <RichSections sections={sections} />
        </div>
      </article>
    </>
  );
}

/** The closing section: every version with its date, and the other documents. */
function versionsSection(document: LegalDocument): DocSection {
  const others = legalDocuments.filter((candidate) => candidate.id !== document.id);
  return {
    id: 'versions',
    heading: 'Versions',
    blocks: [
      { type: 'ul', items: document.history.map((entry) => `Version ${entry.version}, effective ${formatLongDate(entry.date)}: ${entry.summary}`) },
      { type: 'p', text: `See also our ${others.map((other) => `[${other.title}](${other.path})`).join(' and ')}.` },
    ],
  };
}
